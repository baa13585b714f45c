// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram entries in a hash table keyed by the sort keys' identity
 * fields; one allocation per distinct entry, none per sample.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../data/sample.h"
#include "hist.h"
#include "../base/xalloc.h"

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

int hists__init(struct hists *h, const struct sort_list *sort, const struct sort_list *fields,
		int nr_members)
{
	memset(h, 0, sizeof(*h));
	h->sort = sort;
	h->fields = fields ? fields : sort;
	h->mode_periods = sort_list__needs_cpumode(h->sort) || sort_list__needs_cpumode(h->fields);
	for (int i = 0; i < sort->nr; i++)
		h->perf_tree |= sort_key_is_unordered(sort->keys[i]->id);
	h->perf_tree |= sort->sym_by_name;
	h->sym_tree_pending = !h->perf_tree && sort_list__has(sort, SORT_SYM) &&
			      !sort_list__has(sort, SORT_DSO);
	h->keep_rare = sort_list__reads_rare(h->sort) || sort_list__reads_rare(h->fields);
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
	hmap_release(&h->index);
	free(h->sorted);
	free(h->member_total);
	free(h->member_samples);
	arena_release(&h->chains);
	arena_release(&h->extras);
	memset(h, 0, sizeof(*h));
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

uint64_t hist_entry__value(const struct hists *h, const struct hist_entry *he,
			   enum sort_key_id id, int m)
{
	const struct sort_key *k = sort_key__by_id(id);

	return k->value ? k->value(k, h, he, m) : 0;
}

void hists__totals_from_entries(struct hists *h, struct hist_entry *const *ents, size_t n)
{
	int nr = h->nr_members;

	h->total_period = h->nr_samples = 0;
	for (int m = 0; h->member_total && m < nr; m++)
		h->member_total[m] = h->member_samples[m] = 0;
	for (size_t i = 0; i < n; i++) {
		if (ents[i]->filtered)
			continue;
		if (!h->member_total) {
			h->total_period += ents[i]->period;
			h->nr_samples += ents[i]->nr_samples;
		}
		for (int m = 0; h->member_total && m < nr; m++) {
			uint64_t period = hist_entry__value(h, ents[i], SORT_PERIOD, m);
			uint64_t samples = hist_entry__value(h, ents[i], SORT_SAMPLE, m);

			h->member_total[m] += period;
			h->member_samples[m] += samples;
			h->total_period += period;	/* a group's totals are its members' */
			h->nr_samples += samples;
		}
	}
}

void hists__account_acc(struct hists *h, struct hist_entry *he, uint64_t period, int member)
{
	if (member == 0)
		he->period_acc += period;
	if (he->member_period)
		he->member_period[2 * h->nr_members + member] += period;
}

static int mode_index(uint8_t cpumode)
{
	switch (cpumode & PERF_RECORD_MISC_CPUMODE_MASK) {
	case PERF_RECORD_MISC_KERNEL: return MODE_SYS;
	case PERF_RECORD_MISC_USER: return MODE_US;
	case PERF_RECORD_MISC_GUEST_KERNEL: return MODE_GUEST_SYS;
	case PERF_RECORD_MISC_GUEST_USER: return MODE_GUEST_US;
	default: return -1;
	}
}

static void account(const struct hists *h, struct hist_entry *he, uint64_t period, int member,
		    uint8_t cpumode)
{
	int mode = mode_index(cpumode);

	if (member == 0) {
		he->period += period;
		he->nr_samples++;
	}
	if (he->mode_period && mode >= 0)
		he->mode_period[member * MODE_NR + mode] += period;
	if (he->member_period) {
		he->member_period[member] += period;
		he->member_period[h->nr_members + member]++;
	}
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
		he->member_period = calloc(3 * h->nr_members, sizeof(*he->member_period));
		if (!he->member_period)
			return false;
	}
	if (h->mode_periods) {
		he->mode_period = arena_zalloc(&h->extras,
					       h->nr_members * MODE_NR * sizeof(*he->mode_period));
		if (!he->mode_period)
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

/* What entries of histograms sorting by none of the rare keys point to. */
static struct hist_rare no_rare;

static bool keep_rare(struct hists *h, struct hist_entry *he, const struct hist_entry *tmpl)
{
	if (!h->keep_rare) {
		he->rare = &no_rare;
		return true;
	}
	he->rare = arena_alloc(&h->extras, sizeof(*he->rare));
	if (!he->rare)
		return false;
	*he->rare = *tmpl->rare;
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
	he->mode_period = NULL;
	he->branch = NULL;
	he->mem = NULL;
	he->chain = NULL;
	he->hash = hash;
	if (!keep_rare(h, he, tmpl) || !entry_extras(h, he, tmpl)) {
		free(he->member_period);
		h->chunks->nr--;	/* give the slot back; extras stay in the arena */
		return NULL;
	}
	return he;
}

uint64_t hists__hash(const struct hists *h, const struct hist_entry *tmpl)
{
	return sort_list__hash(h->sort, tmpl);
}

void hists__prefetch(const struct hists *h, uint64_t hash, bool entry)
{
	const struct hmap_slot *s = hmap_home(&h->index, hash);

	if (!entry)
		__builtin_prefetch(s);
	else if (s->val)
		__builtin_prefetch((const void *)s->val);
}

struct tree_node {
	struct rb_node node;	/* first: the tree's nodes are these */
	struct hist_entry *he;
};

static struct hist_entry *tree_entry(struct rb_node *n)
{
	return ((struct tree_node *)n)->he;
}

/* perf's hists__findnew_entry(): down its tree by hist_entry__cmp(). */
static struct hist_entry *tree_findnew(struct hists *h, const struct hist_entry *tmpl)
{
	struct rb_node **p = &h->in_tree, *parent = NULL;
	struct tree_node *t;

	while (*p) {
		int64_t cmp;

		parent = *p;
		cmp = sort_list__collapse(h->sort, tree_entry(parent), tmpl);
		if (!cmp) {
			tree_entry(parent)->texts_compared = COMPARED_SRCFILE | COMPARED_TRACE;
			return tree_entry(parent);
		}
		p = cmp < 0 ? &parent->left : &parent->right;
	}
	t = arena_alloc(&h->extras, sizeof(*t));
	if (!t || !(t->he = new_entry(h, tmpl, 0)))
		return NULL;
	rb_link_insert(&h->in_tree, &t->node, parent, p);
	h->nr_entries++;
	return t->he;
}

int hists__merge_entry(struct hists *h, struct hist_entry *into, struct hist_entry *he)
{
	he->merged = true;
	if (he->max_depth > into->max_depth)
		into->max_depth = he->max_depth;
	into->period += he->period;
	into->period_acc += he->period_acc;
	into->nr_samples += he->nr_samples;
	for (int i = 0; into->member_period && i < 3 * h->nr_members; i++)
		into->member_period[i] += he->member_period[i];
	for (int i = 0; into->mode_period && i < h->nr_members * MODE_NR; i++)
		into->mode_period[i] += he->mode_period[i];
	return into->chain ? cc_merge(&h->chains, into->chain, he->chain) : 0;
}

/*
 * perf's hists__collapse_resort(), which runs when a --sort key has a
 * collapse function of its own (comm; not the keys -F adds): the
 * entries, in order, go down a second tree, where one meeting its equal
 * merges into it. Without it perf reports the first tree as it is.
 */
size_t hists__perf_tree_entries(struct hists *h, struct hist_entry **out)
{
	struct tree_node *nodes = must_calloc(h->nr_entries, sizeof(*nodes));
	struct rb_node *root = NULL;
	size_t n = 0;

	for (struct rb_node *in = rb_first(h->in_tree); in; in = rb_next(in)) {
		struct hist_entry *he = tree_entry(in);
		struct rb_node **p = &root, *parent = NULL;
		int64_t cmp = 1;

		while (h->need_collapse && *p) {
			parent = *p;
			cmp = sort_list__collapse_pass(h->sort, tree_entry(parent), he);
			if (!cmp)
				break;
			p = cmp < 0 ? &parent->left : &parent->right;
		}
		if (!cmp) {
			if (hists__merge_entry(h, tree_entry(parent), he))	/* no chains here to grow */
				pm_fatal(PM_FATAL_OOM, "merging entries");
			continue;
		}
		nodes[n].he = he;
		rb_link_insert(&root, &nodes[n++].node, parent, p);
	}
	n = 0;
	for (struct rb_node *p = rb_first(h->need_collapse ? root : h->in_tree); p; p = rb_next(p))
		out[n++] = tree_entry(p);
	h->nr_entries = n;
	free(nodes);
	return n;
}

/* Whether unresolved address @tmpl lies in another object than the
 * first one seen (which it records). */
static bool new_unresolved_object(struct hists *h, const struct hist_entry *tmpl)
{
	const char *name = tmpl->dso ? tmpl->dso->short_name : NULL;

	if (!h->unresolved_seen) {
		h->unresolved_seen = true;
		h->unresolved_dso = name;
		return false;
	}
	return name != h->unresolved_dso && (!name || !h->unresolved_dso ||
					     strcmp(name, h->unresolved_dso));
}

/* The entries so far into perf's tree, in the order they came: the tree
 * perf built, as no search of it could have missed while the order was
 * total. */
static int switch_to_tree(struct hists *h)
{
	size_t nr_chunks = 0, k = 0;
	struct hist_chunk **cs;

	for (struct hist_chunk *c = h->chunks; c; c = c->next)
		nr_chunks++;
	cs = must_calloc(nr_chunks ? nr_chunks : 1, sizeof(*cs));
	for (struct hist_chunk *c = h->chunks; c; c = c->next)
		cs[nr_chunks - ++k] = c;
	for (size_t i = 0; i < nr_chunks; i++) {
		for (size_t j = 0; j < cs[i]->nr; j++) {
			struct hist_entry *he = &cs[i]->entries[j];
			struct rb_node **p = &h->in_tree, *parent = NULL;
			struct tree_node *t;

			if (he->merged)
				continue;
			t = arena_alloc(&h->extras, sizeof(*t));
			if (!t) {
				free(cs);
				return -ENOMEM;
			}
			while (*p) {
				parent = *p;
				p = sort_list__collapse(h->sort, tree_entry(parent), he) < 0 ?
					    &parent->left : &parent->right;
			}
			t->he = he;
			rb_link_insert(&h->in_tree, &t->node, parent, p);
		}
	}
	free(cs);
	hists__drop_index(h);
	h->sym_tree_pending = false;
	h->perf_tree = true;
	return 0;
}

struct hist_entry *hists__findnew(struct hists *h, const struct hist_entry *tmpl)
{
	return hists__findnew_hashed(h, tmpl, sort_list__hash(h->sort, tmpl));
}

void hists__drop_index(struct hists *h)
{
	hmap_release(&h->index);
}

/* The index again, from the entries and their hashes (after a drop). */
static int reindex(struct hists *h)
{
	struct hmap_slot *s;

	if (hmap_reserve(&h->index, h->nr_entries + 1))
		return -ENOMEM;
	for (struct hist_chunk *c = h->chunks; c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i];

			if (he->merged)
				continue;
			hmap_for_each_probe(&h->index, he->hash, s)
				;
			hmap_fill(&h->index, s, he->hash, (uintptr_t)he);
		}
	}
	return 0;
}

/* The slot of the entry with @key's keys, or the empty one it would take
 * (room made for one more); NULL when out of memory. */
static struct hmap_slot *probe(struct hists *h, const struct hist_entry *key, uint64_t hash)
{
	struct hmap_slot *s;

	if (!h->index.nr && h->nr_entries && reindex(h))
		return NULL;
	if (hmap_reserve(&h->index, 1))
		return NULL;
	hmap_for_each_probe(&h->index, hash, s)
		if (s->hash == hash &&
		    !sort_list__collapse(h->sort, (const struct hist_entry *)s->val, key))
			break;
	return s;
}

struct hist_entry *hists__findnew_hashed(struct hists *h, const struct hist_entry *tmpl,
					 uint64_t hash)
{
	struct hmap_slot *slot;
	struct hist_entry *he;

	if (h->sym_tree_pending && !tmpl->sym && new_unresolved_object(h, tmpl) &&
	    switch_to_tree(h))
		return NULL;
	if (h->perf_tree)
		return tree_findnew(h, tmpl);
	slot = probe(h, tmpl, hash);
	if (!slot)
		return NULL;
	if (slot->val) {	/* perf compared it by every key to find it */
		he = (struct hist_entry *)slot->val;
		he->texts_compared = COMPARED_SRCFILE | COMPARED_TRACE;
		return he;
	}
	he = new_entry(h, tmpl, hash);
	if (!he)
		return NULL;
	hmap_fill(&h->index, slot, hash, (uintptr_t)he);
	h->nr_entries++;
	return he;
}

void hists__account(struct hists *h, struct hist_entry *he, uint64_t period, int member,
		    uint8_t cpumode)
{
	hists__add_filtered(h, period, member);
	account(h, he, period, member, cpumode);
	hists__account_acc(h, he, period, member);
}

/* Hash the entries again after their keys changed, folding equal ones. */
static int refold(struct hists *h)
{
	hmap_release(&h->index);
	h->nr_entries = 0;
	for (struct hist_chunk *c = h->chunks; c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i];
			struct hmap_slot *slot;

			if (he->merged)
				continue;
			he->hash = sort_list__hash(h->sort, he);
			slot = probe(h, he, he->hash);
			if (!slot || (slot->val &&
				      hists__merge_entry(h, (struct hist_entry *)slot->val, he)))
				return -ENOMEM;
			if (!slot->val) {
				hmap_fill(&h->index, slot, he->hash, (uintptr_t)he);
				h->nr_entries++;
			}
		}
	}
	return 0;
}

int hists__override_comms(struct hists *h)
{
	bool renamed = false;

	for (struct hist_chunk *c = h->chunks; c; c = c->next) {
		for (size_t i = 0; i < c->nr; i++) {
			struct hist_entry *he = &c->entries[i];
			const struct thread *t = he->thread;

			if (t && t->first_comm && he->comm == t->placeholder) {
				he->comm = t->first_comm;
				renamed = true;
			}
		}
	}
	/* perf's tree merges them in its collapse pass (hist-sort) */
	if (!renamed || !sort_list__has(h->sort, SORT_COMM) || h->perf_tree)
		return 0;
	return refold(h);
}

void hists__name_cgroups(struct hists *h, const struct machine *m)
{
	for (struct hist_chunk *c = h->chunks; h->keep_rare && c; c = c->next)
		for (size_t i = 0; i < c->nr; i++)
			c->entries[i].rare->cgroup_path =
				machine__cgroup_path(m, c->entries[i].rare->cgroup);
}

int hists__add(struct hists *h, const struct hist_entry *tmpl, int member)
{
	struct hist_entry *he;

	if (member < 0 || member >= h->nr_members)
		return -EINVAL;
	he = hists__findnew(h, tmpl);
	if (!he)
		return -ENOMEM;
	hists__account(h, he, tmpl->period, member, tmpl->cpumode);
	return 0;
}
