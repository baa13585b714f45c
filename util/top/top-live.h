/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TOP_LIVE_H
#define PM_TOP_LIVE_H

/*
 * perf top's run: what is recorded goes to a record child writing a pipe
 * stream (top-record.c), util/report/top reads it, and it is shown
 * (top-display.c) until the user quits. The options are set by cmd/top.c.
 */
#include <stdbool.h>

#include "../report/report.h"

#define TOP_MAX_EVENTS 16

struct top_opts {
	struct report_opts ro;		/* what is shown, as report's */
	/* what is recorded, passed on to record */
	const char *events[TOP_MAX_EVENTS];
	int nr_events;
	const char *pid, *tid, *uid, *cpu_list;
	const char *freq, *count, *mmap_pages, *realtime, *branch_filter;
	char *record_mode, *record_size;	/* --call-graph's first parts */
	char record_spec[64];
	const char *cgroup;
	bool all_cpus, fp_callchain, branch_any, no_inherit;
	bool all_cgroups, namespaces, no_bpf_event, group;
	int verbose;
	int synth_threads, proc_map_timeout;	/* perf's tuning: accepted */
	/* the display */
	int delay_s;			/* -d */
	int entries;			/* -E, 0: as many as the terminal holds */
	bool zero, hide_kernel, hide_user;	/* -z, -K, -U */
	char target[160];		/* the header's "(all, 2 CPUs)" part */
};

struct pm_env;
struct strbuf;

/*
 * The recorder's body, run in a child whose stdout is the pipe top reads:
 * record with @argv (top's options for what is recorded, as "record -o -"
 * takes them). It ends the child with exit(), so that the child's stdio
 * is flushed and its atexit handlers run: it never returns.
 */
typedef void top_recorder_fn(int argc, const char **argv, struct pm_env *env);

/*
 * The recorder started with @record, its stream read and shown until the
 * user quits (q, ^C, SIGTERM), the recorder stopped. 0; -ESRCH when the
 * recorder stopped first (it said why on stderr; *@rec_status is its wait
 * status); or another negative errno with @err.
 */
int top_live(struct top_opts *o, struct pm_env *env, top_recorder_fn *record, int *rec_status,
	     struct strbuf *err);

#endif
