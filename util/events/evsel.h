/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EVSEL_H
#define PM_EVSEL_H

/*
 * One event selector: the perf_event_attr a spec resolved to, its display
 * name, unit and scale, its group, and (once opened) one fd per CPU and
 * thread with the counts read from them.
 *
 * Ownership: an evsel owns its name, unit and fds; its evlist owns it.
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "event-names.h"

struct cpu_map;

struct evsel_counts {
	uint64_t val;
	uint64_t ena;
	uint64_t run;
};

/* Intel TopDown events, by their sysfs alias names. */
enum topdown_id {
	TD_NONE,
	TD_SLOTS,		/* the slots fixed counter (Ice Lake and later) */
	TD_RETIRING,		/* level-1 metrics, read from PERF_METRICS */
	TD_BAD_SPEC,
	TD_FE_BOUND,
	TD_BE_BOUND,
	TD_HEAVY_OPS,		/* level 2 (Sapphire Rapids) */
	TD_BR_MISPREDICT,
	TD_FETCH_LAT,
	TD_MEM_BOUND,
	TD_TOTAL_SLOTS,		/* older Intel: generic-counter events */
	TD_SLOTS_ISSUED,
	TD_SLOTS_RETIRED,
	TD_FETCH_BUBBLES,
	TD_RECOVERY_BUBBLES,
	TD_NR_IDS,
};

/* The id of a sysfs alias name ("topdown-retiring"), TD_NONE if other. */
enum topdown_id topdown_id_of_alias(const char *name);

static inline bool topdown_id__is_metric(enum topdown_id id)
{
	return id >= TD_RETIRING && id <= TD_MEM_BOUND;
}

/*
 * record's per-event terms, perf's config terms (cpu-clock/call-graph=dwarf/):
 * applied over the command line's settings for that event alone.
 */
struct evsel_config {
	char *call_graph;	/* "fp", "dwarf", "lbr" or "no"; NULL: not given */
	uint32_t stack_size;	/* stack-size=: dwarf's dump, 0: not given */
	uint32_t max_stack;	/* max-stack=: 0: not given */
	int8_t inherit;		/* inherit / no-inherit: 1, 0; -1 not given */
	int8_t time;		/* time=0|1: PERF_SAMPLE_TIME; -1 not given */
	bool branch_set;	/* branch_type= was given: */
	uint64_t branch_type;	/* its PERF_SAMPLE_BRANCH_* bits, 0: "no" */
	bool percore;		/* stat's percore term */
};

struct evsel {
	struct perf_event_attr attr;
	struct evsel_config config;
	char *name;		/* as the user spelled it, perf-style */
	char *unit;		/* "msec", sysfs .unit, or NULL */
	char *resolved;		/* "pmu/terms/" an alias expanded to, for -v */
	char *filter;		/* --filter: a tracepoint filter, or NULL */
	char *cgroup;		/* -G: the cgroup counted (its name), or NULL */
	/* One instance of a PMU a name stood for (uncore_imc_0 of
	 * "uncore_imc/.../"): stat shows the instances of one spec (one
	 * merge_id) as one event, unless --no-merge. */
	char *pmu_name;
	int merge_id;
	struct cpu_map *pmu_cpus;	/* the PMU's cpumask: system-wide, only there */
	int cgroup_fd;		/* its directory, opened by evlist__open_cgroups() */
	double scale;
	int idx;		/* position in the evlist */
	struct evsel *leader;	/* itself when it leads (or is alone) */
	int nr_members;		/* group size, leader only; 1 when alone */
	bool weak_group;
	bool precise_max;
	bool sample_read;
	bool exclude_gh;	/* a G or H modifier was seen */
	bool is_topdown_metric;
	enum topdown_id topdown;
	enum tool_event tool;	/* duration_time and co: stat fills the counts */
	bool supported;		/* false once the kernel refused it as unknown */
	bool user_only;		/* its kernel part refused: opened on user space (":u") */
	unsigned char suffix_len;	/* the "u" or ":u" that added to its name */
	bool counted;		/* at least one fd opened */
	int open_errno;

	/* Filled by evsel__open(): fd[cpu_idx * nr_threads + thread_idx], -1 if none. */
	int *fds;
	uint64_t *ids;
	int nr_cpus;
	int nr_threads;
	/* Last read values per fd, and their sum over all fds. */
	struct evsel_counts *counts;
	struct evsel_counts prev_total;	/* at the previous interval */
};

/* Returns a zeroed evsel named @name (copied); NULL when out of memory. */
struct evsel *evsel__new(const char *name);
void evsel__delete(struct evsel *evsel);
/* A copy of an unopened @orig, alone in its group (the caller sets the
 * leader); exits when out of memory. */
struct evsel *evsel__clone(const struct evsel *orig);

static inline bool evsel__is_leader(const struct evsel *evsel)
{
	return evsel->leader == evsel;
}

static inline bool evsel__is_clock(const struct evsel *evsel)
{
	return evsel->attr.type == PERF_TYPE_SOFTWARE &&
	       (evsel->attr.config == PERF_COUNT_SW_TASK_CLOCK ||
		evsel->attr.config == PERF_COUNT_SW_CPU_CLOCK);
}

/* Replace the name (copied). */
void evsel__set_name(struct evsel *evsel, const char *name);

/* Is @evsel the event the user named @name (its fallback suffix aside)? */
static inline bool evsel__is_named(const struct evsel *evsel, const char *name)
{
	size_t len = strlen(evsel->name) - evsel->suffix_len;

	return !strncasecmp(evsel->name, name, len) && !name[len];
}

#endif
