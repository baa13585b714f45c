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
	/* perf widens a DSO column to an address's 16 digits where a symbol
	 * is unresolved, but not with -t or --dsos */
	bool unresolved_dso_width;
	const char *symbol_filter;	/* --symbol-filter: only symbols containing it */
	bool elide[SORT_NR_KEYS];	/* columns a one-value filter makes constant */
};

void hists__fprintf(struct hists *h, const struct hist_print_opts *o, FILE *out);

#endif
