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
	/* live or a command: the total counts the kernel's other records
	 * after the synthesized ones (MMAP2, COMM, EXIT), as perf's live
	 * loop counts all it reads from the rings */
	bool ring_totals;
};

int trace_summary(const char *input, const struct trace_summary_opts *o, struct strbuf *out,
		  struct strbuf *err);

#endif
