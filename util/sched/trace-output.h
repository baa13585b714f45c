/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_OUTPUT_H
#define PM_TRACE_OUTPUT_H

/*
 * What perf trace prints of a recording or a live stream: its lines
 * (trace-lines), its summary per thread (-s, trace-summary), or both
 * (-S), where the command says (perf's stderr) or in -o's file (an old one kept as .old).
 */
#include <stdbool.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "trace-lines.h"
#include "trace-summary.h"

struct trace_output_opts {
	struct trace_summary_opts sum;
	struct trace_lines_opts lines;
	bool summary, with_summary;	/* -s, -S */
	const char *output;		/* -o: NULL for stderr */
};

/* @input ("-": the stream on stdin) printed to -o's file or @out_default
 * (perf's stderr); 0, or -1 with why in @err */
int trace_output(const struct trace_output_opts *t, const char *input, FILE *out_default,
		 struct strbuf *err);

#endif
