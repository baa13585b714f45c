/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PERF_DATA_FORMAT_H
#define PM_PERF_DATA_FORMAT_H

/*
 * The on-disk layout of Linux perf's perf.data, as the kernel ABI and
 * tools/perf/Documentation/perf.data-file-format.txt define it. Everything
 * here is little-endian on the machines we record on; a file written on a
 * big-endian host is recognised by its magic reading byte-swapped.
 *
 * File mode:  perf_file_header | attrs (attr + ids section each) | ids |
 *             data (records) | feature section table | feature payloads
 * Pipe mode:  perf_pipe_file_header | records, attrs and features arriving
 *             as PERF_RECORD_HEADER_ATTR / HEADER_FEATURE records.
 */
#include <linux/perf_event.h>
#include <stdint.h>

#define PERF_MAGIC2		0x32454c4946524550ULL	/* "PERFILE2" */
#define PERF_MAGIC2_SWAPPED	0x50455246494c4532ULL
#define PERF_MAGIC1		0x454c494646524550ULL	/* "PERFFILE", perf < 2.6.38 */

struct perf_file_section {
	uint64_t offset;
	uint64_t size;
};

#define HEADER_FEAT_BITS 256

struct perf_file_header {
	uint64_t magic;
	uint64_t size;		/* of this header */
	uint64_t attr_size;	/* of one attrs entry: attr + ids section */
	struct perf_file_section attrs;
	struct perf_file_section data;
	struct perf_file_section event_types;	/* unused since perf 3.x */
	uint64_t adds_features[HEADER_FEAT_BITS / 64];
};

struct perf_pipe_file_header {
	uint64_t magic;
	uint64_t size;
};

/* Header feature bits (adds_features) and HEADER_FEATURE record ids. */
enum perf_header_feature {
	HEADER_RESERVED = 0,
	HEADER_TRACING_DATA = 1,
	HEADER_BUILD_ID,
	HEADER_HOSTNAME,
	HEADER_OSRELEASE,
	HEADER_VERSION,
	HEADER_ARCH,
	HEADER_NRCPUS,
	HEADER_CPUDESC,
	HEADER_CPUID,
	HEADER_TOTAL_MEM,
	HEADER_CMDLINE,
	HEADER_EVENT_DESC,
	HEADER_CPU_TOPOLOGY,
	HEADER_NUMA_TOPOLOGY,
	HEADER_BRANCH_STACK,
	HEADER_PMU_MAPPINGS,
	HEADER_GROUP_DESC,
	HEADER_AUXTRACE,
	HEADER_STAT,
	HEADER_CACHE,
	HEADER_SAMPLE_TIME,
	HEADER_MEM_TOPOLOGY,
	HEADER_CLOCKID,
	HEADER_DIR_FORMAT,
	HEADER_BPF_PROG_INFO,
	HEADER_BPF_BTF,
	HEADER_COMPRESSED,
	HEADER_CPU_PMU_CAPS,
	HEADER_CLOCK_DATA,
	HEADER_HYBRID_TOPOLOGY,
	HEADER_PMU_CAPS,
	HEADER_LAST_FEATURE,
};

/* Records perf itself writes (types >= PERF_RECORD_USER_TYPE_START). */
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START = 64,
	PERF_RECORD_HEADER_ATTR = 64,
	PERF_RECORD_HEADER_EVENT_TYPE = 65,
	PERF_RECORD_HEADER_TRACING_DATA = 66,
	PERF_RECORD_HEADER_BUILD_ID = 67,
	PERF_RECORD_FINISHED_ROUND = 68,
	PERF_RECORD_ID_INDEX = 69,
	PERF_RECORD_AUXTRACE_INFO = 70,
	PERF_RECORD_AUXTRACE = 71,
	PERF_RECORD_AUXTRACE_ERROR = 72,
	PERF_RECORD_THREAD_MAP = 73,
	PERF_RECORD_CPU_MAP = 74,
	PERF_RECORD_STAT_CONFIG = 75,
	PERF_RECORD_STAT = 76,
	PERF_RECORD_STAT_ROUND = 77,
	PERF_RECORD_EVENT_UPDATE = 78,
	PERF_RECORD_TIME_CONV = 79,
	PERF_RECORD_HEADER_FEATURE = 80,
	PERF_RECORD_COMPRESSED = 81,
	PERF_RECORD_FINISHED_INIT = 82,
	/* newer than perf 6.1 */
	PERF_RECORD_COMPRESSED2 = 83,	/* u64 data_size, then the frame, padded to 8 */
	PERF_RECORD_BPF_METADATA = 84,
	PERF_RECORD_SCHEDSTAT_CPU = 85,
	PERF_RECORD_SCHEDSTAT_DOMAIN = 86,
	PERF_RECORD_HEADER_MAX
};

/* What an EVENT_UPDATE record updates (perf's PERF_EVENT_UPDATE__*). */
enum { PD_EVENT_UPDATE_UNIT, PD_EVENT_UPDATE_SCALE, PD_EVENT_UPDATE_NAME,
       PD_EVENT_UPDATE_CPUS };

/* Kernel record types newer than some installed headers know. */
#define PM_RECORD_KERNEL_MAX 22

/* The common 8-byte header of every record. */
struct pm_event_header {
	uint32_t type;
	uint16_t misc;
	uint16_t size;
};

struct pm_mmap_event {
	struct pm_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	char filename[];
};

struct pm_mmap2_event {
	struct pm_event_header header;
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	union {
		struct {
			uint32_t maj, min;
			uint64_t ino, ino_generation;
		};
		struct {
			uint8_t build_id_size;
			uint8_t reserved[3];
			uint8_t build_id[20];
		};
	};
	uint32_t prot, flags;
	char filename[];
};

/* PERF_RECORD_READ: the first u64 of its read_format's values (the count,
 * or a group's nr), the rest and the sample_id after it */
struct pm_read_event {
	struct pm_event_header header;
	uint32_t pid, tid;
	uint64_t value;
};

struct pm_comm_event {
	struct pm_event_header header;
	uint32_t pid, tid;
	char comm[];
};

struct pm_fork_event {		/* FORK and EXIT */
	struct pm_event_header header;
	uint32_t pid, ppid, tid, ptid;
	uint64_t time;
};

struct pm_lost_event {
	struct pm_event_header header;
	uint64_t id, lost;
};

struct pm_lost_samples_event {
	struct pm_event_header header;
	uint64_t lost;
};

/* SWITCH_CPU_WIDE: the task switched to (OUT) or from (IN). */
struct pm_switch_event {
	struct pm_event_header header;
	uint32_t next_prev_pid, next_prev_tid;
};

struct pm_namespaces_event {
	struct pm_event_header header;
	uint32_t pid, tid;
	uint64_t nr_namespaces;
	struct { uint64_t dev, ino; } link_info[];
};

struct pm_ksymbol_event {
	struct pm_event_header header;
	uint64_t addr;
	uint32_t len;
	uint16_t ksym_type, flags;
	char name[];
};

struct pm_bpf_event {
	struct pm_event_header header;
	uint16_t type, flags;
	uint32_t id;
	uint8_t tag[8];
};

struct pm_cgroup_event {
	struct pm_event_header header;
	uint64_t id;
	char path[];
};

struct pm_attr_event {		/* PERF_RECORD_HEADER_ATTR: attr then u64 ids[] */
	struct pm_event_header header;
	struct perf_event_attr attr;
};

struct pm_feature_event {	/* PERF_RECORD_HEADER_FEATURE: u64 feat_id, payload */
	struct pm_event_header header;
	uint64_t feat_id;
};

/* Strings in feature payloads: u32 length (incl. NUL and padding) + bytes. */
#define PERF_NAME_ALIGN 64

#endif
