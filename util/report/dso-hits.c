// SPDX-License-Identifier: GPL-2.0
/* The DSOs samples hit: dso-hits.h. */
#include <stdlib.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "../data/session.h"
#include "dso-hits.h"
#include "resolve.h"

struct hits {
	struct machine *m;
	struct dso **dsos;
	size_t nr, alloc;
	struct dso *last;	/* most samples hit the DSO the one before did */
};

static void mark(struct hits *h, struct dso *dso)
{
	if (dso == h->last)
		return;
	h->last = dso;
	for (size_t i = 0; i < h->nr; i++)
		if (h->dsos[i] == dso)
			return;
	ALLOC_GROW(h->dsos, h->nr + 1, h->alloc);
	h->dsos[h->nr++] = dso;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct hits *h = ctx;
	struct addr_location al = { 0 };
	struct thread *t = machine__findnew_thread(h->m, (int32_t)s->pid, (int32_t)s->tid);

	(void)ev, (void)evsel, (void)note;
	resolve_addr(h->m, t, s->cpumode, s->ip, &al);
	if (al.map && al.map->dso)
		mark(h, al.map->dso);
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct hits *h = ctx;

	(void)s;
	machine__process_event(h->m, ev);
	return 0;
}

static int by_creation(const void *a, const void *b)
{
	const struct dso *x = *(struct dso *const *)a, *y = *(struct dso *const *)b;

	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

int dso_hits__collect(struct perf_data *pd, struct machine *m, struct dso ***out, size_t *nr,
		      struct strbuf *err)
{
	struct hits h = { .m = m };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &h };
	struct session_stats stats = { 0 };
	int ret = session__process(pd, &tool, &stats, err);

	if (h.nr)
		qsort(h.dsos, h.nr, sizeof(*h.dsos), by_creation);
	*out = h.dsos;
	*nr = h.nr;
	return ret;
}
