/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_RECORD_H
#define PM_CMD_RECORD_H

/*
 * perf-mini record's options, shared by its option handling and loop
 * (record.c) and its output (record-output.c: the file's events, features,
 * synthesized records, the summary).
 */
#include <stdbool.h>
#include <stdint.h>

#include "builtin.h"
#include "../util/data/writer.h"
#include "../util/events/control.h"
#include "../util/events/evlist.h"
#include "../util/events/parse-events.h"
#include "../util/events/record-attr.h"
#include "../util/events/target.h"
#include "../util/record/recorder.h"

struct record_opts {
	struct evlist *evlist;
	struct parse_events_ctx pctx;
	struct pmus *pmus;
	struct target target;
	struct target_paths paths;
	struct record_attr_opts attr;	/* what the options ask of every event */
	const char *output, *call_graph, *cpu_list, *pid, *tid, *uid;
	bool all_cpus, fp_callchain, quiet, has_workload, default_event;
	int verbose;
	bool freq_max, strict_freq;	/* -F max, --strict-freq */
	bool no_buildid;		/* -B: no BUILD_ID feature */
	const char *sysfs_root;		/* PMU_MAPPINGS' */
	/* accepted as perf's, nothing to do: -T, --timestamp-boundary (times
	 * and their span are always recorded), -N (no build-id cache here) */
	bool timestamp, timestamp_boundary, no_buildid_cache;
	unsigned int mmap_pages;
	uint64_t mmap_flush;	/* --mmap-flush: bytes a ring gathers before a write */
	unsigned int proc_map_timeout;	/* ms; perf-mini reads every map whatever it says */
	int zstd_level;		/* record -z: 0 off */
	const char *threads;	/* --threads: the spec (cpu, core, ...), NULL: off */
	int argc;		/* perf-mini's own command line, for CMDLINE */
	const char **argv;	/* a copy: parse_options() reorders the original */
	int exit_code;
	int exec_status;	/* 127 or 126 when the workload cannot be run */
	int delay;		/* -D ms; -1: never enabled */
	uint64_t max_size;	/* --max-size bytes of data, 0: no limit */
	/* --switch-output: a new file on SIGUSR2, past a size, or every so often */
	bool switch_signal;
	uint64_t switch_size;		/* bytes, 0: not by size */
	uint64_t switch_time_ns;	/* 0: not by time */
	int switch_max_files;		/* 0: keep them all */
	char **switch_files;		/* the finished files, oldest first */
	int nr_switch_files;
	pid_t workload_pid;		/* 0: none */
	struct record_events *events;	/* of the file being written */
	struct compressor *zstd;	/* record -z, or NULL */
	bool switched;			/* a file was switched already */
	char *dumped;			/* the stamped name of the last file finished */
	bool size_limited;	/* --max-size ended the recording */
	bool dry_run, timestamp_filename;
	bool group;		/* --group: all the events in one group */
	bool per_thread;	/* --per-thread: the workload's own buffer, no inherit */
	bool off_cpu;		/* --off-cpu: refused with the reason */
	const char *control;	/* --control fd:CTL[,ACK] / fifo:CTL[,ACK] */
	struct control ctl;
	bool ctl_stop;		/* --control "stop" ended the recording */
	int realtime;		/* -r: SCHED_FIFO priority of the recorder, 0: none */
	/* what perf-mini always does, accepted for perf's command lines:
	 * build-ids of every DSO mapped, no BPF events */
	bool buildid_all, no_bpf_event;
	/* --tail-synthesize (and --overwrite): what exists is described when
	 * a file is finished, not when it is begun */
	bool tail_synthesize;
	unsigned int synth;		/* --synth: enum synth_what, SYNTH_ALL by default */
	struct evlist *switch_evlist;	/* --switch-output-event, counted */
	uint64_t switch_events_seen;
};

struct record_events {
	struct pd_write_event *v;
	int nr;
};

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

/* --switch-output-event (record-switch.c): parse, open on perf's target
 * for them, tell whether one occurred since the last call, close. */
int record_parse_switch_event(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err);
int record_open_switch_events(struct record_opts *o, struct strbuf *err);
bool record_switch_event_fired(struct record_opts *o);
void record_close_switch_events(struct record_opts *o);
static inline bool record_switches(const struct record_opts *o)
{
	return o->switch_signal || o->switch_size || o->switch_time_ns;
}

/* --timestamp-filename: rename the finished file; 0 or -1 with @err. */
int record_stamp_output(struct record_opts *o, struct strbuf *err);
void record_print_summary(const struct record_opts *o, const struct recorder *r,
			  const struct perf_data_writer *w);
uint32_t record_ring_bytes(const struct record_opts *o);

/* record-options.c: the option callbacks of record's table, and the
 * checks of the options together (0, or -EINVAL with @err). */
int record_parse_event(const struct option *opt, const char *arg, int unset, struct strbuf *err);
int record_parse_regs(const struct option *opt, const char *arg, int unset, struct strbuf *err);
int record_parse_write_knob(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
int record_parse_clockid(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err);
int record_parse_zstd_level(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
int record_parse_freq(const struct option *opt, const char *arg, int unset, struct strbuf *err);
int record_parse_mmap_pages(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
int record_parse_byte_size(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err);
int record_parse_synth(const struct option *opt, const char *arg, int unset, struct strbuf *err);
int record_parse_switch_output(const struct option *opt, const char *arg, int unset,
			       struct strbuf *err);
int record_parse_branch_any(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
int record_parse_branch_filter(const struct option *opt, const char *arg, int unset,
			       struct strbuf *err);
int record_check_opts(struct record_opts *o, struct strbuf *err);

/* --max-size: perf's line when the files reached it, and the recording
 * stops as on a signal (cmd/record-switch.c). */
bool record_size_limit_reached(struct record_opts *o, const struct recorder *r);

/* --threads[=cpu|core|package|numa|MASKS] */
int record_parse_threads(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err);

/* record-run.c: the recording, from the open to the finished file; the
 * workload's exit code, or 1. */
int record_run(struct record_opts *o, const char **argv, struct strbuf *err);
void record_warn_switch_size(const struct record_opts *o);
/* SIGINT, SIGTERM, SIGHUP end the recording (SIGUSR2 switches files) */
void record_catch_signals(bool switch_on_usr2);
/* the signal that ended it, 0 if none */
int record_stopped_by(void);

#endif
