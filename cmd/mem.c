// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini mem: memory access profiling, as perf mem. "mem record" runs
 * record with the CPU's memory events (loads with their latency, stores)
 * and -d -W; "mem report" runs report --mem-mode with a samples column.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "mem.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/perf-data.h"
#include "../util/report/mem-dump.h"

static const char *const mem_usage[] = {
	"perf-mini mem [<options>] {record|report}",
	NULL,
};

/* -t load,store */
int mem_parse_type(struct mem_opts *o, struct strbuf *err)
{
	o->operation = 0;
	for (const char *p = o->type; *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");

		if (len == 4 && !strncmp(p, "load", 4))
			o->operation |= MEM_LOAD;
		else if (len == 5 && !strncmp(p, "store", 5))
			o->operation |= MEM_STORE;
		else {
			strbuf_addf(err, "-t: unknown memory operation '%.*s'\nhint: -t load, "
				    "-t store or -t load,store (the default)", (int)len, p);
			return -EINVAL;
		}
	}
	if (!o->operation) {
		strbuf_addstr(err, "-t needs load, store or load,store");
		return -EINVAL;
	}
	return 0;
}

/* --- report ------------------------------------------------------------ */

/* perf's make_sort_order(): stores have no weight; the extra columns */
static void report_sort(const struct mem_opts *o, struct strbuf *sort)
{
	if (!(o->operation & MEM_LOAD))
		strbuf_addstr(sort, "--sort=mem,sym,dso,symbol_daddr,dso_daddr,tlb,locked");
	else if (o->phys_addr || o->data_page_size)
		strbuf_addstr(sort, "--sort=local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,"
			      "tlb,locked,blocked");
	else
		return;
	if (o->phys_addr)
		strbuf_addstr(sort, ",phys_daddr");
	if (o->data_page_size)
		strbuf_addstr(sort, ",data_page_size");
}

static int mem_report(struct mem_opts *o, int argc, const char **argv, struct pm_env *env)
{
	const char **av = calloc(argc + 8, sizeof(*av));
	struct strbuf sort = STRBUF_INIT;
	int n = 0, ret;

	if (!av) {
		cmd_error("mem report", "out of memory");
		return 1;
	}
	av[n++] = "report";
	av[n++] = "--mem-mode";
	av[n++] = "-n";
	report_sort(o, &sort);
	if (sort.len)
		av[n++] = sort.buf;
	if (o->input) {
		av[n++] = "-i";
		av[n++] = o->input;
	}
	if (o->cpu_list) {	/* perf ignores it here; report filters */
		av[n++] = "-C";
		av[n++] = o->cpu_list;
	}
	for (int i = 0; i < argc; i++)	/* the report options */
		av[n++] = argv[i];
	ret = cmd_report(n, av, env);
	strbuf_release(&sort);
	free(av);
	return ret;
}

static int mem_dump_raw(struct mem_opts *o, int argc, const char **argv)
{
	struct mem_dump_opts d = {
		.input = o->input ? o->input : cmd_default_input(), .field_sep = o->field_sep,
		.cpu_list = o->cpu_list, .phys_addr = o->phys_addr,
		.data_page_size = o->data_page_size, .hide_unresolved = o->hide_unresolved,
	};
	struct strbuf err = STRBUF_INIT, notes = STRBUF_INIT;
	int ret;

	d.notes = &notes;
	if (argc > 0) {
		cmd_error("mem report", "-D takes no report options\nhint: give the input "
			  "with perf-mini mem report -D -i FILE");
		return 129;
	}
	(void)argv;
	ret = mem_dump(&d, stdout, &err);
	fflush(stdout);
	cmd_warn_lines("mem report", notes.buf);
	if (ret)
		cmd_error("mem report", err.buf);
	strbuf_release(&notes);
	strbuf_release(&err);
	return ret ? 1 : 0;
}

/*
 * "report" and what follows it: mem's own options may be there too (perf
 * mem report -D -i FILE), the rest goes to report. Returns the exit status.
 */
static int mem_report_cmd(struct mem_opts *o, const struct option *options, int argc,
			  const char **argv, struct pm_env *env, struct strbuf *err)
{
	int nr = parse_options(argc, argv, options, mem_usage,
			       PARSE_OPT_KEEP_UNKNOWN | PARSE_OPT_KEEP_DASHDASH, err);

	if (nr < 0) {
		nr = cmd_usage_result(nr, err->buf);
		strbuf_reset(err);
		return nr;
	}
	if (mem_parse_type(o, err))
		return 129;
	if (!o->dump_raw && (o->hide_unresolved || o->field_sep)) {
		strbuf_addf(err, "%s applies to raw samples only (perf ignores it in the report)"
			    "\nhint: perf-mini mem report -D %s", o->hide_unresolved ? "-U" : "-x",
			    o->hide_unresolved ? "-U" : "-x SEP");
		return 129;
	}
	nr = o->dump_raw ? mem_dump_raw(o, nr, argv) : mem_report(o, nr, argv, env);
	return nr == 1 ? PM_EXIT_ERROR : nr;	/* as report: perf's status for an error */
}

/* --- the command --------------------------------------------------------- */

int cmd_mem(int argc, const char **argv, struct pm_env *env)
{
	struct mem_opts o = { .type = "load,store" };
	const struct option options[] = {
		OPT_STRING('t', "type", &o.type, "type",
			   "memory operations(load,store) Default load,store"),
		OPT_BOOLEAN('p', "phys-data", &o.phys_addr,
			    "Record/Report sample physical addresses"),
		OPT_BOOLEAN(0, "data-page-size", &o.data_page_size,
			    "Record/Report sample data address page size"),
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_BOOLEAN('D', "dump-raw-samples", &o.dump_raw, "dump raw samples in ASCII"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to profile"),
		OPT_BOOLEAN('U', "hide-unresolved", &o.hide_unresolved,
			    "Only display entries resolved to a symbol (with -D)"),
		OPT_STRING('x', "field-separator", &o.field_sep, "separator",
			   "separator for columns of -D, no spaces will be added between columns"),
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, mem_usage, PARSE_OPT_STOP_AT_NON_OPTION,
				&err);

	perf_data__trust_any_owner(o.force);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	argc = ret;
	if (!argc) {
		strbuf_addstr(&err, "record or report?\nhint: perf-mini mem record [<command>], "
			      "then perf-mini mem report");
		ret = 129;
	} else if (cmd_is_subcommand(argv[0], "record")) {
		ret = mem_record(&o, argc - 1, argv + 1, env);
	} else if (cmd_is_subcommand(argv[0], "report")) {
		ret = mem_report_cmd(&o, options, argc, argv, env, &err);
	} else {
		strbuf_addf(&err, "'%s' is not a mem command\nhint: perf-mini mem record "
			    "[<command>], or perf-mini mem report", argv[0]);
		ret = 129;
	}
	if (err.len)
		cmd_error("mem", err.buf);
	strbuf_release(&err);
	return ret;
}
