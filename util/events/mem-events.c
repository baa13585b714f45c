// SPDX-License-Identifier: GPL-2.0
/* perf mem's events on this machine: see mem-events.h. */
#include <errno.h>
#include <string.h>

#include "mem-events.h"
#include "../base/util.h"

static const char *const core_pmus[] = { "cpu", "cpu_core", "cpu_atom" };

/* An event on each core PMU that describes it, or on its own PMU. */
static void find_pmus(struct mem_events *me, int k, struct pmus *pmus)
{
	const struct arch_mem_event *e = &me->ev[k];

	if (!e->tag)
		return;
	if (e->pmu) {
		if (pmus__has_event(pmus, e->pmu, e->alias))
			me->pmus[k][me->nr_pmus[k]++] = e->pmu;
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(core_pmus) && me->nr_pmus[k] < MEM_EVENTS_MAX_PMUS; i++) {
		if (!pmus__has_event(pmus, core_pmus[i], e->alias))
			continue;
		me->aux[k][me->nr_pmus[k]] = e->aux && pmus__has_event(pmus, core_pmus[i], e->aux);
		me->pmus[k][me->nr_pmus[k]++] = core_pmus[i];
		if (!i)
			break;	/* "cpu": not a hybrid part */
	}
	if (!me->nr_pmus[k] && pmus__core(pmus) && pmus__has_event(pmus, pmus__core(pmus)->name, e->alias))
		me->pmus[k][me->nr_pmus[k]++] = pmus__core(pmus)->name;
}

void mem_events__init(struct mem_events *me, struct pmus *pmus)
{
	memset(me, 0, sizeof(*me));
	pmus__mem_events(pmus, me->ev);
	for (int k = 0; k < ARCH_MEM_MAX; k++)
		find_pmus(me, k, pmus);
}

void mem_events__name(const struct mem_events *me, int kind, int i, unsigned int ldlat,
		      struct strbuf *sb)
{
	const struct arch_mem_event *e = &me->ev[kind];
	const char *pmu = me->nr_pmus[kind] ? me->pmus[kind][i] : e->pmu ? e->pmu : "cpu";

	if (me->nr_pmus[kind] && me->aux[kind][i])
		strbuf_addf(sb, e->aux_spec, pmu, pmu, ldlat);
	else if (!e->pmu)
		strbuf_addf(sb, e->spec, pmu, ldlat);
	else if (e->ldlat)
		strbuf_addf(sb, e->spec, ldlat);
	else
		strbuf_addstr(sb, e->spec);
}

void mem_events__list(const struct mem_events *me, unsigned int ldlat, bool verbose,
		      struct strbuf *out)
{
	struct strbuf name = STRBUF_INIT;

	for (int k = 0; k < ARCH_MEM_MAX; k++) {
		if (!me->ev[k].tag)
			continue;
		strbuf_reset(&name);
		if (verbose)
			mem_events__name(me, k, 0, ldlat, &name);
		strbuf_addf(out, "%-13s%-*s: %savailable\n", me->ev[k].tag, verbose ? 25 : 0,
			    name.buf, me->nr_pmus[k] ? "" : "not ");
	}
	strbuf_release(&name);
}

static void add_tags(const struct mem_events *me, struct strbuf *sb)
{
	const char *what = NULL;
	int n = 0;

	for (int k = 0; k < ARCH_MEM_MAX; k++) {
		if (!me->ev[k].tag)
			continue;
		strbuf_addf(sb, "%s%s", n++ ? ", " : "", me->ev[k].tag);
		what = what ? what : me->ev[k].what;
	}
	if (n == 1 && what)
		strbuf_addf(sb, " (%s)", what);
}

static int by_name(const struct mem_events *me, const char *event, bool *record,
		   struct strbuf *err)
{
	for (int k = 0; k < ARCH_MEM_MAX; k++) {
		if (me->ev[k].tag && !strcmp(me->ev[k].tag, event)) {
			record[k] = true;
			return 0;
		}
	}
	strbuf_addf(err, "-e: '%s' is not a memory event of this machine\nhint: its memory "
		    "events are ", event);
	add_tags(me, err);
	strbuf_addstr(err, " (perf-mini mem record -e list); other events go to perf-mini "
		      "record -d");
	return -EINVAL;
}

/* perf's rule: the loads-and-stores event where both are asked for */
static int by_ops(const struct mem_events *me, int ops, bool *record, struct strbuf *err)
{
	const struct arch_mem_event *ldst = &me->ev[ARCH_MEM_LDST];

	if (ldst->tag && ops == (MEM_OP_LOAD | MEM_OP_STORE)) {
		record[ARCH_MEM_LDST] = true;
		return 0;
	}
	for (int k = ARCH_MEM_LOAD; k <= ARCH_MEM_STORE; k++) {
		const char *kind = k == ARCH_MEM_LOAD ? "load" : "store";

		if (!(ops & (k == ARCH_MEM_LOAD ? MEM_OP_LOAD : MEM_OP_STORE)))
			continue;
		if (!me->ev[k].tag && ldst->tag) {
			strbuf_addf(err, "-t %s: %s samples loads and stores together (%s): one "
				    "kind cannot be recorded alone\nhint: record both (drop -t); "
				    "mem report -t %s then shows that kind", kind,
				    ldst->what ? ldst->what : "this machine", ldst->tag, kind);
			return -EINVAL;
		}
		record[k] = true;
	}
	return 0;
}

static int check_described(const struct mem_events *me, const bool *record,
			   struct strbuf *err)
{
	bool any = false;

	for (int k = 0; k < ARCH_MEM_MAX; k++)
		any |= me->nr_pmus[k] > 0;
	for (int k = 0; k < ARCH_MEM_MAX; k++) {
		const char *alias = me->ev[k].alias ? me->ev[k].alias : me->ev[k].pmu;

		if (!record[k] || me->nr_pmus[k])
			continue;
		if (!any || !me->ev[k].tag)
			strbuf_addstr(err, "this machine's PMU has no memory events");
		else
			strbuf_addf(err, "this machine's PMU has no %s (%s)", me->ev[k].tag,
				    alias ? alias : "?");
		strbuf_addstr(err, ": no PMU describes them in sysfs (a VM without a virtual "
			      "PMU, or a CPU without load latency sampling)\nhint: perf-mini mem "
			      "record -e list shows what there is; software events can still "
			      "give data addresses: perf-mini record -d -e page-faults");
		return -EOPNOTSUPP;
	}
	return 0;
}

int mem_events__choose(const struct mem_events *me, const char *event, int ops,
		       bool *record, struct strbuf *err)
{
	int ret;

	memset(record, 0, ARCH_MEM_MAX * sizeof(*record));
	ret = event ? by_name(me, event, record, err) : by_ops(me, ops, record, err);
	return ret ? ret : check_described(me, record, err);
}
