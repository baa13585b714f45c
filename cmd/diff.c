// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini diff: two perf.data files (from perf-mini or Linux perf) read
 * as report reads them, without callchains, and their entries compared by
 * the names of their keys (util/report/diff), as perf diff does; or, with
 * --flamegraph, their callchains drawn as one differential flame graph.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/report/diff.h"
#include "../util/convert/report-flamegraph.h"
#include "../util/report/report.h"

static const char *const diff_usage[] = {
	"perf-mini diff [<options>] [old_file] [new_file]",
	NULL,
};

struct diff_args {
	struct diff_opts d;
	struct report_opts r;		/* each file's report */
	const char *compute;
	const char *order;
	const char *field_sep;
	bool quiet;
};

/* One file read as report reads it: entries by the keys, no callchains. */
static int read_file(struct report *r, struct report_opts *o, const char *path, bool quiet)
{
	*r = (struct report){ .o = o, .err = STRBUF_INIT, .sort_order = STRBUF_INIT,
			      .trace_buf = STRBUF_INIT };
	o->input = path;
	if (perf_data__open(&r->pd, path, &r->err) || report__setup(r) || report__process(r)) {
		cmd_error("diff", r->err.buf);
		return -1;
	}
	if (!quiet)
		cmd_warn_lost(&r->stats);
	return 0;
}

static int check(struct diff_args *a, int argc, struct strbuf *err)
{
	if (a->compute && diff__parse_compute(a->compute, &a->d, err))
		return -EINVAL;
	if (a->r.flamegraph_opts && !a->r.flamegraph) {
		strbuf_addstr(err, "--flamegraph-opts shapes a flame graph\nhint: add --flamegraph "
				   "(or --flamegraph=- for difffolded stacks)");
		return -EINVAL;
	}
	if (argc > 2) {
		strbuf_addstr(err, "more than two files: perf-mini compares a baseline with one "
				   "file\nhint: run perf-mini diff once per file against the baseline");
		return -EINVAL;
	}
	if (a->order && strcmp(a->order, "1")) {
		strbuf_addf(err, "-o %s: with two files the only data file to order by is 1",
			    a->order);
		return -EINVAL;
	}
	if (a->field_sep) {
		strbuf_addstr(err, "-t: perf diff's separated layout is not implemented\nhint: "
				   "drop -t (the columns are space-aligned, as without it)");
		return -EINVAL;
	}
	if (a->r.sort && sort_list__parse(&(struct sort_list){ 0 }, a->r.sort, "--sort", false,
					  err))
		return -EINVAL;
	return 0;
}

/* The table of entries paired by their keys; the exit status. */
static int compare(struct report *base, struct report *new, const struct diff_args *a,
		   struct strbuf *err)
{
	if (diff__fprintf(base, new, &a->d, stdout))
		return 0;
	diff__explain_no_pair(base, new, err);
	cmd_error("diff", err->buf);
	return 1;
}

/* --flamegraph: the differential flame graph; the exit status. */
static int draw(struct report *base, struct report *new, const struct diff_args *a,
		struct strbuf *err)
{
	if (report_flamegraph_write_diff(base, new, a->r.flamegraph, err)) {
		cmd_error("diff", err->buf);
		return 1;
	}
	if (!a->quiet)
		cmd_flamegraph_written("diff", a->r.flamegraph);
	return 0;
}

int cmd_diff(int argc, const char **argv, struct pm_env *env)
{
	struct diff_args a = {
		.r = { .group = 0, .children = 0, .branch_stack = 0, .inline_frames = 0,
		       .demangle = true, .skip_empty = true, .socket_filter = -1,
		       .chain.mode = CHAIN_NONE, .stdio = true, .diff_mode = true },
	};
	const struct option options[] = {
		OPT_BOOLEAN('b', "baseline-only", &a.d.baseline_only,
			    "Show only items with match in baseline"),
		OPT_STRING('c', "compute", &a.compute, "delta,delta-abs,ratio,wdiff:w1,w2",
			   "Entries differential computation selection (default delta-abs)"),
		OPT_BOOLEAN('p', "period", &a.d.period, "Show period values."),
		OPT_BOOLEAN('F', "formula", &a.d.formula, "Show formula."),
		OPT_STRING('o', "order", &a.order, "n", "Specify compute sorting (1: the file)"),
		OPT_STRING('s', "sort", &a.r.sort, "key[,key2...]",
			   "sort by key(s): dso, sym (the default), comm, pid, ..."),
		OPT_STRING('C', "comms", &a.r.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('d', "dsos", &a.r.dsos, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING('S', "symbols", &a.r.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "pid", &a.r.pids, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &a.r.tids, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_STRING(0, "cpu", &a.r.cpu_list, "cpu", "list of cpus to profile"),
		OPT_STRING(0, "time", &a.r.time_str, "str",
			   "Time span (time percent or absolute timestamp)"),
		OPT_CALLBACK(0, "percentage", &a.r.relative, "relative|absolute",
			     "How to display percentage of filtered entries", cmd_percentage_option),
		OPT_STRING('t', "field-separator", &a.field_sep, "separator",
			   "separator for columns (not implemented: refused)"),
		OPT_STRING(0, "symfs", &a.r.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_STRING(0, "kallsyms", &a.r.kallsyms, "file", "kallsyms pathname"),
		OPT_BOOLEAN('f', "force", &a.r.force, "don't complain, do it"),
		OPT_BOOLEAN('q', "quiet", &a.quiet, "Do not show any warnings or messages"),
		{ .type = OPTION_CALLBACK, .long_name = "flamegraph", .value = &a.r.flamegraph,
		  .argh = "file", .flags = PARSE_OPT_OPTARG, .callback = report_flamegraph_option,
		  .help = "draw the new file's callchains against the baseline's: a page (FILE.html, "
			  "by default flamegraph.html) or difffolded stacks (any other name, - for "
			  "stdout)" },
		{ .type = OPTION_CALLBACK, .long_name = "flamegraph-opts",
		  .value = &a.r.flamegraph_opts, .argh = "opts",
		  .callback = report_flamegraph_opts_option,
		  .help = "with --flamegraph: what stackcollapse-perf.pl's options of these names "
			  "keep: pid, tid, kernel, jit, all" },
		OPT_END(),
	};
	struct report base, new;
	struct strbuf err = STRBUF_INIT;
	struct report_opts new_opts;
	const char *old_path = "perf.data.old", *new_path = "perf.data";
	int ret;

	(void)env;
	ret = parse_options(argc, argv, options, diff_usage, 0, &err);
	perf_data__trust_any_owner(a.r.force);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	argc = ret;
	if (check(&a, argc, &err)) {
		cmd_error("diff", err.buf);
		strbuf_release(&err);
		return 129;
	}
	if (argc == 1) {
		new_path = argv[0];
	} else if (argc == 2) {
		old_path = argv[0];
		new_path = argv[1];
	}
	if (a.r.flamegraph) {
		if (report_flamegraph_setup(&a.r, &err)) {
			cmd_error("diff", err.buf);
			strbuf_release(&err);
			return 129;
		}
	} else {
		if (!a.r.sort)
			a.r.sort = "dso,sym";
		a.r.fields = a.r.sort;	/* the key columns alone: the diff's go before them */
	}
	new_opts = a.r;
	cmd_buffer_stdout();
	ret = 1;
	if (!read_file(&base, &a.r, old_path, a.quiet)) {
		if (!read_file(&new, &new_opts, new_path, a.quiet))
			ret = a.r.flamegraph ? draw(&base, &new, &a, &err) : compare(&base, &new, &a, &err);
		report__exit(&new);
	}
	report__exit(&base);
	strbuf_release(&err);
	return ret;
}
