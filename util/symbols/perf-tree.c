// SPDX-License-Identifier: GPL-2.0
/*
 * perf's symbol tree, rebuilt for the PLT (perf-tree.h). The tree is the
 * kernel's red-black tree: the textbook insertion and deletion, whose
 * rotations give the same shapes. Ties in insertion go right, as perf's
 * symbols__insert() sends them.
 */
#include <elf.h>
#include <stdbool.h>
#include <stdlib.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "dso.h"
#include "perf-tree.h"

#define NIL UINT32_MAX

struct node {
	uint64_t start, end;	/* perf's [start, end), end fixed up */
	uint32_t left, right, parent;
	uint32_t sym;		/* index in the table read */
	bool red;
};

struct tree {
	struct node *n;
	uint32_t root;
	const struct symbol *v;
};

static bool is_red(const struct tree *t, uint32_t x)
{
	return x != NIL && t->n[x].red;
}

/* @v takes @u's place under @u's parent. */
static void transplant(struct tree *t, uint32_t u, uint32_t v)
{
	uint32_t p = t->n[u].parent;

	if (p == NIL)
		t->root = v;
	else if (t->n[p].left == u)
		t->n[p].left = v;
	else
		t->n[p].right = v;
	if (v != NIL)
		t->n[v].parent = p;
}

/* @x's right child (@left: its left child) takes its place; @x goes down
 * on the other side. */
static void rotate(struct tree *t, uint32_t x, bool left)
{
	struct node *nx = &t->n[x];
	uint32_t y = left ? nx->right : nx->left;
	uint32_t inner = left ? t->n[y].left : t->n[y].right;

	if (left)
		nx->right = inner;
	else
		nx->left = inner;
	if (inner != NIL)
		t->n[inner].parent = x;
	transplant(t, x, y);
	if (left)
		t->n[y].left = x;
	else
		t->n[y].right = x;
	nx->parent = y;
}

static void insert(struct tree *t, uint32_t z)
{
	uint32_t p = NIL, *link = &t->root;

	while (*link != NIL) {
		p = *link;
		link = t->n[z].start < t->n[p].start ? &t->n[p].left : &t->n[p].right;
	}
	*link = z;
	t->n[z] = (struct node){ t->n[z].start, t->n[z].end, NIL, NIL, p, t->n[z].sym, true };
	while (is_red(t, p = t->n[z].parent)) {
		uint32_t g = t->n[p].parent;
		bool p_left = t->n[g].left == p;
		uint32_t uncle = p_left ? t->n[g].right : t->n[g].left;

		if (is_red(t, uncle)) {
			t->n[p].red = t->n[uncle].red = false;
			t->n[g].red = true;
			z = g;
			continue;
		}
		if (z == (p_left ? t->n[p].right : t->n[p].left)) {
			rotate(t, p, p_left);
			z = p;
			p = t->n[z].parent;
		}
		t->n[p].red = false;
		t->n[g].red = true;
		rotate(t, g, !p_left);
	}
	t->n[t->root].red = false;
}

/* A black node was taken from under @xp, on @x's side (@x maybe NIL). */
static void erase_fixup(struct tree *t, uint32_t x, uint32_t xp)
{
	while (x != t->root && !is_red(t, x)) {
		bool x_left = t->n[xp].left == x;
		uint32_t w = x_left ? t->n[xp].right : t->n[xp].left;

		if (is_red(t, w)) {
			t->n[w].red = false;
			t->n[xp].red = true;
			rotate(t, xp, x_left);
			w = x_left ? t->n[xp].right : t->n[xp].left;
		}
		if (!is_red(t, t->n[w].left) && !is_red(t, t->n[w].right)) {
			t->n[w].red = true;
			x = xp;
			xp = t->n[x].parent;
			continue;
		}
		if (!is_red(t, x_left ? t->n[w].right : t->n[w].left)) {
			t->n[x_left ? t->n[w].left : t->n[w].right].red = false;
			t->n[w].red = true;
			rotate(t, w, !x_left);
			w = x_left ? t->n[xp].right : t->n[xp].left;
		}
		t->n[w].red = t->n[xp].red;
		t->n[xp].red = false;
		t->n[x_left ? t->n[w].right : t->n[w].left].red = false;
		rotate(t, xp, x_left);
		x = t->root;
	}
	if (x != NIL)
		t->n[x].red = false;
}

static uint32_t leftmost(const struct tree *t, uint32_t x)
{
	while (x != NIL && t->n[x].left != NIL)
		x = t->n[x].left;
	return x;
}

static uint32_t next(const struct tree *t, uint32_t x)
{
	uint32_t p;

	if (t->n[x].right != NIL)
		return leftmost(t, t->n[x].right);
	while ((p = t->n[x].parent) != NIL && t->n[p].right == x)
		x = p;
	return p;
}

static void erase(struct tree *t, uint32_t z)
{
	struct node *nz = &t->n[z];
	uint32_t x, xp, y;
	bool removed_red = nz->red;

	if (nz->left == NIL || nz->right == NIL) {
		x = nz->left == NIL ? nz->right : nz->left;
		xp = nz->parent;
		transplant(t, z, x);
	} else {
		y = leftmost(t, nz->right);
		removed_red = t->n[y].red;
		x = t->n[y].right;
		xp = y;
		if (t->n[y].parent != z) {
			xp = t->n[y].parent;
			transplant(t, y, x);
			t->n[y].right = nz->right;
			t->n[nz->right].parent = y;
		}
		transplant(t, z, y);
		t->n[y].left = nz->left;
		t->n[nz->left].parent = y;
		t->n[y].red = nz->red;
	}
	if (!removed_red)
		erase_fixup(t, x, xp);
}

/* perf's symbols__find(): the first node on the search path holding @ip. */
static uint32_t find(const struct tree *t, uint64_t ip)
{
	uint32_t x = t->root;

	while (x != NIL) {
		const struct node *n = &t->n[x];

		if (ip < n->start)
			x = n->left;
		else if (ip > n->end || (ip == n->end && ip != n->start))
			x = n->right;
		else
			break;
	}
	return x;
}

/* perf's symbols__fixup_end(): a size-less symbol reaches the next one. */
static void fixup_end(struct tree *t)
{
	uint32_t prev = leftmost(t, t->root), cur;

	for (cur = next(t, prev); cur != NIL; prev = cur, cur = next(t, cur))
		if (t->n[prev].end == t->n[prev].start)
			t->n[prev].end = t->n[cur].start;
	if (prev != NIL && t->n[prev].end == t->n[prev].start)
		t->n[prev].end = ((t->n[prev].start + 4095) & ~4095ULL) + 4096;
}

static int underscores(const char *s)
{
	int n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* perf's choose_best_symbol(), on the fixed-up sizes: true for @a. */
static bool first_is_best(const struct tree *t, uint32_t a, uint32_t b)
{
	const struct node *na = &t->n[a], *nb = &t->n[b];
	const struct symbol *sa = &t->v[na->sym], *sb = &t->v[nb->sym];
	bool wa = sa->binding == STB_WEAK, wb = sb->binding == STB_WEAK;
	bool ga = sa->binding == STB_GLOBAL, gb = sb->binding == STB_GLOBAL;

	if ((na->end > na->start) != (nb->end > nb->start))
		return na->end > na->start;
	if (wa != wb)
		return wb;
	if (ga != gb)
		return ga;
	if (underscores(sa->name) != underscores(sb->name))
		return underscores(sa->name) < underscores(sb->name);
	return sa->namelen >= sb->namelen;
}

/* perf's symbols__fixup_duplicate(): one symbol left per address. */
static void fixup_duplicate(struct tree *t)
{
	uint32_t cur = leftmost(t, t->root), nx;

	while (cur != NIL && (nx = next(t, cur)) != NIL) {
		if (t->n[cur].start != t->n[nx].start) {
			cur = nx;
		} else if (first_is_best(t, cur, nx)) {
			erase(t, nx);
		} else {
			erase(t, cur);
			cur = nx;
		}
	}
}

/* Whether a size-less ELF symbol lies at or just before the stubs (the
 * last ELF symbol starting at or before the first stub) or among them,
 * for perf stretches one over a stub then, or a sized one reaches
 * among them. */
static bool may_overlap(const struct symbol *v, size_t nr, size_t plt_from)
{
	uint64_t lo = UINT64_MAX, hi = 0, last = 0;
	bool seen = false, sizeless_last = false;

	for (size_t i = plt_from; i < nr; i++) {
		lo = v[i].start < lo ? v[i].start : lo;
		hi = v[i].end > hi ? v[i].end : hi;
	}
	for (size_t i = 0; i < plt_from; i++) {
		bool sizeless = v[i].end == v[i].start;

		if (!sizeless && v[i].start < hi && v[i].end > lo)
			return true;
		if (v[i].start > lo) {
			if (v[i].start < hi && sizeless)
				return true;
			continue;
		}
		if (!seen || v[i].start > last) {
			seen = true;
			last = v[i].start;
			sizeless_last = false;
		}
		if (v[i].start == last && sizeless)
			sizeless_last = true;
	}
	return sizeless_last;
}

struct overrides {
	struct sym_override *v;
	size_t nr, alloc;
};

static void add_override(struct overrides *o, uint64_t start, uint64_t end,
			 const struct node *found)
{
	struct sym_override *prev = o->nr ? &o->v[o->nr - 1] : NULL;

	if (prev && prev->end == start && prev->found == !!found &&
	    (!found || prev->sym_start == found->start)) {
		prev->end = end;
		return;
	}
	ALLOC_GROW(o->v, o->nr + 1, o->alloc);
	o->v[o->nr++] = (struct sym_override){ start, end, found ? found->start : 0,
					       found ? found->end : 0, !!found };
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

struct stub {
	uint64_t start, end;
	uint32_t node;
};

static int cmp_stub(const void *a, const void *b)
{
	return cmp_u64(&((const struct stub *)a)->start, &((const struct stub *)b)->start);
}

struct range {
	uint64_t lo, hi;
};

struct plt_walk {
	const struct tree *t;
	struct stub *stubs;	/* in address order */
	size_t nr_stubs;
	struct range *ranges;	/* where ELF symbols reach over stubs, in order */
	size_t nr_ranges;
	uint64_t *edges;	/* nodes' starts and ends inside those, in order */
	size_t nr_edges;
};

/* The first stub that ends after @addr. */
static size_t stub_after(const struct plt_walk *w, uint64_t addr)
{
	return partition_point(w->nr_stubs, i, w->stubs[i].end > addr);
}

/* The stub at @addr, or NIL. */
static uint32_t stub_at(const struct plt_walk *w, uint64_t addr)
{
	size_t i = stub_after(w, addr);

	return i < w->nr_stubs && w->stubs[i].start <= addr ? w->stubs[i].node : NIL;
}

static bool inside_range(const struct plt_walk *w, uint64_t addr)
{
	size_t lo = 0, hi = w->nr_ranges;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (addr <= w->ranges[mid].lo)
			hi = mid;
		else if (addr >= w->ranges[mid].hi)
			lo = mid + 1;
		else
			return true;
	}
	return false;
}

static void add_range(struct plt_walk *w, uint64_t lo, uint64_t hi, size_t *alloc)
{
	ALLOC_GROW(w->ranges, w->nr_ranges + 1, *alloc);
	w->ranges[w->nr_ranges++] = (struct range){ lo, hi };
}

/*
 * The ELF nodes that reach over a stub (in order of start, as the tree
 * holds them) with the whole of each stub they reach, their ranges
 * merged: a node inside a stub can turn the search away from the rest
 * of it. Elsewhere a stub is the only node holding its addresses, and
 * the search finds it.
 */
static void find_ranges(struct plt_walk *w, uint32_t plt_from)
{
	const struct tree *t = w->t;
	uint64_t lo = 0, hi = 0;
	size_t alloc = 0;

	for (uint32_t e = leftmost(t, t->root); e != NIL; e = next(t, e)) {
		uint64_t e_lo, e_hi;
		size_t s;

		if (e >= plt_from)
			continue;
		s = stub_after(w, t->n[e].start);
		if (s == w->nr_stubs || w->stubs[s].start >= t->n[e].end)
			continue;
		e_lo = w->stubs[s].start < t->n[e].start ? w->stubs[s].start : t->n[e].start;
		e_hi = t->n[e].end;
		for (; s < w->nr_stubs && w->stubs[s].start < t->n[e].end; s++)
			e_hi = w->stubs[s].end > e_hi ? w->stubs[s].end : e_hi;
		if (hi > lo && e_lo > hi) {
			add_range(w, lo, hi, &alloc);
			lo = hi = 0;
		}
		if (hi == lo)
			lo = e_lo;
		lo = e_lo < lo ? e_lo : lo;
		hi = e_hi > hi ? e_hi : hi;
	}
	if (hi > lo)
		add_range(w, lo, hi, &alloc);
}

/* Every node's edges inside the ranges: perf's search gives one answer
 * between two of them. */
static void find_edges(struct plt_walk *w, uint32_t nr)
{
	size_t n = 0;

	w->edges = must_malloc(2 * (size_t)nr * sizeof(*w->edges));
	w->nr_edges = 0;
	for (uint32_t i = 0; i < nr; i++) {
		if (inside_range(w, w->t->n[i].start))
			w->edges[w->nr_edges++] = w->t->n[i].start;
		if (inside_range(w, w->t->n[i].end))
			w->edges[w->nr_edges++] = w->t->n[i].end;
	}
	qsort(w->edges, w->nr_edges, sizeof(*w->edges), cmp_u64);
	for (size_t i = 0; i < w->nr_edges; i++)
		if (!n || w->edges[i] != w->edges[n - 1])
			w->edges[n++] = w->edges[i];
	w->nr_edges = n;
}

/*
 * Each piece of the ranges between two edges is asked of perf's tree
 * once, and is an override where the answer is not the stub there (or
 * nothing, off the stubs). The pieces come in address order, apart.
 */
static void walk_pieces(const struct plt_walk *w, struct overrides *o)
{
	size_t edge = 0;

	for (size_t r = 0; r < w->nr_ranges; r++) {
		uint64_t hi = w->ranges[r].hi;

		for (uint64_t at = w->ranges[r].lo, to; at < hi; at = to) {
			uint32_t found = find(w->t, at);

			while (edge < w->nr_edges && w->edges[edge] <= at)
				edge++;
			to = edge < w->nr_edges && w->edges[edge] < hi ? w->edges[edge] : hi;
			if (found != stub_at(w, at))
				add_override(o, at, to, found == NIL ? NULL : &w->t->n[found]);
		}
	}
}

static void plt_walk(const struct tree *t, uint32_t plt_from, uint32_t nr, struct overrides *o)
{
	struct plt_walk w = { .t = t, .nr_stubs = nr - plt_from };

	w.stubs = must_malloc(w.nr_stubs * sizeof(*w.stubs));
	for (uint32_t i = plt_from; i < nr; i++)
		w.stubs[i - plt_from] = (struct stub){ t->n[i].start, t->n[i].end, i };
	qsort(w.stubs, w.nr_stubs, sizeof(*w.stubs), cmp_stub);
	find_ranges(&w, plt_from);
	if (w.nr_ranges) {
		find_edges(&w, nr);
		walk_pieces(&w, o);
	}
	free(w.stubs);
	free(w.ranges);
	free(w.edges);
}

size_t perf_tree_plt_overrides(const struct symbol *v, size_t nr, size_t plt_from,
			       struct sym_override **out)
{
	struct tree t = { .root = NIL, .v = v };
	struct overrides o = { 0 };

	*out = NULL;
	if (!plt_from || plt_from >= nr || nr >= NIL || !may_overlap(v, nr, plt_from))
		return 0;
	t.n = must_malloc(nr * sizeof(*t.n));
	for (uint32_t i = 0; i < nr; i++)
		t.n[i] = (struct node){ .start = v[i].start, .end = v[i].end, .sym = i };
	for (uint32_t i = 0; i < plt_from; i++)
		insert(&t, i);
	fixup_end(&t);
	fixup_duplicate(&t);
	for (uint32_t i = (uint32_t)plt_from; i < nr; i++)
		insert(&t, i);
	plt_walk(&t, (uint32_t)plt_from, (uint32_t)nr, &o);
	free(t.n);
	*out = o.v;
	return o.nr;
}
