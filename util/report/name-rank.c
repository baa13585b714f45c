// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "name-rank.h"
#include "../base/xalloc.h"

struct name_rank_slot {
	const void *ptr;
	uint32_t idx;
};

struct name_rank_name {
	uint64_t prefix[2];	/* the first 16 bytes, big-endian: most orders end here */
	const char *name;
	int64_t rank;
};

static uint64_t hash_ptr(const void *p)
{
	uint64_t h = (uintptr_t)p * 0x9e3779b97f4a7c15ULL;

	return h ^ (h >> 29);
}

static struct name_rank_slot *find_slot(struct name_rank_slot *slots, size_t nr_slots,
					const void *ptr)
{
	size_t j = hash_ptr(ptr) & (nr_slots - 1);

	while (slots[j].ptr && slots[j].ptr != ptr)
		j = (j + 1) & (nr_slots - 1);
	return &slots[j];
}

static void grow(struct name_rank *r)
{
	size_t nb = r->nr_slots ? 2 * r->nr_slots : 1024;
	struct name_rank_slot *n = zalloc_written(nb * sizeof(*n));

	if (!n)
		pm_fatal(PM_FATAL_OOM, "name table");
	for (size_t i = 0; i < r->nr_slots; i++)
		if (r->slots[i].ptr)
			*find_slot(n, nb, r->slots[i].ptr) = r->slots[i];
	free(r->slots);
	r->slots = n;
	r->nr_slots = nb;
}

static void set_prefix(struct name_rank_name *n, const char *name)
{
	unsigned char b[16] = { 0 };

	for (int i = 0; i < 16 && name[i]; i++)
		b[i] = (unsigned char)name[i];
	for (int w = 0; w < 2; w++) {
		n->prefix[w] = 0;
		for (int i = 0; i < 8; i++)
			n->prefix[w] = n->prefix[w] << 8 | b[8 * w + i];
	}
}

void name_rank__add(struct name_rank *r, const void *ptr, const char *name)
{
	struct name_rank_slot *s;

	if (!ptr)
		return;
	if (2 * (r->nr + 1) > r->nr_slots)
		grow(r);
	s = find_slot(r->slots, r->nr_slots, ptr);
	if (s->ptr)
		return;
	if (r->nr == r->alloc) {
		r->alloc = r->alloc ? 2 * r->alloc : 256;
		r->names = must_reallocarray(r->names, r->alloc, sizeof(*r->names));
	}
	s->ptr = ptr;
	s->idx = (uint32_t)r->nr;
	r->names[r->nr].name = name;
	set_prefix(&r->names[r->nr++], name);
}

/* strcmp's order; the prefixes decide unless the names share 16 bytes */
static int cmp_names(const struct name_rank_name *a, const struct name_rank_name *b)
{
	for (int w = 0; w < 2; w++)
		if (a->prefix[w] != b->prefix[w])
			return a->prefix[w] < b->prefix[w] ? -1 : 1;
	if (!(a->prefix[1] & 0xff))	/* both ended within the prefix */
		return 0;
	return strcmp(a->name + 16, b->name + 16);
}

static void merge(const struct name_rank_name *names, const uint32_t *src, uint32_t *dst,
		  size_t lo, size_t mid, size_t hi)
{
	size_t i = lo, j = mid, o = lo;

	while (i < mid && j < hi)
		dst[o++] = cmp_names(&names[src[j]], &names[src[i]]) < 0 ? src[j++] : src[i++];
	while (i < mid)
		dst[o++] = src[i++];
	while (j < hi)
		dst[o++] = src[j++];
}

void name_rank__finish(struct name_rank *r)
{
	uint32_t *a = must_reallocarray(NULL, r->nr + 1, sizeof(*a));
	uint32_t *b = must_reallocarray(NULL, r->nr + 1, sizeof(*b));

	for (size_t i = 0; i < r->nr; i++)
		a[i] = (uint32_t)i;
	for (size_t w = 1; w < r->nr; w *= 2) {
		uint32_t *t;

		for (size_t lo = 0; lo < r->nr; lo += 2 * w)
			merge(r->names, a, b, lo, lo + w < r->nr ? lo + w : r->nr,
			      lo + 2 * w < r->nr ? lo + 2 * w : r->nr);
		t = a, a = b, b = t;
	}
	for (size_t i = 0; i < r->nr; i++) {
		struct name_rank_name *n = &r->names[a[i]];

		n->rank = i && !cmp_names(&r->names[a[i - 1]], n) ? r->names[a[i - 1]].rank
								 : (int64_t)i;
	}
	free(a);
	free(b);
}

int64_t name_rank__of(const struct name_rank *r, const void *ptr)
{
	const struct name_rank_slot *s;

	if (!ptr || !r->nr_slots)
		return INT64_MAX;
	s = find_slot(r->slots, r->nr_slots, ptr);
	return s->ptr ? r->names[s->idx].rank : INT64_MAX;
}

void name_rank__exit(struct name_rank *r)
{
	free(r->slots);
	free(r->names);
	memset(r, 0, sizeof(*r));
}
