// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini mem record: perf mem's own options taken out of the command
 * line, the memory events of the machine (util/events/mem-events), and
 * record run with them, -d and -W, then the user's options.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mem.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"

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
			return a[1] == 'h' ? PARSE_OPT_USAGE : PARSE_OPT_HELP;
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

int mem_record(struct mem_opts *o, int argc, const char **argv, struct pm_env *env)
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
	if (ret == PARSE_OPT_HELP || ret == PARSE_OPT_USAGE) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_reset(&err);
		goto out;
	}
	ret = 129;
	if (err.len || mem_parse_type(o, &err))
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
		ret = ret == -EOPNOTSUPP ? PM_EXIT_ERROR : 129;
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

