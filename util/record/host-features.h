/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HOST_FEATURES_H
#define PM_HOST_FEATURES_H

/*
 * The header features record (and stat record, and the test generators)
 * write, describing this machine and the recording: one table entry per
 * feature, host_feature_writers[], in feature-id order (the order the
 * sections and the pipe's HEADER_FEATURE records take), walked by one loop.
 * An entry says which facts of the recording it needs (struct
 * host_features_src, summed up as HOST_FEAT_* bits) and how its payload is
 * gathered; util/data's feature-ops table says how the same ids are read,
 * printed and swapped.
 *
 * Adding a feature record writes: its writer (in the file of its concern:
 * host-features.c, host-topology.c, host-pmus.c, host-memory.c), its entry
 * in the table, and where it depends on something new, a HOST_FEAT_* bit
 * and the fact behind it in struct host_features_src.
 */
#include "../data/writer.h"

struct evlist;

struct build_id_entry {
	const char *filename;
	uint8_t id[20];
	uint8_t size;
	bool kernel;
};

/*
 * What a recording's features are gathered from. All borrowed, valid until
 * host_features__build() returns; zero for what does not apply.
 */
struct host_features_src {
	int argc;				/* CMDLINE: perf-mini's own */
	const char **argv;
	const struct pd_write_event *events;	/* EVENT_DESC, BRANCH_STACK */
	int nr_events;
	const struct build_id_entry *build_ids;	/* NULL: no BUILD_ID (pipe, -B) */
	int nr_build_ids;
	const struct strbuf *tracing_data;	/* NULL: no TRACING_DATA */
	bool record;		/* record's own features: PMUs, groups, BPF */
	bool stat;		/* stat record: STAT */
	bool pipe;		/* the header of a pipe: no SAMPLE_TIME */
	const struct evlist *evlist;		/* GROUP_DESC */
	const char *sysfs_root;	/* PMU_MAPPINGS, *PMU_CAPS; NULL: "/sys" */
	uint64_t first_time, last_time;		/* SAMPLE_TIME */
	bool use_clockid;	/* -k: CLOCKID and CLOCK_DATA of @clockid */
	int clockid;
	bool compressed;	/* -z: COMPRESSED */
	uint32_t zstd_level, zstd_ratio, mmap_len;
	bool dir_format;	/* --threads: DIR_FORMAT */
};

/* The facts of a recording an entry may need, from host_features__conditions(). */
enum host_feature_condition {
	HOST_FEAT_RECORD	= 1u << 0,	/* src->record */
	HOST_FEAT_STAT		= 1u << 1,	/* src->stat */
	HOST_FEAT_FILE		= 1u << 2,	/* !src->pipe */
	HOST_FEAT_TRACEPOINTS	= 1u << 3,	/* src->tracing_data */
	HOST_FEAT_BUILD_IDS	= 1u << 4,	/* src->build_ids */
	HOST_FEAT_BRANCH_STACK	= 1u << 5,	/* an event samples branch stacks */
	HOST_FEAT_CLOCKID	= 1u << 6,	/* src->use_clockid */
	HOST_FEAT_COMPRESSED	= 1u << 7,	/* src->compressed */
	HOST_FEAT_DIR		= 1u << 8,	/* src->dir_format */
};

struct host_feature_writer {
	int id;			/* HEADER_* */
	unsigned int needs;	/* HOST_FEAT_* bits, all of which the recording has */
	/*
	 * Append the payload to @sb. False: the host has nothing to say (no
	 * NUMA nodes, no groups, ...) and the feature is left out, as perf
	 * leaves it; whatever was appended is dropped.
	 */
	bool (*write)(struct strbuf *sb, const struct host_features_src *src);
};

/* The table, ids strictly increasing; host_features__build() walks it. */
extern const struct host_feature_writer host_feature_writers[];
extern const int nr_host_feature_writers;

/* The HOST_FEAT_* bits @src has. */
unsigned int host_features__conditions(const struct host_features_src *src);

struct host_features {
	struct pd_write_feature *v;	/* in id order; owned, host_features__exit() */
	int nr;
};

/* Every feature of the table that @src's recording has, gathered now. */
void host_features__build(struct host_features *f, const struct host_features_src *src);
void host_features__exit(struct host_features *f);

#endif
