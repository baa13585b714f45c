// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini mem: memory access profiling, as perf mem. "mem record" runs
 * record with the CPU's memory events (loads with their latency, stores)
 * and -d -W; "mem report" runs report --mem-mode with a samples column.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/events/mem-events.h"
#include "../util/report/mem-dump.h"

static const char *const mem_usage[] = {
	"perf-mini mem [<options>] {record|report}",
	NULL,
};

static const char *const mem_record_usage[] = {
	"perf-mini mem record [<options>] [<command>]",
	"perf-mini mem record [<options>] [<record options>] -- <command>",
	NULL,
};

/* mem record's own options, for -h: take_record_opts() parses them */
static const struct option mem_record_options[] = {
	OPT_STRING('e', "event", NULL, "event",
		   "event selector. use 'perf-mini mem record -e list' to list available events"),
	OPT_UINTEGER(0, "ldlat", NULL, "mem-loads latency"),
	OPT_INCR('v', "verbose", NULL, "be more verbose (show counter open errors, etc)"),
	OPT_BOOLEAN('U', "all-user", NULL, "collect only user level data"),
	OPT_BOOLEAN('K', "all-kernel", NULL, "collect only kernel level data"),
	OPT_END(),
};

enum { MEM_LOAD = MEM_OP_LOAD, MEM_STORE = MEM_OP_STORE };

struct mem_opts {
	const char *type;	/* -t: "load", "store", "load,store" */
	int operation;		/* MEM_LOAD | MEM_STORE */
	bool phys_addr;
	bool data_page_size;
	const char *input;
	const char *cpu_list;
	bool dump_raw;
	bool hide_unresolved;
	const char *field_sep;
	bool force;
};

/* -t load,store */
static int parse_type(struct mem_opts *o, struct strbuf *err)
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

/* --- record ------------------------------------------------------------ */

struct mem_record {
	struct mem_opts *o;
	const char *event;	/* -e: "ldlat-loads", "ldlat-stores" or "list" */
	unsigned int ldlat;
	int verbose;
	bool all_user, all_kernel;
};

/* The record command line: perf mem's options, then the user's. */
struct record_argv {
	const char **v;		/* room for the user's arguments and 16 more */
	int nr;
	char names[ARCH_MEM_MAX * MEM_EVENTS_MAX_PMUS][160];
	int nr_names;
};

static void push(struct record_argv *av, const char *arg)
{
	av->v[av->nr++] = arg;
}

static void push_event(struct record_argv *av, const struct strbuf *name)
{
	char *slot = av->names[av->nr_names++];

	snprintf(slot, sizeof(av->names[0]), "%s", name->buf);
	push(av, "-e");
	push(av, slot);
}

static void build_record_argv(const struct mem_record *r, const struct mem_events *me,
			      const bool *record, struct record_argv *av)
{
	struct strbuf name = STRBUF_INIT;

	push(av, "record");
	/* as perf: weights with loads, and with the one event for both when
	 * -t (not -e) chose it */
	if (record[ARCH_MEM_LOAD] || (record[ARCH_MEM_LDST] && !r->event))
		push(av, "-W");
	push(av, "-d");
	if (r->o->phys_addr)
		push(av, "--phys-data");
	if (r->o->data_page_size)
		push(av, "--data-page-size");
	/* perf's order: each kind of event on every (hybrid) PMU */
	for (int k = 0; k < ARCH_MEM_MAX; k++) {
		for (int i = 0; record[k] && i < me->nr_pmus[k]; i++) {
			strbuf_reset(&name);
			mem_events__name(me, k, i, r->ldlat, &name);
			push_event(av, &name);
		}
	}
	if (r->all_user)
		push(av, "--all-user");
	if (r->all_kernel)
		push(av, "--all-kernel");
	for (int i = 0; i < r->verbose && i < 4; i++)
		push(av, "-v");
	strbuf_release(&name);
}

/*
 * Split "mem record"'s arguments: its own options (perf's -e, --ldlat,
 * -v, -U, -K) are taken out wherever they are before "--"; everything
 * else goes to record in order, as perf's PARSE_OPT_KEEP_UNKNOWN does.
 */
static int take_record_opts(struct mem_record *r, int argc, const char **argv,
			    struct record_argv *rest, struct strbuf *err)
{
	int i;

	for (i = 0; i < argc && strcmp(argv[i], "--"); i++) {
		const char *a = argv[i];
		const char *val = NULL;

		if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			parse_options_usage(mem_record_usage, mem_record_options, err);
			return PARSE_OPT_HELP;
		}
		if (!strcmp(a, "-e") || !strcmp(a, "--event") || !strcmp(a, "--ldlat")) {
			if (i + 1 == argc) {
				strbuf_addf(err, "%s needs a value", a);
				return -EINVAL;
			}
			val = argv[++i];
		} else if (!strncmp(a, "--event=", 8) || !strncmp(a, "--ldlat=", 8)) {
			val = a + 8;
		} else if (!strncmp(a, "-e", 2)) {
			val = a + 2;
		}
		if (val && (a[1] == 'e' || !strncmp(a, "--event", 7))) {
			r->event = val;
		} else if (val) {
			char *end;
			unsigned long v = strtoul(val, &end, 0);

			if (!*val || *end || v == 0 || v > 0xffff) {
				strbuf_addf(err, "--ldlat: '%s' is not a latency in cycles "
					    "(1-65535)", val);
				return -EINVAL;
			}
			r->ldlat = (unsigned int)v;
		} else if (a[0] == '-' && a[1] == 'v' && strspn(a + 1, "v") == strlen(a + 1)) {
			r->verbose += (int)strlen(a + 1);
		} else if (!strcmp(a, "--verbose")) {
			r->verbose++;
		} else if (!strcmp(a, "-t") || !strcmp(a, "--type")) {
			/* mem's own, which perf takes after "record" too */
			if (i + 1 == argc) {
				strbuf_addf(err, "%s needs a value", a);
				return -EINVAL;
			}
			r->o->type = argv[++i];
		} else if (!strncmp(a, "--type=", 7)) {
			r->o->type = a + 7;
		} else if (!strcmp(a, "-p") || !strcmp(a, "--phys-data")) {
			r->o->phys_addr = true;
		} else if (!strcmp(a, "--data-page-size")) {
			r->o->data_page_size = true;
		} else if (!strcmp(a, "-U") || !strcmp(a, "--all-user")) {
			r->all_user = true;
		} else if (!strcmp(a, "-K") || !strcmp(a, "--all-kernel")) {
			r->all_kernel = true;
		} else {
			push(rest, a);
		}
	}
	for (; i < argc; i++)
		push(rest, argv[i]);
	return 0;
}

static int mem_record(struct mem_opts *o, int argc, const char **argv, struct pm_env *env)
{
	struct mem_record r = { .o = o, .ldlat = 30 };
	struct record_argv av = { .v = calloc(argc + 32, sizeof(*av.v)) };
	struct record_argv rest = { .v = calloc(argc + 1, sizeof(*rest.v)) };
	struct strbuf err = STRBUF_INIT;
	struct pmus *pmus = pmus__new(env->sysfs_root);
	struct mem_events me;
	bool record[ARCH_MEM_MAX];
	int ret = 129;

	if (!av.v || !rest.v || !pmus) {
		strbuf_addstr(&err, "out of memory");
		ret = 1;
		goto out;
	}
	ret = take_record_opts(&r, argc, argv, &rest, &err);
	if (ret == PARSE_OPT_HELP) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_reset(&err);
		goto out;
	}
	ret = 129;
	if (err.len || parse_type(o, &err))
		goto out;
	mem_events__init(&me, pmus);
	if (r.event && !strcmp(r.event, "list")) {
		mem_events__list(&me, r.ldlat, r.verbose > 0, &err);
		fputs(err.buf, stderr);
		strbuf_reset(&err);
		ret = 0;
		goto out;
	}
	ret = mem_events__choose(&me, r.event, o->operation, record, &err);
	if (ret) {
		ret = ret == -EOPNOTSUPP ? 1 : 129;
		goto out;
	}
	build_record_argv(&r, &me, record, &av);
	if (r.verbose) {
		fprintf(stderr, "calling: record ");
		for (int i = 0; i < av.nr; i++)
			if (!strcmp(av.v[i], "-e"))
				fprintf(stderr, "-e %s ", av.v[i + 1]);
		fprintf(stderr, "\n");
	}
	for (int i = 0; i < rest.nr; i++)
		push(&av, rest.v[i]);
	ret = cmd_record(av.nr, av.v, env);
out:
	if (err.len)
		cmd_error("mem record", err.buf);
	strbuf_release(&err);
	pmus__delete(pmus);
	free(av.v);
	free(rest.v);
	return ret;
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
	if (parse_type(o, err))
		return 129;
	if (o->dump_raw)
		return mem_dump_raw(o, nr, argv);
	if (o->hide_unresolved || o->field_sep) {
		strbuf_addf(err, "%s applies to raw samples only (perf ignores it in the report)"
			    "\nhint: perf-mini mem report -D %s", o->hide_unresolved ? "-U" : "-x",
			    o->hide_unresolved ? "-U" : "-x SEP");
		return 129;
	}
	return mem_report(o, nr, argv, env);
}

/* --- the command --------------------------------------------------------- */

static bool is_sub(const char *arg, const char *name)
{
	/* perf takes any prefix of three letters or more: "rec", "rep" */
	return strlen(arg) > 2 && !strncmp(name, arg, strlen(arg));
}

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
	} else if (is_sub(argv[0], "record")) {
		ret = mem_record(&o, argc - 1, argv + 1, env);
	} else if (is_sub(argv[0], "report")) {
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
