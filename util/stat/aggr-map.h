/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_AGGR_MAP_H
#define PM_AGGR_MAP_H

/*
 * Which aggregate each counted CPU belongs to for --per-core and
 * --per-socket: CPUs sharing a (socket, die, core) or a socket, from
 * sysfs topology (cpuN/topology/physical_package_id, die_id, core_id).
 * Aggregates are ordered by id, as perf prints them.
 *
 * Ownership: the caller's (aggr_map__exit).
 */
#include "../base/strbuf.h"
#include "../events/cpumap.h"

struct aggr_id {
	int socket;
	int die;
	int core;	/* -1 in a per-socket map */
	int nr_cpus;	/* CPUs of the map in it (perf's "cpus" column) */
};

struct aggr_map {
	int nr;
	struct aggr_id *ids;	/* [nr] */
	int *of_cpu;		/* [cpus->nr]: index into ids */
};

/*
 * Build the map for @cpus grouped per core (@per_core) or per socket,
 * reading topology under @cpu_dir ("/sys/devices/system/cpu"). Returns 0,
 * or -EINVAL with a message naming the file that could not be read.
 */
int aggr_map__build(struct aggr_map *m, const struct cpu_map *cpus, bool per_core,
		    const char *cpu_dir, struct strbuf *err);
void aggr_map__exit(struct aggr_map *m);

#endif
