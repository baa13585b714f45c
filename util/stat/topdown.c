// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../base/util.h"
#include "topdown.h"
#include "../events/pmu-arch.h"

static const struct topdown_metric metrics[] = {
	{ TD_RETIRING, "retiring", 0, 0.7, TD_NONE },
	{ TD_BAD_SPEC, "bad speculation", 0.1, 0, TD_NONE },
	{ TD_FE_BOUND, "frontend bound", 0.2, 0, TD_NONE },
	{ TD_BE_BOUND, "backend bound", 0.2, 0, TD_NONE },
	{ TD_HEAVY_OPS, "heavy operations", 0.1, 0, TD_RETIRING },
	{ TD_BR_MISPREDICT, "branch mispredict", 0.1, 0, TD_BAD_SPEC },
	{ TD_FETCH_LAT, "fetch latency", 0.1, 0, TD_FE_BOUND },
	{ TD_MEM_BOUND, "memory bound", 0.2, 0, TD_BE_BOUND },
};

const struct topdown_metric *topdown_metric(enum topdown_id id)
{
	for (size_t i = 0; i < ARRAY_SIZE(metrics); i++)
		if (metrics[i].id == id)
			return &metrics[i];
	return NULL;
}

bool topdown_ratio(const double *counts, enum topdown_id id, double *ratio)
{
	double sum = 0;
	int nonzero = 0;

	for (int i = TD_RETIRING; i <= TD_BE_BOUND; i++) {
		sum += counts[i];
		nonzero += counts[i] > 0;
	}
	if (nonzero < 2 || sum <= 0 || !topdown_id__is_metric(id))
		return false;
	/* level 2 splits a level-1 category: its share of that parent */
	if (id > TD_BE_BOUND) {
		double parent = counts[topdown_metric(id)->parent];

		if (parent <= 0)
			return false;
		*ratio = counts[id] / parent;
		return true;
	}
	/* the kernel reports each metric multiplied by slots: their sum is
	 * the slots the four shares add up to */
	*ratio = counts[id] / sum;
	return true;
}

enum topdown_id topdown_generic_category(enum topdown_id id)
{
	switch (id) {
	case TD_SLOTS_RETIRED: return TD_RETIRING;
	case TD_RECOVERY_BUBBLES: return TD_BAD_SPEC;
	case TD_FETCH_BUBBLES: return TD_FE_BOUND;
	case TD_SLOTS_ISSUED: return TD_BE_BOUND;
	default: return TD_NONE;
	}
}

static double clamp01(double v)
{
	return v < 0 ? 0 : v > 1 ? 1 : v;
}

static double generic_share(const double *c, enum topdown_id category)
{
	double total = c[TD_TOTAL_SLOTS];

	if (total <= 0)
		return 0;
	switch (category) {
	case TD_RETIRING: return clamp01(c[TD_SLOTS_RETIRED] / total);
	case TD_FE_BOUND: return clamp01(c[TD_FETCH_BUBBLES] / total);
	case TD_BAD_SPEC:
		return clamp01((c[TD_SLOTS_ISSUED] - c[TD_SLOTS_RETIRED] +
				c[TD_RECOVERY_BUBBLES]) / total);
	default: return 0;
	}
}

bool topdown_generic_ratio(const double *counts, enum topdown_id id, double *ratio)
{
	enum topdown_id category = topdown_generic_category(id);
	double sum;

	if (category == TD_NONE)
		return false;
	if (category != TD_BE_BOUND) {
		*ratio = generic_share(counts, category);
		return true;
	}
	if (counts[TD_TOTAL_SLOTS] <= 0)
		return false;
	sum = generic_share(counts, TD_RETIRING) + generic_share(counts, TD_FE_BOUND) +
	      generic_share(counts, TD_BAD_SPEC);
	*ratio = sum ? clamp01(1.0 - sum) : 0;
	return true;
}

/* Does the group led by @leader hold a slots event? */
static struct evsel *group_slots(struct evlist *evlist, const struct evsel *leader)
{
	for (int i = leader->idx; i < leader->idx + leader->nr_members && i < evlist->nr; i++)
		if (evlist->entries[i]->topdown == TD_SLOTS)
			return evlist->entries[i];
	return NULL;
}

int topdown__check_groups(struct evlist *evlist, struct strbuf *err)
{
	for (int i = 0; i < evlist->nr; i++) {
		struct evsel *e = evlist->entries[i], *slots;

		if (!e->is_topdown_metric)
			continue;
		slots = e->leader->nr_members > 1 ? group_slots(evlist, e->leader) : NULL;
		if (!slots) {
			strbuf_addf(err, "Topdown group must include slots event\nhint: put '%s' in "
				    "a group with slots: -e '{slots,%s}' (or use --topdown)",
				    e->name, e->name);
			return -EINVAL;
		}
		if (slots != slots->leader)
			evlist__set_leader(evlist, slots);
	}
	return 0;
}

static bool has_alias(const struct pmu *pmu, const char *name)
{
	return pmu__find_alias(pmu, name, strlen(name)) != NULL;
}

static int missing(const struct pmu *pmu, struct pmus *pmus, int level, struct strbuf *err)
{
	const char *where = pmus__root(pmus);

	if (!pmu) {
		strbuf_addf(err, "--topdown: this machine has no CPU PMU (looked for "
			    "%s/bus/event_source/devices/cpu): TopDown needs an Intel CPU's "
			    "PMU, which VMs usually do not expose", where);
	} else if (level > 1 && (has_alias(pmu, "slots") ||
				 has_alias(pmu, "topdown-total-slots"))) {
		strbuf_addf(err, "--td-level %d: this CPU has TopDown level 1 only (no "
			    "topdown-heavy-ops in %s/bus/event_source/devices/%s/events)\n"
			    "hint: use --td-level 1", level, where, pmu->name);
	} else {
		strbuf_addf(err, "--topdown: this CPU has no TopDown events (looked for slots "
			    "and topdown-* in %s/bus/event_source/devices/%s/events)", where,
			    pmu->name);
	}
	return -ENOTSUP;
}

/* The kernel's NMI watchdog holds a generic counter: the five events
 * would not fit in one group, so perf opens them ungrouped and warns. */
static bool nmi_watchdog_on(void)
{
	FILE *f = fopen("/proc/sys/kernel/nmi_watchdog", "r");
	int v = 0;

	if (f) {
		if (fscanf(f, "%d", &v) != 1)
			v = 0;
		fclose(f);
	}
	return v > 0;
}

/* Skylake's TopDown: every generic-counter event but the recovery bubbles */
static bool generic_complete(const struct arch_topdown *td, const struct pmu *pmu)
{
	for (int i = 0; i < td->nr_generic; i++)
		if (strcmp(td->generic[i], "topdown-recovery-bubbles") &&
		    !has_alias(pmu, td->generic[i]))
			return false;
	return td->nr_generic > 0;
}

static int generic_spec(const struct arch_topdown *td, const struct pmu *pmu,
			struct strbuf *spec)
{
	bool group = !nmi_watchdog_on();
	int n = 0;

	strbuf_addstr(spec, group ? "{" : "");
	for (int i = 0; i < td->nr_generic; i++)
		if (has_alias(pmu, td->generic[i]))
			strbuf_addf(spec, "%s%s", n++ ? "," : "", td->generic[i]);
	strbuf_addstr(spec, group ? "}" : "");
	return 0;
}

int topdown__events(struct pmus *pmus, int level, struct strbuf *spec, bool *generic,
		    struct strbuf *warn, struct strbuf *err)
{
	const struct pmu_arch_ops *arch = pmus__arch(pmus);
	const struct arch_topdown *td = arch->topdown;
	struct pmu *pmu = pmus__core(pmus);

	*generic = false;
	if (level < 1 || level > 2) {
		strbuf_addf(err, "--td-level %d: levels 1 and 2 exist", level);
		return -EINVAL;
	}
	if (!td) {
		strbuf_addf(err, "--topdown: TopDown events are Intel's; this machine's PMU is "
			    "%s's (%s)\nhint: count its cycle and stall events instead (perf-mini "
			    "list pmu shows them)", arch->name, pmu ? pmu->name : "none described");
		return -ENOTSUP;
	}
	if (pmu && level == 1 && !has_alias(pmu, td->slots) && generic_complete(td, pmu)) {
		*generic = true;
		if (nmi_watchdog_on())	/* it holds a counter: the group would not fit */
			strbuf_addstr(warn, "nmi_watchdog enabled with topdown. May give wrong "
				      "results.\nDisable with echo 0 > /proc/sys/kernel/nmi_watchdog\n");
		return generic_spec(td, pmu, spec);
	}
	if (!pmu || !has_alias(pmu, td->slots))
		return missing(pmu, pmus, level, err);
	for (int l = 0; l < level && l < td->nr_levels; l++)
		for (int i = 0; i < 4; i++)
			if (!has_alias(pmu, td->levels[l][i]))
				return missing(pmu, pmus, l + 1, err);
	strbuf_addf(spec, "{%s", td->slots);
	for (int l = 0; l < level && l < td->nr_levels; l++)
		for (int i = 0; i < 4; i++)
			strbuf_addf(spec, ",%s", td->levels[l][i]);
	strbuf_addch(spec, '}');
	return 0;
}
