// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "evlist.h"
#include "../base/array.h"
#include "../base/strbuf.h"
#include "../base/util.h"
#include "../base/xalloc.h"

struct evlist *evlist__new(void)
{
	return calloc(1, sizeof(struct evlist));
}

void evlist__delete(struct evlist *evlist)
{
	if (!evlist)
		return;
	evlist__truncate(evlist, 0);
	free(evlist->entries);
	free(evlist);
}

void evlist__add(struct evlist *evlist, struct evsel *evsel)
{
	ALLOC_GROW(evlist->entries, evlist->nr + 1, evlist->alloc);
	evsel->idx = evlist->nr;
	evlist->entries[evlist->nr++] = evsel;
}

void evlist__truncate(struct evlist *evlist, int idx)
{
	while (evlist->nr > idx)
		evsel__delete(evlist->entries[--evlist->nr]);
}

void evlist__make_group(struct evlist *evlist, int first, int last)
{
	struct evsel *leader = evlist->entries[first];

	for (int i = first; i <= last; i++)
		evlist->entries[i]->leader = leader;
	leader->nr_members = last - first + 1;
}

void evlist__set_leader(struct evlist *evlist, struct evsel *member)
{
	struct evsel *old = member->leader;
	int first = old->idx, nr = old->nr_members;

	if (old == member)
		return;
	memmove(&evlist->entries[first + 1], &evlist->entries[first],
		(size_t)(member->idx - first) * sizeof(*evlist->entries));
	evlist->entries[first] = member;
	for (int i = first; i < first + nr; i++) {
		evlist->entries[i]->idx = i;
		evlist->entries[i]->leader = member;
	}
	member->nr_members = nr;
	old->nr_members = 1;
}

void evlist__name_instances(struct evlist *evlist)
{
	for (int i = 0; i < evlist->nr; i++) {
		struct evsel *e = evlist->entries[i];
		const char *terms = strchr(e->name, '/');
		struct strbuf sb = STRBUF_INIT;

		if (!e->merge_id || !e->pmu_name ||
		    !strncmp(e->name, e->pmu_name, strlen(e->pmu_name)))
			continue;
		if (terms)
			strbuf_addf(&sb, "%s%s", e->pmu_name, terms);
		else
			strbuf_addf(&sb, "%s [%s]", e->name, e->pmu_name);
		evsel__set_name(e, sb.buf);
		strbuf_release(&sb);
	}
}

int evlist__append_filter(struct evlist *evlist, const char *filter)
{
	int n = 0;

	for (int i = evlist->last_spec_first; i < evlist->nr; i++) {
		struct evsel *e = evlist->entries[i];
		char *both = NULL;

		if (e->attr.type != PERF_TYPE_TRACEPOINT)
			continue;
		if (e->filter && asprintf(&both, "(%s) && (%s)", e->filter, filter) < 0)
			both = NULL;
		else if (!e->filter)
			both = must_strdup(filter);
		if (!both)
			pm_fatal(PM_FATAL_OOM, "filter");
		free(e->filter);
		e->filter = both;
		n++;
	}
	return n;
}
