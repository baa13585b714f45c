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
	return evsel;
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
