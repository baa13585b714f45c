/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_SCRIPT_H
#define PM_CMD_SCRIPT_H

/* What cmd/script.c (options) and cmd/script-run.c (the run) share. */
#include "builtin.h"
#include "script-dump.h"
#include "../util/data/dump.h"
#include "../util/data/perf-data.h"
#include "../util/report/evswitch.h"
#include "../util/report/sample-filter.h"
#include "../util/report/script-print.h"
#include "../util/report/trace-format.h"
#include "../util/symbols/machine.h"
#include "../util/symbols/srccode.h"

#define MAX_FIELD_SPECS 8

struct script_opts {
	const char *input, *symfs, *kallsyms, *vmlinux;
	int verbose;				/* -v: symbol tables' origins */
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
	/* The reading thread's own: a snapshot of print's settings and a
	 * scratch buffer, on cache lines the printing thread never writes
	 * (sharing print's line with its buffer cost up to a third). */
	struct {
		_Alignas(64) struct script_print print;
		struct strbuf line;
	} reader;
};

/* Read the file and print it; the exit status (0, 1, 129). */
int script_run(struct script *s);

#endif
