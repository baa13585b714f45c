/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_H
#define PM_STAT_H

/*
 * Counting results: the raw per-fd counts of an evlist turned into the
 * values stat prints — aggregated (globally, per CPU or per thread), made
 * deltas for interval mode, scaled for multiplexing, and averaged over -r
 * runs with their standard error.
 *
 * Ownership: struct stat_data is the caller's (stat_data__delete); it
 * borrows the evlist it was made for.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../events/evlist.h"
#include "../events/aggr-map.h"

enum aggr_mode {
	AGGR_GLOBAL,	/* one value per event */
	AGGR_NONE,	/* -A: one per CPU */
	AGGR_THREAD,	/* --per-thread: one per thread */
	AGGR_CORE,	/* --per-core: one per (socket, die, core) */
	AGGR_SOCKET,	/* --per-socket */
	AGGR_DIE,	/* --per-die: one per (socket, die) */
	AGGR_NODE,	/* --per-node: one per NUMA node */
};

/* The modes that group CPUs by topology (an aggr_map says how). */
static inline bool aggr_mode__is_topology(enum aggr_mode mode)
{
	return mode == AGGR_CORE || mode == AGGR_SOCKET || mode == AGGR_DIE || mode == AGGR_NODE;
}

/* The aggr_map level of a topology mode. */
static inline enum aggr_level aggr_mode__level(enum aggr_mode mode)
{
	return mode == AGGR_CORE ? AGGR_LEVEL_CORE : mode == AGGR_DIE ? AGGR_LEVEL_DIE :
	       mode == AGGR_NODE ? AGGR_LEVEL_NODE : AGGR_LEVEL_SOCKET;
}

/* Welford's running mean and variance. */
struct stat_running {
	double n;
	double mean;
	double m2;
};

void stat_running__update(struct stat_running *rs, double v);
/* Standard error of the mean (perf's "+-"), 0 with fewer than two runs. */
double stat_running__stddev(const struct stat_running *rs);
/* 100 * stddev / mean, 0 when the mean is 0. */
double stat_rel_stddev(double stddev, double mean);

struct stat_value {
	double val;	/* scaled for multiplexing, in the event's raw unit */
	uint64_t ena;
	uint64_t run;
};

struct stat_evsel {
	struct stat_value *aggr;	/* [nr_aggr] for this round */
	struct evsel_counts *prev;	/* [nr fds] at the previous interval */
	struct stat_running runs;	/* global value over -r runs */
	struct stat_running runs_ena;
	struct stat_running runs_run;
	bool merged;			/* counted into its spec's first PMU instance */
};

struct stat_data {
	struct evlist *evlist;		/* borrowed */
	enum aggr_mode mode;
	const struct aggr_map *amap;	/* borrowed; the topology modes */
	int nr_aggr;
	bool no_scale;			/* --no-scale: multiplexed counts as read */
	bool no_merge;			/* --no-merge: each PMU instance shown */
	struct stat_evsel *ev;		/* [evlist->nr] */
};

/* For @evlist already opened (fds allocated). NULL when out of memory. */
struct stat_data *stat_data__new(struct evlist *evlist, enum aggr_mode mode);
/* The same for the topology aggregations, with the map of the CPUs counted. */
struct stat_data *stat_data__new_mapped(struct evlist *evlist, enum aggr_mode mode,
					const struct aggr_map *amap);
void stat_data__delete(struct stat_data *sd);

/*
 * Fold the counts last read into sd->ev[].aggr. With @delta, values are the
 * change since the previous call (interval mode).
 */
void stat_data__aggregate(struct stat_data *sd, bool delta);

/*
 * The tool events' counts (duration_time, user_time, system_time), from
 * what stat measured itself: set after each read, on the first fd, as
 * perf reports them; 0 reads as not counted.
 */
void stat_set_tool_counts(struct evlist *evlist, uint64_t duration_ns, uint64_t user_ns,
			  uint64_t system_ns);

/* Record this run's global values into the -r statistics. */
void stat_data__add_run(struct stat_data *sd);

/* Replace aggr[0] of each event by the mean over the runs so far. */
void stat_data__use_run_means(struct stat_data *sd);

#endif
