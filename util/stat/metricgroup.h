/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_METRICGROUP_H
#define PM_METRICGROUP_H

/*
 * stat -M: metrics from the pmu-events tables (the CPU family's and the
 * common ones), chosen by metric or group name, their events added to
 * the event list as one group per -M name, and their values computed from
 * the counts of that group at each aggregation index.
 *
 * Ownership: struct metricgroup is the caller's (metricgroup__exit); the
 * tables are static.
 */
#include <stdbool.h>

#include "../../pmu-events/pmu-events.h"
#include "../base/strbuf.h"
#include "stat.h"

struct bound_metric {
	const struct pmu_metric_def *def;
	int first, nr;		/* the evlist range of its events */
	int leader;		/* the event whose line shows it */
};

struct metricgroup {
	const struct pmu_events_table *cpu;	/* NULL: common metrics only */
	struct bound_metric *metrics;
	int nr;
	bool no_group;		/* --metric-no-group: the events alone, not a group */
};

/* Does @m belong to the metric group @group (case-insensitive)? */
bool metric_in_group(const struct pmu_metric_def *m, const char *group);

/* The metrics of @cpu's table then the common ones: start with m = NULL. */
const struct pmu_metric_def *metric_next(const struct pmu_events_table *cpu,
					 const struct pmu_metric_def *m);

/* The names of @cpu's metrics (or of their groups), sorted as perf lists
 * them, without repeats; each is a copy in @store (groups come as "a;b"
 * lists). At most @max. */
size_t metric__names(const struct pmu_events_table *cpu, bool groups, const char **names,
		     size_t max, struct strbuf *store);

/* The metric called @name (case-insensitive), or NULL. */
const struct pmu_metric_def *metric_find(const struct pmu_events_table *cpu, const char *name);

/*
 * -M @names (comma-separated metric or group names): the event list to
 * add for each name, one "{a,b,...}" group per name (or the events alone
 * with no_group), in @spec (one per line). Returns 0, or -EINVAL naming what is unknown.
 */
int metricgroup__events(struct metricgroup *mg, const char *names, struct strbuf *spec,
			struct strbuf *err);

/*
 * After the group of -M name number @k was parsed into evlist entries
 * [@first, @first + @nr): bind that name's metrics to them.
 */
int metricgroup__bind(struct metricgroup *mg, const char *names, int k, int first, int nr,
		      struct strbuf *err);

/*
 * The value of @bm at aggregation index @aggr, scaled per its ScaleUnit;
 * @unit receives the text printed after it ("%  tma_retiring", "IPC"),
 * @red whether its threshold holds. False when an event it needs was not
 * counted (perf then leaves it blank); a division by zero is NaN.
 */
bool metricgroup__value(const struct metricgroup *mg, const struct bound_metric *bm,
			const struct stat_data *sd, int aggr, double *val, char *unit,
			size_t unit_size, bool *red);

/* --for-each-cgroup: the events were copied @copies times, @nr_events
 * each; every metric then reads each copy. Exits when out of memory. */
void metricgroup__repeat(struct metricgroup *mg, int nr_events, int copies);
void metricgroup__exit(struct metricgroup *mg);

#endif
