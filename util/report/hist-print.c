// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/two-threads.h"
#include "../base/util.h"
#include "hist-print.h"
#include "percent-color.h"

const char *hist_print__header(const struct hists *h, const struct sort_key *k)
{
	return k->id == SORT_OVERHEAD && h->self_header ? "Self" : k->header;
}

/* How many values an hpp column shows: one per group member, as perf. */
static int value_copies(const struct hists *h, enum sort_key_id id)
{
	(void)id;
	return h->nr_members;
}

static bool symbol_shown(const struct hist_print_opts *o, const struct hist_entry *he)
{
	return !o->symbol_filter || (he->sym && strstr(he->sym->name, o->symbol_filter));
}

bool hist_print__shown(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_entry *he)
{
	uint64_t total = h->member_total ? h->member_total[0] : h->total_period;
	uint64_t v = h->cumulate ? he->period_acc : he->period;
	double pct = total ? 100.0 * v / total : 0;

	/* --symbol-filter hides, as perf's output filter: totals stay */
	if (!symbol_shown(o, he))
		return false;
	return !o->percent_limit || pct >= o->percent_limit;
}

static void at_least(int *w, size_t len)
{
	if ((int)len > *w)
		*w = len;
}

/* The keys before a lazily computed one in the sort order. */
struct prior_keys {
	const struct sort_list *l;
	int nr;
};

static int cmp_prior_keys(const void *a, const void *b, void *ctx)
{
	const struct prior_keys *p = ctx;
	const struct hist_entry *x = *(struct hist_entry *const *)a;
	const struct hist_entry *y = *(struct hist_entry *const *)b;

	for (int i = 0; i < p->nr; i++) {
		int64_t c = sort_key__collapse(p->l, p->l->keys[i], x, y);

		if (c)
			return c < 0 ? -1 : 1;
	}
	return 0;
}

static const char *lazy_key_text(enum sort_key_id id, const struct hist_entry *he)
{
	return id == SORT_SRCFILE ? he->rare->srcfile : he->rare->trace_output;
}

/*
 * perf finds an entry's source file or trace output when it first
 * compares two entries by it (or prints it), and sizes the column before
 * printing: only the texts it compared count. It compares by the key
 * when the keys before it tie: a sample added to an entry, a caller's
 * entry checked against the sample's others (texts_compared), or an entry
 * beside another that ties on every key before it (every entry, when it
 * is the first key and there are two or more).
 */
static void lazy_key_width(const struct hists *h, enum sort_key_id id, struct hist_columns *c)
{
	struct prior_keys p = { h->sort, 0 };
	struct hist_entry **v;
	size_t n = h->nr_sorted;

	while (p.nr < p.l->nr && p.l->keys[p.nr]->id != id)
		p.nr++;
	if (p.nr == p.l->nr || !n || !(v = malloc(n * sizeof(*v))))
		return;
	memcpy(v, h->sorted, n * sizeof(*v));
	qsort_r(v, n, sizeof(*v), cmp_prior_keys, &p);
	for (size_t i = 0; i < n; i++) {
		bool compared = v[i]->texts_compared & (id == SORT_SRCFILE ? COMPARED_SRCFILE :
									COMPARED_TRACE) ||
				(i > 0 && !cmp_prior_keys(&v[i - 1], &v[i], &p)) ||
				(i + 1 < n && !cmp_prior_keys(&v[i], &v[i + 1], &p));
		const char *text = lazy_key_text(id, v[i]);

		if (compared && text)
			at_least(&c->width[id], strlen(text));
	}
	free(v);
}

/*
 * Entries lie where their samples made them, and are visited in sorted
 * order: on big histograms (--mem-mode makes one per sample) each visit
 * waited on memory. Fetch the entries a few ahead, then their parts.
 */
static void prefetch_ahead(const struct hists *h, size_t i)
{
	enum { ENTRY_AHEAD = 16, PARTS_AHEAD = 8 };

	if (i + ENTRY_AHEAD < h->nr_sorted) {
		const char *he = (const char *)h->sorted[i + ENTRY_AHEAD];

		__builtin_prefetch(he);
		__builtin_prefetch(he + 64);
	}
	if (i + PARTS_AHEAD < h->nr_sorted) {
		const struct hist_entry *he = h->sorted[i + PARTS_AHEAD];

		__builtin_prefetch(he->mem);
		__builtin_prefetch(he->rare);
		__builtin_prefetch(he->sym);
	}
}

struct widths_job {
	const struct hists *h;
	const struct hist_print_opts *o;
	struct hist_columns part[2];
	size_t comm_len[2];
	const struct sort_key *sized[2 * MAX_SORT_KEYS];
	int nr_sized;
};

/* perf's hists__calc_col_len() over the entries [@from, @to) */
static void widths_part(size_t from, size_t to, int part, void *ctx)
{
	struct widths_job *j = ctx;
	const struct hists *h = j->h;
	const struct hist_print_opts *o = j->o;
	struct hist_columns *c = &j->part[part];

	for (size_t i = from; i < to; i++) {
		const struct hist_entry *he = h->sorted[i];

		prefetch_ahead(h, i);
		if (!symbol_shown(o, he))	/* perf's filtered entries are gone */
			continue;
		if (strlen(he->thread->comm) > j->comm_len[part])
			j->comm_len[part] = strlen(he->thread->comm);
		/* perf sizes columns on every entry, --percent-limit or not */
		for (int k = 0; k < j->nr_sized; k++)
			j->sized[k]->width(j->sized[k], he, o->unresolved_dso_width,
					   &c->width[j->sized[k]->id]);
	}
}

/* The keys whose columns entries widen: those sorted by or printed. */
static void keys_sized(struct widths_job *j)
{
	const struct sort_list *lists[2] = { j->h->sort, j->h->fields };

	for (int l = 0; l < 2; l++)
		for (int i = 0; i < lists[l]->nr; i++) {
			const struct sort_key *k = lists[l]->keys[i];
			bool dup = false;

			for (int s = 0; s < j->nr_sized; s++)
				dup |= j->sized[s] == k;
			if (k->width && !dup)
				j->sized[j->nr_sized++] = k;
		}
}

/*
 * perf's perf_hpp__set_user_width(): a width a position, strtol's, the
 * list ending at the first number not followed by a comma. An hpp column
 * prints its values in it (titles keep their length); a sort key's column
 * is that wide, title included.
 */
static void user_widths(const struct hists *h, const char *list, struct hist_columns *c)
{
	const char *p = list;

	for (int i = 0; p && i < h->fields->nr; i++) {
		const struct sort_key *k = h->fields->keys[i];
		char *end;
		long len = strtol(p, &end, 10);

		if (len > 0 && len < 4096) {
			size_t header = strlen(hist_print__header(h, k));

			c->fixed[k->id] = !k->hpp;
			c->width[k->id] = len;
			if (k->hpp) {	/* perf's hpp__width_fn() */
				if (value_copies(h, k->id) > 1)	/* a group's */
					at_least(&c->width[k->id], c->value_width[k->id] *
								       value_copies(h, k->id));
				at_least(&c->width[k->id], header);
				c->value_width[k->id] = len;
			}
		}
		p = *end == ',' ? end + 1 : NULL;
	}
}

/* The widths of the entries printed: a memory report's millions are
 * measured in two halves at once. */
void hist_print__widths(const struct hists *h, const struct hist_print_opts *o,
			struct hist_columns *c)
{
	struct widths_job j = { .h = h, .o = o };
	size_t n = h->nr_sorted, comm_len;

	if (o->width_rows && o->width_rows < n)
		n = o->width_rows;
	keys_sized(&j);
	two_threads__split(n, widths_part, &j);
	for (int i = 0; i < SORT_NR_KEYS; i++)
		c->width[i] = j.part[0].width[i] > j.part[1].width[i] ?
				      j.part[0].width[i] : j.part[1].width[i];
	comm_len = j.comm_len[0] > j.comm_len[1] ? j.comm_len[0] : j.comm_len[1];
	lazy_key_width(h, SORT_SRCFILE, c);
	lazy_key_width(h, SORT_TRACE, c);
	/* perf widens Pid:Command with the Command column, header included */
	at_least(&c->width[SORT_PID], (comm_len > 7 ? comm_len : 7) + 8);
	for (int i = 0; i < h->fields->nr; i++) {
		const struct sort_key *k = h->fields->keys[i];
		size_t header = strlen(hist_print__header(h, k));

		if (k->hpp) {	/* perf's hpp__width_fn() */
			c->value_width[k->id] = header > k->min_width ? header : k->min_width;
			at_least(&c->width[k->id], c->value_width[k->id] * value_copies(h, k->id));
		}
		at_least(&c->width[k->id], k->min_width);
		if (k->id == SORT_TIME && h->fields->time_ns)
			at_least(&c->width[k->id], 16);
		at_least(&c->width[k->id], header);
	}
	memset(c->fixed, 0, sizeof(c->fixed));
	if (o->col_widths && !o->field_sep)
		user_widths(h, o->col_widths, c);
}

void hist_print__titles(const struct hists *h, const struct hist_print_opts *o,
			const struct hist_columns *c, struct strbuf *t, struct strbuf *d)
{
	for (int i = 0; i < h->fields->nr; i++) {
		const struct sort_key *k = h->fields->keys[i];
		int w = c->width[k->id];

		if (!k->hpp && o->elide[k->id])
			continue;
		strbuf_addstr(t, !t->len ? "# " : o->field_sep ?: "  ");
		strbuf_addstr(d, d->len ? "  " : "# ");
		if (c->fixed[k->id])	/* perf's __sort__hpp_header() */
			strbuf_addf(t, "%-*.*s", w, w, hist_print__header(h, k));
		else if (k->hpp || k->right_align)
			strbuf_addf(t, "%*s", w, hist_print__header(h, k));
		else
			strbuf_addf(t, "%-*s", w, hist_print__header(h, k));
		strbuf_addchars(d, '.', w);
	}
}

static void print_titles(const struct hists *h, const struct hist_print_opts *o,
			 const struct hist_columns *c, FILE *out)
{
	struct strbuf t = STRBUF_INIT, d = STRBUF_INIT;

	hist_print__titles(h, o, c, &t, &d);
	if (o->field_sep)	/* as perf: the titles alone */
		fprintf(out, "%s\n", t.buf);
	else
		fprintf(out, "%s\n%s\n#\n", t.buf, d.buf);
	strbuf_release(&t);
	strbuf_release(&d);
}

static void add_percent(struct strbuf *sb, uint64_t v, uint64_t total, int width, bool colors)
{
	double pct = total ? 100.0 * v / total : 0.0;
	const char *color = colors ? percent_color(pct) : NULL;

	if (color)
		strbuf_addstr(sb, color);
	if (width) {	/* perf's " %*.2f%%": the space even where the value overflows */
		strbuf_addch(sb, ' ');
		strbuf_addfixed2(sb, pct, width > 2 ? width - 2 : 0);
	} else {	/* -t's: the space added before */
		strbuf_addfixed2(sb, pct, 0);
	}
	strbuf_addch(sb, '%');
	if (color)
		strbuf_addstr(sb, PERCENT_COLOR_RESET);
}

/* An hpp column's cell: perf's hpp__fmt(), a value per group member;
 * with -t each is " VALUE", the column padded after them. */
void hist_print__value(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_columns *c, enum sort_key_id id, const struct hist_entry *he,
		       struct strbuf *sb)
{
	int w = o->field_sep ? 0 : c->value_width[id];
	size_t start = sb->len;

	if (id == SORT_OVERHEAD_CHILDREN && !h->cumulate) {
		/* nothing accumulated: perf's hpp__fmt_acc() says so once */
		strbuf_addf(sb, "%*s", w, "N/A");
		strbuf_addchars(sb, ' ', c->width[id] - w);
		return;
	}
	for (int m = 0; m < value_copies(h, id); m++) {
		uint64_t total = h->member_total ? h->member_total[m] : h->total_period;
		uint64_t v = hist_entry__value(h, he, id, m);

		if (o->field_sep)
			strbuf_addch(sb, ' ');
		if ((id == SORT_SAMPLE || id == SORT_PERIOD) && w) {	/* " %*lu" */
			strbuf_addch(sb, ' ');
			strbuf_adduint(sb, v, w > 1 ? w - 1 : 0);
		} else if (id == SORT_SAMPLE || id == SORT_PERIOD)
			strbuf_adduint(sb, v, w);
		else
			add_percent(sb, v, total, w, o->color);
	}
	if (sb->len - start < (size_t)c->width[id])
		strbuf_addchars(sb, ' ', c->width[id] - (sb->len - start));
}

/* perf's repsep_snprintf(): the separator's first character cannot be in a cell. */
static void replace_sep(struct strbuf *sb, size_t start, const char *sep)
{
	for (size_t i = start; sep && i < sb->len; i++)
		if (sb->buf[i] == sep[0])
			sb->buf[i] = '.';
}

/* An entry's callchains as -g asks, after its line. */
void hist_print__chain(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_entry *he, struct strbuf *line)
{
	/* perf's callchain percentages are of all samples, --percentage
	 * relative or not; its threshold is of those shown */
	struct cc_view v = {
		.total = h->all_total_period,
		.parent = h->cumulate ? he->period_acc : he->period,
		.min_hit = h->total_period * h->chain_min_percent / 100,
		.sep = o->field_sep,
		.value = h->chain_value,
		.print_limit = h->chain_print_limit,
		.skip_first = h->chain_skip_first,
		.fractal = h->chain_fractal,
		.color = o->color,
	};

	if (h->use_callchain && h->chain_mode == CHAIN_GRAPH)
		cc_print_graph(he->chain, &v, line);
	else if (h->use_callchain && h->chain_mode == CHAIN_FLAT)
		cc_print_flat(he->chain, &v, line);
	else if (h->use_callchain && h->chain_mode != CHAIN_NONE)
		cc_print_folded(he->chain, &v, line);
}

void hist_print__entry(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_columns *c, const struct hist_entry *he,
		       struct strbuf *line)
{
	size_t row_start = line->len;	/* rows may follow others in @line */

	for (int i = 0; i < h->fields->nr; i++) {
		const struct sort_key *k = h->fields->keys[i];
		bool last = i == h->fields->nr - 1;
		size_t start;

		if (!k->hpp && o->elide[k->id])
			continue;

		if (!o->field_sep)
			strbuf_addstr(line, "  ");
		else if (line->len > row_start)
			strbuf_addstr(line, o->field_sep);
		start = line->len;
		if (k->hpp) {
			hist_print__value(h, o, c, k->id, he, line);
			continue;
		}
		sort_key__cell(h->fields, k, he, c->width[k->id], line);
		/* perf's ragged cells are padded after its separator check,
		 * the others within it */
		if (k->ragged)
			replace_sep(line, start, o->field_sep);
		/* perf pads every column but the last, which pads itself or not */
		if (!(last && k->ragged) &&
		    line->len - start < (size_t)c->width[k->id])
			strbuf_addchars(line, ' ', c->width[k->id] - (line->len - start));
		if (!k->ragged)
			replace_sep(line, start, o->field_sep);
	}
}

static void print_entry(const struct hists *h, const struct hist_print_opts *o,
			const struct hist_columns *c, const struct hist_entry *he,
			struct strbuf *line, FILE *out)
{
	strbuf_reset(line);
	hist_print__entry(h, o, c, he, line);
	strbuf_addch(line, '\n');
	hist_print__chain(h, o, he, line);
	fputs(line->buf, out);
}

/*
 * A memory report makes a row of nearly every sample: millions of rows,
 * each waiting on its entry's memory. Two threads make them, in blocks,
 * where a row depends on no other row: not with callchains (whose
 * printing is not checked for that) nor perf's mispredict column (which
 * repeats the row before) nor the IPC one (worked out when first
 * printed).
 */
#define ROWS_PER_BLOCK 256

struct rows {
	const struct hists *h;
	const struct hist_print_opts *o;
	const struct hist_columns *c;
};

static bool rows_made_apart(const struct hists *h)
{
	if (h->nr_sorted < 2 * ROWS_PER_BLOCK || h->use_callchain)
		return false;
	for (int i = 0; i < h->fields->nr; i++) {
		enum sort_key_id id = h->fields->keys[i]->id;

		if (id == SORT_MISPREDICT || id == SORT_IPC_LBR)
			return false;
	}
	return true;
}

static void make_rows(size_t block, struct strbuf *text, void *ctx)
{
	const struct rows *r = ctx;
	size_t end = (block + 1) * ROWS_PER_BLOCK;

	if (end > r->h->nr_sorted)
		end = r->h->nr_sorted;
	for (size_t i = block * ROWS_PER_BLOCK; i < end; i++) {
		const struct hist_entry *he = r->h->sorted[i];

		prefetch_ahead(r->h, i);
		if (!hist_print__shown(r->h, r->o, he))
			continue;
		hist_print__entry(r->h, r->o, r->c, he, text);
		strbuf_addch(text, '\n');
	}
}

void hists__fprintf(struct hists *h, const struct hist_print_opts *o, FILE *out)
{
	if (o->hierarchy) {
		hists__fprintf_hierarchy(h, o, out);
		return;
	}
	struct hist_columns c;

	hist_print__widths(h, o, &c);
	if (!o->quiet)
		print_titles(h, o, &c, out);
	if (rows_made_apart(h)) {
		struct rows r = { h, o, &c };

		two_threads__write_in_order((h->nr_sorted + ROWS_PER_BLOCK - 1) / ROWS_PER_BLOCK,
				      make_rows, &r, out);
		return;
	}
	struct strbuf line = STRBUF_INIT;

	for (size_t i = 0; i < h->nr_sorted; i++) {
		prefetch_ahead(h, i);
		if (hist_print__shown(h, o, h->sorted[i]))
			print_entry(h, o, &c, h->sorted[i], &line, out);
	}
	strbuf_release(&line);
}
