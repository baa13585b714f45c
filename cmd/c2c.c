// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini c2c: cache-to-cache (false sharing) analysis, as perf c2c.
 * "c2c record" records the CPU's memory events as perf mem record does,
 * both loads and stores, with physical addresses and CPUs; "c2c report"
 * counts the samples by where they were served and prints the cache lines
 * other cores had modified, with each one's offsets (util/c2c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "mem.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/perf-data.h"
#include "../util/c2c/c2c-stats.h"
#include "../util/ui/browser.h"
#include "../util/ui/c2c-browser.h"

static const char *const c2c_report_usage[] = {
	"perf-mini c2c report [<options>]",
	NULL,
};

/* -d: what the cache lines are sorted on, as perf names it */
static const char *sort_on(const char *display, enum c2c_display *d, struct strbuf *err)
{
	static const struct { const char *name, *shown; enum c2c_display d; } modes[] = {
		{ "tot", "Total HITMs", C2C_TOT }, { "lcl", "Local HITMs", C2C_LCL },
		{ "rmt", "Remote HITMs", C2C_RMT }, { "peer", "Peer Snoop", C2C_PEER },
	};

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++) {
		if (!strcmp(display, modes[i].name)) {
			*d = modes[i].d;
			return modes[i].shown;
		}
	}
	strbuf_addf(err, "-d %s: unknown display mode\nhint: -d tot, lcl, rmt or peer", display);
	return NULL;
}

/* -c: a line's data grouped by its offset, then these (perf's "offset,iaddr") */
static bool coalesce_fields(const char *fields, struct c2c_opts *o, struct strbuf *grouping,
			    struct strbuf *err)
{
	static const struct { const char *name; enum c2c_field f; } known[] = {
		{ "pid", C2C_PID }, { "tid", C2C_TID }, { "iaddr", C2C_IADDR }, { "dso", C2C_DSO },
	};

	strbuf_addstr(grouping, "offset");
	for (const char *p = fields; *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ","), i;

		for (i = 0; i < ARRAY_SIZE(known); i++)
			if (len == strlen(known[i].name) && !strncmp(p, known[i].name, len))
				break;
		if (i == ARRAY_SIZE(known)) {
			strbuf_addf(err, "-c: unknown field '%.*s'\nhint: -c with pid, tid, iaddr "
				    "or dso, comma-separated", (int)len, p);
			return false;
		}
		if (o->nr_fields < ARRAY_SIZE(o->fields))
			o->fields[o->nr_fields++] = known[i].f;
		strbuf_addf(grouping, ",%.*s", (int)len, p);
	}
	return true;
}

/* what perf says on stderr of what the file lacks, in words */
static void warn_missing(const struct c2c_report *r)
{
	if (r->no_cpu)
		fprintf(stderr, "perf-mini c2c report: warning: samples without a CPU: their cpu "
			"cnt is 0 and their Node empty (c2c record samples the CPU)\n");
	if (!r->nodes.nr_nodes)
		fprintf(stderr, "perf-mini c2c report: warning: the file has no NUMA topology: "
			"perf says \"Failed setup nodes\" and stops; perf-mini goes on without "
			"nodes\n");
	else if (r->no_node)
		fprintf(stderr, "perf-mini c2c report: warning: physical addresses on no memory "
			"node the file describes: their Node is N/A\n");
}

static int report(const char *input, struct c2c_opts *o, const char *display,
		  const char *grouping, bool browse, struct strbuf *err)
{
	struct perf_data pd = { 0 };
	struct c2c_report r = { 0 };
	struct strbuf out = STRBUF_INIT;
	int ret = perf_data__open(&pd, input, err);
	const char *sort = NULL;

	/* as perf: Arm's SPE reports peer snoops, not HITMs */
	if (!ret && !display)
		display = pd.feat.arch && !strcmp(pd.feat.arch, "arm64") ? "peer" : "tot";
	if (!ret && !(sort = sort_on(display, &o->display, err)))
		ret = 129;
	if (!ret)
		ret = c2c_report__collect(&pd, o, &r, err);
	if (!ret && browse) {
		struct c2c_screens sc;

		c2c_screens__init(&sc, &r, o);
		ret = ui_c2c__browse(&sc, o, sort);
		c2c_screens__exit(&sc);
		warn_missing(&r);	/* the screen would have hidden it */
	} else if (!ret) {
		c2c_report__print_stats(&r, sort, grouping, &out);
		if (!o->stats_only) {
			warn_missing(&r);
			c2c_report__print_lines(&r, o, &out);
		}
		fwrite(out.buf, 1, out.len, stdout);
	}
	c2c_report__release(&r);
	perf_data__close(&pd);
	strbuf_release(&out);
	return ret == 129 ? 129 : ret ? PM_EXIT_ERROR : 0;
}

static int c2c_report(int argc, const char **argv, struct strbuf *err)
{
	const char *input = cmd_default_input(), *display = NULL, *coalesce = "iaddr";
	struct c2c_opts o = { 0 };
	struct strbuf grouping = STRBUF_INIT;
	bool stdio = false, force = false;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "the input file to process"),
		OPT_INCR('N', "node-info", &o.node_info,
			 "show extra node info in report (repeat for more info)"),
		OPT_STRING('c', "coalesce", &coalesce, "coalesce fields",
			   "coalesce fields: pid,tid,iaddr,dso"),
		OPT_BOOLEAN(0, "full-symbols", &o.full_symbols, "Display full length of symbols"),
		OPT_BOOLEAN(0, "no-source", &o.no_source, "Do not display Source Line column"),
		OPT_BOOLEAN(0, "show-all", &o.show_all, "Show all captured HITM lines."),
		OPT_BOOLEAN(0, "stats", &o.stats_only, "Display only statistic tables (implies --stdio)"),
		OPT_BOOLEAN(0, "stdio", &stdio, "Use the stdio interface"),
		OPT_STRING('d', "display", &display, "Switch HITM output type", "tot,lcl,rmt,peer"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_END(),
	};
	int nr = parse_options(argc, argv, options, c2c_report_usage, 0, err);

	perf_data__trust_any_owner(force);
	if (nr < 0) {
		nr = cmd_usage_result(nr, err->buf);
		strbuf_reset(err);
		return nr;
	}
	if (nr > 0) {
		strbuf_addf(err, "report takes no arguments ('%s')\nhint: name the file with -i FILE",
			    argv[0]);
		return 129;
	}
	/* a bad -d is a usage error before any file is read */
	if ((display && !sort_on(display, &o.display, err)) ||
	    !coalesce_fields(coalesce, &o, &grouping, err)) {
		strbuf_release(&grouping);
		return 129;
	}
	/* perf's rule: the browser on a terminal, unless --stdio or --stats */
	nr = report(input, &o, display, grouping.buf,
		    !stdio && !o.stats_only && ui_browser__usable(), err);
	strbuf_release(&grouping);
	return nr;
}

/* record: perf c2c's options as mem record's (-l: --ldlat, -k: -K, -u: -U),
 * loads and stores, with their physical addresses and CPUs */
static int c2c_record(int argc, const char **argv, struct pm_env *env)
{
	struct mem_opts o = { .type = "load,store", .operation = MEM_LOAD | MEM_STORE,
			      .phys_addr = true };
	const char **av = calloc((size_t)argc + 2, sizeof(*av));
	int n = 0, ret;

	if (!av) {
		cmd_error("c2c record", "out of memory");
		return 1;
	}
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--")) {
			av[n++] = "--sample-cpu";
			while (i < argc)
				av[n++] = argv[i++];
			break;
		}
		av[n++] = !strcmp(a, "-k") ? "-K" : !strcmp(a, "-u") ? "-U" :
			  !strcmp(a, "-l") ? "--ldlat" : a;
	}
	if (!n || strcmp(av[n - 1], "--sample-cpu"))
		av[n++] = "--sample-cpu";
	ret = mem_record(&o, n, av, env);
	free(av);
	return ret;
}

static const char *const c2c_usage[] = {
	"perf-mini c2c {record|report}",
	NULL,
};

int cmd_c2c(int argc, const char **argv, struct pm_env *env)
{
	int verbose = 0;
	const struct option options[] = {
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show counter open errors, etc)"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, c2c_usage, PARSE_OPT_STOP_AT_NON_OPTION, &err);

	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	argc = ret;
	if (!argc) {
		strbuf_addstr(&err, "record or report?\nhint: perf-mini c2c record [<command>], then "
			      "perf-mini c2c report");
		ret = 129;
	} else if (cmd_is_subcommand(argv[0], "record")) {
		ret = c2c_record(argc - 1, argv + 1, env);
	} else if (cmd_is_subcommand(argv[0], "report")) {
		ret = c2c_report(argc, argv, &err);
	} else {
		strbuf_addf(&err, "'%s' is not a c2c command\nhint: perf-mini c2c record "
			    "[<command>], or perf-mini c2c report", argv[0]);
		ret = 129;
	}
	if (err.len)
		cmd_error("c2c", err.buf);
	strbuf_release(&err);
	return ret;
}
