// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>

#include "feature-reader.h"
#include "header-topology.h"
#include "perf-data-format.h"

/* The strings of a u32-counted list, kept (NULL-terminated array). */
static char **read_strings(struct reader *r)
{
	uint32_t nr = get_count(r, 4);
	char **v = calloc(nr + 1, sizeof(*v));

	for (uint32_t i = 0; v && i < nr && !r->bad; i++)
		v[i] = get_string(r);
	return v;
}

static void print_and_free(char **v, const char *label, FILE *out)
{
	for (size_t i = 0; v && v[i]; i++) {
		fprintf(out, "# %s : %s\n", label, v[i]);
		free(v[i]);
	}
	free(v);
}

/* perf's print_cpu_topology(): sockets, dies, threads, then each CPU. The
 * CPUs' ids and the dies came later to the format: printed where the
 * section has them. */
static bool print_cpu_topology(struct reader *r, uint32_t nr_cpus, FILE *out)
{
	char **sockets = read_strings(r), **threads = read_strings(r), **dies = NULL;
	const uint8_t *ids = NULL, *die_ids = NULL;
	bool ok = !r->bad;

	if (ok && (uint64_t)(r->end - r->p) >= (uint64_t)nr_cpus * 8 && r->p < r->end) {
		ids = get_bytes(r, (uint64_t)nr_cpus * 8);
		if (r->p < r->end) {
			dies = read_strings(r);
			die_ids = get_bytes(r, (uint64_t)nr_cpus * 4);
		}
	}
	print_and_free(sockets, "sibling sockets", out);
	print_and_free(dies, "sibling dies   ", out);
	print_and_free(threads, "sibling threads", out);
	if (!ok)
		return false;
	if (!ids)
		fprintf(out, "# %s information is not available\n",
			die_ids ? "Core ID, Die ID and Socket ID" : "Core ID and Socket ID");
	for (uint32_t i = 0; ids && i < nr_cpus; i++) {
		uint32_t core, socket, die;

		memcpy(&core, ids + i * 8, 4);
		memcpy(&socket, ids + i * 8 + 4, 4);
		if (die_ids) {
			memcpy(&die, die_ids + i * 4, 4);
			fprintf(out, "# CPU %u: Core ID %d, Die ID %d, Socket ID %d\n", i, (int)core,
				(int)die, (int)socket);
		} else {
			fprintf(out, "# CPU %u: Core ID %d, Socket ID %d\n", i, (int)core,
				(int)socket);
		}
	}
	return true;
}

int32_t *header_topology__sockets(const uint8_t *p, uint64_t size, uint32_t nr_cpus)
{
	struct reader r = { .p = p, .end = p + size };
	char **lists[2] = { read_strings(&r), read_strings(&r) };
	const uint8_t *ids = NULL;
	int32_t *sockets = NULL;

	for (int l = 0; l < 2; l++) {
		for (size_t i = 0; lists[l] && lists[l][i]; i++)
			free(lists[l][i]);
		free(lists[l]);
	}
	if (!r.bad && nr_cpus && (uint64_t)(r.end - r.p) >= (uint64_t)nr_cpus * 8)
		ids = get_bytes(&r, (uint64_t)nr_cpus * 8);
	if (ids)
		sockets = calloc(nr_cpus, sizeof(*sockets));
	for (uint32_t i = 0; sockets && i < nr_cpus; i++)
		memcpy(&sockets[i], ids + i * 8 + 4, 4);
	return sockets;
}

static bool print_numa(struct reader *r, FILE *out)
{
	uint32_t nr = get_count(r, 4 + 16 + 4);

	for (uint32_t i = 0; i < nr && !r->bad; i++) {
		uint32_t node = get_u32(r);
		uint64_t total = get_u64(r), free_kb = get_u64(r);
		char *cpus = get_string(r);

		if (!r->bad)
			fprintf(out, "# node%u meminfo  : total = %" PRIu64 " kB, free = %" PRIu64
				" kB\n# node%u cpu list : %s\n", node, total, free_kb, node,
				cpus ? cpus : "");
		free(cpus);
	}
	return !r->bad;
}

static bool print_caches(struct reader *r, FILE *out)
{
	uint32_t version = get_u32(r), nr;

	if (r->bad || version != 1)
		return false;
	nr = get_count(r, 16 + 12);
	fprintf(out, "# CPU cache info:\n");
	for (uint32_t i = 0; i < nr && !r->bad; i++) {
		uint32_t level = get_u32(r);
		char *type, *size, *map;

		get_u32(r), get_u32(r), get_u32(r);	/* line size, sets, ways */
		type = get_string(r);
		size = get_string(r);
		map = get_string(r);
		if (!r->bad)
			fprintf(out, "#  L%u %-15s %8s [%s]\n", level, type, size, map);
		free(type);
		free(size);
		free(map);
	}
	return !r->bad;
}

static bool print_hybrid(struct reader *r, FILE *out)
{
	uint32_t nr = get_count(r, 8);

	fprintf(out, "# hybrid cpu system:\n");
	for (uint32_t i = 0; i < nr && !r->bad; i++) {
		char *pmu = get_string(r), *cpus = get_string(r);

		if (!r->bad)
			fprintf(out, "# %s cpu list : %s\n", pmu, cpus);
		free(pmu);
		free(cpus);
	}
	return !r->bad;
}

/* perf's unit_number__scnprintf(): 64G, 512M (divided while over 1024,
 * up to G: 2 TiB is 2048G) */
static void print_size(uint64_t n, FILE *out)
{
	static const char unit[] = "BKMG";
	size_t i = 0;

	while (n / 1024 > 1 && i < sizeof(unit) - 2) {
		n /= 1024;
		i++;
	}
	fprintf(out, "%" PRIu64 "%c", n, unit[i]);
}

/* perf's bitmap_scnprintf(): "0,2-32" */
static void print_bitmap(const uint8_t *words, uint64_t nbits, FILE *out)
{
	bool first = true;

	for (uint64_t i = 0; i < nbits; i++) {
		uint64_t w, j = i;

		memcpy(&w, words + i / 64 * 8, 8);
		if (!(w >> (i % 64) & 1))
			continue;
		for (;;) {
			uint64_t next = j + 1;

			if (next >= nbits)
				break;
			memcpy(&w, words + next / 64 * 8, 8);
			if (!(w >> (next % 64) & 1))
				break;
			j = next;
		}
		fprintf(out, j > i ? "%s%" PRIu64 "-%" PRIu64 : "%s%" PRIu64, first ? "" : ",",
			i, j);
		first = false;
		i = j;
	}
}

static bool print_mem_topology(struct reader *r, FILE *out)
{
	uint64_t version = get_u64(r), bsize = get_u64(r), nr = get_u64(r);

	if (r->bad || version != 1 || nr > (uint64_t)(r->end - r->p) / 24)
		return false;
	fprintf(out, "# memory nodes (nr %d, block size 0x%llx):\n", (int)nr,
		(unsigned long long)bsize);
	for (uint64_t i = 0; i < nr && !r->bad; i++) {
		uint64_t node = get_u64(r), size = get_u64(r), nbits = get_u64(r), weight = 0;
		const uint8_t *words = get_bytes(r, (nbits / 64 + !!(nbits % 64)) * 8);

		(void)size;
		if (!words)
			return false;
		for (uint64_t b = 0; b < nbits; b++) {
			uint64_t w;

			memcpy(&w, words + b / 64 * 8, 8);
			weight += w >> (b % 64) & 1;
		}
		fprintf(out, "#  %3" PRIu64 " [", node);
		print_size(bsize * weight, out);
		fprintf(out, "]: ");
		print_bitmap(words, nbits, out);
		fputc('\n', out);
	}
	return !r->bad;
}

bool header_topology__fprintf(int feat, const uint8_t *p, uint64_t size, uint32_t nr_cpus,
			      FILE *out)
{
	struct reader r = { p, p + size, false };

	/* listed but unread (a damaged section before it): perf's empty env */
	if (!p && feat == HEADER_CPU_TOPOLOGY) {
		fprintf(out, "# Core ID and Socket ID information is not available\n");
		return true;
	}
	if (!p)
		return false;
	switch (feat) {
	case HEADER_MEM_TOPOLOGY: return print_mem_topology(&r, out);
	case HEADER_CPU_TOPOLOGY: return print_cpu_topology(&r, nr_cpus, out);
	case HEADER_NUMA_TOPOLOGY: return print_numa(&r, out);
	case HEADER_CACHE: return print_caches(&r, out);
	case HEADER_HYBRID_TOPOLOGY: return print_hybrid(&r, out);
	default: return false;
	}
}
