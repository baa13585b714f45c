/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RECORD_RECORD_H
#define PM_RECORD_RECORD_H

/*
 * perf-mini record's engine: the options (struct record_opts, which
 * cmd/record.c's table fills through the callbacks below), the checks of
 * what they ask together (record-options.c), and the recording from the
 * open to the finished file (record-run.c), its output (record-output.c)
 * and --switch-output-event (record-switch.c).
 * Nothing here prints: perf's lines (progress, warnings, the summary) go
 * to the command's say(), whole lines at a time, when perf prints them.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "../base/strbuf.h"
#include "../events/control.h"
#include "../events/evlist.h"
#include "../events/evlist-open.h"
#include "../events/parse-events.h"
#include "../events/record-attr.h"
#include "../events/target.h"

struct option;
struct record_events;
struct compressor;

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
	/* the command's: what perf says while recording is shown (-vv's
	 * attr dumps too), and -v's warning of events kept to user space */
	evlist_trace_fn *say;
	void (*warn_user_only)(const struct evlist *evlist);
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
	bool start_failed;	/* the workload, or the output, could not be started */
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
	/* -S/--snapshot, --aux-sample: their options ("" for none), NULL when
	 * not given; --debuginfod's URLs likewise */
	const char *snapshot, *aux_sample, *debuginfod;
	bool kcore;		/* --kcore: refused (record-aux.c) */
	const char *vmlinux;	/* --vmlinux: names the kernel's build-id */
	/* --clang-opt, --clang-path: for perf's BPF scriptlets (-e prog.c),
	 * which perf-mini does not compile; taken, as perf takes them */
	const char *clang_opt, *clang_path;
	uint64_t switch_events_seen;
};

/*
 * The callbacks of record's option table (record-options.c,
 * record-switch.c): @opt->value is the struct record_opts for -e, -F, -m,
 * --switch-output, --switch-output-event, -b and -j, the field itself for
 * the others. 0, or -1 with @err.
 */
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
int record_parse_switch_event(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err);
int record_parse_branch_any(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
int record_parse_branch_filter(const struct option *opt, const char *arg, int unset,
			       struct strbuf *err);
/* --threads[=cpu|core|package|numa|MASKS] */
/* No -e: perf's default event into @o's list (record_add_default_event) */
void record_add_default_event(struct record_opts *o, struct strbuf *err);

int record_parse_threads(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err);

/* -S, --aux-sample, --debuginfod: @opt->value is the const char * set to
 * the argument, "" when none is given. Always 0. */
int record_parse_optional_string(const struct option *opt, const char *arg, int unset,
				 struct strbuf *err);
/*
 * record-aux.c: --vmlinux, --snapshot and --aux-sample checked as perf
 * checks them: 0; -EINVAL with @err where perf refuses too (the file
 * unreadable, no AUX area event); -ENOTSUP with @err where perf would
 * record what perf-mini cannot (an AUX area's snapshots or samples).
 */
int record_check_aux(const struct record_opts *o, struct strbuf *err);
/* --kcore: -ENOTSUP with @err, why perf-mini cannot copy kcore here. */
int record_check_kcore(const struct record_opts *o, struct strbuf *err);

/* The options together, once parsed: 0, or -EINVAL with @err. */
int record_check_opts(struct record_opts *o, struct strbuf *err);

/* record-run.c: the recording, from the open to the finished file; the
 * workload's exit code, or 1 (o->start_failed tells a workload or an
 * output that could not be started). */
int record_run(struct record_opts *o, const char **argv, struct strbuf *err);
/* SIGINT, SIGTERM, SIGHUP end the recording (SIGUSR2 switches files) */
void record_catch_signals(bool switch_on_usr2);
/* the signal that ended it, 0 if none */
int record_stopped_by(void);

/* --switch-output-event's counters closed and freed; again is a no-op. */
void record_close_switch_events(struct record_opts *o);

#endif
