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
#include "feature-ops.h"
#include "feature-reader.h"
#include "header-features.h"
#include "internal.h"
#include "perf-data-format.h"
#include "../base/xalloc.h"

const char *pd_feature_name(int feat)
{
	const struct pd_feature_ops *ops = pd_feature__ops(feat);

	return ops ? ops->name : NULL;
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

void pd_feat_read_string(struct pd_features *f, int feat, struct reader *r)
{
	char **v = (char **)((char *)f + pd_feature_ops[feat].str_field);

	free(*v);
	*v = get_string(r);
}

void pd_feat_read_nrcpus(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	f->nr_cpus_avail = get_u32(r);
	f->nr_cpus_online = get_u32(r);
	f->has_nrcpus = !r->bad;
}

void pd_feat_read_total_mem(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	f->total_mem = get_u64(r);
}

/* The first copy counts (CMDLINE and the lists below), as in perf. */
void pd_feat_read_cmdline(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	if (!f->cmdline)
		parse_strings(r, &f->cmdline, &f->nr_cmdline);
}

void pd_feat_read_pmu_mappings(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	if (!f->pmus)
		parse_pmu_mappings(f, r);
}

void pd_feat_read_cpu_pmu_caps(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	if (!f->cpu_pmu_caps)
		parse_caps(r, &f->cpu_pmu_caps, &f->nr_cpu_pmu_caps);
}

void pd_feat_read_pmu_caps(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	if (!f->pmu_caps)
		parse_pmu_caps(f, r);
}

void pd_feat_read_sample_time(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	f->first_sample_time = get_u64(r);
	f->last_sample_time = get_u64(r);
}

void pd_feat_read_event_desc(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	if (!f->events)
		parse_event_desc(f, r);
}

void pd_feat_read_group_desc(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	if (!f->groups)
		parse_group_desc(f, r);
}

void pd_feat_read_build_id(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	parse_build_ids(f, r);
}

void pd_feat_read_compressed(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	get_u32(r);	/* version */
	f->comp_type = get_u32(r);
	f->comp_level = get_u32(r);
	f->comp_ratio = get_u32(r);
	f->comp_mmap_len = get_u32(r);
}

/* Kept where it is: the file's buffer outlives the features. */
void pd_feat_read_tracing_data(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	f->tracing_data = r->p;
	f->tracing_data_size = r->end - r->p;
}

void pd_feat_read_clockid(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	f->clockid_res_ns = get_u64(r);
	f->has_clockid = !r->bad;
}

void pd_feat_read_clock_data(struct pd_features *f, int feat, struct reader *r)
{
	(void)feat;
	f->has_clock_data = get_u32(r) == 1;	/* version 1 only, as perf */
	f->clock_data_clockid = get_u32(r);
	f->clock_tod_ns = get_u64(r);
	f->clock_clockid_ns = get_u64(r);
	f->has_clock_data &= !r->bad;
}

/* The full-only features, decoded only when -I prints them. */
void pd_feat_read_raw(struct pd_features *f, int feat, struct reader *r)
{
	uint64_t size = r->end - r->p;

	/* a copy: a pipe's record is in a buffer the next one reuses */
	free(f->raw[feat]);
	f->raw[feat] = size ? malloc(size) : NULL;
	if (f->raw[feat])
		memcpy(f->raw[feat], r->p, size);
	f->raw_size[feat] = f->raw[feat] ? size : 0;
}

int pd_features__parse(struct pd_features *f, int feat, const uint8_t *p, uint64_t size,
		       struct strbuf *err)
{
	const struct pd_feature_ops *ops = pd_feature__ops(feat);
	struct reader r = { .p = p, .end = p + size };

	if (feat > 0 && feat < 256 && !(f->bitmap[feat / 64] >> (feat % 64) & 1)) {
		f->bitmap[feat / 64] |= 1ULL << (feat % 64);
		if (f->nr_arrived < sizeof(f->arrived))
			f->arrived[f->nr_arrived++] = feat;
	}
	if (!ops || !ops->read)
		return 0;
	ops->read(f, feat, &r);
	if (r.bad) {
		strbuf_addf(err, "header feature %s is truncated or malformed", ops->name);
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
