/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REPORT_H
#define PM_REPORT_H

/*
 * A report: one perf.data read into histograms (one per event, or per
 * group in a group view) under the user's filters, sort keys and
 * callchain settings, then printed in perf report --stdio's layout.
 * cmd/report.c fills the options; this module does the rest.
 */
#include <regex.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/dump.h"
#include "../data/perf-data.h"
#include "../data/session.h"
#include "../symbols/machine.h"
#include "../symbols/srcline.h"
#include "../symbols/unwind.h"
#include "../annotate/annotate.h"
#include "callchain.h"
#include "fields.h"
#include "hist.h"
#include "evswitch.h"
#include "read-values.h"
#include "sample-filter.h"

/* Room for a callchain: the kernel's limit (127 per context) and markers. */
#define REPORT_MAX_FRAMES 4096

struct cpu_map;
struct hist_feed;
struct chain_feed;

/* A callchain frame as resolved, for folding into the histograms: nothing
 * in it points into the machine's maps, which move as they change (the
 * chain feed's thread folds it later). */
struct fold_frame {
	uint64_t ip;		/* as recorded */
	struct dso *dso;	/* NULL when no map */
	const struct symbol *sym;
	uint64_t addr;		/* map-relative when mapped */
	uint64_t map_size;
	uint8_t mode;		/* the cpumode it was resolved in */
};

struct ip_cache_slot;

struct report_opts {
	const char *input;
	const char *sort;
	const char *fields;	/* -F */
	const char *comms, *dsos, *pids, *tids, *symbols;
	const char *symbol_filter;	/* --symbol-filter: a part of the name */
	const char *field_sep;	/* -t: between columns, unpadded values */
	const char *col_widths;	/* --column-widths: fixed widths by position */
	bool modules;		/* -m/--modules: accepted; the file's module maps are used */
	bool show_ref_callgraph;	/* --show-ref-call-graph */
	bool stitch_lbr;	/* --stitch-lbr (report-lbr.c) */
	bool branch_history;	/* --branch-history (report-lbr.c) */
	bool total_cycles;	/* --total-cycles (report-lbr.c) */
	const char *cpu_list;	/* -C */
	const char *time_str;	/* --time */
	const char *time_quantum;	/* --time-quantum: the time key's step */
	bool time_ns;		/* --ns: the time key in nanoseconds */
	bool diff_mode;		/* read for perf diff: symbols pair by name */
	bool full_source_path;	/* --full-source-path: srclines with the whole path */
	int socket_filter;	/* --socket-filter: the socket shown, -1: any */
	const char *parent;	/* -p: the regex of the parent key's callers */
	const char *ignore_callees;	/* --ignore-callees: regex of the new roots */
	bool exclude_other;	/* -x: entries without such a caller left out */
	const char *symfs, *kallsyms, *vmlinux;
	const char *percent_limit;
	bool show_nr_samples;
	bool show_cpu_utilization, show_total_period;
	bool disable_order;	/* --disable-order: records in file order */
	bool header, header_only;
	bool dump_raw;
	bool stats;
	bool stdio;
	bool tui;		/* --tui: the browser (the default on a terminal) */
	bool mem_mode;		/* --mem-mode: entries by memory access */
	bool demangle, demangle_kernel;	/* --[no-]demangle, --demangle-kernel */
	bool quiet;		/* -q: the entries without perf's comment lines */
	bool tasks, mmaps;	/* --tasks, --mmaps: the threads (and maps) instead */
	const char *flamegraph;	/* --flamegraph: the file it goes to */
	unsigned int flamegraph_opts;	/* FLAME_*: what stackcollapse's flags keep */
	bool raw_trace;		/* --raw-trace: the trace key prints raw fields */
	bool show_threads;	/* -T: per-thread counts (READ records) after the table */
	bool pretty_raw;	/* --pretty=raw: -T's counts one per row */
	bool relative;		/* --percentage relative: of the samples kept */
	int group_sort_idx;	/* --group-sort-idx: order by this group member */
	int stdio_color;	/* --stdio-color: 1 always, 0 never, -1 when a terminal */
	bool ignore_vmlinux;	/* --ignore-vmlinux: what perf-mini always does */
	bool hierarchy;		/* --hierarchy: a level per sort key */
	bool show_info;		/* -I: the topology features' details in the header */
	const char *switch_on, *switch_off;	/* --switch-on/off EVENT */
	bool show_on_off;	/* --show-on-off-events */
	bool inverted;		/* -G: callers first, as -g caller */
	bool hide_unresolved;	/* -U: only samples with a symbol */
	int verbose;		/* -v */
	FILE *verbose_out;	/* -v: where each symbol table's origin is told */
	bool skip_idle;		/* top: samples in the kernel's idle loops left out */
	int browser_samples;	/* --samples: perf's browser only */
	bool skip_empty;	/* --stats: leave out what counted nothing (default) */
	bool force;		/* -f: read a file neither we nor root own */
	const char *itrace;	/* --itrace[=opts]: "" without opts; NULL: not asked */
	int group;		/* -1: as the file's groups say */
	int children;		/* -1: as perf, on with callchains */
	unsigned int max_stack;
	int branch_stack;	/* -1: as perf, on with branch stacks */
	int inline_frames;	/* --[no-]inline, -1 when not given */
	const char *call_graph;
	struct {		/* how the browser's annotation (a) shows code */
		bool asm_raw, intel, source;
		enum percent_type percent_type;
	} annotate;
	struct {
		int mode;		/* CHAIN_GRAPH, _FLAT, _FOLDED or _NONE (hist.h) */
		bool fractal;		/* -g fractal: a graph of parents' shares */
		double threshold;	/* percent */
		unsigned int print_limit;	/* branches per level, chains: 0 for all */
		const char *order;	/* "caller", "callee" or NULL: as perf */
		enum cc_value value;	/* what labels a branch */
	} chain;
};

/* perf --stats' block for each event */
struct event_count {
	uint64_t samples, lost_samples;
};

struct report {
	struct report_opts *o;
	struct branch_cycles *cycles;	/* branch mode's IPC column, or NULL */
	struct perf_data pd;
	FILE *dump_out;		/* -D: each record shown here as it is delivered */
	struct dump_state dump_state;
	struct machine machine;
	struct fields fields;		/* the sort keys and columns */
	struct hists **hists;	/* one per event, made on its first sample */
	bool branch_mode;	/* one entry per taken branch (-b) */
	bool warn_stitch_lbr;	/* --stitch-lbr switched off: perf's warning to show */
	bool needs_mem;		/* the keys read entries' memory accesses */
	struct strbuf sort_order;	/* as the mem-mode header names it */
	bool use_callchain;	/* callchain graphs under the entries */
	/* the chains change the output: graphs shown, --children entries,
	 * --ignore-callees (not so for -g none --no-children) */
	bool need_chains;
	bool cumulate;		/* --children */
	bool caller_order;
	double chain_min_percent;
	struct callchain_frame *frames;	/* scratch, PERF_MAX_STACK_DEPTH + markers */
	struct callchain_frame *inl_frames;	/* the same with inlined functions */
	uint64_t unwound[UNWOUND_CHAIN_MAX];	/* a dwarf sample's callchain */
	struct fold_frame *fold_frames;	/* the frames resolved, as folded */
	struct cc_frame *cc_frames;
	struct hist_entry **seen;	/* --children: a sample's entries so far */
	size_t seen_alloc;
	size_t nr_hists;
	bool group_view;
	bool forced_group;	/* --group made the file's events one group */
	struct session_stats stats;
	struct strbuf err;
	struct srclines srclines;	/* --sort srcline, inlined functions */
	bool need_srcline;
	bool need_srcfile;
	bool need_trace;		/* --sort trace */
	struct trace_format *trace_fmt;	/* its formats, read at the first tracepoint */
	bool trace_fmt_tried;
	struct strbuf trace_buf;
	struct ip_cache_slot *ip_cache;	/* NULL when entries need more than the ip */
	uint32_t ip_cache_gen;
	struct hist_feed *feed;		/* the ip cache's reports, on two threads */
	bool feed_entries;		/* whole entries: a memory report's */
	struct chain_feed *chain_feed;	/* the same for reports with callchains */
	struct sample_filter filter;	/* --time, -C, --comms, --dsos, ... */
	struct event_count *counts;	/* by event, for --stats */
	size_t nr_counts;
	struct read_values thread_values;	/* -T: the READ records' counts */
	struct evswitch evswitch;	/* --switch-on/off */
	uint64_t time_quantum_ns;	/* --sort time: samples in steps of it */
	bool need_time;
	int32_t *cpu_socket;		/* --sort socket: by CPU, from CPU_TOPOLOGY */
	regex_t parent_re;		/* --sort parent: the callers it names */
	bool need_parent;
	regex_t ignore_callees_re;	/* --ignore-callees */
	bool ignore_callees;
	uint32_t nr_cpu_socket;
	bool live;		/* top: records delivered as they come, no feed thread */
};

struct hist_print_opts;

/* The options' values checked (sort keys, -g, --percent-limit, ...) and
 * -g's parts set, before a file is read: report's, and top's for what it
 * shows (report-opts.c). 0 or -EINVAL with @err. */
int report_check_opts(struct report_opts *o, struct strbuf *err);

/* After perf_data__open(): the sort keys, columns and modes the file and
 * the options call for (branch mode, memory mode, callchains). 0 or an
 * error, with r->err. */
int report__setup(struct report *r);

/* Read the file into the histograms. 0, or an error with r->err set. */
int report__process(struct report *r);

/*
 * report__process() in steps, for records that come from elsewhere (top's
 * live stream): the machine and the modes set up, the tool that folds
 * records into the histograms, and after the last record, the names
 * settled (comms, cgroups, tracepoints; also at each refresh). finish
 * returns @ret, or its own error.
 */
struct session_tool;
void report__begin(struct report *r);
/* @e's histogram, made if it has none yet; NULL when out of memory. */
struct hists *report__hists(struct report *r, const struct pd_evsel *e);
void report__tool(struct report *r, struct session_tool *tool);
int report__finish(struct report *r, int ret);

/* --tasks, --mmaps: read the file's side-band records and print its
 * threads (util/report/tasks.h). Returns 0 or -EINVAL with r->err set. */
int report__fprintf_tasks(struct report *r, FILE *out);

/* The tables; -ENODATA when no sample reached one (perf then says
 * "The ... data has no samples!"), else 0. */
int report__fprintf(struct report *r, FILE *out);

/* For a browser (util/ui): the options the tables print with (their
 * columns a one-value filter makes constant elided), and an event's title
 * line, "Samples: 17K of event 'cycles', Event count (approx.): N". */
void report__print_opts(const struct report *r, struct hist_print_opts *po, bool color);
void report__samples_title(const struct report *r, const struct hists *h, size_t idx,
			   struct strbuf *out);

/* --stats: the counts of each record type and of each event's samples. */
void report__fprintf_stats(const struct report *r, FILE *out);

void report__exit(struct report *r);

/* Inside the report (report-chain.c): the parent key's function, and a
 * sample with a callchain (@unwound: its user part from the stack copy)
 * added to @h under its entry @tmpl. */
const char *report__parent_of(struct report *r, struct thread *t, const struct perf_sample *s);
int report__add_with_callchain(struct report *r, struct hists *h, const struct perf_sample *s,
			       bool unwound, const struct hist_entry *tmpl, int member);

/* The sample's entry @tmpl and its resolved chain counted in @h: the
 * entry, its graph and, with --children, each caller's entry. @cc is
 * scratch of REPORT_MAX_FRAMES, the caller's own: this runs on the chain
 * feed's thread when there is one. 0 or -ENOMEM. */
int report__fold_chain(struct report *r, struct hists *h, const struct hist_entry *tmpl,
		       const struct fold_frame *frames, size_t n, int member, struct cc_frame *cc);

/*
 * report-lbr.c: perf 6.1's checks of --stitch-lbr, --branch-history and
 * --total-cycles against the file, after the branch mode and callchains
 * are settled. Sets r->warn_stitch_lbr where perf switches --stitch-lbr
 * off; -EINVAL with r->err where perf refuses, or where perf would do
 * what perf-mini does not (LBR call stack stitching, branch stacks as
 * callchains, the block table).
 */
int report__check_lbr_opts(struct report *r);

#endif
