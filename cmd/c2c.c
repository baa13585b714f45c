// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini c2c: cache-to-cache (false sharing) analysis, as perf c2c.
 * "c2c record" records the CPU's memory events as perf mem record does,
 * both loads and stores, with physical addresses and CPUs; "c2c report
 * --stats" counts the samples by where they were served and the cache
 * lines other cores had modified (util/report/c2c-stats).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "mem.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/perf-data.h"
#include "../util/report/c2c-stats.h"

static const char *const c2c_report_usage[] = {
	"perf-mini c2c report --stats [<options>]",
	NULL,
};

/* -d: what the cache lines are sorted on, as perf names it */
static const char *sort_on(const char *display, struct strbuf *err)
{
	static const struct { const char *name, *shown; } modes[] = {
		{ "tot", "Total HITMs" }, { "lcl", "Local HITMs" }, { "rmt", "Remote HITMs" },
		{ "peer", "Peer Snoop" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if (!strcmp(display, modes[i].name))
			return modes[i].shown;
	strbuf_addf(err, "-d %s: unknown display mode\nhint: -d tot, lcl, rmt or peer", display);
	return NULL;
}

/* -c: a line's data grouped by its offset, then these (perf's "offset,iaddr") */
static bool coalesce_fields(const char *fields, struct strbuf *grouping, struct strbuf *err)
{
	strbuf_addstr(grouping, "offset");
	for (const char *p = fields; *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");

		if (!((len == 3 && !strncmp(p, "pid", 3)) || (len == 3 && !strncmp(p, "tid", 3)) ||
		      (len == 5 && !strncmp(p, "iaddr", 5)) || (len == 3 && !strncmp(p, "dso", 3)))) {
			strbuf_addf(err, "-c: unknown field '%.*s'\nhint: -c with pid, tid, iaddr "
				    "or dso, comma-separated", (int)len, p);
			return false;
		}
		strbuf_addf(grouping, ",%.*s", (int)len, p);
	}
	return true;
}

static int report_stats(const char *input, const char *sort, const char *grouping,
			struct strbuf *err)
{
	struct perf_data pd = { 0 };
	struct c2c_report r = { 0 };
	struct strbuf out = STRBUF_INIT;
	int ret = perf_data__open(&pd, input, err);

	if (!ret)
		ret = c2c_report__collect(&pd, &r, err);
	if (!ret) {
		c2c_report__print_stats(&r, sort, grouping, &out);
		fwrite(out.buf, 1, out.len, stdout);
	}
	c2c_report__release(&r);
	perf_data__close(&pd);
	strbuf_release(&out);
	return ret ? PM_EXIT_ERROR : 0;
}

static int c2c_report(int argc, const char **argv, struct strbuf *err)
{
	const char *input = cmd_default_input(), *display = "tot", *coalesce = "iaddr";
	struct strbuf grouping = STRBUF_INIT;
	bool stats = false, stdio = false, force = false;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "the input file to process"),
		OPT_BOOLEAN(0, "stats", &stats, "Display only statistic tables (implies --stdio)"),
		OPT_BOOLEAN(0, "stdio", &stdio, "Use the stdio interface"),
		OPT_STRING('d', "display", &display, "Switch HITM output type", "tot,lcl,rmt,peer"),
		OPT_STRING('c', "coalesce", &coalesce, "coalesce fields",
			   "coalesce fields: pid,tid,iaddr,dso"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_END(),
	};
	const char *shown;
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
	if (!(shown = sort_on(display, err)) || !coalesce_fields(coalesce, &grouping, err)) {
		strbuf_release(&grouping);
		return 129;
	}
	if (!stats) {
		strbuf_release(&grouping);
		strbuf_addstr(err, "only the statistics tables are done yet\nhint: perf-mini c2c "
			      "report --stats");
		return PM_EXIT_ERROR;
	}
	nr = report_stats(input, shown, grouping.buf, err);
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
			      "perf-mini c2c report --stats");
		ret = 129;
	} else if (cmd_is_subcommand(argv[0], "record")) {
		ret = c2c_record(argc - 1, argv + 1, env);
	} else if (cmd_is_subcommand(argv[0], "report")) {
		ret = c2c_report(argc, argv, &err);
	} else {
		strbuf_addf(&err, "'%s' is not a c2c command\nhint: perf-mini c2c record "
			    "[<command>], or perf-mini c2c report --stats", argv[0]);
		ret = 129;
	}
	if (err.len)
		cmd_error("c2c", err.buf);
	strbuf_release(&err);
	return ret;
}
