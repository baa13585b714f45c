/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_DISPLAY_H
#define PM_STAT_DISPLAY_H

/*
 * Rendering of counting results in Linux perf's layouts: the human table
 * (column widths as perf 6.1 prints them), CSV (-x SEP: value, unit, event,
 * [variance,] run time, percent running, metric value, metric unit) and
 * JSON lines (-j, perf's keys), each optionally prefixed by the interval
 * timestamp. Everything is appended to a strbuf; the caller writes it out.
 */
#include <stdbool.h>
#include <stdint.h>

#include "metricgroup.h"
#include "stat.h"
#include "../base/strbuf.h"
#include "../events/cpumap.h"
#include "../events/thread-map.h"

struct stat_display {
	const struct stat_data *sd;	/* borrowed */
	const char *csv_sep;		/* NULL unless -x */
	bool json;
	bool metric_only;
	bool big_num;
	bool interval;
	bool color;			/* a terminal: metrics past thresholds in colour */
	int run_count;
	const struct cpu_map *cpus;	/* labels for -A */
	const struct thread_map *threads; /* labels for --per-thread */
	bool skip_idle_threads;		/* -a --per-thread: threads that counted 0 */
	bool cgroups;			/* -G: a cgroup column after the event */
	double walltime_ns;		/* elapsed time measured, for CPUs utilized */
	const struct metricgroup *mg;	/* -M metrics, or NULL */
};

struct stat_footer {
	double wall_mean_ns;
	double wall_stddev_ns;
	bool ru_display;	/* a workload ran: show its user and sys time */
	double user_s;
	double sys_s;
	bool null_run;
	const double *run_walltimes;	/* --table: each run's ns, [run_count] */
};

/* " Performance counter stats for 'true':" (and the blank lines around). */
void stat_display__header(const struct stat_display *d, const char *target, struct strbuf *out);
/* "#           time             counts unit events" for -I in the table layout. */
void stat_display__interval_header(const struct stat_display *d, struct strbuf *out);
/* The timestamp column for -I, as perf formats it in each layout. */
void stat_display__interval_prefix(const struct stat_display *d, uint64_t time_ns,
				   struct strbuf *out);
/* One line per event and aggregation index; @prefix starts each line. */
void stat_display__counters(const struct stat_display *d, const char *prefix,
			    struct strbuf *out);
void stat_display__footer(const struct stat_display *d, const struct stat_footer *f,
			  struct strbuf *out);

#endif
