/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCRIPT_H
#define PM_SCRIPT_H

/*
 * perf script's run: a perf.data's samples printed as perf script's lines
 * (script-print), pipelined (the printing on a second thread), the records
 * --show-*-events asks for and -D's dump between them. cmd/script.c sets
 * the options, the filters and -F, and opens the file.
 */
#include <stdio.h>

#include "../data/dump.h"
#include "../data/perf-data.h"
#include "../data/session.h"
#include "../report/evswitch.h"
#include "../report/sample-filter.h"
#include "../report/trace-format.h"
#include "../symbols/machine.h"
#include "../symbols/srccode.h"
#include "script-dump.h"
#include "script-print.h"

#define MAX_FIELD_SPECS 8
#define SCRIPT_MAX_DLARGS 16

struct script_opts {
	const char *input, *symfs, *kallsyms, *vmlinux;
	int verbose;				/* -v */
	FILE *verbose_out;			/* where -v says symbol tables' origins */
	const char *fields[MAX_FIELD_SPECS];	/* each -F, in order */
	int nr_fields;
	const char *cpu_list, *time_str;	/* -C, --time */
	const char *stop_bt;			/* --stop-bt: "main,leaf" */
	const char *switch_on, *switch_off;	/* --switch-on/off EVENT */
	bool full_source_path;			/* srclines with the whole path */
	bool show_on_off;
	uint64_t show;		/* --show-*-events: a bit per kernel record type */
	bool show_rounds;	/* --show-round-events */
	bool per_event_dump;	/* --per-event-dump: <input>.<event>.dump files */
	bool reltime, deltatime, nanosecs, latency;
	bool header, header_only, force;
	const char *itrace;	/* --itrace[=opts]: "" without opts; NULL: not asked */
	bool show_info;		/* -I: the topology features' details in the header */
	bool dump_raw, hide_callchain;
	bool dump_unsorted;	/* --dump-unsorted-raw-trace: -D in file order */
	bool demangle, demangle_kernel;	/* --[no-]demangle, --demangle-kernel */
	int inline_frames;	/* --[no-]inline, -1 when not given */
	unsigned int max_stack;
	unsigned int max_blocks;	/* --max-blocks: brstackinsn's, 0 all */
	/* --call-trace, --call-ret-trace, --insn-trace: the option that set
	 * itrace (and -F and --ns) as perf's shorthand, NULL: none */
	const char *itrace_by;
	int dso_pad;			/* --call-trace: DSO names 50 wide */
	bool debug_mode;		/* -d: samples checked for order, not shown */
	FILE *misordered_out;		/* -d: where each misordered sample is told */
	bool show_kernel_path;		/* a -k vmlinux named by its path */
	bool stitch_lbr;		/* --stitch-lbr (script-opts.c) */
	bool all_cpus;			/* -a: for perf's record scripts only */
	int addr_range;			/* --addr-range: -S addresses span this */
	const char *graph_function;	/* only branches into these: none here */
	const char *guest_opt;		/* the first --guest* option, NULL: none */
	/* what perf-mini does not do: perf's scripting engines and filters */
	const char *gen_script, *script_name, *dlfilter;
	const char *dlargs[SCRIPT_MAX_DLARGS];	/* --dlarg, for --dlfilter */
	int nr_dlargs;
	bool xed, list_dlfilters, list_scripts;
};

struct script {
	struct script_opts *o;
	struct perf_data pd;
	struct sample_filter filter;
	struct evswitch evswitch;	/* --switch-on/off */
	struct machine machine;
	struct script_print print;
	struct trace_format *trace;
	bool checked;
	struct strbuf err;
	struct srclines srclines;	/* --inline lookups */
	struct srclines srccode_lines;	/* -F srccode: whole paths */
	struct srccode srccode;
	struct script_dumps dumps;	/* --per-event-dump */
	struct dump_state dump;		/* -D: records shown as delivered */
	uint64_t last_time, nr_unordered;	/* -d: samples out of time order */
	bool warn_stitch_lbr;		/* --stitch-lbr switched off: perf's warning */
	bool refused;			/* stopped at what perf-mini does not show */
	/* The reading thread's own: a snapshot of print's settings and a
	 * scratch buffer, on cache lines the printing thread never writes
	 * (sharing print's line with its buffer cost up to a third). */
	struct {
		_Alignas(64) struct script_print print;
		struct strbuf line;
	} reader;
};

/* After perf_data__open(&@s->pd): the printer's settings, from the
 * options and the file (clock, arch); -F checked against what the file
 * records. 0, or -EINVAL with @s->err (a usage error). */
int script__setup_print(struct script *s);

/* The filters and the machine set up; with every event known (a file,
 * not -D), each checked against -F. 0, or -EINVAL with @s->err. */
int script__setup(struct script *s);

/* script-opts.c: -s @spec's language, as perf checks it while parsing
 * ("lang", "LANG:NAME", or NAME.EXT): 0, or -EINVAL with @err. */
int script__check_script_spec(const char *spec, struct strbuf *err);

/* Before the file is opened, as perf: --list-dlfilters, --dlfilter and
 * --xed, none of which perf-mini does: 0, or -ENOTSUP with @err. */
int script__check_early(const struct script_opts *o, struct strbuf *err);

/*
 * script-opts.c: after perf_data__open(&@s->pd), perf 6.1's checks of the
 * options perf-mini takes but does not carry out (scripting engines,
 * dlfilters, xed, --stitch-lbr on LBR call stacks, the itrace shorthands on
 * an AUX area trace), in perf's order. 0 (@s->warn_stitch_lbr set where
 * perf warns and goes on), or with a message in @s->err: -ENOTSUP where
 * perf would do what perf-mini does not (exit 255, perf's -1), -EINVAL and
 * -ENOENT where perf refuses with them (it exits with their low byte).
 */
int script__check_opts(struct script *s);

/* After script__setup(): the file read and printed, the --per-event-dump
 * files closed. 0, or a negative errno with @s->err; *@stats the records
 * read, in either case. */
int script__process(struct script *s, struct session_stats *stats);

/* What @s holds released (the options are the caller's). */
void script__exit(struct script *s);

#endif
