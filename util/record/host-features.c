// SPDX-License-Identifier: GPL-2.0
/*
 * Record's header features: the table of writers (host-features.h), the
 * loop that walks it, and the writers of the features that come from a
 * uname, /proc or the recording itself. The writers that walk sysfs live in
 * host-topology.c, host-pmus.c and host-memory.c.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <sys/utsname.h>
#include <time.h>
#include <unistd.h>

#include "../base/util.h"
#include "../base/xalloc.h"
#include "../data/header-features.h"
#include "../data/perf-data-format.h"
#include "../events/evlist.h"
#include "host-features.h"
#include "host-memory.h"
#include "internal.h"

#ifndef PERF_MINI_VERSION
#define PERF_MINI_VERSION "0.1.0"
#endif

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

static bool write_event_desc(struct strbuf *sb, const struct host_features_src *src)
{
	const struct pd_write_event *ev = src->events;
	int nr = src->nr_events;

	host_features__put_u32(sb, nr);
	host_features__put_u32(sb, sizeof(struct perf_event_attr));
	for (int i = 0; i < nr; i++) {
		struct perf_event_attr a = *ev[i].attr;

		a.size = sizeof(a);
		strbuf_add(sb, &a, sizeof(a));
		host_features__put_u32(sb, ev[i].nr_ids);
		pd_features__put_string(sb, ev[i].name);
		strbuf_add(sb, ev[i].ids, ev[i].nr_ids * sizeof(uint64_t));
	}
	return true;
}

/* BUILD_ID: build_id_event records; misc bit 15 says byte 20 is the size. */
static bool write_build_id(struct strbuf *sb, const struct host_features_src *src)
{
	const struct build_id_entry *b = src->build_ids;

	for (int i = 0; i < src->nr_build_ids; i++) {
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
	return true;
}


static bool write_tracing_data(struct strbuf *sb, const struct host_features_src *src)
{
	strbuf_add(sb, src->tracing_data->buf, src->tracing_data->len);
	return true;
}

/* HOSTNAME, OSRELEASE and ARCH: uname's; empty where it fails. */
static struct utsname host_uname(void)
{
	struct utsname u = { 0 };

	uname(&u);
	return u;
}

static bool write_hostname(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	pd_features__put_string(sb, host_uname().nodename);
	return true;
}

static bool write_osrelease(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	pd_features__put_string(sb, host_uname().release);
	return true;
}

static bool write_version(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	/* the format is perf 6.1's: readers that check perf's version
	 * (hotspot's perfparser) read "6.1.0" first, and the rest names us */
	pd_features__put_string(sb, "6.1.0 (perf-mini " PERF_MINI_VERSION ")");
	return true;
}

static bool write_arch(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	pd_features__put_string(sb, host_uname().machine);
	return true;
}

static bool write_nrcpus(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	host_features__put_u32(sb, (uint32_t)sysconf(_SC_NPROCESSORS_CONF));
	host_features__put_u32(sb, (uint32_t)sysconf(_SC_NPROCESSORS_ONLN));
	return true;
}

static bool write_cpudesc(struct strbuf *sb, const struct host_features_src *src)
{
	char model[256];

	(void)src;
	cpuinfo("model name", model, sizeof(model));
	pd_features__put_string(sb, model);
	return true;
}

static bool write_cpuid(struct strbuf *sb, const struct host_features_src *src)
{
	char vendor[64], family[16], mod[16], stepping[16], id[160];

	(void)src;
	cpuinfo("vendor_id", vendor, sizeof(vendor));
	cpuinfo("cpu family", family, sizeof(family));
	cpuinfo("model", mod, sizeof(mod));
	cpuinfo("stepping", stepping, sizeof(stepping));
	snprintf(id, sizeof(id), "%s,%s,%s,%s", vendor, family, mod, stepping);
	pd_features__put_string(sb, id);
	return true;
}

static bool write_total_mem(struct strbuf *sb, const struct host_features_src *src)
{
	uint64_t kb = total_mem_kb();

	(void)src;
	strbuf_add(sb, &kb, sizeof(kb));
	return true;
}

static bool write_cmdline(struct strbuf *sb, const struct host_features_src *src)
{
	host_features__put_u32(sb, (uint32_t)src->argc);
	for (int i = 0; i < src->argc; i++)
		pd_features__put_string(sb, src->argv[i]);
	return true;
}

/* BRANCH_STACK and STAT: empty, their presence is what they say. */
static bool write_presence(struct strbuf *sb, const struct host_features_src *src)
{
	(void)sb, (void)src;
	return true;
}

/* Each group of the evlist (named "{anon_group}", leader index, size);
 * nothing where there is none. */
static bool write_group_desc(struct strbuf *sb, const struct host_features_src *src)
{
	uint32_t nr = 0;
	struct evsel *e;
	int i;

	evlist__for_each(src->evlist, e, i)
		nr += e->leader == e && e->nr_members > 1;
	if (!nr)
		return false;
	host_features__put_u32(sb, nr);
	evlist__for_each(src->evlist, e, i) {
		if (e->leader != e || e->nr_members <= 1)
			continue;
		pd_features__put_string(sb, "{anon_group}");
		host_features__put_u32(sb, e->idx);
		host_features__put_u32(sb, e->nr_members);
	}
	return true;
}

/* CACHE and MEM_TOPOLOGY: where sysfs describes them (as perf). */
static bool write_cache(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	return host_memory__caches(sb, "/sys", (int)sysconf(_SC_NPROCESSORS_CONF));
}

static bool write_mem_topology(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	return host_memory__topology(sb, "/sys");
}

/* The first and last sample times (perf's --time N% reads them). */
static bool write_sample_time(struct strbuf *sb, const struct host_features_src *src)
{
	uint64_t v[2] = { src->first_time, src->last_time };

	strbuf_add(sb, v, sizeof(v));
	return true;
}

/* record -k: the clock's resolution. */
static bool write_clockid(struct strbuf *sb, const struct host_features_src *src)
{
	struct timespec res = { 0 };
	uint64_t res_ns;

	clock_getres(src->clockid, &res);
	res_ns = (uint64_t)res.tv_sec * 1000000000 + res.tv_nsec;
	strbuf_add(sb, &res_ns, sizeof(res_ns));
	return true;
}

/* record -k: the time of day and the clock's time, read together so that
 * readers can turn one into the other. */
static bool write_clock_data(struct strbuf *sb, const struct host_features_src *src)
{
	struct timespec now = { 0 };
	struct timeval tod;
	struct {
		uint32_t version, clockid;
		uint64_t tod_ns, clockid_ns;
	} data = { .version = 1, .clockid = (uint32_t)src->clockid };

	gettimeofday(&tod, NULL);
	clock_gettime(src->clockid, &now);
	data.tod_ns = (uint64_t)tod.tv_sec * 1000000000 + (uint64_t)tod.tv_usec * 1000;
	data.clockid_ns = (uint64_t)now.tv_sec * 1000000000 + now.tv_nsec;
	strbuf_add(sb, &data, sizeof(data));
	return true;
}

/* record --threads: the file is PATH/data of a directory. */
static bool write_dir_format(struct strbuf *sb, const struct host_features_src *src)
{
	uint64_t version = 1;	/* perf 6.1's PERF_DIR_VERSION */

	(void)src;
	strbuf_add(sb, &version, sizeof(version));
	return true;
}

/* BPF_PROG_INFO and BPF_BTF: perf-mini records no BPF programs (nor their
 * BTF), written as perf writes them when it has none. */
static bool write_no_bpf(struct strbuf *sb, const struct host_features_src *src)
{
	(void)src;
	host_features__put_u32(sb, 0);
	return true;
}

/* record -z: readers size their buffers by the mmap length. */
static bool write_compressed(struct strbuf *sb, const struct host_features_src *src)
{
	/* version 1, type 1 (zstd), as perf writes it */
	uint32_t v[5] = { 1, 1, src->zstd_level, src->zstd_ratio, src->mmap_len };

	strbuf_add(sb, v, sizeof(v));
	return true;
}

#define WRITER(feat, conditions, fn) { HEADER_##feat, conditions, fn }

/* perf 6.1's record__init_features() decides the same, feature by feature */
const struct host_feature_writer host_feature_writers[] = {
	WRITER(TRACING_DATA, HOST_FEAT_TRACEPOINTS, write_tracing_data),
	WRITER(BUILD_ID, HOST_FEAT_BUILD_IDS, write_build_id),
	WRITER(HOSTNAME, 0, write_hostname),
	WRITER(OSRELEASE, 0, write_osrelease),
	WRITER(VERSION, 0, write_version),
	WRITER(ARCH, 0, write_arch),
	WRITER(NRCPUS, 0, write_nrcpus),
	WRITER(CPUDESC, 0, write_cpudesc),
	WRITER(CPUID, 0, write_cpuid),
	WRITER(TOTAL_MEM, 0, write_total_mem),
	WRITER(CMDLINE, 0, write_cmdline),
	WRITER(EVENT_DESC, 0, write_event_desc),
	WRITER(CPU_TOPOLOGY, 0, host_topology__cpus),
	WRITER(NUMA_TOPOLOGY, 0, host_topology__numa),
	WRITER(BRANCH_STACK, HOST_FEAT_BRANCH_STACK, write_presence),
	WRITER(PMU_MAPPINGS, HOST_FEAT_RECORD, host_pmus__mappings),
	WRITER(GROUP_DESC, HOST_FEAT_RECORD, write_group_desc),
	WRITER(STAT, HOST_FEAT_STAT, write_presence),
	WRITER(CACHE, 0, write_cache),
	/* a pipe's header goes out before the first sample */
	WRITER(SAMPLE_TIME, HOST_FEAT_RECORD | HOST_FEAT_FILE, write_sample_time),
	WRITER(MEM_TOPOLOGY, 0, write_mem_topology),
	WRITER(CLOCKID, HOST_FEAT_CLOCKID, write_clockid),
	WRITER(DIR_FORMAT, HOST_FEAT_DIR, write_dir_format),
	WRITER(BPF_PROG_INFO, HOST_FEAT_RECORD, write_no_bpf),
	WRITER(BPF_BTF, HOST_FEAT_RECORD, write_no_bpf),
	WRITER(COMPRESSED, HOST_FEAT_COMPRESSED, write_compressed),
	WRITER(CPU_PMU_CAPS, HOST_FEAT_RECORD, host_pmus__cpu_caps),
	WRITER(CLOCK_DATA, HOST_FEAT_CLOCKID, write_clock_data),
	WRITER(PMU_CAPS, HOST_FEAT_RECORD, host_pmus__caps),
};

const int nr_host_feature_writers = ARRAY_SIZE(host_feature_writers);

static bool samples_branch_stacks(const struct host_features_src *src)
{
	for (int i = 0; i < src->nr_events; i++)
		if (src->events[i].attr->sample_type & PERF_SAMPLE_BRANCH_STACK)
			return true;
	return false;
}

unsigned int host_features__conditions(const struct host_features_src *src)
{
	unsigned int c = 0;

	c |= src->record ? HOST_FEAT_RECORD : 0;
	c |= src->stat ? HOST_FEAT_STAT : 0;
	c |= src->pipe ? 0 : HOST_FEAT_FILE;
	c |= src->tracing_data ? HOST_FEAT_TRACEPOINTS : 0;
	c |= src->build_ids ? HOST_FEAT_BUILD_IDS : 0;
	c |= samples_branch_stacks(src) ? HOST_FEAT_BRANCH_STACK : 0;
	c |= src->use_clockid ? HOST_FEAT_CLOCKID : 0;
	c |= src->compressed ? HOST_FEAT_COMPRESSED : 0;
	c |= src->dir_format ? HOST_FEAT_DIR : 0;
	return c;
}

void host_features__build(struct host_features *f, const struct host_features_src *src)
{
	unsigned int has = host_features__conditions(src);

	memset(f, 0, sizeof(*f));
	for (int i = 0; i < nr_host_feature_writers; i++) {
		const struct host_feature_writer *w = &host_feature_writers[i];
		struct strbuf payload = STRBUF_INIT;

		if ((w->needs & has) != w->needs)
			continue;
		if (!w->write(&payload, src)) {
			strbuf_release(&payload);
			continue;
		}
		f->v = must_reallocarray(f->v, f->nr + 1, sizeof(*f->v));
		f->v[f->nr].id = w->id;
		f->v[f->nr++].payload = payload;
	}
}

void host_features__exit(struct host_features *f)
{
	for (int i = 0; i < f->nr; i++)
		strbuf_release(&f->v[i].payload);
	free(f->v);
	memset(f, 0, sizeof(*f));
}
