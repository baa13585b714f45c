/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_TOP_H
#define PM_CMD_TOP_H

/* perf-mini top's options, shared by its setup (top.c) and its display
 * (top-display.c). */
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../util/report/top.h"

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

/* The recorder started (cmd/top-record.c): the pipe's read end, or -1
 * with @err; *@child its pid. */
int top_start_recorder(struct top_opts *o, struct pm_env *env, pid_t *child,
		       struct strbuf *err);

/* The header's "(all, 2 CPUs)" part, as perf words it. */
void top_describe_target(const struct top_opts *o, struct pm_env *env, char *buf, size_t size);

/* Refresh and show until the user quits (q, ^C, SIGTERM): the browser on
 * a terminal, else perf top --stdio's screens. 0, or -ENOMEM. */
int top_display(struct top *t, struct top_opts *o);

#endif
