// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/hmap.h"
#include "../base/xalloc.h"
#include "diff.h"
#include "hist-print.h"
#include "report.h"

/* A row: an entry of the baseline, of the new file, or of both. */
struct diff_row {
	const struct hist_entry *base;	/* NULL: only in the new file (perf's "dummy") */
	const struct hist_entry *pair;	/* NULL: only in the baseline */
	char *keys;			/* the key columns' text, as printed */
	double delta, ratio;
	int64_t wdiff;
};

struct diff_table {
	const struct diff_opts *o;
	struct diff_row *row;
	size_t nr, alloc;
	uint64_t base_total, new_total;	/* what percentages are of */
	uint64_t shown_base_total;	/* -b: of the rows kept */
	const struct sort_list *sort;
};

static const struct {
	const char *name;
	int width;
} compute_col[] = {
	[DIFF_DELTA_ABS] = { "Delta Abs", 9 },
	[DIFF_DELTA] = { "Delta", 7 },
	[DIFF_RATIO] = { "Ratio", 14 },
	[DIFF_WDIFF] = { "Weighted diff", 14 },
};

#define PERIOD_WIDTH 14
#define FORMULA_WIDTH 70

int diff__parse_compute(const char *arg, struct diff_opts *o, struct strbuf *err)
{
	char *end;

	if (!strcmp(arg, "delta-abs")) {
		o->compute = DIFF_DELTA_ABS;
	} else if (!strcmp(arg, "delta")) {
		o->compute = DIFF_DELTA;
	} else if (!strcmp(arg, "ratio")) {
		o->compute = DIFF_RATIO;
	} else if (!strncmp(arg, "wdiff:", 6)) {
		o->compute = DIFF_WDIFF;
		o->w1 = strtoll(arg + 6, &end, 10);
		if (*end == ',')
			o->w2 = strtoll(end + 1, &end, 10);
		if (*end || !o->w1 || !o->w2) {
			strbuf_addf(err, "-c '%s': wdiff takes two non-zero weights\nhint: -c "
				    "wdiff:1,2 (new period times the second less old times the first)",
				    arg);
			return -EINVAL;
		}
	} else {
		strbuf_addf(err, "-c '%s' is not a computation\nhint: delta-abs (the default), "
			    "delta, ratio or wdiff:w1,w2%s", arg,
			    !strcmp(arg, "cycles") ? " (cycles needs branch stacks with cycle "
			    "counts and is not implemented)" : "");
		return -EINVAL;
	}
	return 0;
}

static struct diff_row *add_row(struct diff_table *t)
{
	ALLOC_GROW(t->row, t->nr + 1, t->alloc);
	memset(&t->row[t->nr], 0, sizeof(t->row[0]));
	return &t->row[t->nr++];
}

/* --- pairing by the keys' text -------------------------------------------- */

/* The slot of the first row whose keys are @keys (index + 1), or the
 * empty one it would take. */
static struct hmap_slot *find_key(const struct hmap *x, const struct diff_table *t,
				  const char *keys, uint64_t hash)
{
	struct hmap_slot *s;

	hmap_for_each_probe(x, hash, s)
		if (s->hash == hash && !strcmp(t->row[s->val - 1].keys, keys))
			break;
	return s;
}

static char *key_text(const struct hists *h, const struct hist_print_opts *po,
		      const struct hist_columns *cols, const struct hist_entry *he)
{
	struct strbuf sb = STRBUF_INIT;

	hist_print__entry(h, po, cols, he, &sb);
	return strbuf_detach(&sb, NULL);
}

/* What pairs an entry: its keys' text, a symbol by its name alone and
 * unresolved addresses as one (perf diff's collapse, sort__sym_sort). */
static char *pair_text(const struct hists *h, const struct hist_print_opts *po,
		       const struct hist_columns *cols, const struct hist_entry *he)
{
	struct hist_entry key = *he;

	key.ip = 0;
	key.level = '.';
	return key_text(h, po, cols, &key);
}

/* Rows of the baseline's entries, paired with the new file's of the same
 * keys; the new file's others get rows of their own (not with -b). */
static void pair_entries(struct diff_table *t, const struct hists *bh, const struct hists *nh,
			 const struct hist_print_opts *po, const struct hist_columns *cols)
{
	struct hmap x = { 0 };

	hmap_must_reserve(&x, bh->nr_sorted);
	for (size_t i = 0; i < bh->nr_sorted; i++) {
		struct diff_row *r = add_row(t);
		uint64_t hash;
		struct hmap_slot *s;

		r->base = bh->sorted[i];
		r->keys = pair_text(bh, po, cols, r->base);
		hash = fnv1a_64_str(r->keys);
		s = find_key(&x, t, r->keys, hash);
		if (!s->val)	/* the first of equal texts takes the pair */
			hmap_fill(&x, s, hash, t->nr);
	}
	for (size_t i = 0; i < nh->nr_sorted; i++) {
		char *keys = pair_text(nh, po, cols, nh->sorted[i]);
		struct hmap_slot *s = find_key(&x, t, keys, fnv1a_64_str(keys));
		struct diff_row *r;

		if (s->val && !t->row[s->val - 1].pair) {
			t->row[s->val - 1].pair = nh->sorted[i];
			free(keys);
		} else if (!t->o->baseline_only) {
			r = add_row(t);
			r->pair = nh->sorted[i];
			r->keys = keys;
		} else {
			free(keys);
		}
	}
	hmap_release(&x);
}

/* --- what each pair computes ---------------------------------------------- */

static void compute(struct diff_table *t, struct diff_row *r)
{
	uint64_t old = r->base ? r->base->period : 0, new = r->pair->period;

	r->delta = (t->new_total ? new * 100.0 / t->new_total : 0) -
		   (t->base_total ? old * 100.0 / t->base_total : 0);
	r->ratio = (double)new / (double)(old ? old : 1);
	r->wdiff = (int64_t)new * t->o->w2 - (int64_t)old * t->o->w1;
}

static int cmp_values(double l, double r)
{
	return l > r ? -1 : l < r;
}

/* Equal otherwise: by the keys, as perf's output sort (names up). */
static int cmp_keys(const struct diff_table *t, const struct diff_row *a, const struct diff_row *b)
{
	const struct hist_entry *x = a->base ? a->base : a->pair, *y = b->base ? b->base : b->pair;

	for (int i = 0; i < t->sort->nr; i++) {
		int c = 0;

		switch (t->sort->keys[i]->id) {
		case SORT_DSO:	/* addresses in no object last */
			if (x->dso && y->dso)
				c = strcmp(x->dso->short_name, y->dso->short_name);
			else if (x->dso || y->dso)
				c = x->dso ? -1 : 1;
			break;
		case SORT_SYM:	/* unresolved addresses last */
			if (x->sym && y->sym)
				c = strcmp(x->sym->name, y->sym->name);
			else if (x->sym || y->sym)
				c = x->sym ? -1 : 1;
			break;
		case SORT_COMM:
			c = strcmp(x->comm, y->comm);
			break;
		default:
			break;
		}
		if (c)
			return c;
	}
	return strcmp(a->keys, b->keys);
}

/*
 * perf's order: rows with a pair by the computed value, high first (delta
 * and wdiff signed, delta-abs by size; ratio and wdiff put the rows the
 * baseline lacks below, having no value), then the rows without a pair.
 */
static int cmp_rows(const void *pa, const void *pb, void *ctx)
{
	const struct diff_table *t = ctx;
	const struct diff_row *a = pa, *b = pb;
	int c = 0;

	if (!a->pair != !b->pair)
		return a->pair ? -1 : 1;
	if (a->pair) {
		bool valued = t->o->compute == DIFF_DELTA || t->o->compute == DIFF_DELTA_ABS;

		if (!valued && !a->base != !b->base)
			return a->base ? -1 : 1;
		/* among those, as perf: their values as if the baseline had 1 */
		switch (t->o->compute) {
		case DIFF_DELTA_ABS: c = cmp_values(fabs(a->delta), fabs(b->delta)); break;
		case DIFF_DELTA: c = cmp_values(a->delta, b->delta); break;
		case DIFF_RATIO: c = cmp_values(a->ratio, b->ratio); break;
		case DIFF_WDIFF: c = a->wdiff > b->wdiff ? -1 : a->wdiff < b->wdiff; break;
		}
	}
	if (!c) {	/* then perf's Baseline column: the larger share first */
		uint64_t x = a->base ? a->base->period : 0, y = b->base ? b->base->period : 0;

		c = x > y ? -1 : x < y;
	}
	return c ? c : cmp_keys(t, a, b);
}

/* --- the table ------------------------------------------------------------ */

static void titles(const struct diff_table *t, const struct hists *h,
		   const struct hist_print_opts *po, const struct hist_columns *cols, FILE *out)
{
	struct strbuf keys = STRBUF_INIT, dots = STRBUF_INIT, tl = STRBUF_INIT, dl = STRBUF_INIT;
	int w = compute_col[t->o->compute].width;

	hist_print__titles(h, po, cols, &keys, &dots);
	strbuf_addstr(&tl, "# Baseline");
	strbuf_addstr(&dl, "# ........");
	if (t->o->period) {
		strbuf_addf(&tl, "  %*s", PERIOD_WIDTH, "Base period");
		strbuf_addstr(&dl, "  ");
		strbuf_addchars(&dl, '.', PERIOD_WIDTH);
	}
	strbuf_addf(&tl, "  %*s", w, compute_col[t->o->compute].name);
	strbuf_addstr(&dl, "  ");
	strbuf_addchars(&dl, '.', (size_t)w);
	if (t->o->formula) {	/* perf's order: the formula, then the period */
		strbuf_addf(&tl, "  %*s", FORMULA_WIDTH, "Formula");
		strbuf_addstr(&dl, "  ");
		strbuf_addchars(&dl, '.', FORMULA_WIDTH);
	}
	if (t->o->period) {
		strbuf_addf(&tl, "  %*s", PERIOD_WIDTH, "Period");
		strbuf_addstr(&dl, "  ");
		strbuf_addchars(&dl, '.', PERIOD_WIDTH);
	}
	/* the keys' titles without their "# " */
	fprintf(out, "%s  %s\n%s  %s\n#\n", tl.buf, keys.buf + 2, dl.buf, dots.buf + 2);
	strbuf_release(&keys);
	strbuf_release(&dots);
	strbuf_release(&tl);
	strbuf_release(&dl);
}

static void formula(const struct diff_table *t, const struct diff_row *r, struct strbuf *sb)
{
	uint64_t old = r->base ? r->base->period : 0, new = r->pair->period;

	if (t->o->compute == DIFF_RATIO)
		strbuf_addf(sb, "%.0F / %.0F", (double)new, (double)old);
	else if (t->o->compute == DIFF_WDIFF)
		strbuf_addf(sb, "(%" PRIu64 " * %" PRId64 ") - (%" PRIu64 " * %" PRId64 ")", new,
			    t->o->w2, old, t->o->w1);
	else
		strbuf_addf(sb, "(%" PRIu64 " * 100 / %" PRIu64 ") - (%" PRIu64 " * 100 / %" PRIu64
			    ")", new, t->new_total, old, t->base_total);
}

static void value(const struct diff_table *t, const struct diff_row *r, struct strbuf *sb)
{
	if (!r->pair)
		return;
	if (!r->base && (t->o->compute == DIFF_RATIO || t->o->compute == DIFF_WDIFF))
		strbuf_addstr(sb, "N/A");
	else if (t->o->compute == DIFF_RATIO)
		strbuf_addf(sb, "%.6F", r->ratio);
	else if (t->o->compute == DIFF_WDIFF)
		strbuf_addf(sb, "%" PRId64, r->wdiff);
	else
		strbuf_addf(sb, "%+4.2F%%", r->delta);
}

static void print_row(const struct diff_table *t, const struct diff_row *r, FILE *out)
{
	struct strbuf v = STRBUF_INIT;

	if (r->base)
		fprintf(out, "  %7.2f%%", t->shown_base_total ?
			r->base->period * 100.0 / t->shown_base_total : 0.0);
	else
		fprintf(out, "  %8s", "");
	if (t->o->period)
		fprintf(out, "  %*" PRIu64, PERIOD_WIDTH, r->base ? r->base->period : 0);
	value(t, r, &v);
	fprintf(out, "  %*s", compute_col[t->o->compute].width, v.buf);
	if (t->o->formula) {
		strbuf_reset(&v);
		if (r->pair)
			formula(t, r, &v);
		fprintf(out, "  %*s", FORMULA_WIDTH, v.buf);
	}
	if (t->o->period && r->pair)
		fprintf(out, "  %*" PRIu64, PERIOD_WIDTH, r->pair->period);
	else if (t->o->period)
		fprintf(out, "  %*s", PERIOD_WIDTH, "");
	fprintf(out, "%s\n", r->keys);
	strbuf_release(&v);
}

static void merge_widths(struct hist_columns *into, const struct hist_columns *from)
{
	for (int i = 0; i < SORT_NR_KEYS; i++) {
		if (from->width[i] > into->width[i])
			into->width[i] = from->width[i];
		if (from->value_width[i] > into->value_width[i])
			into->value_width[i] = from->value_width[i];
	}
}

/*
 * perf sizes the key columns on the rows it prints: the baseline's
 * entries and the new file's unpaired ones, or with -b those kept. The
 * rows' key text is made again at those widths.
 */
static void shown_widths(struct diff_table *t, struct hists *bh, const struct hists *nh,
			 const struct hist_print_opts *po, struct hist_columns *cols)
{
	struct hist_entry **sorted = bh->sorted, **shown = must_calloc(t->nr + 1, sizeof(*shown));
	size_t nr_sorted = bh->nr_sorted;

	for (size_t i = 0; i < t->nr; i++)
		shown[i] = (struct hist_entry *)(t->row[i].base ? t->row[i].base : t->row[i].pair);
	bh->sorted = shown;
	bh->nr_sorted = t->nr;
	hist_print__widths(bh, po, cols);
	bh->sorted = sorted;
	bh->nr_sorted = nr_sorted;
	free(shown);
	for (size_t i = 0; i < t->nr; i++) {
		struct diff_row *r = &t->row[i];

		free(r->keys);
		r->keys = key_text(r->base ? bh : nh, po, cols, r->base ? r->base : r->pair);
	}
}

static void diff_event(struct report *base, size_t bi, struct report *new, size_t ni,
		       const struct diff_opts *o, FILE *out)
{
	struct hists *bh = base->hists[bi], *nh = new->hists[ni];
	struct diff_table t = { .o = o, .sort = bh->sort };
	struct hist_print_opts po;
	struct hist_columns cols, ncols;

	report__print_opts(base, &po, false);
	po.quiet = true;
	bh->relative = base->o->relative;	/* --percentage */
	nh->relative = new->o->relative;
	hists__output_resort(bh);
	hists__output_resort(nh);
	hist_print__widths(bh, &po, &cols);
	hist_print__widths(nh, &po, &ncols);
	merge_widths(&cols, &ncols);
	t.base_total = bh->total_period;
	t.new_total = nh->total_period;
	pair_entries(&t, bh, nh, &po, &cols);
	for (size_t i = 0; i < t.nr; i++) {
		if (t.row[i].pair)
			compute(&t, &t.row[i]);
		if (!o->baseline_only || t.row[i].pair)
			t.shown_base_total += t.row[i].base ? t.row[i].base->period : 0;
	}
	if (o->baseline_only) {	/* perf shares what is left among the rows kept */
		size_t k = 0;

		for (size_t i = 0; i < t.nr; i++) {
			if (t.row[i].pair)
				t.row[k++] = t.row[i];
			else
				free(t.row[i].keys);
		}
		t.nr = k;
	} else {
		t.shown_base_total = t.base_total;
	}
	shown_widths(&t, bh, nh, &po, &cols);
	qsort_r(t.row, t.nr, sizeof(*t.row), cmp_rows, &t);
	fprintf(out, "# Event '%s'\n#\n", base->pd.evsels[bi]->name);
	titles(&t, bh, &po, &cols, out);
	for (size_t i = 0; i < t.nr; i++)
		print_row(&t, &t.row[i], out);
	for (size_t i = 0; i < t.nr; i++)
		free(t.row[i].keys);
	free(t.row);
}

/* perf's pairing: the same type and config, whatever the names say
 * (perf's cpu-clock:pppH and perf-mini's cpu-clock are one event) */
static bool same_event(const struct pd_evsel *a, const struct pd_evsel *b)
{
	return a->attr.type == b->attr.type && a->attr.config == b->attr.config;
}

static bool has_samples(const struct report *r, size_t i)
{
	return r->hists[i] && r->hists[i]->nr_samples;
}

int diff__fprintf(struct report *base, struct report *new, const struct diff_opts *o,
		  FILE *out)
{
	int pairs = 0;

	for (size_t i = 0; i < base->nr_hists; i++) {
		if (!has_samples(base, i))
			continue;
		for (size_t j = 0; j < new->nr_hists; j++) {
			if (!has_samples(new, j) || !same_event(base->pd.evsels[i],
								new->pd.evsels[j]))
				continue;
			if (pairs++)
				fputc('\n', out);
			diff_event(base, i, new, j, o, out);
			break;
		}
	}
	return pairs;
}

static void sampled_names(const struct report *r, struct strbuf *out)
{
	for (size_t i = 0; i < r->nr_hists; i++)
		if (has_samples(r, i))
			strbuf_addf(out, "%s%s", out->len ? ", " : "", r->pd.evsels[i]->name);
}

void diff__explain_no_pair(const struct report *base, const struct report *new,
			   struct strbuf *err)
{
	struct strbuf b = STRBUF_INIT, n = STRBUF_INIT;

	sampled_names(base, &b);
	sampled_names(new, &n);
	if (!b.len || !n.len)
		strbuf_addf(err, "nothing to compare: %s has no samples",
			    !b.len ? base->pd.path : new->pd.path);
	else
		strbuf_addf(err, "nothing to compare: no event of %s (%s) is in %s (%s)\nhint: "
			    "events pair by type and config, as in perf diff: record both "
			    "files with the same -e", base->pd.path, b.buf, new->pd.path, n.buf);
	strbuf_release(&b);
	strbuf_release(&n);
}
