/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RECORD_INTERNAL_H
#define PM_RECORD_INTERNAL_H

/* Declarations shared by record's files in util/record only (never
 * included outside): the output the run writes, the switches it makes. */
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "../base/strbuf.h"
#include "../data/writer.h"
#include "recorder.h"
#include "record.h"

struct record_events {
	struct pd_write_event *v;
	int nr;
};

/* perf's line(s) to the command's o->say(), as printf would */
void record_say(const struct record_opts *o, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* The events as the file describes them (attr, ids, name). */
int record_collect_events(struct record_opts *o, struct record_events *re);
/* Side-band records for what exists: maps, comms; at a file's start, or
 * with --tail-synthesize at its end (@tail). */
void record_synthesize(struct record_opts *o, struct recorder *r, struct perf_data_writer *w,
		       pid_t workload, bool tail);
/* The header and features: at the start for a pipe, at the end for a file. */
int record_open_output(struct record_opts *o, struct perf_data_writer *w,
		       const struct record_events *re, struct strbuf *err);
int record_finish_output(struct record_opts *o, struct recorder *r, struct perf_data_writer *w,
			 const struct record_events *re, struct strbuf *err);
/*
 * --switch-output: finish the file being written (stamped, the oldest
 * removed past --switch-max-files), start the next one with the side-band
 * records of what exists now. 0, or -errno with @err.
 */
int record_switch_output(struct record_opts *o, struct recorder *r, struct strbuf *err);

/* --switch-output-event (record-switch.c): open on perf's target for
 * them, tell whether one occurred since the last call. */
int record_open_switch_events(struct record_opts *o, struct strbuf *err);
bool record_switch_event_fired(struct record_opts *o);
static inline bool record_switches(const struct record_opts *o)
{
	return o->switch_signal || o->switch_size || o->switch_time_ns;
}

/* --timestamp-filename: rename the finished file; 0 or -1 with @err. */
int record_stamp_output(struct record_opts *o, struct strbuf *err);
void record_print_summary(const struct record_opts *o, const struct recorder *r,
			  const struct perf_data_writer *w);
uint32_t record_ring_bytes(const struct record_opts *o);

/* --max-size: perf's line when the files reached it, and the recording
 * stops as on a signal (record-switch.c). */
bool record_size_limit_reached(struct record_opts *o, const struct recorder *r);

/*
 * Writers of host-features.c's table that live with their concern, each
 * as struct host_feature_writer's write: host-topology.c (CPU_TOPOLOGY,
 * NUMA_TOPOLOGY) and host-pmus.c (PMU_MAPPINGS, CPU_PMU_CAPS, PMU_CAPS).
 */
struct host_features_src;
bool host_topology__cpus(struct strbuf *sb, const struct host_features_src *src);
bool host_topology__numa(struct strbuf *sb, const struct host_features_src *src);
bool host_pmus__mappings(struct strbuf *sb, const struct host_features_src *src);
bool host_pmus__cpu_caps(struct strbuf *sb, const struct host_features_src *src);
bool host_pmus__caps(struct strbuf *sb, const struct host_features_src *src);

/* A feature's u32, in our byte order as every feature is written. */
static inline void host_features__put_u32(struct strbuf *sb, uint32_t v)
{
	strbuf_add(sb, &v, sizeof(v));
}

#endif
