// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>

#include "stat-shadow.h"
#include "topdown.h"
#include "../base/util.h"

#define CACHE(id, op, res) \
	((id) | (PERF_COUNT_HW_CACHE_OP_##op << 8) | (PERF_COUNT_HW_CACHE_RESULT_##res << 16))

/* As perf's per-cgroup shadow stats (-G): ratios only within one cgroup. */
static bool same_cgroup(const struct evsel *a, const struct evsel *b)
{
	return a->cgroup == b->cgroup || (a->cgroup && b->cgroup && !strcmp(a->cgroup, b->cgroup));
}

/* The value of the first counted event of @type/@config at @aggr (in the
 * cgroup of @of), or 0. */
static double find_value(const struct stat_data *sd, uint32_t type, uint64_t config, int aggr,
			 const struct evsel *of)
{
	for (int i = 0; i < sd->evlist->nr; i++) {
		const struct evsel *e = sd->evlist->entries[i];

		if (e->attr.type == type && e->attr.config == config && e->supported &&
		    same_cgroup(e, of))
			return sd->ev[i].aggr[aggr].val;
	}
	return 0.0;
}

static double clock_nsecs(const struct stat_data *sd, int aggr, const struct evsel *of)
{
	for (int i = 0; i < sd->evlist->nr; i++)
		if (evsel__is_clock(sd->evlist->entries[i]) &&
		    same_cgroup(sd->evlist->entries[i], of))
			return sd->ev[i].aggr[aggr].val;
	return 0.0;
}

static void set_metric(struct stat_metric *m, const char *fmt, const char *unit, double val)
{
	m->has = true;
	m->fmt = fmt;
	snprintf(m->unit, sizeof(m->unit), "%s", unit);
	m->val = val;
}

/* "x% of all <what>": @part over @whole, blank when @whole is zero. */
static bool ratio_metric(struct stat_metric *m, double part, double whole, const char *unit)
{
	if (whole)
		set_metric(m, "%7.2f%%", unit, 100.0 * part / whole);
	return true;
}

struct ratio_rule {
	uint32_t type;
	uint64_t config;	/* the event the metric is printed beside */
	uint32_t base_type;
	uint64_t base_config;	/* its denominator */
	const char *unit;
};

static const struct ratio_rule ratio_rules[] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "of all branches" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CACHE_REFERENCES, "of all cache refs" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CPU_CYCLES, "frontend cycles idle" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND, PERF_TYPE_HARDWARE,
	  PERF_COUNT_HW_CPU_CYCLES, "backend cycles idle" },
	{ PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_L1D, READ, MISS), PERF_TYPE_HW_CACHE,
	  CACHE(PERF_COUNT_HW_CACHE_L1D, READ, ACCESS), "of all L1-dcache accesses" },
	{ PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_L1I, READ, MISS), PERF_TYPE_HW_CACHE,
	  CACHE(PERF_COUNT_HW_CACHE_L1I, READ, ACCESS), "of all L1-icache accesses" },
	{ PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_LL, READ, MISS), PERF_TYPE_HW_CACHE,
	  CACHE(PERF_COUNT_HW_CACHE_LL, READ, ACCESS), "of all LL-cache accesses" },
	{ PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_DTLB, READ, MISS), PERF_TYPE_HW_CACHE,
	  CACHE(PERF_COUNT_HW_CACHE_DTLB, READ, ACCESS), "of all dTLB cache accesses" },
	{ PERF_TYPE_HW_CACHE, CACHE(PERF_COUNT_HW_CACHE_ITLB, READ, MISS), PERF_TYPE_HW_CACHE,
	  CACHE(PERF_COUNT_HW_CACHE_ITLB, READ, ACCESS), "of all iTLB cache accesses" },
};

static bool ratio_rule_metric(const struct stat_data *sd, const struct evsel *e, double avg,
			      int aggr, struct stat_metric *m)
{
	for (size_t r = 0; r < ARRAY_SIZE(ratio_rules); r++) {
		const struct ratio_rule *rule = &ratio_rules[r];

		if (e->attr.type != rule->type || e->attr.config != rule->config)
			continue;
		return ratio_metric(m, avg,
				    find_value(sd, rule->base_type, rule->base_config, aggr, e),
				    rule->unit);
	}
	return false;
}

/* Events per second of task time, with perf's K/M/G prefixes. */
static void rate_metric(struct stat_metric *m, double avg, double nsecs)
{
	double ratio = 1e9 * avg / nsecs;
	const char *unit = "/sec";

	if (ratio >= 1e9)
		ratio /= 1e9, unit = "G/sec";
	else if (ratio >= 1e6)
		ratio /= 1e6, unit = "M/sec";
	else if (ratio >= 1e3)
		ratio /= 1e3, unit = "K/sec";
	set_metric(m, "%8.3f", unit, ratio);
}

static void instructions_metric(const struct stat_data *sd, const struct evsel *e, double avg,
				int aggr, struct stat_metric *m)
{
	double cycles = find_value(sd, PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, aggr, e);

	if (cycles)
		set_metric(m, "%7.2f ", "insn per cycle", avg / cycles);
}

/* "x.x% retiring", coloured past the category's thresholds. */
static void set_topdown_metric(struct stat_metric *m, const struct topdown_metric *tm,
			       const char *name, double ratio)
{
	set_metric(m, "%8.1f%%", name, 100.0 * ratio);
	m->color = ratio > tm->red_above && tm->red_above ? STAT_COLOR_RED :
		   ratio > tm->green_above && tm->green_above ? STAT_COLOR_GREEN : 0;
}

/* "x.x% retiring" beside a TopDown metric: its share of the slots. */
static void topdown_metric_of(const struct stat_data *sd, const struct evsel *e, int aggr,
			      struct stat_metric *m)
{
	double counts[TD_NR_IDS] = { 0 }, ratio;
	const struct topdown_metric *tm = topdown_metric(e->topdown);

	for (int i = 0; i < sd->evlist->nr; i++) {
		const struct evsel *o = sd->evlist->entries[i];

		if (topdown_id__is_metric(o->topdown) && o->supported && !counts[o->topdown])
			counts[o->topdown] = sd->ev[i].aggr[aggr].val;
	}
	if (tm && topdown_ratio(counts, e->topdown, &ratio))
		set_topdown_metric(m, tm, tm->name, ratio);
}

/* Older Intel: the category a generic TopDown event stands for, by the
 * classic formulas over the scaled counts of the five events. */
static void topdown_generic_metric_of(const struct stat_data *sd, const struct evsel *e,
				      int aggr, struct stat_metric *m)
{
	double counts[TD_NR_IDS] = { 0 }, ratio;
	enum topdown_id category = topdown_generic_category(e->topdown);
	const struct topdown_metric *tm = topdown_metric(category);
	bool have_recovery = false;

	for (int i = 0; i < sd->evlist->nr; i++) {
		const struct evsel *o = sd->evlist->entries[i];

		if (o->topdown >= TD_TOTAL_SLOTS && o->supported && !counts[o->topdown])
			counts[o->topdown] = sd->ev[i].aggr[aggr].val * o->scale;
		have_recovery |= o->topdown == TD_RECOVERY_BUBBLES;
	}
	if (!tm || !topdown_generic_ratio(counts, e->topdown, &ratio))
		return;
	/* without recovery bubbles, what is left mixes backend and bad spec */
	set_topdown_metric(m, tm, category == TD_BE_BOUND && !have_recovery ?
			   "backend bound/bad spec" : tm->name, ratio);
}

void stat_shadow__metric(const struct stat_data *sd, int idx, int aggr, double walltime_ns,
			 struct stat_metric *m)
{
	const struct evsel *e = sd->evlist->entries[idx];
	double avg = sd->ev[idx].aggr[aggr].val, nsecs = clock_nsecs(sd, aggr, e);

	memset(m, 0, sizeof(*m));
	if (e->is_topdown_metric) {
		topdown_metric_of(sd, e, aggr, m);
		return;
	}
	if (e->topdown == TD_SLOTS || e->topdown == TD_TOTAL_SLOTS)
		return;	/* perf prints slots without a metric */
	if (e->topdown > TD_TOTAL_SLOTS) {
		topdown_generic_metric_of(sd, e, aggr, m);
		return;
	}
	if (evsel__is_clock(e)) {
		if (walltime_ns)
			set_metric(m, "%8.3f", "CPUs utilized", avg / walltime_ns);
		return;
	}
	if (e->attr.type == PERF_TYPE_HARDWARE && e->attr.config == PERF_COUNT_HW_INSTRUCTIONS) {
		instructions_metric(sd, e, avg, aggr, m);
		return;
	}
	if (ratio_rule_metric(sd, e, avg, aggr, m))
		return;
	if (e->attr.type == PERF_TYPE_HARDWARE && e->attr.config == PERF_COUNT_HW_CPU_CYCLES) {
		if (nsecs)
			set_metric(m, "%8.3f", "GHz", avg / nsecs);
		return;
	}
	if (nsecs)
		rate_metric(m, avg, nsecs);
}
