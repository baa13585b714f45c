// SPDX-License-Identifier: GPL-2.0
/*
 * pm_self_open(): an event spec in perf's grammar, through perf-mini's
 * parser and the PMUs sysfs describes ($PERF_MINI_SYSFS, as the tool),
 * and TopDown level 1 on top of it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "page-read.h"
#include "selfmon-internal.h"
#include "../events/evlist.h"
#include "../events/parse-events.h"
#include "../events/perf-sys.h"

static int open_evlist(const struct evlist *l, struct pm_self **out)
{
	struct selfmon_spec *specs = calloc((size_t)l->nr, sizeof(*specs));
	int ret;

	if (!specs)
		return selfmon__fail(PM_SELF_E_NOMEM, "out of memory");
	for (int i = 0; i < l->nr; i++)
		specs[i] = (struct selfmon_spec){ l->entries[i]->name, l->entries[i]->attr,
						  l->entries[i]->leader->idx };
	ret = selfmon__open(specs, l->nr, out);
	free(specs);
	return ret;
}

int pm_self_open(const char *spec, struct pm_self **out)
{
	const char *root = getenv("PERF_MINI_SYSFS");
	struct pmus *pmus;
	struct evlist *l;
	struct strbuf err = STRBUF_INIT;
	int ret;

	if (!out || !spec)
		return selfmon__fail(PM_SELF_E_ARG, "no event spec");
	*out = NULL;
	pmus = pmus__new(root ? root : "/sys");
	l = evlist__new();
	if (!pmus || !l) {
		ret = selfmon__fail(PM_SELF_E_NOMEM, "out of memory");
	} else {
		struct parse_events_ctx ctx = { .pmus = pmus, .tool = "selfmon" };

		if (parse_events(l, spec, &ctx, &err))
			ret = selfmon__fail(PM_SELF_E_SPEC, "%s", err.buf);
		else if (!l->nr)
			ret = selfmon__fail(PM_SELF_E_SPEC, "'%s' names no event", spec);
		else
			ret = open_evlist(l, out);
	}
	strbuf_release(&err);
	if (l)
		evlist__delete(l);
	if (pmus)
		pmus__delete(pmus);
	return ret;
}

static const char topdown_spec[] =
	"{slots,topdown-retiring,topdown-bad-spec,topdown-fe-bound,topdown-be-bound}";

int pm_self_topdown_open(struct pm_self **out)
{
	int ret = pm_self_open(topdown_spec, out);
	char why[512];

	if (ret == PM_SELF_E_SPEC) {
		/* the parser's message, out of the buffer the new one is written to */
		snprintf(why, sizeof(why), "%s", pm_self_errmsg());
		ret = selfmon__fail(PM_SELF_E_NO_EVENT, "no TopDown level 1 here: the CPU PMU has "
				    "no slots and topdown-* events (Intel Ice Lake and later); "
				    "%s", why);
	}
	if (!ret)
		(*out)->topdown = true;
	return ret;
}

/*
 * From the pages: slots is a counter like any other; PERF_METRICS (read
 * by rdpmc through a metric event's index) holds each category's share
 * of the slots counted since the kernel last reset both, and each metric
 * event's offset what the kernel folded into its count at those resets.
 * The metrics are read inside the slots page's seqcount window, so both
 * describe the same slots.
 */
static int topdown_fast(struct pm_self *s, struct pm_self_topdown *snap)
{
	const volatile struct perf_event_mmap_page *slots = s->ev[0].page;
	const struct perf_event_mmap_page *metric = s->ev[1].page;
	uint64_t metrics, share[SELFMON_TD_NR];
	struct selfmon_reading r;
	uint32_t seq;

	if (!slots || !metric || !metric->cap_user_rdpmc || !metric->index)
		return -1;
	for (int tries = 0; tries < SELFMON_MAX_RETRIES; tries++) {
		seq = slots->lock;
		__asm__ __volatile__("" ::: "memory");
		if (selfmon__read_page(slots, &selfmon_seam_hw, &r) ||
		    !perf_sys_read_counter(metric, metric->index - 1, &metrics))
			return -1;
		selfmon__metric_slots(metrics, (uint64_t)r.pmc, share);
		for (int i = 0; i < PM_SELF_TOPDOWN_NR; i++)
			snap->level1[i] = (uint64_t)selfmon__page_offset(s->ev[1 + i].page) +
					  share[i];
		__asm__ __volatile__("" ::: "memory");
		if (slots->lock == seq) {
			snap->slots = r.count;
			snap->fast = true;
			return 0;
		}
	}
	return -1;
}

int pm_self_topdown_read(struct pm_self *s, struct pm_self_topdown *snap)
{
	uint64_t counts[1 + PM_SELF_TOPDOWN_NR];
	struct pm_self_value v;
	int ret;

	if (!s || !snap || !s->topdown)
		return selfmon__fail(PM_SELF_E_ARG, "not a handle of pm_self_topdown_open()");
	for (int i = 1; i <= PM_SELF_TOPDOWN_NR; i++)
		if (!s->ev[i].page)
			goto slow;
	if (!topdown_fast(s, snap))
		return 0;
slow:
	/* read(2) of the group: the kernel folds PERF_METRICS into the metric
	 * counts, and slots and metrics come from the same moment */
	snap->fast = false;
	if ((ret = selfmon__read_group(s, 0, counts, 1 + PM_SELF_TOPDOWN_NR, &v)))
		return ret;
	snap->slots = counts[0];
	memcpy(snap->level1, counts + 1, sizeof(snap->level1));
	return 0;
}

void pm_self_topdown_ratios(const struct pm_self_topdown *a, const struct pm_self_topdown *b,
			    double ratio[PM_SELF_TOPDOWN_NR])
{
	uint64_t slots = b->slots - a->slots;

	for (int i = 0; i < PM_SELF_TOPDOWN_NR; i++)
		ratio[i] = slots ? (double)(int64_t)(b->level1[i] - a->level1[i]) / (double)slots : 0;
}
