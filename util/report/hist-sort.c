// SPDX-License-Identifier: GPL-2.0
/*
 * Output order. Perf sorts by weight, then each key's output comparison,
 * then (equal entries keep their collapse-tree order) each key's identity
 * comparison. Those comparisons are mostly string orders; here every name
 * is ranked once and entries carry integer keys, so sorting compares
 * integers only.
 */
#include <stdlib.h>
#include <string.h>

#include "../base/rbtree.h"
#include "../base/row-sort.h"
#include "../base/two-threads.h"
#include "hist.h"
#include "../base/xalloc.h"

struct sort_item {
	struct hist_entry *he;
	/* copied from he: comparisons read only the (contiguous) items */
	const struct thread *thread;
	uint32_t max_depth;
	int64_t *key;		/* nr_keys integers, in a shared array */
	int nr_keys;
	int nr_sort_keys;	/* the first ones order output; the rest identity */
	int depth_at;		/* where the callers-first rule applies, or -1 */
	uint64_t unordered;	/* the key integers perf only tells equal or not */
	bool caller_order;
};

/*
 * Integers per entry: each key's output order (one per group member for
 * the values: overhead, sample, period), then its identity order (perf's
 * collapse tree; values have none). Where the collapse order is only a
 * tie-break (@full false) only the keys whose identity orders otherwise
 * than their output (a symbol: by address, not name) repeat.
 */
static int key_ints(const struct hists *h, const struct sort_key *k, bool full)
{
	int output, identity;

	if (k->hpp)	/* perf orders by children only when it accumulates them */
		return k->cumulative ? h->cumulate : h->nr_members;
	output = k->order ? k->nr_order : k->nr_identity;
	identity = k->identity ? k->nr_identity : k->nr_order;
	return output + (full || (k->order && k->identity) ? identity : 0);
}

static int keys_per_entry(const struct hists *h, bool full)
{
	int n = 0;

	for (int k = 0; k < h->sort->nr; k++)
		n += key_ints(h, h->sort->keys[k], full);
	return n;
}

/* A value ordered largest first, as a signed integer ordered ascending. */
static int64_t descending(uint64_t v)
{
	return (int64_t)(~v ^ 1ULL << 63);
}

/* An hpp value's integers (perf's __hpp__sort: the leader's value, then
 * each member's in a group view; the children by the leader's alone). */
static int value_phase(const struct hists *h, const struct sort_key *key,
		       const struct hist_entry *he, int64_t *k)
{
	int n = key_ints(h, key, false), idx = h->group_sort_idx, at = 0;

	if (!idx || n <= 1) {
		for (int m = 0; m < n; m++)
			k[m] = descending(key->value(key, h, he, m));
		return n;
	}
	/* perf's __hpp__group_sort_idx(): the member asked for, then the
	 * others but the leader; an index past the group: the leader only */
	if (idx >= n) {
		k[at++] = descending(key->value(key, h, he, 0));
	} else {
		k[at++] = descending(key->value(key, h, he, idx));
		for (int m = 1; m < n; m++)
			if (m != idx)
				k[at++] = descending(key->value(key, h, he, m));
	}
	while (at < n)
		k[at++] = 0;	/* equal: the keys after decide */
	return n;
}

/* perf's hist_entry__sort(): < 0 when @a prints first. */
static int cmp_perf(const struct sort_item *a, const struct sort_item *b)
{
	for (int i = 0; i < a->nr_sort_keys; i++) {
		/* perf puts callers above their callees at equal total: the
		 * deeper chain first (the shallower one when printing callees
		 * first), within a thread */
		if (i == a->depth_at && a->thread == b->thread && a->max_depth && b->max_depth &&
		    a->max_depth != b->max_depth)
			return (a->max_depth > b->max_depth) == a->caller_order ? -1 : 1;
		if (a->key[i] == b->key[i])
			continue;
		/* perf's "differ" puts the entry coming in (@a) first */
		if (i < 64 && (a->unordered >> i & 1))
			return -1;
		return a->key[i] < b->key[i] ? -1 : 1;
	}
	return 0;
}

/* The collapse tree's order, in which perf feeds the output tree. */
static int cmp_collapse(const void *pa, const void *pb)
{
	const struct sort_item *a = pa, *b = pb;

	for (int i = a->nr_sort_keys; i < a->nr_keys; i++)
		if (a->key[i] != b->key[i])
			return a->key[i] < b->key[i] ? -1 : 1;
	return 0;
}

static int cmp_output(const void *pa, const void *pb)
{
	int c = cmp_perf(pa, pb);

	return c ? c : cmp_collapse(pa, pb);
}

/*
 * With --children perf's comparison is not a total order (callers above
 * callees applies within a thread only), so the result depends on how its
 * red-black tree took the entries: replay that, equal entries going right.
 */
struct rb {
	struct rb_node node;	/* first: the tree's nodes are these */
	const struct sort_item *item;
};

static void rb_insert(struct rb_node **root, struct rb *n)
{
	struct rb_node **p = root, *parent = NULL;

	while (*p) {
		parent = *p;
		p = cmp_perf(n->item, ((struct rb *)parent)->item) < 0 ? &parent->left :
									&parent->right;
	}
	rb_link_insert(root, &n->node, parent, p);
}

/* @items in perf's collapse order (@in_order: as given) go into perf's
 * output tree; @out gets its order. */
static void replay_output_tree(struct sort_item *items, size_t n, bool in_order,
			       struct hist_entry **out)
{
	struct rb *nodes = must_calloc(n, sizeof(*nodes));
	struct rb_node *root = NULL;
	size_t k = 0;

	if (!in_order)
		qsort(items, n, sizeof(*items), cmp_collapse);
	for (size_t i = 0; i < n; i++) {
		nodes[i].item = &items[i];
		rb_insert(&root, &nodes[i]);
	}
	for (struct rb_node *p = rb_first(root); p; p = rb_next(p))
		out[k++] = ((struct rb *)p)->item->he;
	free(nodes);
}

/* An entry's integer keys: those ordering the output (perf's se_sort),
 * then those telling entries apart (se_cmp). Returns how many of each. */
static int entry_keys(const struct hists *h, const struct sort_rank *rk, bool full,
		      const struct hist_entry *he, int64_t *key, int *nr_sort_keys,
		      uint64_t *unordered)
{
	const struct sort_list *l = h->sort;
	int n = 0;

	for (int i = 0; i < l->nr; i++) {
		const struct sort_key *k = l->keys[i];
		int first = n;

		n += k->hpp ? value_phase(h, k, he, key + n) :
			      sort_key__order_ints(k, l, rk, he, key + n);
		for (int j = first; unordered && k->unordered && j < n && j < 64; j++)
			*unordered |= 1ULL << j;
	}
	*nr_sort_keys = n;
	for (int i = 0; i < l->nr; i++) {
		const struct sort_key *k = l->keys[i];

		if (!k->hpp && (full || (k->order && k->identity)))
			n += sort_key__identity_ints(k, l, rk, he, key + n);
	}
	return n;
}

/*
 * The common order (no --children, no group view) is lexicographic over
 * (period descending, the keys), ties in the entries' order: rows of
 * unsigned words, one per entry, built straight from the entries
 * (row-sort). A tenth of a report's time went to qsort's indirect
 * comparisons before, and as much again to faulting in copies.
 */
/* Entry @he's row: its keys, zero past them, signed order as unsigned. */
static void entry_row(const struct hists *h, const struct sort_rank *rk,
		      const struct hist_entry *he, int stride, uint64_t *r)
{
	int nr_sort_keys, nk = entry_keys(h, rk, false, he, (int64_t *)r, &nr_sort_keys, NULL);

	for (int k = nk; k < stride; k++)
		r[k] = 0;
	for (int k = 0; k < stride; k++)
		r[k] ^= 1ULL << 63;
}

struct rows_job {
	const struct hists *h;
	const struct sort_rank *rk;
	struct hist_entry *const *ents;
	int stride, words;
	struct row_packer *pack[2];
	uint64_t *rows;
};

static void measure_rows(size_t from, size_t to, int part, void *ctx)
{
	struct rows_job *j = ctx;
	uint64_t *row = must_calloc(j->stride, sizeof(*row));

	for (size_t i = from; i < to; i++) {
		entry_row(j->h, j->rk, j->ents[i], j->stride, row);
		row_packer__measure(j->pack[part], row);
	}
	free(row);
}

static void pack_rows(size_t from, size_t to, int part, void *ctx)
{
	struct rows_job *j = ctx;
	uint64_t *row = must_calloc(j->stride, sizeof(*row));

	(void)part;
	for (size_t i = from; i < to; i++) {
		entry_row(j->h, j->rk, j->ents[i], j->stride, row);
		row_packer__pack(j->pack[0], row, j->rows + i * j->words);
	}
	free(row);
}

/* The keys twice (measured, then packed) rather than all kept whole: a
 * memory report's dozen keys per entry would outweigh the entries. Each
 * pass in two halves at once: a memory report has millions of entries. */
static void sort_by_rows(const struct hists *h, const struct sort_rank *rk,
			 struct hist_entry *const *ents, size_t n)
{
	int per = keys_per_entry(h, false);
	struct rows_job j = { .h = h, .rk = rk, .ents = ents, .stride = per ? per : 1 };
	uint32_t *order = must_reallocarray(NULL, n, sizeof(*order));

	j.pack[0] = row_packer__new(j.stride);
	j.pack[1] = row_packer__new(j.stride);
	two_threads__split(n, measure_rows, &j);
	row_packer__add(j.pack[0], j.pack[1]);
	j.words = row_packer__words(j.pack[0]);
	j.rows = must_reallocarray(NULL, n * j.words, sizeof(*j.rows));
	two_threads__split(n, pack_rows, &j);
	row_sort(j.rows, n, j.words, order);
	for (size_t i = 0; i < n; i++)
		h->sorted[i] = ents[order[i]];
	row_packer__free(j.pack[0]);
	row_packer__free(j.pack[1]);
	free(j.rows);
	free(order);
}

/* --children and group views compare more than keys: items carry it. */
static void sort_by_items(const struct hists *h, const struct sort_rank *rk,
			  struct hist_entry *const *ents, size_t n)
{
	struct sort_item *items = must_calloc(n, sizeof(*items));
	int per = keys_per_entry(h, h->cumulate);
	int64_t *keys = must_calloc(n * (per ? per : 1), sizeof(*keys));

	/* the callers-first rule follows the children value when it leads */
	int depth_at = h->cumulate && h->sort->nr &&
		       h->sort->keys[0]->id == SORT_OVERHEAD_CHILDREN ? 1 : -1;

	for (size_t i = 0; i < n; i++) {
		struct sort_item *it = &items[i];

		it->he = ents[i];
		it->key = keys + i * per;
		it->thread = it->he->thread;
		/* perf breaks Children ties by chain depth only when chains
		 * are shown (not under -g none) */
		it->max_depth = h->chain_mode == CHAIN_NONE ? 0 : it->he->max_depth;
		it->depth_at = depth_at;
		it->caller_order = h->caller_order;
		it->nr_keys = entry_keys(h, rk, h->cumulate, it->he, it->key, &it->nr_sort_keys,
					 &it->unordered);
	}
	if (h->cumulate || h->perf_tree) {
		replay_output_tree(items, n, h->perf_tree, h->sorted);
	} else {
		if (n)
			qsort(items, n, sizeof(*items), cmp_output);
		for (size_t i = 0; i < n; i++)
			h->sorted[i] = items[i].he;
	}
	free(items);
	free(keys);
}

/* The entries a filter left out go after the others (both in order):
 * the table shows and sizes the others; --hierarchy counts them all. */
static size_t partition_filtered(struct hist_entry **ents, size_t n)
{
	struct hist_entry **out = must_reallocarray(NULL, n, sizeof(*out));
	size_t kept = 0, at;

	for (size_t i = 0; i < n; i++)
		kept += !ents[i]->filtered;
	at = kept;
	for (size_t i = 0, k = 0; i < n; i++) {
		if (ents[i]->filtered)
			out[at++] = ents[i];
		else
			out[k++] = ents[i];
	}
	memcpy(ents, out, n * sizeof(*ents));
	free(out);
	return kept;
}

void hists__output_resort(struct hists *h)
{
	size_t n = 0;
	struct hist_entry **ents = must_reallocarray(NULL, h->nr_entries, sizeof(*ents));
	struct sort_rank rk;

	hists__drop_index(h);	/* done adding: the sort needs the room */
	free(h->sorted);
	h->sorted = must_reallocarray(NULL, h->nr_entries, sizeof(*h->sorted));
	if (h->perf_tree)
		n = hists__perf_tree_entries(h, ents);
	for (struct hist_chunk *c = h->chunks; !h->perf_tree && c; c = c->next)
		for (size_t i = 0; i < c->nr; i++)
			if (!c->entries[i].merged)
				ents[n++] = &c->entries[i];
	h->all_total_period = h->total_period;
	if (h->relative)
		hists__totals_from_entries(h, ents, n);
	for (size_t i = 0; h->use_callchain && h->chain_mode != CHAIN_NONE && i < n; i++)
		cc_sort(&h->chains, ents[i]->chain,
			h->chain_fractal ? 0 : h->total_period * h->chain_min_percent / 100,
			h->chain_fractal ? h->chain_min_percent / 100 : -1);
	sort_rank__init(&rk, ents, n);
	if (!h->cumulate && h->nr_members <= 1 && !h->perf_tree)
		sort_by_rows(h, &rk, ents, n);
	else
		sort_by_items(h, &rk, ents, n);
	/* perf's output tree holds them, which matters to the order of
	 * --children's equal entries */
	h->nr_sorted = partition_filtered(h->sorted, n);
	h->nr_sorted_all = n;
	sort_rank__exit(&rk);
	free(ents);
}
