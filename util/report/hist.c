// SPDX-License-Identifier: GPL-2.0
/*
 * Histogram entries in a hash table keyed by the sort keys' identity
 * fields; one allocation per distinct entry, none per sample.
 */
#include <errno.h>
#include <string.h>

#include "../base/row-sort.h"
#include "../base/util.h"
#include "hist.h"
#include "name-rank.h"

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

static unsigned char branch_dso_initial(const struct branch_end *e)
{
	return e->dso ? (unsigned char)e->dso->short_name[0] : 0;
}

static uint64_t branch_end_key(const struct branch_end *e)
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
		case SORT_SYM: h = mix(h, he->sym ? he->sym->start : he->ip); break;
		case SORT_CPU: h = mix(h, (uint32_t)he->cpu); break;
		case SORT_SRCLINE: h = mix(h, he->srcline ? (unsigned char)he->srcline[0] : 0); break;
		case SORT_DSO_FROM: h = mix(h, branch_dso_initial(&hist_entry__branch(he)->from)); break;
		case SORT_SYM_FROM: h = mix(h, branch_end_key(&hist_entry__branch(he)->from)); break;
		case SORT_SYM_TO: h = mix(h, branch_end_key(&hist_entry__branch(he)->to)); break;
		case SORT_CYCLES: h = mix(h, hist_entry__branch(he)->cycles); break;
		case SORT_PERIOD:
		case SORT_NR_KEYS: break;
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
			free((void *)he->branch);
			if (he->chain)
				cc_free(he->chain);
			free(he->chain);
		}
		h->chunks = c->next;
		free(c);
	}
	free(h->slots);
	free(h->sorted);
	free(h->member_total);
	free(h->member_samples);
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
static bool entry_extras(const struct hists *h, struct hist_entry *he,
			 const struct hist_entry *tmpl)
{
	if (h->nr_members > 1) {
		he->member_period = calloc(h->nr_members, sizeof(*he->member_period));
		if (!he->member_period)
			return false;
	}
	if (tmpl->branch) {
		struct hist_branch *b = malloc(sizeof(*b));

		if (!b)
			return false;
		*b = *tmpl->branch;
		he->branch = b;
	}
	if (h->use_callchain) {
		he->chain = calloc(1, sizeof(*he->chain));
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
	he->chain = NULL;
	he->hash = hash;
	if (!entry_extras(h, he, tmpl)) {
		free(he->member_period);
		free((void *)he->branch);
		free(he->chain);
		h->chunks->nr--;	/* give the slot back */
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

/*
 * Output order. Perf sorts by weight, then each key's output comparison,
 * then (equal entries keep their collapse-tree order) each key's identity
 * comparison. Those comparisons are mostly string orders; here every name
 * is ranked once and entries carry integer keys, so sorting compares
 * integers only.
 */
struct sort_item {
	struct hist_entry *he;
	/* copied from he: comparisons read only the (contiguous) items */
	uint64_t period, period_acc;
	const struct thread *thread;
	uint32_t max_depth;
	int64_t *key;		/* nr_keys integers, in a shared array */
	int nr_keys;
	int nr_sort_keys;	/* the first ones order output; the rest identity */
	int nr_members;
	bool cumulate;
	bool caller_order;
};

/* Integers per entry: one per key, three for a symbol's identity. */
static int keys_per_entry(const struct sort_list *l)
{
	int n = 0;

	for (int k = 0; k < l->nr; k++)
		n += l->keys[k]->id == SORT_SYM || l->keys[k]->id == SORT_SYM_FROM ||
		     l->keys[k]->id == SORT_SYM_TO ? 4 : l->keys[k]->id == SORT_PERIOD ? 0 : 2;
	return n;
}

struct rankings {
	struct name_rank comm, dso, sym, srcline;
};

static void rank_all(struct rankings *rk, struct sort_item *items, size_t n)
{
	memset(rk, 0, sizeof(*rk));
	for (size_t i = 0; i < n; i++) {
		const struct hist_entry *he = items[i].he;

		name_rank__add(&rk->comm, he->comm, he->comm);
		if (he->dso)
			name_rank__add(&rk->dso, he->dso, he->dso->short_name);
		if (he->branch && he->branch->from.dso)
			name_rank__add(&rk->dso, he->branch->from.dso,
				       he->branch->from.dso->short_name);
		if (he->sym)
			name_rank__add(&rk->sym, he->sym, he->sym->name);
		if (he->srcline)
			name_rank__add(&rk->srcline, he->srcline, he->srcline);
	}
	name_rank__finish(&rk->comm);
	name_rank__finish(&rk->dso);
	name_rank__finish(&rk->sym);
	name_rank__finish(&rk->srcline);
}

static void rankings__free(struct rankings *rk)
{
	name_rank__exit(&rk->comm);
	name_rank__exit(&rk->dso);
	name_rank__exit(&rk->sym);
	name_rank__exit(&rk->srcline);
}

/* The integers that order one key in the output pass (perf's se_sort). */
static int sort_phase(const struct rankings *rk, enum sort_key_id id,
		      const struct hist_entry *he, int64_t *k)
{
	switch (id) {
	case SORT_COMM: k[0] = name_rank__of(&rk->comm, he->comm); return 1;
	case SORT_PID: k[0] = he->thread->tid; return 1;
	case SORT_DSO: k[0] = name_rank__of(&rk->dso, he->dso); return 1;
	case SORT_SYM: k[0] = name_rank__of(&rk->sym, he->sym); return 1;	/* by name */
	case SORT_CPU: k[0] = he->cpu; return 1;
	case SORT_SRCLINE: k[0] = name_rank__of(&rk->srcline, he->srcline); return 1;
	case SORT_DSO_FROM:	/* names descending, unknown first: perf's order */
		k[0] = hist_entry__branch(he)->from.dso ?
			       -name_rank__of(&rk->dso, hist_entry__branch(he)->from.dso) : INT64_MIN;
		return 1;
	case SORT_SYM_FROM:
	case SORT_SYM_TO: {
		const struct hist_branch *b = hist_entry__branch(he);
		const struct branch_end *e = id == SORT_SYM_FROM ? &b->from : &b->to;

		k[0] = e->sym ? 0 : 1;
		k[1] = (int64_t)(e->sym ? e->sym->start : e->addr);
		return 2;
	}
	case SORT_CYCLES: k[0] = -(int64_t)hist_entry__branch(he)->cycles; return 1;
	case SORT_PERIOD:
	case SORT_NR_KEYS: break;
	}
	return 0;
}

/* ... and in the identity pass (perf's se_cmp): symbols by address. */
static int collapse_phase(const struct rankings *rk, const struct sort_list *l,
			  enum sort_key_id id, const struct hist_entry *he, int64_t *k)
{
	if (id != SORT_SYM)
		return sort_phase(rk, id, he, k);
	k[0] = he->sym ? 0 : 1;
	k[1] = he->sym && !sort_list__has(l, SORT_DSO) ? name_rank__of(&rk->dso, he->dso) : 0;
	/* perf compares these as signed differences: kernel addresses first */
	k[2] = (int64_t)(he->sym ? he->sym->start : he->ip);
	return 3;
}

/* perf's hist_entry__sort(): < 0 when @a prints first. */
static int cmp_perf(const struct sort_item *a, const struct sort_item *b)
{
	if (a->cumulate && a->period_acc != b->period_acc)
		return a->period_acc > b->period_acc ? -1 : 1;
	/* perf puts callers above their callees at equal total: the deeper
	 * chain first (the shallower one when printing callees first) */
	if (a->cumulate && a->thread == b->thread && a->max_depth && b->max_depth &&
	    a->max_depth != b->max_depth)
		return (a->max_depth > b->max_depth) == a->caller_order ? -1 : 1;
	if (a->period != b->period)
		return a->period > b->period ? -1 : 1;
	/* in a group view, the members' weights break ties in order */
	for (int m = 1; a->nr_members > 1 && m < a->nr_members; m++) {
		uint64_t x = a->he->member_period[m], y = b->he->member_period[m];

		if (x != y)
			return x > y ? -1 : 1;
	}
	for (int i = 0; i < a->nr_sort_keys; i++)
		if (a->key[i] != b->key[i])
			return a->key[i] < b->key[i] ? -1 : 1;
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
	struct rb *left, *right, *parent;
	bool red;
	const struct sort_item *item;
};

static void rb_rotate(struct rb **root, struct rb *x, bool left)
{
	struct rb *y = left ? x->right : x->left;

	if (left) {
		x->right = y->left;
		if (y->left)
			y->left->parent = x;
		y->left = x;
	} else {
		x->left = y->right;
		if (y->right)
			y->right->parent = x;
		y->right = x;
	}
	y->parent = x->parent;
	if (!x->parent)
		*root = y;
	else if (x == x->parent->left)
		x->parent->left = y;
	else
		x->parent->right = y;
	x->parent = y;
}

static void rb_fixup(struct rb **root, struct rb *z)
{
	while (z->parent && z->parent->red) {
		struct rb *p = z->parent, *g = p->parent;
		bool p_left = p == g->left;
		struct rb *u = p_left ? g->right : g->left;

		if (u && u->red) {
			p->red = u->red = false;
			g->red = true;
			z = g;
			continue;
		}
		if (z == (p_left ? p->right : p->left)) {
			z = p;
			rb_rotate(root, z, p_left);
			p = z->parent;
		}
		p->red = false;
		g->red = true;
		rb_rotate(root, g, !p_left);
	}
	(*root)->red = false;
}

static void rb_insert(struct rb **root, struct rb *node)
{
	struct rb **p = root, *parent = NULL;

	while (*p) {
		parent = *p;
		p = cmp_perf(node->item, parent->item) < 0 ? &parent->left : &parent->right;
	}
	*node = (struct rb){ .parent = parent, .red = true, .item = node->item };
	*p = node;
	rb_fixup(root, node);
}

static void rb_walk(const struct rb *n, struct hist_entry **out, size_t *i)
{
	for (; n; n = n->right) {
		rb_walk(n->left, out, i);
		out[(*i)++] = n->item->he;
	}
}

static void replay_output_tree(struct sort_item *items, size_t n, struct hist_entry **out)
{
	struct rb *nodes = calloc(n ? n : 1, sizeof(*nodes)), *root = NULL;
	size_t k = 0;

	if (!nodes)
		abort();
	qsort(items, n, sizeof(*items), cmp_collapse);
	for (size_t i = 0; i < n; i++) {
		nodes[i].item = &items[i];
		rb_insert(&root, &nodes[i]);
	}
	rb_walk(root, out, &k);
	free(nodes);
}

/*
 * The common order (no --children, no group view) is lexicographic over
 * (period descending, the keys), ties in creation order: rows of unsigned
 * words (row-sort). A tenth of a report's time went to qsort's indirect
 * comparisons before.
 */
static void sort_by_rows(const struct sort_item *items, size_t n, int nr_keys,
			 struct hist_entry **out)
{
	int stride = nr_keys + 1;
	uint64_t *rows = malloc((n ? n : 1) * stride * sizeof(*rows));
	uint32_t *order = malloc((n ? n : 1) * sizeof(*order));

	if (!rows || !order)
		abort();
	for (size_t i = 0; i < n; i++) {
		uint64_t *r = rows + i * stride;

		r[0] = ~items[i].period;
		for (int k = 0; k < nr_keys; k++)	/* signed order as unsigned */
			r[1 + k] = (uint64_t)items[i].key[k] ^ (1ULL << 63);
	}
	row_sort(rows, n, stride, order);
	for (size_t i = 0; i < n; i++)
		out[i] = items[order[i]].he;
	free(rows);
	free(order);
}

void hists__output_resort(struct hists *h)
{
	struct sort_item *items = calloc(h->nr_entries ? h->nr_entries : 1, sizeof(*items));
	const struct sort_list *l = h->sort;
	int per = keys_per_entry(l);
	int64_t *keys = calloc((h->nr_entries ? h->nr_entries : 1) * (per ? per : 1), sizeof(*keys));
	struct rankings rk;
	size_t n = 0;

	free(h->sorted);
	h->sorted = calloc(h->nr_entries ? h->nr_entries : 1, sizeof(*h->sorted));
	if (!items || !h->sorted || !keys)
		abort();
	for (struct hist_chunk *c = h->chunks; c; c = c->next)
		for (size_t i = 0; i < c->nr; i++)
			items[n++].he = &c->entries[i];
	rank_all(&rk, items, n);
	for (size_t i = 0; i < n; i++) {
		struct sort_item *it = &items[i];

		it->key = keys + i * per;
		it->period = it->he->period;
		it->period_acc = it->he->period_acc;
		it->thread = it->he->thread;
		it->max_depth = it->he->max_depth;
		it->nr_members = h->nr_members;
		it->cumulate = h->cumulate;
		it->caller_order = h->caller_order;
		if (h->use_callchain)
			cc_sort(it->he->chain, h->total_period * h->chain_min_percent / 100);
		for (int k = 0; k < l->nr; k++)
			it->nr_keys += sort_phase(&rk, l->keys[k]->id, it->he, it->key + it->nr_keys);
		it->nr_sort_keys = it->nr_keys;
		for (int k = 0; k < l->nr; k++)
			it->nr_keys += collapse_phase(&rk, l, l->keys[k]->id, it->he,
						      it->key + it->nr_keys);
	}
	rankings__free(&rk);
	if (h->cumulate) {
		replay_output_tree(items, n, h->sorted);
	} else if (h->nr_members <= 1) {
		sort_by_rows(items, n, per, h->sorted);
	} else {
		if (n)
			qsort(items, n, sizeof(*items), cmp_output);
		for (size_t i = 0; i < n; i++)
			h->sorted[i] = items[i].he;
	}
	free(items);
	free(keys);
}
