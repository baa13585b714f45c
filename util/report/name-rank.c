// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/util.h"
#include "name-rank.h"
#include "../base/xalloc.h"

struct name_rank_name {
	uint64_t prefix[2];	/* the first 16 bytes, big-endian: most orders end here */
	const char *name;
	int64_t rank;
};

/* hash_ptr is one to one: the hash alone finds the pointer's slot */
static struct hmap_slot *probe(const struct name_rank *r, uint64_t hash)
{
	struct hmap_slot *s;

	hmap_for_each_probe(&r->by_ptr, hash, s)
		if (s->hash == hash)
			break;
	return s;
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
	struct hmap_slot *s;

	if (!ptr)
		return;
	hmap_must_reserve(&r->by_ptr, 1);
	s = probe(r, hash_ptr(ptr));
	if (s->val)
		return;
	ALLOC_GROW(r->names, r->nr + 1, r->alloc);
	hmap_fill(&r->by_ptr, s, hash_ptr(ptr), r->nr + 1);
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
	const struct hmap_slot *s;

	if (!ptr)
		return INT64_MAX;
	s = probe(r, hash_ptr(ptr));
	return s->val ? r->names[s->val - 1].rank : INT64_MAX;
}

void name_rank__exit(struct name_rank *r)
{
	hmap_release(&r->by_ptr);
	free(r->names);
	memset(r, 0, sizeof(*r));
}
