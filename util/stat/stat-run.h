/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_RUN_H
#define PM_STAT_RUN_H

/*
 * perf-mini stat's measurement: the events beyond -e (stat-events.c), the
 * runs with their workload, intervals and signals (stat-run.c), and where
 * and what of the counts is printed (stat-output.c). cmd/stat.c fills
 * struct stat_opts from the command line (its option table points into
 * it) and owns it; these functions keep their state in it too.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../events/control.h"
#include "../events/evlist.h"
#include "../events/evlist-open.h"
#include "../events/parse-events.h"
#include "../events/target.h"
#include "metricgroup.h"
#include "stat-file.h"
#include "stat.h"

struct option;

/*
 * What the measurement leaves to the program, as util/ prints nothing on
 * stderr: the caller sets every one before stat_add_events().
 */
struct stat_hooks {
	/* a failure, one complete message of perf-mini @cmd ("stat", "stat record") */
	void (*error)(const char *cmd, const char *msg);
	/* perf's notes as they happen ("Events enabled\n", a workload's signal) */
	void (*note)(const char *text);
	/* -v, once the counters are open: perf's warning, once a process, when
	 * some were opened on user space alone */
	void (*warn_user_only)(const struct evlist *evlist);
	/* the user's LC_NUMERIC for -B: it reads locale files, so it is called
	 * while the workload starts */
	void (*use_user_locale)(void);
	evlist_trace_fn *trace;		/* -vv: the attrs as they are opened */
};

struct stat_opts {
	struct stat_hooks hooks;
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
	/* stat-vendor.c: -T, --smi-cost, --iostat[=...] ("" for none),
	 * --cputype; --hybrid-merge and --percore-show-thread change nothing
	 * without hybrid PMUs and per-CPU percore sums, which perf-mini lacks */
	bool transaction, smi_cost, hybrid_merge, percore_show_thread;
	const char *iostat, *cputype;
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
	struct metricgroup mg;		/* -M; the caller sets mg.cpu, the CPU's tables */
	int repeat, interval, verbose, detailed;
	unsigned int interval_count;
	enum aggr_mode aggr_mode;
	struct aggr_map amap;		/* --per-core, --per-socket */
	char cpu_dir[256];		/* sysfs CPU directory, for the topology */

	FILE *out;
	const char *out_name;		/* what messages call @out */
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

/*
 * From here a SIGINT, SIGTERM or SIGHUP waits for stat_run() to handle it
 * (one that came before -v has printed would otherwise end stat before its
 * counts).
 */
void stat_block_stop_signals(void);
/*
 * Count (and print) @o->repeat runs of the command in @argv (borrowed);
 * returns the exit status. Its failures are said through @o->hooks.error.
 */
int stat_run(struct stat_opts *o, const char **argv);
/* The signal that ended the measurement (stat ends by it), or 0. */
int stat_stop_signal(const struct stat_opts *o);

/*
 * Where the counts go: -o FILE (--append: after what it holds), --log-fd
 * N, or else @dflt (borrowed; stat's is stderr), which messages call
 * @dflt_name. Returns 0, or -errno with @err.
 */
int stat_open_output(struct stat_opts *o, FILE *dflt, const char *dflt_name,
		     struct strbuf *err);
/* Flush the counts, closing what stat_open_output() opened: 0, or -EIO with @err. */
int stat_close_output(struct stat_opts *o, struct strbuf *err);

/* stat-events.c: --topdown, -M, the default and -d events, --group and
 * the TopDown group rule; 0, -EINVAL or -ENOTSUP with @err. */
int stat_add_events(struct stat_opts *o, struct strbuf *err);
/* The cgroup options together (-G, --for-each-cgroup: -a or -C, not
 * both) and the percore term (not with -A): 0 or -EINVAL with @err. */
int stat_check_cgroups(struct stat_opts *o, struct strbuf *err);
int stat_check_percore(struct stat_opts *o, struct strbuf *err);
/*
 * stat-vendor.c: the callbacks of --iostat and --cputype (@opt->value is
 * the struct stat_opts): perf's refusals where this machine's PMUs have
 * no IIO uncore or no such hybrid CPU type, -1 with @err.
 */
int stat_parse_iostat(const struct option *opt, const char *arg, int unset, struct strbuf *err);
int stat_parse_cputype(const struct option *opt, const char *arg, int unset, struct strbuf *err);
/*
 * -T, --smi-cost, --iostat, --cputype once parsed: 0; -EINVAL with @err
 * where perf refuses (the PMUs lack the events); -ENOTSUP with @err where
 * perf would go on and perf-mini does not.
 */
int stat_check_vendor_opts(struct stat_opts *o, struct strbuf *err);
/* -A and --per-*: CPUs to count on (-a or -C), --per-thread's target;
 * sets @o->aggr_mode. 0 or -EINVAL with @err. */
int stat_check_aggregation(struct stat_opts *o, struct strbuf *err);

#endif
