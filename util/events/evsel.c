// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cpumap.h"
#include "evsel.h"
#include "../base/util.h"
#include "../base/xalloc.h"

struct evsel *evsel__new(const char *name)
{
	struct evsel *evsel = calloc(1, sizeof(*evsel));

	if (!evsel)
		return NULL;
	evsel->name = strdup(name);
	if (!evsel->name) {
		free(evsel);
		return NULL;
	}
	evsel->attr.size = sizeof(evsel->attr);
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->scale = 1.0;
	evsel->supported = true;
	evsel->config.inherit = -1;
	evsel->config.time = -1;
	return evsel;
}

static char *dup_or_null(const char *s)
{
	return s ? must_strdup(s) : NULL;
}

struct evsel *evsel__clone(const struct evsel *orig)
{
	struct evsel *e = must_malloc(sizeof(*e));

	*e = *orig;
	e->name = must_strdup(orig->name);
	e->unit = dup_or_null(orig->unit);
	e->resolved = dup_or_null(orig->resolved);
	e->filter = dup_or_null(orig->filter);
	e->cgroup = dup_or_null(orig->cgroup);
	e->pmu_name = dup_or_null(orig->pmu_name);
	e->config.call_graph = dup_or_null(orig->config.call_graph);
	if (orig->pmu_cpus) {
		size_t size = sizeof(*orig->pmu_cpus) + orig->pmu_cpus->nr * sizeof(int);

		e->pmu_cpus = must_malloc(size);
		memcpy(e->pmu_cpus, orig->pmu_cpus, size);
	}
	e->leader = e;
	e->cgroup_fd = 0;
	e->fds = NULL;
	e->ids = NULL;
	e->counts = NULL;
	e->nr_cpus = e->nr_threads = 0;
	e->counted = false;
	return e;
}

void evsel__set_name(struct evsel *evsel, const char *name)
{
	char *copy = must_strdup(name);

	free(evsel->name);
	evsel->name = copy;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	free(evsel->name);
	free(evsel->unit);
	free(evsel->resolved);
	free(evsel->filter);
	free(evsel->cgroup);
	free(evsel->pmu_name);
	free(evsel->config.call_graph);
	cpu_map__delete(evsel->pmu_cpus);
	if (evsel->cgroup_fd > 0)
		close(evsel->cgroup_fd);
	free(evsel->fds);
	free(evsel->ids);
	free(evsel->counts);
	free(evsel);
}

enum topdown_id topdown_id_of_alias(const char *name)
{
	static const char *const names[TD_NR_IDS] = {
		[TD_SLOTS] = "slots", [TD_RETIRING] = "topdown-retiring",
		[TD_BAD_SPEC] = "topdown-bad-spec", [TD_FE_BOUND] = "topdown-fe-bound",
		[TD_BE_BOUND] = "topdown-be-bound", [TD_HEAVY_OPS] = "topdown-heavy-ops",
		[TD_BR_MISPREDICT] = "topdown-br-mispredict",
		[TD_FETCH_LAT] = "topdown-fetch-lat", [TD_MEM_BOUND] = "topdown-mem-bound",
		[TD_TOTAL_SLOTS] = "topdown-total-slots",
		[TD_SLOTS_ISSUED] = "topdown-slots-issued",
		[TD_SLOTS_RETIRED] = "topdown-slots-retired",
		[TD_FETCH_BUBBLES] = "topdown-fetch-bubbles",
		[TD_RECOVERY_BUBBLES] = "topdown-recovery-bubbles",
	};

	for (int i = TD_SLOTS; i < TD_NR_IDS; i++)
		if (!strcmp(name, names[i]))
			return i;
	return TD_NONE;
}
