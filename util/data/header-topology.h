/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HEADER_TOPOLOGY_H
#define PM_HEADER_TOPOLOGY_H

/*
 * The features perf prints only with -I (--show-info), in its words:
 * CPU_TOPOLOGY (sibling sockets, dies and threads, each CPU's core, die
 * and socket), NUMA_TOPOLOGY (each node's memory and CPUs), CACHE (each
 * cache's level, type, size and CPUs), HYBRID_TOPOLOGY (each core type's
 * CPUs). @p and @size are the feature's payload; @nr_cpus the NRCPUS
 * "available" count. Returns false for a feature it does not print, or a
 * payload too short to.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

bool header_topology__fprintf(int feat, const uint8_t *p, uint64_t size, uint32_t nr_cpus,
			      FILE *out);

/*
 * Each CPU's socket from a CPU_TOPOLOGY payload (report --sort socket):
 * a malloc'd array of @nr_cpus ids, or NULL where the section has none.
 */
int32_t *header_topology__sockets(const uint8_t *p, uint64_t size, uint32_t nr_cpus);

#endif
