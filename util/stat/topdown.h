/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TOPDOWN_H
#define PM_TOPDOWN_H

/*
 * Intel TopDown: where the pipeline slots went (retiring, bad speculation,
 * frontend bound, backend bound).
 *
 * Ice Lake and later count "slots" in a fixed counter and report each
 * metric as its 8-bit share of 0xff multiplied by slots. The kernel only
 * accepts metric events in a group led by slots (it reads and resets the
 * registers together), and never samples them. A ratio is a metric over
 * the sum of the four level-1 metrics, shown when at least two are
 * non-zero. Older Intel CPUs use generic-counter events and formulas
 * (Documentation/topdown.txt).
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "../events/evlist.h"
#include "../events/pmu.h"

/* Metric name, colour threshold and parent for printing. */
struct topdown_metric {
	enum topdown_id id;
	const char *name;		/* "retiring", "bad speculation", ... */
	double red_above;		/* print red above this share; 0: never */
	double green_above;		/* print green above this share; 0: never */
	enum topdown_id parent;		/* level 2: the level-1 metric it splits */
};

const struct topdown_metric *topdown_metric(enum topdown_id id);

/*
 * The share of metric @id from the metric counts (indexed by topdown_id):
 * a level-1 metric over the sum of the four, a level-2 one over its
 * level-1 parent. False when fewer than two level-1 metrics are non-zero:
 * then perf prints nothing, and so do we.
 */
bool topdown_ratio(const double *counts, enum topdown_id id, double *ratio);

/*
 * Enforce the kernel's group rule before any syscall: every metric event
 * must be in a group that holds slots; slots moves to the front of its
 * group (as perf does). Returns 0, or -EINVAL with perf's message.
 */
int topdown__check_groups(struct evlist *evlist, struct strbuf *err);

/*
 * The event list for --topdown [--td-level N] on the cpu PMU of @pmus:
 * "{slots,topdown-retiring,...}" for PERF_METRICS CPUs. Returns 0, or
 * -ENOTSUP with a message naming what was looked for and where (and what
 * the CPU has instead, e.g. the older generic-counter events). @warn gets
 * perf's warning when the NMI watchdog takes a counter the generic
 * events' group needs (they are then counted ungrouped).
 */
int topdown__events(struct pmus *pmus, int level, struct strbuf *spec, bool *generic,
		    struct strbuf *warn, struct strbuf *err);

/*
 * Older Intel (Skylake and before): the five generic-counter events, their
 * counts scaled by sysfs .scale, indexed by topdown_id. The level-1
 * category event @id stands for (topdown-slots-retired: retiring,
 * -recovery-bubbles: bad speculation, -fetch-bubbles: frontend bound,
 * -slots-issued: backend bound), TD_NONE for topdown-total-slots.
 */
enum topdown_id topdown_generic_category(enum topdown_id id);

/*
 * The share of that category by the classic formulas over total slots;
 * backend bound is what the other three leave, clamped to [0, 1]. False
 * where perf prints nothing (backend bound without total slots).
 */
bool topdown_generic_ratio(const double *counts, enum topdown_id id, double *ratio);

#endif
