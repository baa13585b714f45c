// SPDX-License-Identifier: GPL-2.0
/* The recording machine's NUMA nodes for c2c: c2c-nodes.h. */
#include <stdlib.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "../data/feature-reader.h"
#include "../data/perf-data-format.h"
#include "../events/cpumap.h"
#include "c2c-nodes.h"

static void read_numa(struct c2c_nodes *n, const uint8_t *p, uint64_t size)
{
	struct reader r = { p, p + size, false };
	uint32_t nr = get_count(&r, 4 + 16 + 4);

	if (r.bad || !nr || !n->nr_cpus)
		return;
	n->node_cpus = must_calloc((size_t)nr * n->cpu_words, sizeof(uint64_t));
	for (uint32_t i = 0; i < nr && !r.bad; i++) {
		struct cpu_map *map = NULL;
		char *list;

		get_u32(&r), get_u64(&r), get_u64(&r);	/* its number, memory */
		list = get_string(&r);
		if (list && !cpu_map__parse_list(&map, list)) {
			for (int c = 0; c < map->nr; c++) {
				if (map->cpus[c] < 0 || (uint32_t)map->cpus[c] >= n->nr_cpus)
					continue;
				c2c_bits__set(n->node_cpus + (size_t)i * n->cpu_words,
					      (uint32_t)map->cpus[c]);
				n->cpu_node[map->cpus[c]] = (int32_t)i;
			}
			cpu_map__delete(map);
		}
		free(list);
	}
	n->nr_nodes = r.bad ? 0 : nr;
}

static void add_range(struct c2c_nodes *n, uint64_t start, uint64_t end, uint32_t node)
{
	struct c2c_mem_range *last = n->nr_mem ? &n->mem[n->nr_mem - 1] : NULL;

	if (last && last->node == node && last->end == start) {
		last->end = end;
		return;
	}
	ALLOC_GROW(n->mem, n->nr_mem + 1, n->alloc_mem);
	n->mem[n->nr_mem++] = (struct c2c_mem_range){ start, end, node };
}

static int range_cmp(const void *a, const void *b)
{
	const struct c2c_mem_range *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* each node's memory blocks, a bit per block of the block size */
static void read_mem(struct c2c_nodes *n, const uint8_t *p, uint64_t size)
{
	struct reader r = { p, p + size, false };
	uint64_t version = get_u64(&r), bsize = get_u64(&r), nr = get_u64(&r);

	if (r.bad || version != 1 || !bsize || nr > (uint64_t)(r.end - r.p) / 24)
		return;
	n->has_mem = true;
	for (uint64_t i = 0; i < nr && !r.bad; i++) {
		uint64_t node = get_u64(&r), nbits = (get_u64(&r), get_u64(&r));
		const uint8_t *words = nbits < (1ULL << 40) ?
				       get_bytes(&r, (nbits + 63) / 64 * 8) : NULL;

		for (uint64_t b = 0; words && b < nbits; b++) {
			uint64_t w;

			memcpy(&w, words + b / 64 * 8, 8);
			if (w >> (b % 64) & 1)
				add_range(n, b * bsize, (b + 1) * bsize, (uint32_t)node);
		}
	}
	qsort(n->mem, n->nr_mem, sizeof(*n->mem), range_cmp);
}

void c2c_nodes__init(struct c2c_nodes *n, const struct pd_features *f)
{
	/* a count past any machine's (a damaged header) describes no CPUs */
	*n = (struct c2c_nodes){ .nr_cpus = f->nr_cpus_avail <= C2C_MAX_CPUS ? f->nr_cpus_avail : 0 };
	n->cpu_words = (n->nr_cpus + 63) / 64;
	n->cpu_node = must_calloc((size_t)n->nr_cpus + 1, sizeof(*n->cpu_node));
	for (uint32_t c = 0; c < n->nr_cpus; c++)
		n->cpu_node[c] = -1;
	if (f->raw[HEADER_NUMA_TOPOLOGY])
		read_numa(n, f->raw[HEADER_NUMA_TOPOLOGY], f->raw_size[HEADER_NUMA_TOPOLOGY]);
	if (f->raw[HEADER_MEM_TOPOLOGY])
		read_mem(n, f->raw[HEADER_MEM_TOPOLOGY], f->raw_size[HEADER_MEM_TOPOLOGY]);
}

void c2c_nodes__exit(struct c2c_nodes *n)
{
	free(n->node_cpus);
	free(n->cpu_node);
	free(n->mem);
	*n = (struct c2c_nodes){ 0 };
}

uint32_t c2c_nodes__of_cpu(const struct c2c_nodes *n, uint32_t cpu)
{
	if (cpu >= n->nr_cpus)
		cpu = 0;
	return n->nr_cpus && n->cpu_node[cpu] >= 0 ? (uint32_t)n->cpu_node[cpu] : 0;
}

int c2c_nodes__of_phys(const struct c2c_nodes *n, uint64_t phys)
{
	size_t at = partition_point(n->nr_mem, i, phys < n->mem[i].end);	/* ranges apart */

	return at < n->nr_mem && phys >= n->mem[at].start ? (int)n->mem[at].node : -1;
}

void c2c_bits__list(const uint64_t *words, uint32_t nbits, struct strbuf *sb)
{
	bool first = true;

	for (uint32_t i = 0; i < nbits; i++) {
		uint32_t j = i;

		if (!(words[i / 64] >> (i % 64) & 1))
			continue;
		while (j + 1 < nbits && words[(j + 1) / 64] >> ((j + 1) % 64) & 1)
			j++;
		strbuf_addf(sb, j > i ? "%s%u-%u" : "%s%u", first ? "" : ",", i, j);
		first = false;
		i = j;
	}
}

uint32_t c2c_bits__count(const uint64_t *words, uint32_t nwords)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < nwords; i++)
		n += (uint32_t)__builtin_popcountll(words[i]);
	return n;
}
