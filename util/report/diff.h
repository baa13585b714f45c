/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REPORT_DIFF_H
#define PM_REPORT_DIFF_H
/*
 * perf diff's table: two reports' histograms (the baseline's and a newer
 * one's, same sort keys, no callchains) paired entry by entry on their
 * keys' text, each pair's change computed (perf's delta, delta-abs, ratio
 * or wdiff), the rows ordered by it, in perf diff --stdio's layout.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"

struct report;

enum diff_compute { DIFF_DELTA_ABS, DIFF_DELTA, DIFF_RATIO, DIFF_WDIFF };

struct diff_opts {
	enum diff_compute compute;
	int64_t w1, w2;		/* wdiff's weights */
	bool period;		/* -p: Base period and Period columns */
	bool formula;		/* -F: how each value was computed */
	bool baseline_only;	/* -b: only entries both files have */
};

/* -c's argument into @o; -EINVAL with the cause in @err. */
int diff__parse_compute(const char *arg, struct diff_opts *o, struct strbuf *err);

/* The table of each event of @base that @new has too (the same type and
 * config, as perf pairs them); returns how many were printed. */
int diff__fprintf(struct report *base, struct report *new, const struct diff_opts *o,
		  FILE *out);

/* Why diff__fprintf() paired no event of the two files, into @err. */
void diff__explain_no_pair(const struct report *base, const struct report *new,
			   struct strbuf *err);

#endif
