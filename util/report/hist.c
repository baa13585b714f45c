// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram entries in a hash table keyed by the sort keys' identity
 * fields; one allocation per distinct entry, none per sample.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>

#include "../base/util.h"
#include "../data/sample.h"
#include "hist.h"

/* splitmix64's finalizer: every input bit moves the low bits we index by
 * (symbol addresses share their low bits). */
static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL;
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

static const struct hist_branch no_branch;

const struct hist_branch *hist_entry__branch(const struct hist_entry *he)
{
	return he->branch ? he->branch : &no_branch;
}

static const struct hist_mem no_mem = { .data_src = PERF_MEM_DATA_SRC_NONE };

const struct hist_mem *hist_entry__mem(const struct hist_entry *he)
{
	return he->mem ? he->mem : &no_mem;
}

static unsigned char branch_dso_initial(const struct addr_map_sym *e)
{
	return e->dso ? (unsigned char)e->dso->short_name[0] : 0;
}

static uint64_t addr_map_sym_key(const struct addr_map_sym *e)
{
	return e->sym ? e->sym->start : e->addr;
}

static uint64_t hash_entry(const struct sort_list *l, const struct hist_entry *he)
{
	uint64_t h = 0;

	for (int i = 0; i < l->nr; i++) {
		switch (l->keys[i]->id) {
		case SORT_COMM: h = mix(h, (uintptr_t)he->comm); break;
		case SORT_PID: h = mix(h, (uintptr_t)he->thread); break;
		case SORT_DSO: h = mix(h, he->dso ? (uintptr_t)he->dso->short_name[0] : 0); break;
		case SORT_SYM:
		case SORT_IPC_NULL:
		case SORT_IPC_LBR: h = mix(h, he->sym ? he->sym->start : he->ip); break;
		case SORT_CPU: h = mix(h, (uint32_t)he->cpu); break;
		case SORT_SRCLINE: h = mix(h, he->srcline ? (unsigned char)he->srcline[0] : 0); break;
		case SORT_DSO_FROM: h = mix(h, branch_dso_initial(&hist_entry__branch(he)->from)); break;
		case SORT_SYM_FROM: h = mix(h, addr_map_sym_key(&hist_entry__branch(he)->from)); break;
		case SORT_SYM_TO: h = mix(h, addr_map_sym_key(&hist_entry__branch(he)->to)); break;
		case SORT_CYCLES: h = mix(h, hist_entry__branch(he)->cycles); break;
		case SORT_PERIOD:
		case SORT_NR_KEYS: break;
		default: h = mix(h, sort_key__mem_hash(l->keys[i]->id, hist_entry__mem(he))); break;
		}
	}
	return h;
}

int hists__init(struct hists *h, const struct sort_list *sort, int nr_members)
{
	memset(h, 0, sizeof(*h));
	h->sort = sort;
	h->nr_members = nr_members > 1 ? nr_members : 1;
	if (h->nr_members > 1) {
		h->member_total = calloc(h->nr_members, sizeof(*h->member_total));
		h->member_samples = calloc(h->nr_members, sizeof(*h->member_samples));
		if (!h->member_total || !h->member_samples)
			return -ENOMEM;
	}
	return 0;
}

void hists__exit(struct hists *h)
{
	while (h->chunks) {
		struct hist_chunk *c = h->chunks;

		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i];

			free(he->member_period);
		}
		h->chunks = c->next;
		free(c);
	}
	free(h->slots);
	free(h->sorted);
	free(h->member_total);
	free(h->member_samples);
	arena_release(&h->chains);
	arena_release(&h->extras);
	memset(h, 0, sizeof(*h));
}

static int grow(struct hists *h)
{
	size_t nb = h->nr_slots ? 2 * h->nr_slots : 4096;
	struct hist_slot *n = zalloc_written(nb * sizeof(*n));	/* probed before written */

	if (!n)
		return -ENOMEM;
	for (size_t i = 0; i < h->nr_slots; i++) {
		size_t j;

		if (!h->slots[i].he)
			continue;
		for (j = h->slots[i].hash & (nb - 1); n[j].he; j = (j + 1) & (nb - 1))
			;
		n[j] = h->slots[i];
	}
	free(h->slots);
	h->slots = n;
	h->nr_slots = nb;
	return 0;
}

void hists__add_filtered(struct hists *h, uint64_t period, int member)
{
	h->total_period += period;
	h->nr_samples++;
	if (h->member_total && member >= 0 && member < h->nr_members) {
		h->member_total[member] += period;
		h->member_samples[member]++;
	}
}

static void account(struct hist_entry *he, uint64_t period, int member)
{
	if (member == 0) {
		he->period += period;
		he->nr_samples++;
	}
	if (he->member_period)
		he->member_period[member] += period;
}

#define CHUNK_ENTRIES 1024

static struct hist_entry *carve(struct hists *h)
{
	struct hist_chunk *c = h->chunks;

	if (!c || c->nr == CHUNK_ENTRIES) {
		c = malloc(sizeof(*c) + CHUNK_ENTRIES * sizeof(c->entries[0]));
		if (!c)
			return NULL;
		c->nr = 0;
		c->next = h->chunks;
		h->chunks = c;
	}
	return &c->entries[c->nr++];
}

/* What only some reports need lives beside the entry, keeping the common
 * one small (half its size: the histogram is walked in cache order). */
static bool entry_extras(struct hists *h, struct hist_entry *he,
			 const struct hist_entry *tmpl)
{
	if (h->nr_members > 1) {
		he->member_period = calloc(h->nr_members, sizeof(*he->member_period));
		if (!he->member_period)
			return false;
	}
	if (tmpl->branch) {
		struct hist_branch *b = arena_alloc(&h->extras, sizeof(*b));

		if (!b)
			return false;
		*b = *tmpl->branch;
		he->branch = b;
	}
	if (tmpl->mem) {
		struct hist_mem *m = arena_alloc(&h->extras, sizeof(*m));

		if (!m)
			return false;
		*m = *tmpl->mem;
		he->mem = m;
	}
	if (h->use_callchain) {
		he->chain = arena_zalloc(&h->chains, sizeof(*he->chain));
		if (!he->chain)
			return false;
	}
	return true;
}

static struct hist_entry *new_entry(struct hists *h, const struct hist_entry *tmpl,
				    uint64_t hash)
{
	struct hist_entry *he = carve(h);

	if (!he)
		return NULL;
	*he = *tmpl;
	he->period = 0;
	he->period_acc = 0;
	he->max_depth = 0;
	he->nr_samples = 0;
	he->member_period = NULL;
	he->branch = NULL;
	he->mem = NULL;
	he->chain = NULL;
	he->hash = hash;
	if (!entry_extras(h, he, tmpl)) {
		free(he->member_period);
		h->chunks->nr--;	/* give the slot back; extras stay in the arena */
		return NULL;
	}
	return he;
}

uint64_t hists__hash(const struct hists *h, const struct hist_entry *tmpl)
{
	return hash_entry(h->sort, tmpl);
}

void hists__prefetch(const struct hists *h, uint64_t hash, bool entry)
{
	const struct hist_slot *s;

	if (!h->nr_slots)
		return;
	s = &h->slots[hash & (h->nr_slots - 1)];
	if (!entry)
		__builtin_prefetch(s);
	else if (s->he)
		__builtin_prefetch(s->he);
}

struct hist_entry *hists__findnew(struct hists *h, const struct hist_entry *tmpl)
{
	return hists__findnew_hashed(h, tmpl, hash_entry(h->sort, tmpl));
}

struct hist_entry *hists__findnew_hashed(struct hists *h, const struct hist_entry *tmpl,
					 uint64_t hash)
{
	size_t j;

	if (2 * (h->nr_entries + 1) > h->nr_slots && grow(h))
		return NULL;
	for (j = hash & (h->nr_slots - 1); h->slots[j].he; j = (j + 1) & (h->nr_slots - 1)) {
		struct hist_entry *he = h->slots[j].he;

		if (h->slots[j].hash == hash && !sort_list__collapse(h->sort, he, tmpl))
			return he;
	}
	h->slots[j].he = new_entry(h, tmpl, hash);
	if (!h->slots[j].he)
		return NULL;
	h->slots[j].hash = hash;
	h->nr_entries++;
	return h->slots[j].he;
}

void hists__account(struct hists *h, struct hist_entry *he, uint64_t period, int member)
{
	hists__add_filtered(h, period, member);
	account(he, period, member);
	he->period_acc += period;
}

int hists__add(struct hists *h, const struct hist_entry *tmpl, int member)
{
	struct hist_entry *he;

	if (member < 0 || member >= h->nr_members)
		return -EINVAL;
	he = hists__findnew(h, tmpl);
	if (!he)
		return -ENOMEM;
	hists__account(h, he, tmpl->period, member);
	return 0;
}
