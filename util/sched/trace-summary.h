/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_SUMMARY_H
#define PM_TRACE_SUMMARY_H

/*
 * perf trace -s of a recording of raw_syscalls (trace record): per
 * thread, its system calls with how often each was made and failed and
 * how long it took (total, min, mean, max, the mean's relative standard
 * error), as perf 6.1 pairs, counts and orders them.
 */
#include <stdbool.h>

#include "../base/strbuf.h"

struct trace_summary_opts {
	const char *pids, *tids;	/* -p (threads of these ids and pids), --tid */
	bool errno_summary;		/* --errno-summary: each failure's errno */
	bool sched;			/* --sched: perf's runtime, 0 from a file */
	const char *tracefs;		/* where the syscalls' tracepoints are */
};

int trace_summary(const char *input, const struct trace_summary_opts *o, struct strbuf *out,
		  struct strbuf *err);

#endif
