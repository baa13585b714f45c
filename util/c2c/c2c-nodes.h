/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_C2C_NODES_H
#define PM_C2C_NODES_H

/*
 * The recording machine's NUMA nodes, as perf c2c reads them from the
 * header: each node's CPUs (NUMA_TOPOLOGY, nodes numbered in the order
 * listed) and memory blocks (MEM_TOPOLOGY), so that a sample's CPU and
 * physical address each name a node.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/header-features.h"

#define C2C_MAX_CPUS 65536	/* more in NRCPUS is a damaged header */

struct c2c_mem_range {
	uint64_t start, end;	/* physical, [start, end) */
	uint32_t node;
};

struct c2c_nodes {
	uint32_t nr_nodes;	/* 0: the file has no NUMA topology */
	uint32_t nr_cpus;	/* NRCPUS' available count: the CPU sets' size */
	uint32_t cpu_words;	/* uint64_t words of a CPU set */
	uint64_t *node_cpus;	/* nr_nodes CPU sets */
	int32_t *cpu_node;	/* by CPU, -1 for none */
	struct c2c_mem_range *mem;	/* ascending */
	uint32_t nr_mem, alloc_mem;
	bool has_mem;		/* MEM_TOPOLOGY was there */
};

void c2c_nodes__init(struct c2c_nodes *n, const struct pd_features *f);
void c2c_nodes__exit(struct c2c_nodes *n);

/* The node of @cpu, or 0 where unknown (perf's cpu2node of CPU 0) */
uint32_t c2c_nodes__of_cpu(const struct c2c_nodes *n, uint32_t cpu);

/* The node holding physical address @phys, -1 for none */
int c2c_nodes__of_phys(const struct c2c_nodes *n, uint64_t phys);

/* A set bit by bit as a list, "0-1,3" (perf's bitmap_scnprintf) */
void c2c_bits__list(const uint64_t *words, uint32_t nbits, struct strbuf *sb);
uint32_t c2c_bits__count(const uint64_t *words, uint32_t nwords);

static inline void c2c_bits__set(uint64_t *words, uint32_t bit)
{
	words[bit / 64] |= 1ULL << (bit % 64);
}

#endif
