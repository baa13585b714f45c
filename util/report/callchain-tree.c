// SPDX-License-Identifier: GPL-2.0
/*
 * Callchain trees and their graph rendering. The merge rules, the order
 * of equal branches and every character of the output follow perf's
 * callchain.c and ui/stdio/hist.c, so the two tools print the same graph.
 */
#include <math.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "callchain-tree.h"
#include "percent-color.h"
#include "../base/array.h"
#include "../base/row-sort.h"
#include "../base/xalloc.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/* --- merging --------------------------------------------------------- */

static struct cc_key key_of(const struct cc_frame *f)
{
	return (struct cc_key){
		.start = f->sym ? f->sym->start : 0,
		.ip = f->ip,
		.sym = f->sym,
		.seq = f->dso ? f->dso->seq : 0,
		.has_sym = f->sym != NULL,
		.inlined = f->sym && f->sym->inlined,
	};
}

/* perf's match_chain(): inlined functions by name (they share their
 * host's start), others as match_chain_dso_addresses(): by DSO, then
 * function (or ip). */
static int match_keys(const struct cc_key *a, const struct cc_key *b)
{
	uint64_t va, vb;

	if ((a->inlined || b->inlined) && a->has_sym && b->has_sym) {
		int c = strcmp(a->sym->name, b->sym->name);

		return c < 0 ? -1 : c > 0;
	}
	if (a->seq != b->seq)
		return a->seq < b->seq ? -1 : 1;
	if (a->has_sym && b->has_sym) {
		va = a->start;
		vb = b->start;
	} else {
		va = a->ip;
		vb = b->ip;
	}
	return va < vb ? -1 : va > vb;
}

static int match(const struct cc_frame *a, const struct cc_frame *b)
{
	struct cc_key ka = key_of(a), kb = key_of(b);

	return match_keys(&ka, &kb);
}

static uint64_t cumul(const struct cc_node *n)
{
	return n->hit + n->children_hit;
}

static struct cc_node *new_node(struct arena *a, const struct cc_frame *frames, size_t n)
{
	struct cc_node *node = arena_zalloc(a, sizeof(*node));

	if (!node || !(node->val = arena_alloc(a, n * sizeof(*frames))))
		return NULL;
	memcpy(node->val, frames, n * sizeof(*frames));
	node->val_nr = n;
	return node;
}

/*
 * perf's rb_root_in holds children in descending match order and finds
 * one by descending its tree; the array here is that order, searched by
 * halves: a hot function's callers are thousands of children, and a
 * linear scan made --children report quadratic. Each child's first frame
 * is kept as a key beside it, so the search reads only the array. Returns
 * the child matching @k, else NULL with its place in @pos.
 */
static struct cc_node *find_child(const struct cc_node *parent, const struct cc_key *k,
				  size_t *pos)
{
	size_t lo = 0, hi = parent->nr_children;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = match_keys(&parent->children[mid].key, k);

		if (!c)
			return parent->children[mid].node;
		if (c > 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	*pos = lo;
	return NULL;
}

/* The array grows by doubling in the arena; the outgrown one is left
 * there (at most as much again as the final arrays). */
static int insert_child(struct arena *a, struct cc_node *parent, struct cc_node *child,
			size_t pos)
{
	if (parent->nr_children == parent->alloc) {
		size_t na = parent->alloc ? 2 * parent->alloc : 1;
		struct cc_child *nc = arena_alloc(a, na * sizeof(*nc));

		if (!nc)
			return -ENOMEM;
		if (parent->nr_children)
			memcpy(nc, parent->children, parent->nr_children * sizeof(*nc));
		parent->children = nc;
		parent->alloc = na;
	}
	memmove(&parent->children[pos + 1], &parent->children[pos],
		(parent->nr_children - pos) * sizeof(*parent->children));
	parent->children[pos] = (struct cc_child){ key_of(&child->val[0]), child };
	parent->nr_children++;
	return 0;
}

/* Split @node after @keep frames: the tail and the node's children and
 * hits move to a new first child (perf's split_add_child()). The tail's
 * frames stay where they are: arena memory is never freed alone. */
static int split(struct arena *a, struct cc_node *node, size_t keep)
{
	struct cc_node *tail = arena_zalloc(a, sizeof(*tail));

	if (!tail)
		return -ENOMEM;
	tail->val = node->val + keep;
	tail->val_nr = node->val_nr - keep;
	tail->children = node->children;
	tail->nr_children = node->nr_children;
	tail->alloc = node->alloc;
	tail->hit = node->hit;
	tail->children_hit = node->children_hit;
	tail->count = node->count;
	tail->children_count = node->children_count;
	node->children = NULL;
	node->nr_children = node->alloc = 0;
	node->val_nr = keep;
	node->hit = 0;
	node->children_hit = cumul(tail);
	node->count = 0;
	node->children_count = tail->count + tail->children_count;
	return insert_child(a, node, tail, 0);	/* the only child */
}

/* What one chain adds to each node it passes and the one it ends in. */
struct cc_weight {
	uint64_t period;
	uint32_t count;
};

static int append_children(struct arena *a, struct cc_node *node, const struct cc_frame *f,
			   size_t n, struct cc_weight w);

static void add_end(struct cc_node *node, struct cc_weight w)
{
	node->hit += w.period;
	node->count += w.count;
}

static void add_through(struct cc_node *node, struct cc_weight w)
{
	node->children_hit += w.period;
	node->children_count += w.count;
}

/* The chain continues at @node, whose first frame matches f[0]: match the
 * rest of its frames, then go on below. */
static int append_node(struct arena *a, struct cc_node *node, const struct cc_frame *f,
		       size_t n, struct cc_weight w)
{
	size_t m = 1;

	while (m < node->val_nr && m < n && !match(&f[m], &node->val[m]))
		m++;
	if (m < node->val_nr) {
		if (split(a, node, m))
			return -ENOMEM;
		if (m == n) {
			add_end(node, w);
			return 0;
		}
		add_through(node, w);
		return append_children(a, node, f + m, n - m, w) ? -ENOMEM : 0;
	}
	if (m == n) {
		add_end(node, w);
		return 0;
	}
	add_through(node, w);
	return append_children(a, node, f + m, n - m, w);
}

/* A child whose first frame matches takes the chain; else a new child. */
static int append_children(struct arena *a, struct cc_node *node, const struct cc_frame *f,
			   size_t n, struct cc_weight w)
{
	struct cc_key k = key_of(f);
	size_t pos = 0;
	struct cc_node *child = find_child(node, &k, &pos);

	if (child)
		return append_node(a, child, f, n, w);
	child = new_node(a, f, n);
	if (!child)
		return -ENOMEM;
	add_end(child, w);
	return insert_child(a, node, child, pos);
}

static int append_weighted(struct arena *a, struct cc_node *root, const struct cc_frame *frames,
			   size_t n, struct cc_weight w)
{
	if (!n)
		return 0;
	add_through(root, w);
	return append_children(a, root, frames, n, w);
}

int cc_append(struct arena *a, struct cc_node *root, const struct cc_frame *frames, size_t n,
	      uint64_t period)
{
	return append_weighted(a, root, frames, n, (struct cc_weight){ period, 1 });
}

struct cc_path {
	struct cc_frame *f;
	size_t len, alloc;
};

static int merge_node(struct arena *a, struct cc_node *into, const struct cc_node *n,
		      struct cc_path *p)
{
	size_t base = p->len;
	int ret = 0;

	if (p->len + n->val_nr > p->alloc) {
		size_t alloc = 2 * (p->len + n->val_nr);
		struct cc_frame *f = realloc(p->f, alloc * sizeof(*f));

		if (!f)
			return -ENOMEM;
		p->f = f;
		p->alloc = alloc;
	}
	if (n->val_nr)	/* a root holds no frames */
		memcpy(p->f + p->len, n->val, n->val_nr * sizeof(*n->val));
	p->len += n->val_nr;
	/* as perf's merge: a chain that kept a period, counted as one sample
	 * (-g ...,count shows perf's count after a merge) */
	if (n->hit)
		ret = cc_append(a, into, p->f, p->len, n->hit);
	for (uint32_t i = 0; !ret && i < n->nr_children; i++)
		ret = merge_node(a, into, n->children[i].node, p);
	p->len = base;
	return ret;
}

int cc_merge(struct arena *a, struct cc_node *into, const struct cc_node *from)
{
	struct cc_path p = { NULL, 0, 0 };
	int ret = merge_node(a, into, from, &p);

	free(p.f);
	return ret;
}

/* --- ordering -------------------------------------------------------- */

/* Few children: insertion, which keeps equal weights in match order. */
static void sort_few(struct cc_node **v, size_t n)
{
	for (size_t i = 1; i < n; i++) {
		struct cc_node *c = v[i];
		size_t pos = i;

		while (pos > 0 && cumul(v[pos - 1]) < cumul(c)) {
			v[pos] = v[pos - 1];
			pos--;
		}
		v[pos] = c;
	}
}

/* Many: the stable row sort on the complemented weight. */
static void sort_many(struct cc_node **v, size_t n)
{
	uint64_t *rows = must_reallocarray(NULL, n, sizeof(*rows));
	uint32_t *order = must_reallocarray(NULL, n, sizeof(*order));
	struct cc_node **copy = must_reallocarray(NULL, n, sizeof(*copy));
	for (size_t i = 0; i < n; i++)
		rows[i] = ~cumul(v[i]);
	row_sort(rows, n, 1, order);
	memcpy(copy, v, n * sizeof(*copy));
	for (size_t i = 0; i < n; i++)
		v[i] = copy[order[i]];
	free(rows);
	free(order);
	free(copy);
}

void cc_sort(struct arena *a, struct cc_node *root, uint64_t min_hit, double rel)
{
	if (rel >= 0)	/* perf: ceil(children_hit * min_percent) */
		min_hit = (uint64_t)ceil((double)root->children_hit * rel);
	root->nr_sorted = 0;
	root->sorted = arena_alloc(a, root->nr_children * sizeof(*root->sorted));
	if (!root->sorted)
		return;
	/* by weight, stable: equal weights keep the match order (perf's rb
	 * insertion sends equal keys right) */
	for (size_t i = 0; i < root->nr_children; i++) {
		struct cc_node *c = root->children[i].node;

		cc_sort(a, c, min_hit, rel);
		if (cumul(c) >= min_hit)
			root->sorted[root->nr_sorted++] = c;
	}
	if (root->nr_sorted < 32)
		sort_few(root->sorted, root->nr_sorted);
	else
		sort_many(root->sorted, root->nr_sorted);
}

/* --- the graph ------------------------------------------------------- */

#define LEFT_MARGIN "            "

/*
 * Which levels still draw a pipe. perf keeps this in an int and shifts by
 * the depth; chains deeper than 32 wrap around on x86, and we wrap the same
 * way (explicitly, not by undefined behaviour) to print what perf prints.
 */
static unsigned int bit(int level)
{
	return 1u << (level & 31);
}

void cc_frame_name(const struct cc_frame *f, struct strbuf *out)
{
	if (f->sym && f->sym->inlined)
		strbuf_addf(out, "%.*s (inlined)", (int)f->sym->namelen, f->sym->name);
	else if (f->sym)
		strbuf_add(out, f->sym->name, f->sym->namelen);
	else
		strbuf_addf(out, "%#" PRIx64, f->ip);
}

/* A branch's label: its share of @total, its period or its samples. */
static void label(uint64_t hits, uint32_t count, uint64_t total, const struct cc_view *v,
		  struct strbuf *out)
{
	double pct = total ? 100.0 * hits / total : 0.0;
	const char *color = v->color ? percent_color(pct) : NULL;

	if (v->value == CC_PERIOD) {
		strbuf_addf(out, "%" PRIu64, hits);
		return;
	}
	if (v->value == CC_COUNT) {
		strbuf_addf(out, "%" PRIu32, count);
		return;
	}
	strbuf_addf(out, "%s%.2f%%%s", color ?: "", pct, color ? PERCENT_COLOR_RESET : "");
}

static uint32_t cumul_count(const struct cc_node *n)
{
	return n->count + n->children_count;
}

static void graph_line(int margin, int depth, unsigned int mask, struct strbuf *out)
{
	strbuf_addstr(out, LEFT_MARGIN);
	strbuf_addchars(out, ' ', margin);
	for (int i = 0; i < depth; i++)
		strbuf_addstr(out, mask & bit(i) ? "|          " : "           ");
	strbuf_addch(out, '\n');
}

/* A level of the graph: what its labels are of, where it is drawn. */
struct graph_level {
	uint64_t total;
	int margin, depth;
	unsigned int mask;
};

/* The start of a frame's line; the first of a node's frames carries its
 * label. */
static void frame_prefix(uint64_t hits, uint32_t count, const struct graph_level *lv,
			 unsigned int mask, bool first, const struct cc_view *v, struct strbuf *out)
{
	strbuf_addstr(out, LEFT_MARGIN);
	strbuf_addchars(out, ' ', lv->margin);
	for (int i = 0; i < lv->depth; i++) {
		strbuf_addch(out, mask & bit(i) ? '|' : ' ');
		if (first && i == lv->depth - 1) {
			strbuf_addstr(out, "--");
			label(hits, count, lv->total, v, out);
			strbuf_addstr(out, "--");
		} else {
			strbuf_addstr(out, "          ");
		}
	}
}

static void graph_children(const struct cc_node *parent, const struct graph_level *lv,
			   const struct cc_view *v, struct strbuf *out)
{
	uint64_t remaining = lv->total;
	uint32_t counted = 0;
	size_t c;

	for (c = 0; c < parent->nr_sorted; c++) {
		const struct cc_node *child = parent->sorted[c];
		struct graph_level below = *lv;
		unsigned int new_mask = lv->mask;

		/* a group's chains carry every member's hits: never below 0 */
		remaining = remaining > cumul(child) ? remaining - cumul(child) : 0;
		counted += cumul_count(child);
		/* no pipe of this level below its last child, unless fractal's
		 * "[...]" of the hidden ones comes after it */
		if (c + 1 == parent->nr_sorted && (!v->fractal || !remaining))
			new_mask &= ~bit(lv->depth - 1);
		graph_line(lv->margin, lv->depth, lv->mask, out);
		for (size_t i = 0; i < child->val_nr; i++) {
			frame_prefix(cumul(child), cumul_count(child), lv, new_mask, i == 0, v, out);
			cc_frame_name(&child->val[i], out);
			strbuf_addch(out, '\n');
		}
		if (v->fractal)
			below.total = child->children_hit;
		below.depth++;
		below.mask = new_mask | bit(lv->depth);
		graph_children(child, &below, v, out);
		if (c + 1 == v->print_limit)
			break;
	}
	if (!v->fractal || !parent->nr_sorted || !remaining || remaining == lv->total)
		return;
	/* perf counts the hidden samples only for a labelled count */
	if (v->value == CC_COUNT && parent->children_count <= counted)
		return;
	frame_prefix(remaining, parent->children_count - counted, lv, lv->mask & ~bit(lv->depth - 1),
		     true, v, out);
	strbuf_addstr(out, "[...]\n");
}

void cc_print_graph(const struct cc_node *root, const struct cc_view *v, struct strbuf *out)
{
	struct graph_level top = { .total = v->fractal ? v->parent : v->total, .depth = 1,
				   .mask = 1 };
	size_t start = out->len;

	/* one chain at the top carrying all of the entry's weight: its frames
	 * open the graph without a label */
	if (root->nr_sorted == 1 && cumul(root->sorted[0]) == v->parent) {
		const struct cc_node *only = root->sorted[0];
		unsigned int printed = 0;

		for (size_t i = v->skip_first ? 1 : 0; i < only->val_nr; i++) {
			if (!top.margin)
				strbuf_addstr(out, LEFT_MARGIN "|\n" LEFT_MARGIN "---");
			else
				strbuf_addstr(out, LEFT_MARGIN "   ");
			top.margin = 3;
			cc_frame_name(&only->val[i], out);
			strbuf_addch(out, '\n');
			if (++printed == v->print_limit)
				break;
		}
		graph_children(only, &top, v, out);	/* under the "---" */
	} else {
		graph_children(root, &top, v, out);
	}
	if (out->len > start)
		strbuf_addch(out, '\n');
}

/* --- flat and folded ------------------------------------------------ */

/*
 * Both views list whole chains: every node where chains end (hit >= the
 * threshold), heaviest first, the chain read from the top of the tree.
 * perf collects them children before parent, each level in match order.
 */
struct chain_ref {
	const struct cc_node *node;
	const struct cc_node **path;	/* from the top, ending at node */
	size_t depth;
};

struct chain_list {
	struct chain_ref *v;
	size_t nr, alloc;
	const struct cc_node *stack[4096];
};

static void collect(struct chain_list *l, const struct cc_node *node, size_t depth,
		    uint64_t min_hit)
{
	if (depth >= ARRAY_LEN(l->stack))
		return;
	l->stack[depth] = node;
	for (size_t i = 0; i < node->nr_children; i++)
		collect(l, node->children[i].node, depth + 1, min_hit);
	if (!node->hit || node->hit < min_hit || !depth)
		return;
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr].node = node;
	l->v[l->nr].depth = depth;
	l->v[l->nr].path = must_reallocarray(NULL, depth, sizeof(*l->v[l->nr].path));
	memcpy(l->v[l->nr].path, l->stack + 1, depth * sizeof(*l->v[l->nr].path));
	l->nr++;
}

/* Stable by hit, heaviest first: perf's CHAIN_FLAT insertion. */
static void sort_by_hit(struct chain_list *l)
{
	for (size_t i = 1; i < l->nr; i++) {
		struct chain_ref r = l->v[i];
		size_t j = i;

		while (j > 0 && l->v[j - 1].node->hit < r.node->hit) {
			l->v[j] = l->v[j - 1];
			j--;
		}
		l->v[j] = r;
	}
}

/* Each chain of @root's, as the flat view lists them or (@folded) the
 * folded view. */
static void print_chains(const struct cc_node *root, const struct cc_view *v, bool folded,
			 struct strbuf *out)
{
	struct chain_list *l = must_calloc(1, sizeof(*l));
	const char *sep = v->sep ?: ";";

	collect(l, root, 0, v->min_hit);
	sort_by_hit(l);
	for (size_t c = 0; c < l->nr; c++) {
		const struct chain_ref *r = &l->v[c];
		bool first = true;

		if (folded) {
			label(r->node->hit, r->node->count, v->total, v, out);
			strbuf_addch(out, ' ');
		} else {
			strbuf_addstr(out, "           ");
			label(cumul(r->node), cumul_count(r->node), v->total, v, out);
			strbuf_addch(out, '\n');
		}
		for (size_t d = 0; d < r->depth; d++) {
			for (size_t i = 0; i < r->path[d]->val_nr; i++) {
				if (folded && !first)
					strbuf_addstr(out, sep);
				else if (!folded)
					strbuf_addstr(out, "                ");
				cc_frame_name(&r->path[d]->val[i], out);
				if (!folded)
					strbuf_addch(out, '\n');
				first = false;
			}
		}
		strbuf_addch(out, '\n');
		if (c + 1 == v->print_limit)
			break;
	}
	for (size_t c = 0; c < l->nr; c++)
		free(l->v[c].path);
	free(l->v);
	free(l);
}

void cc_print_flat(const struct cc_node *root, const struct cc_view *v, struct strbuf *out)
{
	print_chains(root, v, false, out);
}

void cc_print_folded(const struct cc_node *root, const struct cc_view *v, struct strbuf *out)
{
	print_chains(root, v, true, out);
}
