// SPDX-License-Identifier: GPL-2.0
/*
 * report --hierarchy as perf prints it: the value columns first, then one
 * column holding a key per level ("Command / Shared Object / Symbol"), each
 * level's entries under the one above, three spaces further in. A node's
 * values are the sum of the entries under it; each level is ordered by
 * overhead, then by its key's order. The entries (the leaves) are the
 * table's own, which keeps their callchains.
 */
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "hist-print.h"
#include "../base/xalloc.h"

#define HIERARCHY_INDENT 3

struct level_ctx {
	const struct hists *h;
	const struct hist_print_opts *o;
	const struct hist_columns *c;
	const struct sort_key *keys[MAX_SORT_KEYS];	/* a level each */
	int nr_levels;
	const struct sort_key *values[MAX_SORT_KEYS];	/* the hpp columns */
	int nr_values;
	struct hist_entry **leaves;	/* grouped: equal keys side by side */
	struct strbuf *line;
	FILE *out;
};

/* A node: leaves [lo, hi) sharing the keys of the levels down to its own. */
struct node {
	size_t lo, hi;
	struct hist_entry sum;	/* the leaves' values, added up */
};

static const struct level_ctx *sort_ctx;	/* qsort's comparators have no context */

static int cmp_keys(const void *pa, const void *pb)
{
	const struct hist_entry *a = *(struct hist_entry *const *)pa;
	const struct hist_entry *b = *(struct hist_entry *const *)pb;

	for (int i = 0; i < sort_ctx->nr_levels; i++) {
		int64_t c = sort_key__collapse(sort_ctx->h->sort, sort_ctx->keys[i], a, b);

		if (c)
			return c < 0 ? -1 : 1;
	}
	return 0;
}

/* A node's values: the sum of its leaves' (every member's in a group). */
static void add_up(const struct hists *h, struct node *n, struct hist_entry *const *leaves)
{
	int nr = h->nr_members;

	n->sum = *leaves[n->lo];
	n->sum.period = n->sum.period_acc = n->sum.nr_samples = 0;
	n->sum.member_period = leaves[n->lo]->member_period ? must_calloc(3 * nr, 8) : NULL;
	n->sum.mode_period = leaves[n->lo]->mode_period ? must_calloc(nr * MODE_NR, 8) : NULL;
	for (size_t i = n->lo; i < n->hi; i++) {
		const struct hist_entry *he = leaves[i];

		n->sum.period += he->period;
		n->sum.period_acc += he->period_acc;
		n->sum.nr_samples += he->nr_samples;
		for (int m = 0; n->sum.member_period && m < 3 * nr; m++)
			n->sum.member_period[m] += he->member_period[m];
		for (int m = 0; n->sum.mode_period && m < nr * MODE_NR; m++)
			n->sum.mode_period[m] += he->mode_period[m];
	}
}

static int cmp_nodes(const void *pa, const void *pb)
{
	const struct node *a = pa, *b = pb;
	const struct hists *h = sort_ctx->h;
	int64_t c;

	for (int m = 0; m < h->nr_members; m++) {
		uint64_t va = hist_entry__value(h, &a->sum, SORT_OVERHEAD, m);
		uint64_t vb = hist_entry__value(h, &b->sum, SORT_OVERHEAD, m);

		if (va != vb)
			return va > vb ? -1 : 1;
	}
	/* the level's key decides equal overheads, as perf's output tree;
	 * then the order perf's tree took them in (the keys' identity order,
	 * the nodes' own) */
	c = sort_key__sort(h->sort, sort_ctx->keys[0], &a->sum, &b->sum);
	if (c)
		return c > 0 ? -1 : 1;
	return a->lo > b->lo ? -1 : a->lo < b->lo;
}

static void print_node(const struct level_ctx *x, const struct node *n, int depth)
{
	const struct sort_key *k = x->keys[depth];
	const char *sep = x->o->field_sep;
	struct strbuf *sb = x->line;
	size_t start;

	strbuf_reset(sb);
	strbuf_addchars(sb, ' ', depth * HIERARCHY_INDENT);
	for (int i = 0; i < x->nr_values; i++) {
		if (!sep || i)
			strbuf_addstr(sb, sep ?: "  ");
		hist_print__value(x->h, x->o, x->c, x->values[i]->id, &n->sum, sb);
	}
	if (!sep)
		strbuf_addchars(sb, ' ', (x->nr_levels - 1) * HIERARCHY_INDENT);
	strbuf_addstr(sb, sep ?: "  ");
	start = sb->len;
	sort_key__cell(x->h->fields, k, &n->sum, x->c->width[k->id], sb);
	if (!k->ragged && sb->len - start < (size_t)x->c->width[k->id])
		strbuf_addchars(sb, ' ', x->c->width[k->id] - (sb->len - start));
	/* perf left-aligns even the right-aligned keys here */
	while (sb->len > start && sb->buf[start] == ' ')
		memmove(sb->buf + start, sb->buf + start + 1, --sb->len - start + 1);
	strbuf_addch(sb, '\n');
	fputs(sb->buf, x->out);
}

/*
 * perf filters each level by its own key (--comms the command's, --dsos
 * the DSO's) and shows a node with an entry under it that passes; its
 * values count them all.
 */
static bool node_shown(const struct level_ctx *x, const struct node *n)
{
	uint64_t total = x->h->member_total ? x->h->member_total[0] : x->h->total_period;
	double pct = total ? 100.0 * hist_entry__value(x->h, &n->sum, SORT_OVERHEAD, 0) / total : 0;
	bool passes = false;

	for (size_t i = n->lo; i < n->hi && !passes; i++)
		passes = !x->leaves[i]->filtered;
	return passes && (!x->o->percent_limit || pct >= x->o->percent_limit);
}

static void print_leaf_chain(const struct level_ctx *x, const struct hist_entry *he)
{
	strbuf_reset(x->line);
	hist_print__chain(x->h, x->o, he, x->line);
	fputs(x->line->buf, x->out);
}

/* perf's line under a node whose children are all under --percent-limit */
static void print_no_entry(const struct level_ctx *x, int depth)
{
	int width = 4;	/* perf's: the value columns' width and 4 */

	for (int i = 0; i < x->nr_values; i++)
		width += x->c->width[x->values[i]->id] + (i ? 2 : 0);
	fprintf(x->out, "%*s%*sno entry >= %.2f%%\n", (x->nr_levels + depth) * HIERARCHY_INDENT,
		"", width, "", x->o->percent_limit);
}

static bool has_shown_children(const struct level_ctx *x, const struct node *n, int depth)
{
	for (size_t i = n->lo; i < n->hi;) {
		struct node child = { .lo = i, .hi = i + 1 };
		bool shown;

		while (child.hi < n->hi && !sort_key__collapse(x->h->sort, x->keys[depth + 1],
							       x->leaves[i], x->leaves[child.hi]))
			child.hi++;
		add_up(x->h, &child, x->leaves);
		shown = node_shown(x, &child);
		free(child.sum.member_period);
		free(child.sum.mode_period);
		if (shown)
			return true;
		i = child.hi;
	}
	return false;
}

static void print_level(const struct level_ctx *x, size_t lo, size_t hi, int depth)
{
	struct level_ctx next = *x;
	struct node *nodes = must_calloc(hi - lo, sizeof(*nodes));
	size_t nr = 0;

	for (size_t i = lo; i < hi; nr++) {
		size_t j = i + 1;

		while (j < hi && !sort_key__collapse(x->h->sort, x->keys[depth], x->leaves[i],
						     x->leaves[j]))
			j++;
		nodes[nr].lo = i;
		nodes[nr].hi = j;
		add_up(x->h, &nodes[nr], x->leaves);
		i = j;
	}
	next.keys[0] = x->keys[depth];	/* cmp_nodes orders by this level's key */
	sort_ctx = &next;
	qsort(nodes, nr, sizeof(*nodes), cmp_nodes);
	for (size_t i = 0; i < nr; i++) {
		if (!node_shown(x, &nodes[i]))
			continue;
		print_node(x, &nodes[i], depth);
		if (depth + 1 == x->nr_levels)
			print_leaf_chain(x, x->leaves[nodes[i].lo]);
		else if (x->o->percent_limit && !has_shown_children(x, &nodes[i], depth))
			print_no_entry(x, depth);
		else
			print_level(x, nodes[i].lo, nodes[i].hi, depth + 1);
	}
	for (size_t i = 0; i < nr; i++) {
		free(nodes[i].sum.member_period);
		free(nodes[i].sum.mode_period);
	}
	free(nodes);
}

/* perf's hists__fprintf_hierarchy_headers() */
static void print_titles(const struct level_ctx *x)
{
	const char *sep = x->o->field_sep;
	struct strbuf joined = STRBUF_INIT;
	int width = 0, indent = (x->nr_levels - 1) * HIERARCHY_INDENT;

	for (int i = 0; i < x->nr_levels; i++) {
		const char *title = hist_print__header(x->h, x->keys[i]);
		int w = i * HIERARCHY_INDENT + x->c->width[x->keys[i]->id];

		strbuf_addstr(&joined, i ? " / " : "");
		strbuf_addstr(&joined, title + strspn(title, " "));
		if (w > width)
			width = w;
	}
	if ((int)joined.len > width)
		width = joined.len;
	if (sep)	/* perf indents nothing then */
		indent = 0;
	fprintf(x->out, "# %*s", indent, "");
	for (int i = 0; i < x->nr_values; i++)
		fprintf(x->out, "%*s%s", x->c->width[x->values[i]->id],
			hist_print__header(x->h, x->values[i]), sep ?: "  ");
	fprintf(x->out, "%s\n# ", joined.buf);
	for (int i = 0; i < indent; i++)
		fputc('.', x->out);
	for (int i = 0; i < x->nr_values; i++) {
		if (i)
			fputs(sep ?: "..", x->out);
		for (int d = 0; d < x->c->width[x->values[i]->id]; d++)
			fputc('.', x->out);
	}
	fputs(sep ?: "  ", x->out);
	for (int i = 0; i < width; i++)
		fputc('.', x->out);
	fputs("\n#\n", x->out);
	strbuf_release(&joined);
}

void hists__fprintf_hierarchy(struct hists *h, const struct hist_print_opts *o, FILE *out)
{
	struct strbuf line = STRBUF_INIT;
	struct hist_columns c;
	struct level_ctx x = { .h = h, .o = o, .c = &c, .line = &line, .out = out };

	hist_print__widths(h, o, &c);
	for (int i = 0; i < h->fields->nr; i++) {
		const struct sort_key *k = h->fields->keys[i];

		/* a --comm or --dsos of one value keeps its level here, as perf */
		if (k->hpp)
			x.values[x.nr_values++] = k;
		else
			x.keys[x.nr_levels++] = k;
	}
	if (!o->quiet)
		print_titles(&x);
	/* the filtered entries too: they count in their parents' values */
	x.leaves = must_calloc(h->nr_sorted_all, sizeof(*x.leaves));
	memcpy(x.leaves, h->sorted, h->nr_sorted_all * sizeof(*x.leaves));
	sort_ctx = &x;
	qsort(x.leaves, h->nr_sorted_all, sizeof(*x.leaves), cmp_keys);
	if (x.nr_levels && h->nr_sorted_all)
		print_level(&x, 0, h->nr_sorted_all, 0);
	free(x.leaves);
	strbuf_release(&line);
}
