/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HIST_PRINT_H
#define PM_HIST_PRINT_H

/*
 * report --stdio tables in Linux perf's layout: a "# Overhead  Command ..."
 * title row, a dotted row, then one row per entry, each column as wide as
 * its widest cell (with perf's minimums) and two spaces apart.
 */
#include <stdbool.h>
#include <stdio.h>

#include "hist.h"

struct hist_print_opts {
	double percent_limit;	/* --percent-limit */
	const char *field_sep;	/* -t/--field-separator; NULL: columns */
	bool quiet;		/* -q: the entries without the column titles */
	bool color;		/* --stdio-color: perf's colored percentages */
	bool hierarchy;		/* --hierarchy */
	/* perf widens a DSO column to an address's 16 digits where a symbol
	 * is unresolved, but not with -t or --dsos */
	bool unresolved_dso_width;
	const char *symbol_filter;	/* --symbol-filter: only symbols containing it */
	/* --column-widths: perf's widths by position in the columns (overhead
	 * first), 0 or empty for a measured one; sort keys' cells cut to them */
	const char *col_widths;
	size_t width_rows;	/* columns sized on this many first entries (top's), 0: all */
	bool elide[SORT_NR_KEYS];	/* columns a one-value filter makes constant */
};

void hists__fprintf(struct hists *h, const struct hist_print_opts *o, FILE *out);

/*
 * --hierarchy (hist-hierarchy.c): the entries as a tree, a level per sort
 * key, each node's values the sum of its entries', the levels indented.
 */
void hists__fprintf_hierarchy(struct hists *h, const struct hist_print_opts *o, FILE *out);

/* For hist-hierarchy.c: perf's column widths over the entries shown, an
 * hpp column's title, and its cell (a value per group member). */
struct hist_columns {
	int width[SORT_NR_KEYS];
	int value_width[SORT_NR_KEYS];	/* an hpp value's, per group member */
	bool fixed[SORT_NR_KEYS];	/* --column-widths set it: titles cut to it */
};

void hist_print__widths(const struct hists *h, const struct hist_print_opts *o,
			struct hist_columns *c);
const char *hist_print__header(const struct hists *h, const struct sort_key *k);
void hist_print__chain(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_entry *he, struct strbuf *line);
/* For a browser (util/ui): the title and dotted rows, an entry's row
 * (no newline), whether --percent-limit and --symbol-filter show it. */
void hist_print__titles(const struct hists *h, const struct hist_print_opts *o,
			const struct hist_columns *c, struct strbuf *titles, struct strbuf *dots);
void hist_print__entry(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_columns *c, const struct hist_entry *he,
		       struct strbuf *line);
bool hist_print__shown(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_entry *he);
void hist_print__value(const struct hists *h, const struct hist_print_opts *o,
		       const struct hist_columns *c, enum sort_key_id id, const struct hist_entry *he,
		       struct strbuf *sb);

#endif
