// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini report: read a perf.data (from perf-mini or Linux perf) and
 * print where the samples went, in perf report --stdio's layout.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/data/dump.h"
#include "../util/data/header-print.h"
#include "../util/events/cpumap.h"
#include "../util/convert/report-flamegraph.h"
#include "../util/report/report.h"
#include "../util/ui/report-browse.h"

static const char *const report_usage[] = {
	"perf-mini report [<options>]",
	NULL,
};

static int set_tristate(const struct option *opt, const char *arg, int unset,
			struct strbuf *err)
{
	(void)arg, (void)err;
	*(int *)opt->value = !unset;
	return 0;
}

/* -g alone (last, or before another option) is perf's default spelled
 * out, so it asks for callers first even under --no-children */
static int call_graph_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	const char **cg = opt->value;

	(void)err;
	*cg = unset ? "none" : arg ? arg : "graph,0.5,caller";
	return 0;
}

static int pretty_option(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err)
{
	bool *raw = opt->value;

	if (unset || !strcmp(arg, "normal") || !strcmp(arg, "raw")) {
		*raw = !unset && !strcmp(arg, "raw");
		return 0;
	}
	strbuf_addf(err, "--pretty '%s' is not a style\nhint: normal or raw (the layout of "
		    "-T's per-thread counts)", arg);
	return -EINVAL;
}

static void stop_reading(int sig)
{
	(void)sig;
	perf_data__stop();
}

/* as perf: ^C while the file is read ends the reading, and what was read
 * is reported (status 0); no SA_RESTART, so a read of a pipe returns */
static void report_what_is_read_on_sigint(void)
{
	struct sigaction sa = { .sa_handler = stop_reading };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
}

static int write_flamegraph(struct report *r)
{
	cmd_warn_lost(&r->stats);
	if (report_flamegraph_write(r))
		return 1;
	if (!r->o->quiet)
		cmd_flamegraph_written("report", r->o->flamegraph);
	return 0;
}

/* After the browser: what --stdio says on stderr (the browser hid it). */
static int browsed(struct report *r, int ret)
{
	if (ret < 0)
		return 1;	/* the file not read again for 's': r->err says why */
	cmd_warn_lost(&r->stats);
	cmd_warn_kernel("report", &r->machine);
	return ret;
}

/* report__setup(), with perf's warning where --stitch-lbr is switched off */
static int setup(struct report *r)
{
	int ret = report__setup(r);

	if (r->warn_stitch_lbr)
		fputs("Warning:\nCan't find LBR callchain. Switch off --stitch-lbr.\n"
		      "Please apply --call-graph lbr when recording.\n", stderr);
	return ret;
}

static int run_report(struct report *r)
{
	int ret;

	report_what_is_read_on_sigint();
	cmd_buffer_stdout();
	cmd_progress_on_terminal();
	if (perf_data__open_progress(&r->pd, r->o->input, !r->o->quiet, &r->err))
		return 1;
	if (cmd_check_itrace(&r->pd, r->o->itrace, &r->err))
		return 1;
	if (r->o->header_only || r->o->header) {
		cmd_print_header("report", &r->pd, r->o->header_only, r->o->show_info);
		if (r->o->header_only)
			return 0;
	}
	if (r->o->tasks || r->o->mmaps)
		return report__fprintf_tasks(r, stdout) ? 1 : 0;
	if (r->o->dump_raw) {	/* each record as it is delivered, in perf's layout */
		if (setup(r))
			return 1;
		r->dump_out = stdout;
		ret = report__process(r);
		fflush(stdout);
		cmd_warn_lost(&r->stats);
		cmd_warn_data("report", &r->pd, r->stats.nr_events[PERF_RECORD_SAMPLE]);
		if (!ret)
			report__fprintf_stats(r, stdout);
		return ret ? 1 : 0;
	}
	if (r->o->flamegraph && report_flamegraph_setup(r->o, &r->err))
		return 1;
	if (setup(r))
		return 1;
	ret = report__process(r);
	if (!ret && r->o->flamegraph)
		return write_flamegraph(r);
	if (!ret && report_wants_browser(r->o) && (ret = report_browse(r)) != -ENODATA)
		return browsed(r, ret);
	if (!r->o->stats)	/* as perf: --stats only counts */
		cmd_warn_lost(&r->stats);
	cmd_warn_kernel("report", &r->machine);
	cmd_warn_data("report", &r->pd, r->stats.nr_events[PERF_RECORD_SAMPLE]);
	if (ret)
		return 1;
	if (r->o->stats) {
		report__fprintf_stats(r, stdout);
	} else {
		if (report__fprintf(r, stdout) == -ENODATA) {
			fflush(stdout);
			fprintf(stderr, "Error:\nThe %s data has no samples!\n", r->pd.path);
		} else if (r->o->show_threads) {	/* as perf: not without samples */
			read_values__fprintf(&r->thread_values, r->o->pretty_raw, stdout);
		}
	}
	return 0;
}

int cmd_report(int argc, const char **argv, struct pm_env *env)
{
	struct report_opts o = {
		.group = -1, .children = -1, .branch_stack = -1, .inline_frames = -1,
		.demangle = true, .skip_empty = true, .stdio_color = -1, .socket_filter = -1,
		.annotate.source = true,
	};
	const struct option options[] = {
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_BOOLEAN(0, "stdio", &o.stdio, "Use the stdio interface"),
		OPT_BOOLEAN(0, "tui", &o.tui,
			    "Use the TUI interface (the default on a terminal; --stdio wins)"),
		OPT_INTEGER(0, "samples", &o.browser_samples,
			    "Number of samples to save per histogram entry for individual "
			    "browsing (the browser's: no effect on --stdio, as in perf)"),
		{ .type = OPTION_CALLBACK, .long_name = "stdio-color", .value = &o.stdio_color,
		  .argh = "mode", .flags = PARSE_OPT_LASTARG_DEFAULT, .callback = cmd_stdio_color_option,
		  .help = "'always' (default), 'never' or 'auto' only applicable to --stdio mode" },
		OPT_BOOLEAN('n', "show-nr-samples", &o.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_STRING('s', "sort", &o.sort, "key[,key2...]", sort_keys__help()),
		OPT_STRING('F', "fields", &o.fields, "key[,keys...]",
			   "output field(s): overhead, overhead_sys, overhead_us, overhead_guest_sys, overhead_guest_us, overhead_children, sample, period and the sort keys; +key[,keys...] adds them to the default"),
		OPT_BOOLEAN(0, "show-cpu-utilization", &o.show_cpu_utilization,
			    "Show sample percentage for different cpu modes"),
		OPT_BOOLEAN(0, "show-total-period", &o.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_BOOLEAN(0, "disable-order", &o.disable_order, "Disable raw trace ordering"),
		OPT_STRING(0, "percent-limit", &o.percent_limit, "percent",
			   "Don't show entries under that percent"),
		OPT_CALLBACK(0, "percentage", &o.relative, "relative|absolute",
			     "How to display percentage of filtered entries", cmd_percentage_option),
		OPT_STRING(0, "comm", &o.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('c', "comms", &o.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('S', "symbols", &o.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "symbol-filter", &o.symbol_filter, "filter",
			   "only show symbols that (partially) match with this filter"),
		OPT_STRING('d', "dsos", &o.dsos, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING(0, "pid", &o.pids, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &o.tids, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to profile"),
		OPT_STRING('p', "parent", &o.parent, "regex",
			   "regex filter to identify parent, see: '--sort parent'"),
		OPT_BOOLEAN('x', "exclude-other", &o.exclude_other,
			    "Only display entries with parent-match"),
		OPT_STRING(0, "ignore-callees", &o.ignore_callees, "regex",
			   "ignore callees of these functions in call graphs"),
		OPT_INTEGER(0, "socket-filter", &o.socket_filter,
			    "only show processor socket that match with this filter"),
		OPT_EVSWITCH(&o.switch_on, &o.switch_off, &o.show_on_off),
		OPT_STRING(0, "time-quantum", &o.time_quantum, "time (ms|us|ns|s)",
			   "Set time quantum for time sort key (default 100ms)"),
		OPT_BOOLEAN(0, "ns", &o.time_ns, "Show times in nanosecs"),
		OPT_STRING(0, "time", &o.time_str, "str",
			   "Time span of interest (start,stop), or percentages (10%/2, 0%-10%)"),
		OPT_CALLBACK_NOOPT(0, "group", &o.group,
				   "Show event group information together", set_tristate),
		OPT_INTEGER(0, "group-sort-idx", &o.group_sort_idx,
			    "Sort the output by the event at the index n in group"),
		{ .type = OPTION_CALLBACK, .short_name = 'g', .long_name = "call-graph",
		  .value = &o.call_graph, .argh = "print_type,threshold[,print_limit],order,sort_key,value",
		  .flags = PARSE_OPT_LASTARG_DEFAULT, .callback = call_graph_option,
		  .help = "callchains: graph, flat, folded or none, min percent (0.5), caller or "
			  "callee; alone, perf's graph,0.5,caller" },
		{ .type = OPTION_CALLBACK, .long_name = "flamegraph", .value = &o.flamegraph,
		  .argh = "file", .flags = PARSE_OPT_OPTARG, .callback = report_flamegraph_option,
		  .help = "write the callchains as a flame graph: a page (FILE.html, by default "
			  "flamegraph.html) or folded stacks (any other name, - for stdout)" },
		{ .type = OPTION_CALLBACK, .long_name = "flamegraph-opts",
		  .value = &o.flamegraph_opts, .argh = "opts",
		  .callback = report_flamegraph_opts_option,
		  .help = "with --flamegraph: what stackcollapse-perf.pl's options of these names "
			  "keep: pid, tid, kernel, jit, all, addrs" },
		OPT_CALLBACK_NOOPT(0, "children", &o.children,
				   "Accumulate callchains of children and show total overhead",
				   set_tristate),
		OPT_UINTEGER(0, "max-stack", &o.max_stack,
			     "Set the maximum stack depth when parsing the callchain"),
		OPT_BOOLEAN(0, "full-source-path", &o.full_source_path,
			    "Show full source file name path for source lines"),
		OPT_CALLBACK_NOOPT(0, "inline", &o.inline_frames,
				   "Show inline function (dwarf callchains; the default)",
				   cmd_opt_tristate),
		OPT_BOOLEAN(0, "mem-mode", &o.mem_mode,
			    "mem access profile: entries by weight and data source"),
		OPT_CALLBACK_NOOPT('b', "branch-stack", &o.branch_stack,
				   "use branch records for per branch histogram filling",
				   set_tristate),
		OPT_BOOLEAN(0, "header", &o.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &o.header_only, "Show only data header."),
		OPT_BOOLEAN('I', "show-info", &o.show_info,
			    "Display extended information about perf.data file"),
		OPT_BOOLEAN('D', "dump-raw-trace", &o.dump_raw, "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "stats", &o.stats, "Display event stats"),
		OPT_BOOLEAN(0, "raw-trace", &o.raw_trace,
			    "Show raw trace event output (do not use print fmt or plugins)"),
		OPT_BOOLEAN('T', "threads", &o.show_threads, "Show per-thread event counters"),
		OPT_CALLBACK(0, "pretty", &o.pretty_raw, "key",
			     "pretty printing style key: normal raw", pretty_option),
		OPT_BOOLEAN(0, "hierarchy", &o.hierarchy, "Show entries in a hierarchy"),
		OPT_BOOLEAN(0, "tasks", &o.tasks, "Display recorded tasks"),
		OPT_BOOLEAN(0, "mmaps", &o.mmaps, "Display recorded tasks memory maps"),
		OPT_STRING(0, "symfs", &o.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_STRING(0, "kallsyms", &o.kallsyms, "file", "kallsyms pathname"),
		OPT_STRING('k', "vmlinux", &o.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "ignore-vmlinux", &o.ignore_vmlinux,
			    "don't load vmlinux even if found (perf-mini looks for none)"),
		OPT_BOOLEAN(0, "demangle", &o.demangle, "Disable symbol demangling"),
		OPT_BOOLEAN('q', "quiet", &o.quiet, "Do not show any message"),
		OPT_STRING('t', "field-separator", &o.field_sep, "separator",
			   "separator between columns (no padding; '.' stands for it in values)"),
		OPT_STRING('w', "column-widths", &o.col_widths, "width[,width...]",
			   "don't try to adjust column width, use these fixed values"),
		OPT_BOOLEAN('m', "modules", &o.modules,
			    "load module symbols (perf-mini: those of the file's maps)"),
		OPT_BOOLEAN(0, "show-ref-call-graph", &o.show_ref_callgraph,
			    "Show callgraph from reference event"),
		OPT_BOOLEAN(0, "stitch-lbr", &o.stitch_lbr,
			    "Enable LBR callgraph stitching approach (not LBR call stacks)"),
		OPT_BOOLEAN(0, "branch-history", &o.branch_history,
			    "add last branch records to call history (checked, not done)"),
		OPT_BOOLEAN(0, "total-cycles", &o.total_cycles,
			    "Sort all blocks by 'Sampled Cycles%' (not in branch mode: ignored)"),
		OPT_BOOLEAN(0, "skip-empty", &o.skip_empty,
			    "Do not display empty (or dummy) events in the output"),
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		{ .type = OPTION_CALLBACK, .long_name = "itrace", .value = &o.itrace, .argh = "opts",
		  .help = "Instruction Tracing options (perf's; AUX traces are not decoded)",
		  .callback = cmd_itrace_option, .flags = PARSE_OPT_OPTARG },
		OPT_BOOLEAN('G', "inverted", &o.inverted, "alias for inverted call graph"),
		OPT_BOOLEAN('U', "hide-unresolved", &o.hide_unresolved,
			    "Only display entries resolved to a symbol"),
		OPT_INCR('v', "verbose", &o.verbose,
			 "be more verbose (say where each object's symbols came from)"),
		OPT_BOOLEAN(0, "demangle-kernel", &o.demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_BOOLEAN(0, "asm-raw", &o.annotate.asm_raw,
			    "Display raw encoding of assembly instructions (the browser's a)"),
		OPT_CALLBACK('M', "disassembler-style", &o.annotate.intel, "disassembler style",
			     "att (the default) or intel, for the browser's a",
			     cmd_disasm_style_option),
		OPT_BOOLEAN(0, "source", &o.annotate.source,
			    "Interleave source code with assembly code (default; the browser's a)"),
		OPT_CALLBACK(0, "percent-type", &o.annotate.percent_type, "local-period",
			     "Set percent type local/global-period/hits (the browser's a)",
			     cmd_percent_type_option),
		OPT_CALLBACK(0, "objdump", &o, "path",
			     "objdump binary (perf-mini runs none: capstone disassembles)",
			     cmd_refused_option),
		OPT_CALLBACK(0, "prefix", &o, "prefix", "source path prefix (objdump's: not here)",
			     cmd_refused_option),
		OPT_CALLBACK(0, "prefix-strip", &o, "N", "source path components stripped "
			     "(objdump's: not here)", cmd_refused_option),
		OPT_END(),
	};
	struct report r = { .o = &o, .err = STRBUF_INIT, .sort_order = STRBUF_INIT,
			     .trace_buf = STRBUF_INIT };
	struct strbuf msg = STRBUF_INIT;
	int ret;

	(void)env;
	ret = parse_options(argc, argv, options, report_usage, 0, &msg);
	perf_data__trust_any_owner(o.force);
	o.verbose_out = o.verbose > 0 ? stderr : NULL;
	if (ret < 0) {
		ret = cmd_usage_result(ret, msg.buf);
		strbuf_release(&msg);
		return ret;
	}
	if (ret > 0) {
		strbuf_addf(&r.err, "unexpected argument '%s'\nhint: name the input with -i",
			    argv[0]);
		ret = 129;
	} else if (report_check_opts(&o, &r.err)) {
		ret = 129;
	} else if (cmd_check_vmlinux(o.vmlinux, &r.err)) {
		ret = 234;	/* perf report's -EINVAL */
	} else {
		if (!o.input)
			o.input = cmd_default_input();
		ret = run_report(&r);
	}
	if (r.err.len)
		cmd_error("report", r.err.buf);
	report__exit(&r);
	strbuf_release(&msg);
	return ret;
}
