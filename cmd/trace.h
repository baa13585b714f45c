/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_TRACE_H
#define PM_CMD_TRACE_H

/*
 * trace's recorder (cmd/trace-record.c): what "trace record" records, and
 * what trace records for a command or a live target, as perf trace does.
 */
#include <stdbool.h>
#include <sys/types.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/strbuf.h"

#define TRACE_REC_PASSED 32

struct trace_rec {
	struct strbuf only_calls;	/* -e's calls: a filter on their ids ("" all) */
	struct strbuf other_events;	/* -e's tracepoints, "sched:sched_switch,signal:*" */
	bool syscalls;			/* raw_syscalls recorded */
	const char *faults;		/* -F: "major-faults", "minor-faults" or both */
	const char *call_graph;		/* --call-graph MODE, the kernel's frames too */
	const char *event_filter;	/* --filter: on the other events */
	const char *filter_pids;	/* --filter-pids: calls of these left out */
	pid_t printer;			/* live: its calls are left out as the recorder's */
	bool no_inherit;		/* --no-inherit given: a command is one thread */
	const char *passed[TRACE_REC_PASSED];	/* record's options trace takes (-C, -m, ...) */
	int nr_passed;
};

/* -F all|maj|min (NULL: none) into rec->faults; -1 with @err for another */
int trace_rec__set_faults(struct trace_rec *rec, const char *pf, struct strbuf *err);

/* --syscalls, --no-syscalls: 1 or 0 into an int, left at -1 when not given */
int trace_syscalls_option(const struct option *opt, const char *arg, int unset,
			  struct strbuf *err);

/* An option of record's that trace takes as perf's does: its record
 * spelling (the option's value) and argument passed on. */
int trace_rec__pass_on(const struct option *opt, const char *arg, int unset,
		       struct strbuf *err);

/* record's options trace takes, for its option table */
#define TRACE_REC_OPTIONS(rec)							\
	OPT_CALLBACK('C', "cpu", (rec), "cpu", "list of cpus to monitor",		\
		     trace_rec__pass_on),						\
	OPT_CALLBACK('D', "delay", (rec), "n",						\
		     "ms to wait before starting measurement after program start",	\
		     trace_rec__pass_on),						\
	OPT_CALLBACK('G', "cgroup", (rec), "name", "monitor event in cgroup name only",	\
		     trace_rec__pass_on),						\
	OPT_CALLBACK('m', "mmap-pages", (rec), "pages", "number of mmap data pages",	\
		     trace_rec__pass_on),						\
	OPT_CALLBACK('u', "uid", (rec), "user", "user to profile", trace_rec__pass_on),	\
	OPT_CALLBACK_NOOPT(0, "no-inherit", (rec), "child tasks do not inherit counters",	\
			   trace_rec__pass_on),						\
	OPT_CALLBACK(0, "proc-map-timeout", (rec), "n",					\
		     "per thread proc mmap processing timeout in ms", trace_rec__pass_on)

/* record as perf trace does, @argv (argv[0] "record") after its own
 * options; record's exit status */
int trace_rec__run(struct trace_rec *rec, int argc, const char **argv, struct pm_env *env);

#endif
