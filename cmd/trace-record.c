// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini trace record, and trace's recorder for a command or a live
 * target: raw_syscalls' enter and exit (each call sampled, perf-mini's own
 * calls filtered out, -e's calls by id), -e's other events, and record's
 * options trace takes as perf's trace does (trace.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "trace.h"
#include "../util/base/util.h"
#include "../util/events/tracepoint.h"

static const struct {
	const char *trace, *record;
} passed_names[] = {
	{ "cpu", "--cpu" }, { "delay", "--delay" }, { "cgroup", "--cgroup" },
	{ "mmap-pages", "--mmap-pages" }, { "uid", "--uid" }, { "no-inherit", "--no-inherit" },
	{ "proc-map-timeout", "--proc-map-timeout" },
};

int trace_rec__pass_on(const struct option *opt, const char *arg, int unset,
		       struct strbuf *err)
{
	struct trace_rec *rec = opt->value;
	size_t i;

	(void)unset;
	for (i = 0; i < ARRAY_SIZE(passed_names) && strcmp(passed_names[i].trace, opt->long_name); i++)
		;
	if (i == ARRAY_SIZE(passed_names) || rec->nr_passed + 2 > TRACE_REC_PASSED) {
		strbuf_addf(err, "--%s: too many record options", opt->long_name);
		return -1;
	}
	rec->passed[rec->nr_passed++] = passed_names[i].record;
	rec->no_inherit |= !arg && !strcmp(opt->long_name, "no-inherit");
	if (arg)
		rec->passed[rec->nr_passed++] = arg;
	return 0;
}

/* --filter-pids 12,34: their calls left out, as perf's kernel filter */
static int filter_pids(const char *list, struct strbuf *filter, struct strbuf *err)
{
	const char *p = list;

	while (p && *p) {
		size_t len = strcspn(p, ",");
		char pid[16];
		int v;

		snprintf(pid, sizeof(pid), "%.*s", (int)(len < sizeof(pid) ? len : sizeof(pid) - 1), p);
		if (str_to_int(pid, &v) || v < 0) {
			strbuf_addf(err, "--filter-pids: '%s' is not a list of pids\nhint: "
				    "--filter-pids 1234,5678", list);
			return -1;
		}
		strbuf_addf(filter, " && common_pid != %d", v);
		p += len + !!p[len];
	}
	return 0;
}

/* -F all|maj|min: the page-fault events perf traces for it */
int trace_rec__set_faults(struct trace_rec *rec, const char *pf, struct strbuf *err)
{
	static const char *const events[][2] = {
		{ "all", "major-faults,minor-faults" }, { "maj", "major-faults" },
		{ "min", "minor-faults" },
	};

	for (size_t i = 0; pf && i < ARRAY_SIZE(events); i++)
		if (!strcmp(pf, events[i][0])) {
			rec->faults = events[i][1];
			return 0;
		}
	if (pf)
		strbuf_addf(err, "-F/--pf: '%s' is not all, maj or min", pf);
	return pf ? -1 : 0;
}

int trace_syscalls_option(const struct option *opt, const char *arg, int unset,
			  struct strbuf *err)
{
	(void)arg;
	(void)err;
	*(int *)opt->value = !unset;
	return 0;
}

/* perf's: both tracepoints, each call sampled, perf-mini's own calls out */
static const char *const every_call[] = { "record", "-R", "-m", "1024", "-c", "1" };

int trace_rec__run(struct trace_rec *rec, int argc, const char **argv, struct pm_env *env)
{
	const char **av = calloc((size_t)argc + 20 + TRACE_REC_PASSED, sizeof(*av));
	struct strbuf err = STRBUF_INIT, filter = STRBUF_INIT;
	int n = 0, ret;

	if (cmd_record_help(argc, argv)) {
		free(av);
		return cmd_record_as("trace record", 2, (const char *[]){ "record", "-h", NULL }, env);
	}
	if (!av) {
		cmd_error("trace record", "out of memory");
		return 1;
	}
	/* perf's exit status; not record's event syntax error and usage.
	 * Page faults alone need no tracefs (perf's trace asks for it anyway) */
	if ((rec->syscalls || rec->other_events.len || !rec->faults) &&
	    tracepoint_check_system(tracepoint_tracefs_dir(env->tracefs_dir), "raw_syscalls",
				    &err)) {
		cmd_error("trace", err.buf);
		strbuf_release(&err);
		free(av);
		return 255;
	}
	strbuf_addf(&filter, "common_pid != %d && common_pid != %d%s", (int)getpid(),
		    (int)(rec->printer ? rec->printer : getpid()), rec->only_calls.buf);
	if (filter_pids(rec->filter_pids, &filter, &err)) {
		cmd_error("trace", err.buf);
		strbuf_release(&err);
		strbuf_release(&filter);
		free(av);
		return 129;
	}
	for (size_t i = 0; i < ARRAY_SIZE(every_call); i++)
		av[n++] = every_call[i];
	for (int i = 0; i < rec->nr_passed; i++)	/* a later -m wins over ours */
		av[n++] = rec->passed[i];
	if (rec->call_graph) {
		av[n++] = "--call-graph";
		av[n++] = rec->call_graph;
	}
	if (rec->syscalls) {
		av[n++] = "-e";
		av[n++] = "raw_syscalls:sys_enter,raw_syscalls:sys_exit";
		av[n++] = "--filter";
		av[n++] = filter.buf;
	}
	if (rec->faults) {	/* perf's: each fault, where it was and what it touched */
		av[n++] = "-d";
		av[n++] = "-e";
		av[n++] = rec->faults;
	}
	if (rec->other_events.len) {	/* after the filter, which is the calls' */
		av[n++] = "-e";
		av[n++] = rec->other_events.buf;
		if (rec->event_filter) {
			av[n++] = "--filter";
			av[n++] = rec->event_filter;
		}
	}
	for (int i = 1; i < argc; i++)
		av[n++] = argv[i];
	ret = cmd_record_as("trace record", n, av, env);
	strbuf_release(&filter);
	free(av);
	return ret;
}
