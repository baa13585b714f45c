/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HOST_FEATURES_H
#define PM_HOST_FEATURES_H

/*
 * The header features record writes, describing this machine and the
 * recording: TRACING_DATA (with tracepoints), HOSTNAME, OSRELEASE, VERSION, ARCH, NRCPUS, CPUDESC, CPUID,
 * TOTAL_MEM, CMDLINE, EVENT_DESC, CPU_TOPOLOGY and BUILD_ID, in feature-id order.
 */
#include "../data/writer.h"

struct build_id_entry {
	const char *filename;
	uint8_t id[20];
	uint8_t size;
	bool kernel;
};

struct host_features {
	struct pd_write_feature *v;
	int nr;
};

/*
 * Build the features. @argv is perf-mini's own command line; @build_ids
 * may be NULL (pipe mode writes features before anything is known).
 */
void host_features__build(struct host_features *f, int argc, const char **argv,
			  const struct pd_write_event *events, int nr_events,
			  const struct build_id_entry *build_ids, int nr_build_ids,
			  const struct strbuf *tracing_data);
void host_features__exit(struct host_features *f);

/* COMPRESSED: zstd at @level; readers size their buffers by @mmap_len. */
void host_features__add_compressed(struct host_features *f, uint32_t level, uint32_t ratio,
				   uint32_t mmap_len);

/* SAMPLE_TIME: the first and last sample times (perf's --time N% reads them). */
void host_features__add_sample_time(struct host_features *f, uint64_t first, uint64_t last);

/* STAT: the file holds counts (stat record), not samples. */
void host_features__add_stat(struct host_features *f);

/* GROUP_DESC: each group of @evlist (name "{anon_group}", leader index,
 * size), when it has one. */
struct evlist;
void host_features__add_groups(struct host_features *f, const struct evlist *evlist);

/* PMU_MAPPINGS: every PMU of @sysfs_root/bus/event_source/devices with its
 * type, in directory order as perf lists them. */
void host_features__add_pmu_mappings(struct host_features *f, const char *sysfs_root);

/* record -k: CLOCKID (the clock's resolution) and CLOCK_DATA (the time of
 * day and @clockid's time, read together), as perf writes them. */
void host_features__add_clockid(struct host_features *f, int clockid);

/* record --threads: the file is PATH/data of a directory (version 1). */
void host_features__add_dir_format(struct host_features *f);

/* CPU_PMU_CAPS (the core PMU's sysfs caps, where there is a "cpu" PMU) and
 * PMU_CAPS (every other PMU with caps), as perf 6.1 writes them. */
void host_features__add_pmu_caps(struct host_features *f, const char *sysfs_root);

/* BPF_PROG_INFO and BPF_BTF: none recorded. */
void host_features__add_bpf(struct host_features *f);

#endif
