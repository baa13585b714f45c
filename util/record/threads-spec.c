// SPDX-License-Identifier: GPL-2.0
/* record --threads' spec, checked as perf takes it. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "../events/cpumap.h"
#include "../events/aggr-map.h"
#include "threads-spec.h"

/* A user spec: CPU-list/CPU-list pairs (the maps, the writer's affinity)
 * joined by ':'. */
static bool masks(const char *spec)
{
	size_t span;

	while (*spec) {
		span = strspn(spec, "0123456789,-");
		if (!span || spec[span] != '/')
			return false;
		spec += span + 1;
		span = strspn(spec, "0123456789,-");
		if (!span || (spec[span] && spec[span] != ':'))
			return false;
		spec += span + !!spec[span];
	}
	return true;
}

int threads_spec__check(const char *spec, struct strbuf *err)
{
	static const char *const kinds[] = { "cpu", "core", "package", "numa" };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(spec, kinds[i]))
			return 0;
	if (masks(spec))
		return 0;
	strbuf_addf(err, "--threads=%s: not cpu, core, package, numa or maps/affinity CPU "
		    "lists\nhint: --threads (one per CPU), or e.g. --threads=0-1/0:2-3/2", spec);
	return -1;
}

/* A user spec's lanes: the maps list of each pair. */
static int user_lanes(const char *spec, const struct cpu_map *cpus, int *lane_of,
		      struct strbuf *err)
{
	int lane = 0;

	for (int i = 0; i < cpus->nr; i++)
		lane_of[i] = -1;
	for (const char *p = spec; *p; lane++) {
		size_t span = strcspn(p, "/");
		char *list = strndup(p, span);
		struct cpu_map *maps = NULL;

		if (!list || cpu_map__parse_list(&maps, list)) {
			strbuf_addf(err, "--threads=%s: %s is not a CPU list", spec, list ? list : p);
			free(list);
			return -1;
		}
		for (int i = 0; i < cpus->nr; i++)
			if (lane_of[i] < 0 && cpu_map__has(maps, cpus->cpus[i]))
				lane_of[i] = lane;
		cpu_map__delete(maps);
		free(list);
		p += strcspn(p, ":");
		p += !!*p;
	}
	for (int i = 0; i < cpus->nr; i++)
		if (lane_of[i] < 0)
			lane_of[i] = 0;
	return lane;
}

int threads_spec__lanes(const char *spec, const struct cpu_map *cpus, const char *cpu_dir,
			int *lane_of, struct strbuf *err)
{
	static const struct { const char *name; enum aggr_level level; } by_topology[] = {
		{ "core", AGGR_LEVEL_CORE }, { "package", AGGR_LEVEL_SOCKET },
		{ "numa", AGGR_LEVEL_NODE },
	};
	struct aggr_map m;
	int nr;

	if (!strcmp(spec, "cpu")) {
		for (int i = 0; i < cpus->nr; i++)
			lane_of[i] = i;
		return cpus->nr;
	}
	for (size_t k = 0; k < sizeof(by_topology) / sizeof(by_topology[0]); k++) {
		if (strcmp(spec, by_topology[k].name))
			continue;
		if (aggr_map__build(&m, cpus, by_topology[k].level, cpu_dir, err))
			return -1;
		for (int i = 0; i < cpus->nr; i++)
			lane_of[i] = m.of_cpu[i];
		nr = m.nr;
		aggr_map__exit(&m);
		return nr;
	}
	return user_lanes(spec, cpus, lane_of, err);
}
