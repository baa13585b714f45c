// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini top: sample live and show where the samples go, refreshed.
 * The sampling is record's (a child writing a pipe stream, as
 * "perf-mini record -o -" would, its options passed on); the histograms
 * are report's, read from that stream as it comes (util/report/top); the
 * run and the display are util/top's.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/top/top-live.h"

static const char *const top_usage[] = {
	"perf-mini top [<options>]",
	NULL,
};

static int add_event(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct top_opts *o = opt->value;

	(void)unset, (void)err;
	if (o->nr_events < TOP_MAX_EVENTS)
		o->events[o->nr_events++] = arg;
	return 0;
}

/* perf top's --call-graph: the record mode (fp, dwarf[,size], lbr) first,
 * then report's print_type,threshold,order. */
static int call_graph_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	struct top_opts *o = opt->value;
	size_t len = strcspn(arg, ",");

	(void)unset;
	o->record_mode = strndup(arg, len);
	if (!o->record_mode)
		return -ENOMEM;
	arg += len + !!arg[len];
	if (!strcmp(o->record_mode, "dwarf") && *arg >= '0' && *arg <= '9') {
		len = strcspn(arg, ",");
		o->record_size = strndup(arg, len);
		arg += len + !!arg[len];
	}
	if (strcmp(o->record_mode, "fp") && strcmp(o->record_mode, "dwarf") &&
	    strcmp(o->record_mode, "lbr")) {
		strbuf_addf(err, "--call-graph: '%s' is not a recording mode\nhint: fp, "
			    "dwarf[,size] or lbr, then the display's graph|flat|folded,"
			    "threshold,caller|callee", o->record_mode);
		return -EINVAL;
	}
	o->ro.call_graph = *arg ? arg : "graph,0.5,caller";
	return 0;
}

/* perf top's annotation and what only it reads: not here yet. */
static int annotation_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	(void)arg, (void)unset;
	strbuf_addf(err, "--%s: top's annotation is not implemented yet\nhint: the entries "
		    "show where the samples go; drop the option", opt->long_name);
	return -EINVAL;
}

/* What perf top has and perf-mini top does not do yet. */
static int not_yet_option(const struct option *opt, const char *arg, int unset,
			  struct strbuf *err)
{
	(void)arg, (void)unset;
	strbuf_addf(err, "--%s is not implemented in top yet\nhint: drop it; perf-mini record "
		    "and report have what a recording needs", opt->long_name);
	return -EINVAL;
}

static int set_tristate(const struct option *opt, const char *arg, int unset,
			struct strbuf *err)
{
	(void)arg, (void)err;
	*(int *)opt->value = !unset;
	return 0;
}

static int check_opts(struct top_opts *o, struct strbuf *err)
{
	if (o->delay_s <= 0) {
		strbuf_addf(err, "-d %d: the refresh delay is a whole number of seconds, at "
			    "least 1", o->delay_s);
		return -EINVAL;
	}
	if (o->entries < 0) {
		strbuf_addf(err, "-E %d: the number of entries cannot be negative", o->entries);
		return -EINVAL;
	}
	if (!!o->pid + !!o->tid + !!o->uid > 1) {
		strbuf_addstr(err, "-p, -t and -u each name what to profile: give one of them");
		return -EINVAL;
	}
	if (o->group)
		o->ro.group = 1;	/* shown together, as recorded */
	if (!o->ro.sort && !o->ro.fields)
		o->ro.sort = "dso,sym";	/* perf top's default */
	if (o->fp_callchain && !o->ro.call_graph)
		o->ro.call_graph = "graph,0.5,caller";
	return report_check_opts(&o->ro, err);
}

/* The recorder child: record, its messages under "top". */
static void run_recorder(int argc, const char **argv, struct pm_env *env)
{
	int ret = cmd_record_as("top", argc, argv, env);

	cmd_ignore_late_signals();
	exit(ret);
}

static int run(struct top_opts *o, struct pm_env *env, struct strbuf *err)
{
	int status = 0, ret = top_live(o, env, run_recorder, &status, err);

	if (ret == -ESRCH) {	/* the recorder stopped first, and said why */
		if (!o->pid && !o->tid && !o->uid && geteuid())
			fputs("hint: top watches every CPU unless told otherwise; -p PID or "
			      "-t TID watches processes of yours\n", stderr);
		return WIFEXITED(status) && WEXITSTATUS(status) ? WEXITSTATUS(status) : 1;
	}
	return ret ? 1 : 0;
}

int cmd_top(int argc, const char **argv, struct pm_env *env)
{
	struct top_opts o = {
		.ro = { .group = -1, .children = -1, .branch_stack = -1, .inline_frames = -1,
			.demangle = true, .skip_empty = true, .stdio_color = -1,
			.socket_filter = -1, .skip_idle = true, .quiet = true },
		.delay_s = 2,
	};
	const struct option options[] = {
		OPT_BOOLEAN('a', "all-cpus", &o.all_cpus, "system-wide collection from all CPUs"),
		OPT_BOOLEAN('b', "branch-any", &o.branch_any, "sample any taken branches"),
		OPT_STRING('c', "count", &o.count, "n", "event period to sample"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to monitor"),
		OPT_INTEGER('d', "delay", &o.delay_s,
			    "number of seconds to delay between refreshes"),
		OPT_INTEGER('E', "entries", &o.entries, "display this many functions"),
		OPT_CALLBACK('e', "event", &o, "event",
			     "event selector. use 'perf-mini list' to list available events",
			     add_event),
		OPT_STRING('F', "freq", &o.freq, "freq or 'max'", "profile at this frequency"),
		OPT_BOOLEAN('g', NULL, &o.fp_callchain, "enables call-graph recording and display"),
		OPT_BOOLEAN('i', "no-inherit", &o.no_inherit,
			    "child tasks do not inherit counters"),
		OPT_STRING('j', "branch-filter", &o.branch_filter, "branch filter mask",
			   "branch stack filter modes"),
		OPT_BOOLEAN('K', "hide_kernel_symbols", &o.hide_kernel, "hide kernel symbols"),
		OPT_STRING('k', "vmlinux", &o.ro.vmlinux, "file", "vmlinux pathname"),
		OPT_STRING('m', "mmap-pages", &o.mmap_pages, "pages", "number of mmap data pages"),
		OPT_BOOLEAN('n', "show-nr-samples", &o.ro.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_STRING('p', "pid", &o.pid, "pid", "profile events on existing process id"),
		OPT_STRING('r', "realtime", &o.realtime, "n",
			   "collect data with this RT SCHED_FIFO priority"),
		OPT_STRING('s', "sort", &o.ro.sort, "key[,key2...]",
			   "sort by key(s): pid, comm, dso, symbol, cpu, srcline, ... (default: dso,sym)"),
		OPT_STRING('t', "tid", &o.tid, "tid", "profile events on existing thread id"),
		OPT_BOOLEAN('U', "hide_user_symbols", &o.hide_user, "hide user symbols"),
		OPT_STRING('u', "uid", &o.uid, "user", "user to profile"),
		OPT_BOOLEAN('z', "zero", &o.zero, "zero history across updates"),
		OPT_STRING('G', "cgroup", &o.cgroup, "name", "monitor event in cgroup name only"),
		OPT_BOOLEAN(0, "all-cgroups", &o.all_cgroups, "Record cgroup events"),
		OPT_BOOLEAN(0, "namespaces", &o.namespaces, "Record namespaces events"),
		OPT_BOOLEAN(0, "no-bpf-event", &o.no_bpf_event,
			    "do not record bpf events (none are recorded)"),
		OPT_BOOLEAN(0, "group", &o.group, "put the counters into a counter group"),
		OPT_INTEGER(0, "group-sort-idx", &o.ro.group_sort_idx,
			    "Sort the output by the event at the index n in group"),
		OPT_INCR('v', "verbose", &o.verbose,
			 "be more verbose (the recorder's: -vv each perf_event_attr)"),
		OPT_EVSWITCH(&o.ro.switch_on, &o.ro.switch_off, &o.ro.show_on_off),
		OPT_BOOLEAN(0, "raw-trace", &o.ro.raw_trace,
			    "Show raw trace event output (do not use print fmt or plugins)"),
		OPT_BOOLEAN(0, "force", &o.ro.force, "don't complain, do it"),
		OPT_BOOLEAN(0, "ignore-vmlinux", &o.ro.ignore_vmlinux,
			    "don't load vmlinux even if found (perf-mini looks for none)"),
		OPT_INTEGER(0, "num-thread-synthesize", &o.synth_threads,
			    "number of thread to run event synthesize (perf-mini: one)"),
		OPT_INTEGER(0, "proc-map-timeout", &o.proc_map_timeout,
			    "per thread proc mmap processing timeout in ms (perf-mini reads each "
			    "whole)"),
		OPT_CALLBACK(0, "sym-annotate", &o, "symbol name", "symbol to annotate (not yet)",
			     annotation_option),
		OPT_CALLBACK_NOOPT('D', "dump-symtab", &o,
				   "dump the symbol table used for profiling (not yet)",
				   annotation_option),
		OPT_CALLBACK('M', "disassembler-style", &o, "style",
			     "disassembler style for annotation (not yet)", annotation_option),
		OPT_CALLBACK_NOOPT(0, "asm-raw", &o, "raw instruction encoding (not yet)",
				   annotation_option),
		OPT_CALLBACK_NOOPT(0, "source", &o, "source in annotation (not yet)",
				   annotation_option),
		OPT_CALLBACK(0, "objdump", &o, "path", "objdump for annotation (perf-mini runs "
			     "none)", annotation_option),
		OPT_CALLBACK(0, "prefix", &o, "prefix", "source path prefix for annotation (not "
			     "yet)", annotation_option),
		OPT_CALLBACK(0, "prefix-strip", &o, "N", "source path components stripped for "
			     "annotation (not yet)", annotation_option),
		OPT_CALLBACK('f', "count-filter", &o, "n",
			     "only display functions with more events than this (not yet)",
			     not_yet_option),
		OPT_CALLBACK_NOOPT(0, "hierarchy", &o, "Show entries in a hierarchy (not yet)",
				   not_yet_option),
		OPT_CALLBACK_NOOPT(0, "overwrite", &o, "Use a backward ring buffer (not yet)",
				   not_yet_option),
		OPT_CALLBACK_NOOPT(0, "stitch-lbr", &o, "LBR callgraph stitching (not yet)",
				   not_yet_option),
		OPT_CALLBACK('w', "column-widths", &o, "width[,width...]",
			     "fixed column widths (not yet)", not_yet_option),
		OPT_CALLBACK(0, "call-graph", &o, "record_mode[,record_size],print_type,threshold,order",
			     "setup and enables call-graph: fp, dwarf[,size] or lbr, then the "
			     "display's graph|flat|folded|none,threshold,caller|callee",
			     call_graph_option),
		OPT_CALLBACK_NOOPT(0, "children", &o.ro.children,
				   "Accumulate callchains of children and show total overhead",
				   set_tristate),
		OPT_STRING(0, "comms", &o.ro.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_BOOLEAN(0, "demangle-kernel", &o.ro.demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_STRING(0, "dsos", &o.ro.dsos, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING(0, "fields", &o.ro.fields, "key[,keys...]",
			   "output field(s): overhead, period, sample plus all of sort keys"),
		OPT_STRING(0, "ignore-callees", &o.ro.ignore_callees, "regex",
			   "ignore callees of these functions in call graphs"),
		OPT_STRING(0, "kallsyms", &o.ro.kallsyms, "file", "kallsyms pathname"),
		OPT_UINTEGER(0, "max-stack", &o.ro.max_stack,
			     "Set the maximum stack depth when parsing the callchain"),
		OPT_STRING(0, "percent-limit", &o.ro.percent_limit, "percent",
			   "Don't show entries under that percent"),
		OPT_CALLBACK(0, "percentage", &o.ro.relative, "relative|absolute",
			     "How to display percentage of filtered entries", cmd_percentage_option),
		OPT_BOOLEAN(0, "show-total-period", &o.ro.show_total_period,
			    "Show a column with the sum of periods"),
		OPT_BOOLEAN(0, "stdio", &o.ro.stdio, "Use the stdio interface"),
		OPT_STRING(0, "symbols", &o.ro.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_BOOLEAN(0, "tui", &o.ro.tui,
			    "Use the TUI interface (the default on a terminal; --stdio wins)"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret;

	ret = parse_options(argc, argv, options, top_usage, 0, &err);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_reset(&err);	/* said */
	} else if (ret > 0) {
		strbuf_addf(&err, "unexpected argument '%s'\nhint: top takes no command; "
			    "watch one running with -p PID", argv[0]);
		ret = 129;
	} else if (check_opts(&o, &err)) {
		ret = 129;
	} else {
		ret = run(&o, env, &err);
	}
	if (ret && err.len)
		cmd_error("top", err.buf);
	free(o.record_mode);
	free(o.record_size);
	strbuf_release(&err);
	return ret;
}
