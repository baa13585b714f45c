/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HEADER_FEATURES_H
#define PM_HEADER_FEATURES_H

/*
 * perf.data header features: parsing the payloads perf-mini understands
 * (strings, CPU counts, memory, command line, event descriptions, groups,
 * build-ids, clockid) and writing them. Unknown features are skipped.
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "perf-data-format.h"

#include "../base/strbuf.h"

struct pd_build_id {
	int32_t pid;
	uint16_t misc;
	uint8_t size;
	uint8_t id[20];
	char *filename;
};

struct pd_group_desc {
	char *name;
	uint32_t leader_idx;
	uint32_t nr_members;
};

struct pd_event_desc {
	struct perf_event_attr attr;
	char *name;
	uint64_t *ids;
	uint32_t nr_ids;
};

struct pd_pmu_mapping {
	uint32_t type;
	char *name;
};

struct pd_pmu_caps {		/* PMU_CAPS: one PMU's */
	char *pmu;
	char **caps;			/* "name=value" */
	uint32_t nr_caps;
};

struct pd_features {
	char *hostname, *osrelease, *version, *arch, *cpudesc, *cpuid;
	uint32_t nr_cpus_online, nr_cpus_avail;
	bool has_nrcpus;
	uint64_t total_mem;	/* kB */
	char **cmdline;
	uint32_t nr_cmdline;
	struct pd_pmu_mapping *pmus;	/* PMU_MAPPINGS */
	uint32_t nr_pmus;
	char **cpu_pmu_caps;		/* CPU_PMU_CAPS: "name=value" */
	uint32_t nr_cpu_pmu_caps;
	struct pd_pmu_caps *pmu_caps;
	uint32_t nr_pmu_caps;
	uint64_t first_sample_time, last_sample_time;	/* SAMPLE_TIME */
	struct pd_event_desc *events;
	uint32_t nr_events;
	struct pd_group_desc *groups;
	uint32_t nr_groups;
	struct pd_build_id *build_ids;
	uint32_t nr_build_ids;
	uint64_t clockid_res_ns;
	bool has_clockid;
	/* CLOCK_DATA: the recording's clock and the time of day at one instant */
	bool has_clock_data;
	uint32_t clock_data_clockid;
	uint64_t clock_tod_ns, clock_clockid_ns;
	uint32_t comp_type, comp_level, comp_ratio, comp_mmap_len;	/* COMPRESSED */
	const uint8_t *tracing_data;	/* TRACING_DATA bytes, in the file's buffer */
	uint64_t tracing_data_size;
	uint64_t bitmap[4];	/* features present (file and pipe mode alike) */
	/* copies of the sections perf prints only with -I */
	uint8_t *raw[HEADER_LAST_FEATURE];
	uint64_t raw_size[HEADER_LAST_FEATURE];
	uint8_t arrived[64];	/* the features in the order they came */
	uint32_t nr_arrived;
};

/*
 * Parse feature @feat from @size bytes at @p. Returns 0 (also for features
 * perf-mini does not decode) or -EINVAL with a message in @err.
 */
int pd_features__parse(struct pd_features *f, int feat, const uint8_t *p, uint64_t size,
		       struct strbuf *err);
void pd_features__exit(struct pd_features *f);

/* perf's upper-case name of a feature ("HOSTNAME"), NULL if unknown. */
const char *pd_feature_name(int feat);

/* Append a feature string: u32 padded length, bytes, NUL, padding. */
void pd_features__put_string(struct strbuf *sb, const char *s);

#endif
