// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "../base/util.h"
#include "../data/header-features.h"
#include "../data/perf-data-format.h"
#include "../events/evlist.h"
#include "host-features.h"
#include "host-memory.h"
#include "../base/xalloc.h"

#ifndef PERF_MINI_VERSION
#define PERF_MINI_VERSION "0.1.0"
#endif

static struct strbuf *add(struct host_features *f, int id)
{
	f->v = must_reallocarray(f->v, f->nr + 1, sizeof(*f->v));
	f->v[f->nr].id = id;
	strbuf_init(&f->v[f->nr].payload, 0);
	return &f->v[f->nr++].payload;
}

static void put_u32(struct strbuf *sb, uint32_t v)
{
	strbuf_add(sb, &v, 4);
}

/* The value of "key : value" lines in /proc/cpuinfo (first CPU). */
static void cpuinfo(const char *key, char *out, size_t size)
{
	FILE *f = fopen("/proc/cpuinfo", "re");
	char line[512];
	size_t klen = strlen(key);

	*out = '\0';
	while (f && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon || strncmp(line, key, klen) || (line[klen] != ' ' && line[klen] != '\t'))
			continue;
		snprintf(out, size, "%s", colon + 1 + (colon[1] == ' '));
		out[strcspn(out, "\n")] = '\0';
		break;
	}
	if (f)
		fclose(f);
}

static uint64_t total_mem_kb(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	unsigned long long kb = 0;
	char line[256];

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "MemTotal: %llu kB", &kb) == 1)
			break;
	if (f)
		fclose(f);
	return kb;
}

static void cpu_features(struct host_features *f)
{
	char model[256], vendor[64], family[16], mod[16], stepping[16];

	cpuinfo("model name", model, sizeof(model));
	cpuinfo("vendor_id", vendor, sizeof(vendor));
	cpuinfo("cpu family", family, sizeof(family));
	cpuinfo("model", mod, sizeof(mod));
	cpuinfo("stepping", stepping, sizeof(stepping));
	pd_features__put_string(add(f, HEADER_CPUDESC), model);
	{
		char id[160];

		snprintf(id, sizeof(id), "%s,%s,%s,%s", vendor, family, mod, stepping);
		pd_features__put_string(add(f, HEADER_CPUID), id);
	}
}

static void event_desc(struct strbuf *sb, const struct pd_write_event *ev, int nr)
{
	put_u32(sb, nr);
	put_u32(sb, sizeof(struct perf_event_attr));
	for (int i = 0; i < nr; i++) {
		struct perf_event_attr a = *ev[i].attr;

		a.size = sizeof(a);
		strbuf_add(sb, &a, sizeof(a));
		put_u32(sb, ev[i].nr_ids);
		pd_features__put_string(sb, ev[i].name);
		strbuf_add(sb, ev[i].ids, ev[i].nr_ids * sizeof(uint64_t));
	}
}

/* BUILD_ID: build_id_event records; misc bit 15 says byte 20 is the size. */
static void build_id_records(struct strbuf *sb, const struct build_id_entry *b, int nr)
{
	for (int i = 0; i < nr; i++) {
		struct strbuf name = STRBUF_INIT;
		struct pm_event_header h = { .type = PERF_RECORD_HEADER_BUILD_ID };
		int32_t pid = -1;
		uint8_t id[24] = { 0 };

		pd_features__put_string(&name, b[i].filename);
		h.misc = (b[i].kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER) | (1 << 15);
		h.size = sizeof(h) + 4 + sizeof(id) + name.len - 4;
		memcpy(id, b[i].id, b[i].size);
		id[20] = b[i].size;
		strbuf_add(sb, &h, sizeof(h));
		strbuf_add(sb, &pid, 4);
		strbuf_add(sb, id, sizeof(id));
		strbuf_add(sb, name.buf + 4, name.len - 4);	/* no length prefix here */
		strbuf_release(&name);
	}
}

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
	put_u32(sb, n);
	for (uint32_t i = 0; i < n; i++)
		pd_features__put_string(sb, lists[i]);
}

/*
 * CPU_TOPOLOGY as perf writes it: package then core sibling lists, each
 * CPU's core and socket id, then (where sysfs has dies) die lists and ids.
 * perf stat report needs it for --per-core and --per-socket files.
 */
static void cpu_topology(struct strbuf *sb, int nr_cpus)
{
	char probe[128];

	put_sibling_lists(sb, nr_cpus, "package_cpus_list", "core_siblings_list");
	put_sibling_lists(sb, nr_cpus, "core_cpus_list", "thread_siblings_list");
	for (int cpu = 0; cpu < nr_cpus; cpu++) {
		put_u32(sb, (uint32_t)topo_int(cpu, "core_id"));
		put_u32(sb, (uint32_t)topo_int(cpu, "physical_package_id"));
	}
	topo_text(0, "die_cpus_list", "die_cpus_list", probe, sizeof(probe));
	if (!*probe)
		return;
	put_sibling_lists(sb, nr_cpus, "die_cpus_list", "die_cpus_list");
	for (int cpu = 0; cpu < nr_cpus; cpu++)
		put_u32(sb, (uint32_t)topo_int(cpu, "die_id"));
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
 * number, total and free memory (kB) and CPU list. perf stat report needs
 * it for --per-node files. Nothing where sysfs has no nodes.
 */
static void numa_topology(struct host_features *f)
{
	const char *root = "/sys/devices/system/node";
	struct dirent **names;
	int n = scandir(root, &names, node_dir_number, node_cmp);
	struct strbuf *sb;

	if (n <= 0)
		return;
	sb = add(f, HEADER_NUMA_TOPOLOGY);
	put_u32(sb, (uint32_t)n);
	for (int i = 0; i < n; i++) {
		char dir[512], path[PATH_MAX], cpus[4096] = "";
		uint64_t total, free_kb;

		snprintf(dir, sizeof(dir), "%s/%s", root, names[i]->d_name);
		snprintf(path, sizeof(path), "%s/cpulist", dir);
		if (read_small_file(path, cpus, sizeof(cpus)) < 0)
			cpus[0] = '\0';
		total = node_meminfo_kb(dir, "MemTotal");
		free_kb = node_meminfo_kb(dir, "MemFree");
		put_u32(sb, (uint32_t)node_number(names[i]->d_name));
		strbuf_add(sb, &total, 8);
		strbuf_add(sb, &free_kb, 8);
		pd_features__put_string(sb, cpus);
		free(names[i]);
	}
	free(names);
}

static struct strbuf *add_in_order(struct host_features *f, int id);

/* CACHE and MEM_TOPOLOGY, each where sysfs describes it (as perf). */
static void memory_features(struct host_features *f, int nr_cpus)
{
	struct strbuf sb = STRBUF_INIT;

	if (host_memory__caches(&sb, "/sys", nr_cpus))
		strbuf_add(add_in_order(f, HEADER_CACHE), sb.buf, sb.len);
	strbuf_reset(&sb);
	if (host_memory__topology(&sb, "/sys"))
		strbuf_add(add_in_order(f, HEADER_MEM_TOPOLOGY), sb.buf, sb.len);
	strbuf_release(&sb);
}

void host_features__build(struct host_features *f, int argc, const char **argv,
			  const struct pd_write_event *events, int nr_events,
			  const struct build_id_entry *build_ids, int nr_build_ids,
			  const struct strbuf *tracing_data)
{
	struct utsname u;
	struct strbuf *sb;
	long conf = sysconf(_SC_NPROCESSORS_CONF), onln = sysconf(_SC_NPROCESSORS_ONLN);
	uint64_t mem = total_mem_kb();

	memset(f, 0, sizeof(*f));
	uname(&u);
	if (tracing_data)
		strbuf_add(add(f, HEADER_TRACING_DATA), tracing_data->buf, tracing_data->len);
	if (build_ids)
		build_id_records(add(f, HEADER_BUILD_ID), build_ids, nr_build_ids);
	pd_features__put_string(add(f, HEADER_HOSTNAME), u.nodename);
	pd_features__put_string(add(f, HEADER_OSRELEASE), u.release);
	/* the format is perf 6.1's: readers that check perf's version
	 * (hotspot's perfparser) read "6.1.0" first, and the rest names us */
	pd_features__put_string(add(f, HEADER_VERSION), "6.1.0 (perf-mini " PERF_MINI_VERSION ")");
	pd_features__put_string(add(f, HEADER_ARCH), u.machine);
	sb = add(f, HEADER_NRCPUS);
	put_u32(sb, conf);
	put_u32(sb, onln);
	cpu_features(f);
	strbuf_add(add(f, HEADER_TOTAL_MEM), &mem, 8);
	sb = add(f, HEADER_CMDLINE);
	put_u32(sb, argc);
	for (int i = 0; i < argc; i++)
		pd_features__put_string(sb, argv[i]);
	event_desc(add(f, HEADER_EVENT_DESC), events, nr_events);
	cpu_topology(add(f, HEADER_CPU_TOPOLOGY), (int)conf);
	numa_topology(f);
	/* empty: its presence tells readers the samples carry branch stacks */
	for (int i = 0; i < nr_events; i++)
		if (events[i].attr->sample_type & PERF_SAMPLE_BRANCH_STACK) {
			add(f, HEADER_BRANCH_STACK);
			break;
		}
	memory_features(f, (int)conf);
}

void host_features__exit(struct host_features *f)
{
	for (int i = 0; i < f->nr; i++)
		strbuf_release(&f->v[i].payload);
	free(f->v);
	memset(f, 0, sizeof(*f));
}

/* A feature added after the others, moved to its place in id order. */
static struct strbuf *add_in_order(struct host_features *f, int id)
{
	struct pd_write_feature tmp;
	int i;

	add(f, id);
	for (i = f->nr - 1; i > 0 && f->v[i - 1].id > id; i--) {
		tmp = f->v[i - 1];
		f->v[i - 1] = f->v[i];
		f->v[i] = tmp;
	}
	return &f->v[i].payload;
}

void host_features__add_compressed(struct host_features *f, uint32_t level, uint32_t ratio,
				   uint32_t mmap_len)
{
	/* version 1, type 1 (zstd), as perf writes it */
	uint32_t v[5] = { 1, 1, level, ratio, mmap_len };

	strbuf_add(add_in_order(f, HEADER_COMPRESSED), v, sizeof(v));
}

void host_features__add_sample_time(struct host_features *f, uint64_t first, uint64_t last)
{
	uint64_t v[2] = { first, last };

	strbuf_add(add_in_order(f, HEADER_SAMPLE_TIME), v, sizeof(v));
}

void host_features__add_stat(struct host_features *f)
{
	add_in_order(f, HEADER_STAT);	/* empty: its presence says "stat data" */
}

void host_features__add_dir_format(struct host_features *f)
{
	uint64_t version = 1;	/* perf 6.1's PERF_DIR_VERSION */

	strbuf_add(add_in_order(f, HEADER_DIR_FORMAT), &version, sizeof(version));
}

void host_features__add_clockid(struct host_features *f, int clockid)
{
	struct timespec res = { 0 }, now = { 0 };
	struct timeval tod;
	uint64_t res_ns;
	struct {
		uint32_t version, clockid;
		uint64_t tod_ns, clockid_ns;
	} data = { .version = 1, .clockid = (uint32_t)clockid };

	clock_getres(clockid, &res);
	res_ns = (uint64_t)res.tv_sec * 1000000000 + res.tv_nsec;
	strbuf_add(add_in_order(f, HEADER_CLOCKID), &res_ns, sizeof(res_ns));
	gettimeofday(&tod, NULL);
	clock_gettime(clockid, &now);
	data.tod_ns = (uint64_t)tod.tv_sec * 1000000000 + (uint64_t)tod.tv_usec * 1000;
	data.clockid_ns = (uint64_t)now.tv_sec * 1000000000 + now.tv_nsec;
	strbuf_add(add_in_order(f, HEADER_CLOCK_DATA), &data, sizeof(data));
}

void host_features__add_groups(struct host_features *f, const struct evlist *evlist)
{
	struct strbuf *sb;
	uint32_t nr = 0;
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i)
		nr += e->leader == e && e->nr_members > 1;
	if (!nr)
		return;
	sb = add_in_order(f, HEADER_GROUP_DESC);
	put_u32(sb, nr);
	evlist__for_each(evlist, e, i) {
		if (e->leader != e || e->nr_members <= 1)
			continue;
		pd_features__put_string(sb, "{anon_group}");
		put_u32(sb, e->idx);
		put_u32(sb, e->nr_members);
	}
}

void host_features__add_pmu_mappings(struct host_features *f, const char *sysfs_root)
{
	char path[4096], type[32];
	struct strbuf list = STRBUF_INIT;
	struct dirent *d;
	uint32_t nr = 0;
	uint64_t id;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/bus/event_source/devices", sysfs_root ?: "/sys");
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char file[4096 + 300];

		if (d->d_name[0] == '.')
			continue;
		snprintf(file, sizeof(file), "%s/%s/type", path, d->d_name);
		if (read_small_file(file, type, sizeof(type)) <= 0 || str_to_u64(type, 10, &id) ||
		    id > UINT32_MAX)
			continue;
		put_u32(&list, (uint32_t)id);
		pd_features__put_string(&list, d->d_name);
		nr++;
	}
	if (dir)
		closedir(dir);
	if (nr) {
		struct strbuf *sb = add_in_order(f, HEADER_PMU_MAPPINGS);

		put_u32(sb, nr);
		strbuf_add(sb, list.buf, list.len);
	}
	strbuf_release(&list);
}

/* A PMU's caps (sysfs caps/NAME holds the value) as perf writes them: the
 * count, then name and value strings, in directory order as perf reads
 * them (struct pmu holds them sorted). 0 when it has none. */
static uint32_t put_caps(struct strbuf *sb, const char *pmu_dir)
{
	char path[PATH_MAX], value[256];
	struct strbuf pairs = STRBUF_INIT;
	struct dirent *d;
	uint32_t nr = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/caps", pmu_dir);
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char file[PATH_MAX + 256];

		snprintf(file, sizeof(file), "%s/%s", path, d->d_name);
		if (d->d_name[0] == '.' || read_small_file(file, value, sizeof(value)) < 0)
			continue;
		value[strcspn(value, "\n")] = '\0';
		pd_features__put_string(&pairs, d->d_name);
		pd_features__put_string(&pairs, value);
		nr++;
	}
	if (dir)
		closedir(dir);
	if (nr) {
		put_u32(sb, nr);
		strbuf_add(sb, pairs.buf, pairs.len);
	}
	strbuf_release(&pairs);
	return nr;
}

void host_features__add_pmu_caps(struct host_features *f, const char *sysfs_root)
{
	char path[PATH_MAX];
	struct strbuf cpu = STRBUF_INIT, others = STRBUF_INIT;
	struct dirent *d;
	uint32_t nr = 0;
	DIR *dir;

	snprintf(path, sizeof(path), "%s/bus/event_source/devices", sysfs_root ?: "/sys");
	dir = opendir(path);
	while (dir && (d = readdir(dir))) {
		char pmu_dir[PATH_MAX + 256];

		if (d->d_name[0] == '.')
			continue;
		snprintf(pmu_dir, sizeof(pmu_dir), "%s/%s", path, d->d_name);
		if (!strcmp(d->d_name, "cpu")) {
			if (!put_caps(&cpu, pmu_dir))
				put_u32(&cpu, 0);
		} else if (put_caps(&others, pmu_dir)) {
			pd_features__put_string(&others, d->d_name);
			nr++;
		}
	}
	if (dir)
		closedir(dir);
	/* as perf: the core PMU's caps where there is one, the others' always */
	if (cpu.len)
		strbuf_add(add_in_order(f, HEADER_CPU_PMU_CAPS), cpu.buf, cpu.len);
	strbuf_reset(&cpu);
	put_u32(&cpu, nr);
	strbuf_add(&cpu, others.buf, others.len);
	strbuf_add(add_in_order(f, HEADER_PMU_CAPS), cpu.buf, cpu.len);
	strbuf_release(&cpu);
	strbuf_release(&others);
}

void host_features__add_bpf(struct host_features *f)
{
	/* perf-mini records no BPF programs (nor their BTF): none, as perf
	 * writes it when it has none */
	put_u32(add_in_order(f, HEADER_BPF_PROG_INFO), 0);
	put_u32(add_in_order(f, HEADER_BPF_BTF), 0);
}
