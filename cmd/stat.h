/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_STAT_H
#define PM_CMD_STAT_H

/*
 * perf-mini stat's options, shared by its option handling (stat.c) and its
 * measurement (stat-run.c: runs, intervals, output).
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/events/control.h"
#include "../util/events/evlist.h"
#include "../util/events/parse-events.h"
#include "../util/events/target.h"
#include "../util/stat/metricgroup.h"
#include "../util/stat/stat-file.h"
#include "../util/stat/stat.h"

struct stat_opts {
	struct option options[50];
	struct evlist *evlist;
	struct parse_events_ctx pctx;
	struct pmus *pmus;
	struct target target;
	struct target_paths paths;
	bool all_cpus, no_aggr, per_thread, per_core, per_socket, per_die, per_node;
	bool json, null_run, no_inherit, append, topdown;
	int metric_only;	/* -1: not given (--topdown turns it on) */
	int td_level;
	bool big_num, has_workload;
	bool all_user, all_kernel, quiet, summary, interval_clear, table, sync, group;
	bool no_csv_summary;
	bool scale;		/* --no-scale clears it */
	bool no_merge;		/* --no-merge: a line per PMU instance */
	int timeout;		/* ms, 0: none */
	int delay;		/* -D ms; -1: never enabled */
	int log_fd;		/* -1: none */
	bool forever;		/* -r 0 */
	bool metric_no_group, metric_no_merge;	/* -M: how its events are opened */
	const char *pre_cmd, *post_cmd;
	const char *control;	/* --control fd:CTL[,ACK] / fifo:CTL[,ACK] */
	struct control ctl;
	bool timed_out;		/* --timeout ended the workload */
	double *run_walltimes;	/* --table: each run's ns */
	const char *cpu_list, *pid, *tid, *output, *csv_sep, *metrics;
	const char *for_each_cgroup;	/* NAME[,NAME...] or expressions */
	struct metricgroup mg;		/* -M */
	const struct pm_env *env;
	int repeat, interval, verbose, detailed;
	unsigned int interval_count;
	enum aggr_mode aggr_mode;
	struct aggr_map amap;		/* --per-core, --per-socket */
	char cpu_dir[256];		/* sysfs CPU directory, for the topology */

	FILE *out;
	struct stat_data *sd;
	struct stat_running walltime;
	double user_s, sys_s;
	int nr_intervals_shown;
	uint64_t t0;
	int exit_code;

	bool record;			/* stat record: counts also into a perf.data */
	const char *record_path;
	struct stat_writer sw;
	bool sw_open;
	int argc_all;			/* perf-mini's command line, for the file */
	const char **argv_all;
};

/* Count (and print) @o->repeat runs of the command in @argv; the exit status. */
int stat_run(struct stat_opts *o, const char **argv);
/* The signal that ended the measurement (stat ends by it), or 0. */
int stat_stop_signal(const struct stat_opts *o);

int stat_open_output(struct stat_opts *o);
int stat_close_output(struct stat_opts *o);

/* stat-events.c: --topdown, -M, the default and -d events, --group and
 * the TopDown group rule; 0, -EINVAL or -ENOTSUP with @err. */
int stat_add_events(struct stat_opts *o, struct strbuf *err);
/* The cgroup options together (-G, --for-each-cgroup: -a or -C, not
 * both) and the percore term (not with -A): 0 or -EINVAL with @err. */
int stat_check_cgroups(struct stat_opts *o, struct strbuf *err);
int stat_check_percore(struct stat_opts *o, struct strbuf *err);

/* stat-output.c: an interval's counts (-I; @t0 the start), the final
 * table and footer, -v's raw counts on stderr. */
struct stat_display;
void stat_show_interval(struct stat_opts *o, struct stat_display *d, uint64_t t0);
void stat_show_final_counts(struct stat_opts *o, struct stat_display *d);
void stat_show_verbose_counts(struct stat_opts *o);

#endif
