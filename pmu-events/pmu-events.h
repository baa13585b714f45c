/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PMU_EVENTS_H
#define PM_PMU_EVENTS_H

/*
 * Event aliases and metrics from pmu-events/arch/ (JSON we write), made
 * into C tables by pmu-events/jevents.py at build time.
 *
 * A table belongs to a CPU family, picked by matching the CPUID string
 * ("GenuineIntel-6-7E-5": vendor, family, model in hex, stepping) against
 * the regexes of arch/<arch>/mapfile.csv; pmu_events_common holds the
 * metrics over generic events that every CPU has.
 */
#include <stddef.h>

struct pmu_event_def {
	const char *name;	/* lower case, as perf matches it */
	const char *terms;	/* "event=0xc0,umask=0x00": cpu PMU format terms */
	const char *desc;
};

struct pmu_metric_def {
	const char *name;
	const char *expr;	/* over event names, other metrics and #constants */
	const char *groups;	/* "TopdownL1;Summary" or NULL */
	const char *scale_unit;	/* "100%": scale and unit, or NULL */
	const char *threshold;	/* an expression: non-zero prints the value red */
	const char *desc;
};

struct pmu_constant_def {
	const char *name;	/* "slots" for #slots */
	double value;
	const char *desc;
};

struct pmu_events_table {
	const char *cpuid;	/* regex; NULL for the common table */
	const char *name;	/* "icelake" */
	const struct pmu_event_def *events;
	size_t nr_events;
	const struct pmu_metric_def *metrics;
	size_t nr_metrics;
	const struct pmu_constant_def *constants;
	size_t nr_constants;
};

extern const struct pmu_events_table pmu_events_common;
extern const struct pmu_events_table pmu_events_tables[];	/* NULL-cpuid ended */

/* The table of the CPU @cpuid names, or NULL when none matches. */
const struct pmu_events_table *pmu_events__find(const char *cpuid);

#endif
