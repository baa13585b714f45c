// SPDX-License-Identifier: GPL-2.0
/*
 * CPU_TOPOLOGY and NUMA_TOPOLOGY as perf writes them, from sysfs: the
 * writers of host-features.c's table that walk the CPUs and the nodes.
 * perf stat report needs them for --per-core, --per-socket and
 * --per-node files.
 */
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "../data/header-features.h"
#include "host-features.h"
#include "internal.h"

#define TOPO_DIR "/sys/devices/system/cpu"
#define MAX_LISTS 1024

/* cpu@cpu/topology/@name (the first of two spellings), "" when absent. */
static void topo_text(int cpu, const char *name, const char *old_name, char *out, size_t size)
{
	char path[128];
	FILE *f;

	*out = '\0';
	for (int i = 0; i < 2 && !*out; i++) {
		snprintf(path, sizeof(path), TOPO_DIR "/cpu%d/topology/%s", cpu, i ? old_name : name);
		f = fopen(path, "re");
		if (f && fgets(out, (int)size, f))
			out[strcspn(out, "\n")] = '\0';
		if (f)
			fclose(f);
	}
}

static int topo_int(int cpu, const char *name)
{
	char text[32];

	int v;

	topo_text(cpu, name, name, text, sizeof(text));
	return sscanf(text, "%d", &v) == 1 ? v : -1;
}

/* The distinct sibling lists (e.g. "0-3") over @nr_cpus CPUs, in order. */
static void put_sibling_lists(struct strbuf *sb, int nr_cpus, const char *name,
			      const char *old_name)
{
	static char lists[MAX_LISTS][128];
	uint32_t n = 0;

	for (int cpu = 0; cpu < nr_cpus; cpu++) {
		char text[128];
		uint32_t i;

		topo_text(cpu, name, old_name, text, sizeof(text));
		for (i = 0; i < n && strcmp(lists[i], text); i++)
			;
		if (*text && i == n && n < MAX_LISTS)
			snprintf(lists[n++], sizeof(lists[0]), "%s", text);
	}
	host_features__put_u32(sb, n);
	for (uint32_t i = 0; i < n; i++)
		pd_features__put_string(sb, lists[i]);
}

/*
 * CPU_TOPOLOGY as perf writes it: package then core sibling lists, each
 * CPU's core and socket id, then (where sysfs has dies) die lists and ids.
 */
bool host_topology__cpus(struct strbuf *sb, const struct host_features_src *src)
{
	int nr_cpus = (int)sysconf(_SC_NPROCESSORS_CONF);
	char probe[128];

	(void)src;

	put_sibling_lists(sb, nr_cpus, "package_cpus_list", "core_siblings_list");
	put_sibling_lists(sb, nr_cpus, "core_cpus_list", "thread_siblings_list");
	for (int cpu = 0; cpu < nr_cpus; cpu++) {
		host_features__put_u32(sb, (uint32_t)topo_int(cpu, "core_id"));
		host_features__put_u32(sb, (uint32_t)topo_int(cpu, "physical_package_id"));
	}
	topo_text(0, "die_cpus_list", "die_cpus_list", probe, sizeof(probe));
	if (!*probe)
		return true;
	put_sibling_lists(sb, nr_cpus, "die_cpus_list", "die_cpus_list");
	for (int cpu = 0; cpu < nr_cpus; cpu++)
		host_features__put_u32(sb, (uint32_t)topo_int(cpu, "die_id"));
	return true;
}

static int node_dir_number(const struct dirent *d)
{
	return !strncmp(d->d_name, "node", 4) && isdigit((unsigned char)d->d_name[4]);
}

/* "node12" -> 12 */
static int node_number(const char *name)
{
	int n = -1;

	str_to_int(name + 4, &n);
	return n;
}

static int node_cmp(const struct dirent **a, const struct dirent **b)
{
	return node_number((*a)->d_name) - node_number((*b)->d_name);
}

/* "Node 0 MemTotal:  4679884 kB" in a node's meminfo: the kB. */
static uint64_t node_meminfo_kb(const char *node_dir, const char *key)
{
	char path[PATH_MAX], line[256];
	unsigned long long kb = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/meminfo", node_dir);
	f = fopen(path, "re");
	while (f && fgets(line, sizeof(line), f)) {
		char *at = strstr(line, key);

		if (at && at[strlen(key)] == ':' && sscanf(at + strlen(key) + 1, "%llu", &kb) == 1)
			break;
	}
	if (f)
		fclose(f);
	return kb;
}

/*
 * NUMA_TOPOLOGY as perf writes it: the number of nodes, then each node's
 * number, total and free memory (kB) and CPU list. Nothing where sysfs has
 * no nodes.
 */
bool host_topology__numa(struct strbuf *sb, const struct host_features_src *src)
{
	const char *root = "/sys/devices/system/node";
	struct dirent **names;
	int n = scandir(root, &names, node_dir_number, node_cmp);

	(void)src;
	if (n <= 0)
		return false;
	host_features__put_u32(sb, (uint32_t)n);
	for (int i = 0; i < n; i++) {
		char dir[512], path[PATH_MAX], cpus[4096] = "";
		uint64_t total, free_kb;

		snprintf(dir, sizeof(dir), "%s/%s", root, names[i]->d_name);
		snprintf(path, sizeof(path), "%s/cpulist", dir);
		if (read_small_file(path, cpus, sizeof(cpus)) < 0)
			cpus[0] = '\0';
		total = node_meminfo_kb(dir, "MemTotal");
		free_kb = node_meminfo_kb(dir, "MemFree");
		host_features__put_u32(sb, (uint32_t)node_number(names[i]->d_name));
		strbuf_add(sb, &total, 8);
		strbuf_add(sb, &free_kb, 8);
		pd_features__put_string(sb, cpus);
		free(names[i]);
	}
	free(names);
	return true;
}
