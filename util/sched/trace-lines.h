/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_LINES_H
#define PM_TRACE_LINES_H

/*
 * perf trace -i of a raw_syscalls recording: a line per system call, as
 * perf 6.1 prints it — when it began (ms from the first event), how long
 * it took, the thread, the call with its arguments by name and the
 * result (errno names, pointers, pids with their command). A call another
 * event interrupted prints its start with "...", and its end as
 * "... [continued]". Live, the other tracepoints it was given are lines
 * too, their fields by name.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"

struct trace_lines_opts {
	const char *pids, *tids;	/* -p, --tid */
	const char *tracefs;		/* this machine's, for the calls' formats */
	bool failure_only;		/* --failure */
	bool full_time;			/* -T: timestamps not from the first event */
	bool no_comm;			/* --no-comm */
	bool one_thread;		/* live on one thread: no comm, no tid (perf's) */
	bool stream;			/* input "-": printed as it comes (trace live) */
	unsigned long max_events;	/* live: lines printed before enough(); 0 all */
	void (*enough)(void *ctx);	/* the recorder is to stop: the rest is not shown */
	void *enough_ctx;
	double min_duration_ms;		/* --duration; 0: every call */
	bool tracepoints;		/* the other tracepoints' lines too (trace -e sched:...) */
	bool no_syscalls;		/* none traced: their lines have no duration column */
	bool tracepoints_only;		/* -s: the calls are in the summary alone */
	bool libtraceevent_print;	/* tracepoints by their print format */
	const char *switch_on, *switch_off;	/* events (by name) that turn lines on, off */
	bool show_on_off;		/* and their own lines shown */
	bool print_sample;		/* --print-sample: a line for each sample first */
	bool tool_stats;		/* --tool_stats: perf's Stats: after the lines */
	bool callchains;		/* --call-graph: each call's chain under it */
	bool kernel_syscall_graph;	/* the calls' kernel frames too */
	int max_stack, min_stack;	/* its frames: at most, at least (0 or less: any) */
};

/* The lines to @out; 0, or -1 with the cause in @err. */
int trace_lines(const char *input, const struct trace_lines_opts *o, FILE *out,
		struct strbuf *err);

#endif
