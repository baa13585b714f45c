/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_AGGR_MAP_H
#define PM_AGGR_MAP_H

/*
 * Which aggregate each counted CPU belongs to for --per-core, --per-die,
 * --per-socket and --per-node: CPUs sharing a (socket, die, core), a
 * (socket, die), a socket or a NUMA node, from sysfs topology
 * (cpuN/topology/physical_package_id, die_id, core_id; the cpuN/nodeM
 * link). Aggregates are ordered by id, as perf prints them.
 *
 * Ownership: the caller's (aggr_map__exit).
 */
#include "../base/strbuf.h"
#include "cpumap.h"

enum aggr_level {
	AGGR_LEVEL_SOCKET,
	AGGR_LEVEL_DIE,
	AGGR_LEVEL_CORE,
	AGGR_LEVEL_NODE,
};

struct aggr_id {
	int node;	/* -1 but in a per-node map */
	int socket;	/* -1 in a per-node map */
	int die;	/* -1 in per-socket and per-node maps */
	int core;	/* -1 but in a per-core map */
	int nr_cpus;	/* CPUs of the map in it (perf's "cpus" column) */
};

struct aggr_map {
	int nr;
	struct aggr_id *ids;	/* [nr] */
	int *of_cpu;		/* [cpus->nr]: index into ids */
};

/*
 * Build the map for @cpus grouped at @level, reading topology under
 * @cpu_dir ("/sys/devices/system/cpu"). Returns 0, or -EINVAL with a
 * message naming the file that could not be read.
 */
int aggr_map__build(struct aggr_map *m, const struct cpu_map *cpus, enum aggr_level level,
		    const char *cpu_dir, struct strbuf *err);
void aggr_map__exit(struct aggr_map *m);

#endif
