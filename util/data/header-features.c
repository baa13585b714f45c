// SPDX-License-Identifier: GPL-2.0
/*
 * Header feature payloads. Strings are stored as a u32 length that
 * includes the NUL and the padding to PERF_NAME_ALIGN, then the bytes.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "feature-reader.h"
#include "header-features.h"
#include "perf-data-format.h"
#include "../base/xalloc.h"

static const char *const feature_names[HEADER_LAST_FEATURE] = {
	[HEADER_TRACING_DATA] = "TRACING_DATA", [HEADER_BUILD_ID] = "BUILD_ID",
	[HEADER_HOSTNAME] = "HOSTNAME", [HEADER_OSRELEASE] = "OSRELEASE",
	[HEADER_VERSION] = "VERSION", [HEADER_ARCH] = "ARCH", [HEADER_NRCPUS] = "NRCPUS",
	[HEADER_CPUDESC] = "CPUDESC", [HEADER_CPUID] = "CPUID",
	[HEADER_TOTAL_MEM] = "TOTAL_MEM", [HEADER_CMDLINE] = "CMDLINE",
	[HEADER_EVENT_DESC] = "EVENT_DESC", [HEADER_CPU_TOPOLOGY] = "CPU_TOPOLOGY",
	[HEADER_NUMA_TOPOLOGY] = "NUMA_TOPOLOGY", [HEADER_BRANCH_STACK] = "BRANCH_STACK",
	[HEADER_PMU_MAPPINGS] = "PMU_MAPPINGS", [HEADER_GROUP_DESC] = "GROUP_DESC",
	[HEADER_AUXTRACE] = "AUXTRACE", [HEADER_STAT] = "STAT", [HEADER_CACHE] = "CACHE",
	[HEADER_SAMPLE_TIME] = "SAMPLE_TIME", [HEADER_MEM_TOPOLOGY] = "MEM_TOPOLOGY",
	[HEADER_CLOCKID] = "CLOCKID", [HEADER_DIR_FORMAT] = "DIR_FORMAT",
	[HEADER_BPF_PROG_INFO] = "BPF_PROG_INFO", [HEADER_BPF_BTF] = "BPF_BTF",
	[HEADER_COMPRESSED] = "COMPRESSED", [HEADER_CPU_PMU_CAPS] = "CPU_PMU_CAPS",
	[HEADER_CLOCK_DATA] = "CLOCK_DATA", [HEADER_HYBRID_TOPOLOGY] = "HYBRID_TOPOLOGY",
	[HEADER_PMU_CAPS] = "PMU_CAPS",
};

const char *pd_feature_name(int feat)
{
	if (feat <= 0 || feat >= HEADER_LAST_FEATURE)
		return NULL;
	return feature_names[feat];
}

/* A u32 count, then that many strings (CMDLINE). */
static void parse_strings(struct reader *r, char ***v, uint32_t *nr)
{
	uint32_t n = get_count(r, 4);

	*v = must_calloc(n ? n : 1, sizeof(**v));
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		(*v)[i] = get_string(r);
		if ((*v)[i])
			*nr = i + 1;
	}
}

/* CPU_PMU_CAPS: a count, then (name, value) string pairs, kept "name=value". */
static void parse_caps(struct reader *r, char ***v, uint32_t *nr)
{
	uint32_t n = get_count(r, 8);

	*v = must_calloc(n ? n : 1, sizeof(**v));
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		char *name = get_string(r), *value = get_string(r);
		size_t len = name && value ? strlen(name) + strlen(value) + 2 : 0;

		(*v)[i] = len ? must_malloc(len) : NULL;
		if ((*v)[i]) {
			snprintf((*v)[i], len, "%s=%s", name, value);
			*nr = i + 1;
		} else {
			r->bad = true;
		}
		free(name);
		free(value);
	}
}

/* PMU_CAPS: a count of PMUs, each its caps (as CPU_PMU_CAPS) then its name. */
static void parse_pmu_caps(struct pd_features *f, struct reader *r)
{
	uint32_t n = get_count(r, 8);

	f->pmu_caps = must_calloc(n ? n : 1, sizeof(*f->pmu_caps));
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		f->nr_pmu_caps = i + 1;
		parse_caps(r, &f->pmu_caps[i].caps, &f->pmu_caps[i].nr_caps);
		f->pmu_caps[i].pmu = get_string(r);
	}
}

static void parse_pmu_mappings(struct pd_features *f, struct reader *r)
{
	uint32_t n = get_count(r, 8);

	f->pmus = must_calloc(n ? n : 1, sizeof(*f->pmus));
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		f->pmus[i].type = get_u32(r);
		f->pmus[i].name = get_string(r);
		if (f->pmus[i].name)
			f->nr_pmus = i + 1;
	}
}

static void parse_attr(struct reader *r, uint32_t attr_size, struct perf_event_attr *attr)
{
	const uint8_t *p = get_bytes(r, attr_size);

	memset(attr, 0, sizeof(*attr));
	if (p)
		memcpy(attr, p, attr_size < sizeof(*attr) ? attr_size : sizeof(*attr));
}

static void parse_event_desc(struct pd_features *f, struct reader *r)
{
	uint32_t n = get_count(r, 8);
	uint32_t attr_size = get_u32(r);

	if (attr_size < PERF_ATTR_SIZE_VER0 || attr_size > 4096) {
		r->bad = true;
		return;
	}
	f->events = must_calloc(n ? n : 1, sizeof(*f->events));
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		struct pd_event_desc *e = &f->events[i];

		f->nr_events = i + 1;
		parse_attr(r, attr_size, &e->attr);
		e->nr_ids = get_count(r, 0);
		e->name = get_string(r);
		if (e->nr_ids > (uint64_t)(r->end - r->p) / 8) {
			r->bad = true;
			break;
		}
		e->ids = must_calloc(e->nr_ids ? e->nr_ids : 1, 8);
		for (uint32_t j = 0; j < e->nr_ids; j++)
			e->ids[j] = get_u64(r);
	}
}

static void parse_group_desc(struct pd_features *f, struct reader *r)
{
	uint32_t n = get_count(r, 12);

	f->groups = must_calloc(n ? n : 1, sizeof(*f->groups));
	for (uint32_t i = 0; i < n && !r->bad; i++) {
		f->nr_groups = i + 1;
		f->groups[i].name = get_string(r);
		f->groups[i].leader_idx = get_u32(r);
		f->groups[i].nr_members = get_u32(r);
	}
}

/* BUILD_ID: a run of build_id records {header, pid, id[24], filename}. */
static void parse_build_ids(struct pd_features *f, struct reader *r)
{
	size_t alloc = 0;

	while (!r->bad && r->end - r->p >= 8) {
		uint16_t misc, size;
		const uint8_t *rec = r->p;
		struct pd_build_id *b;

		memcpy(&misc, rec + 4, 2);
		memcpy(&size, rec + 6, 2);
		if (size < 8 + 4 + 24 || !get_bytes(r, size)) {
			r->bad = true;
			break;
		}
		if (f->nr_build_ids == alloc) {
			alloc = alloc ? 2 * alloc : 16;
			f->build_ids = must_reallocarray(f->build_ids, alloc, sizeof(*b));
		}
		b = &f->build_ids[f->nr_build_ids++];
		memset(b, 0, sizeof(*b));
		b->misc = misc;
		memcpy(&b->pid, rec + 8, 4);
		memcpy(b->id, rec + 12, 20);
		/* Since Linux 5.12 misc bit 15 says byte 32 holds the size. */
		b->size = (misc & (1 << 15)) ? rec[12 + 20] : 20;
		if (b->size > 20)
			b->size = 20;
		b->filename = strndup((const char *)rec + 36, size - 36);
	}
}

int pd_features__parse(struct pd_features *f, int feat, const uint8_t *p, uint64_t size,
		       struct strbuf *err)
{
	struct reader r = { .p = p, .end = p + size };

	if (feat > 0 && feat < 256 && !(f->bitmap[feat / 64] >> (feat % 64) & 1)) {
		f->bitmap[feat / 64] |= 1ULL << (feat % 64);
		if (f->nr_arrived < sizeof(f->arrived))
			f->arrived[f->nr_arrived++] = feat;
	}
	if (feat == HEADER_CPU_TOPOLOGY || feat == HEADER_NUMA_TOPOLOGY || feat == HEADER_CACHE ||
	    feat == HEADER_MEM_TOPOLOGY || feat == HEADER_HYBRID_TOPOLOGY) {
		/* a copy: a pipe's record is in a buffer the next one reuses */
		free(f->raw[feat]);
		f->raw[feat] = size ? malloc(size) : NULL;
		if (f->raw[feat])
			memcpy(f->raw[feat], p, size);
		f->raw_size[feat] = f->raw[feat] ? size : 0;
	}
	switch (feat) {
	case HEADER_HOSTNAME: free(f->hostname); f->hostname = get_string(&r); break;
	case HEADER_OSRELEASE: free(f->osrelease); f->osrelease = get_string(&r); break;
	case HEADER_VERSION: free(f->version); f->version = get_string(&r); break;
	case HEADER_ARCH: free(f->arch); f->arch = get_string(&r); break;
	case HEADER_CPUDESC: free(f->cpudesc); f->cpudesc = get_string(&r); break;
	case HEADER_CPUID: free(f->cpuid); f->cpuid = get_string(&r); break;
	case HEADER_NRCPUS:
		f->nr_cpus_avail = get_u32(&r);
		f->nr_cpus_online = get_u32(&r);
		f->has_nrcpus = !r.bad;
		break;
	case HEADER_TOTAL_MEM: f->total_mem = get_u64(&r); break;
	case HEADER_CMDLINE: if (!f->cmdline) parse_strings(&r, &f->cmdline, &f->nr_cmdline); break;
	case HEADER_PMU_MAPPINGS: if (!f->pmus) parse_pmu_mappings(f, &r); break;
	case HEADER_CPU_PMU_CAPS:
		if (!f->cpu_pmu_caps)
			parse_caps(&r, &f->cpu_pmu_caps, &f->nr_cpu_pmu_caps);
		break;
	case HEADER_PMU_CAPS: if (!f->pmu_caps) parse_pmu_caps(f, &r); break;
	case HEADER_SAMPLE_TIME:
		f->first_sample_time = get_u64(&r);
		f->last_sample_time = get_u64(&r);
		break;
	case HEADER_EVENT_DESC: if (!f->events) parse_event_desc(f, &r); break;
	case HEADER_GROUP_DESC: if (!f->groups) parse_group_desc(f, &r); break;
	case HEADER_BUILD_ID: parse_build_ids(f, &r); break;
	case HEADER_COMPRESSED:
		get_u32(&r);	/* version */
		f->comp_type = get_u32(&r);
		f->comp_level = get_u32(&r);
		f->comp_ratio = get_u32(&r);
		f->comp_mmap_len = get_u32(&r);
		break;
	case HEADER_TRACING_DATA:
		f->tracing_data = p;
		f->tracing_data_size = size;
		break;
	case HEADER_CLOCKID:
		f->clockid_res_ns = get_u64(&r);
		f->has_clockid = !r.bad;
		break;
	case HEADER_CLOCK_DATA:
		f->has_clock_data = get_u32(&r) == 1;	/* version 1 only, as perf */
		f->clock_data_clockid = get_u32(&r);
		f->clock_tod_ns = get_u64(&r);
		f->clock_clockid_ns = get_u64(&r);
		f->has_clock_data &= !r.bad;
		break;
	default:
		return 0;
	}
	if (r.bad) {
		strbuf_addf(err, "header feature %s is truncated or malformed",
			    pd_feature_name(feat) ?: "?");
		return -EINVAL;
	}
	return 0;
}

void pd_features__exit(struct pd_features *f)
{
	for (int i = 0; i < HEADER_LAST_FEATURE; i++)
		free(f->raw[i]);
	free(f->hostname);
	free(f->osrelease);
	free(f->version);
	free(f->arch);
	free(f->cpudesc);
	free(f->cpuid);
	for (uint32_t i = 0; i < f->nr_cmdline; i++)
		free(f->cmdline[i]);
	free(f->cmdline);
	for (uint32_t i = 0; i < f->nr_pmus; i++)
		free(f->pmus[i].name);
	free(f->pmus);
	for (uint32_t i = 0; i < f->nr_cpu_pmu_caps; i++)
		free(f->cpu_pmu_caps[i]);
	free(f->cpu_pmu_caps);
	for (uint32_t i = 0; i < f->nr_pmu_caps; i++) {
		for (uint32_t k = 0; k < f->pmu_caps[i].nr_caps; k++)
			free(f->pmu_caps[i].caps[k]);
		free(f->pmu_caps[i].caps);
		free(f->pmu_caps[i].pmu);
	}
	free(f->pmu_caps);
	for (uint32_t i = 0; i < f->nr_events; i++) {
		free(f->events[i].name);
		free(f->events[i].ids);
	}
	free(f->events);
	for (uint32_t i = 0; i < f->nr_groups; i++)
		free(f->groups[i].name);
	free(f->groups);
	for (uint32_t i = 0; i < f->nr_build_ids; i++)
		free(f->build_ids[i].filename);
	free(f->build_ids);
	memset(f, 0, sizeof(*f));
}

void pd_features__put_string(struct strbuf *sb, const char *s)
{
	uint32_t len = strlen(s) + 1;
	uint32_t padded = (len + PERF_NAME_ALIGN - 1) / PERF_NAME_ALIGN * PERF_NAME_ALIGN;

	strbuf_add(sb, &padded, 4);
	strbuf_add(sb, s, len - 1);
	strbuf_addchars(sb, 0, padded - len + 1);
}
