// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini trace: perf trace of a recording. "trace record" records
 * raw_syscalls' enter and exit as perf trace record does; "trace -i FILE"
 * prints a line per call as perf does (util/sched/trace-lines), -s perf's
 * summary per thread instead (util/sched/trace-summary), -S both; with a
 * command instead of -i, the command is recorded first and its lines or
 * summary printed when it ends.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/perf-data.h"
#include "../util/events/tracepoint.h"
#include "../util/sched/trace-lines.h"
#include "../util/sched/trace-summary.h"

static const char *const trace_usage[] = {
	"perf-mini trace [<options>] [-i <file> | [--] <command>]",
	"perf-mini trace record [<record options>] [-- <command>]",
	NULL,
};

/* perf's: both tracepoints, each call sampled, perf-mini's own calls out */
static int trace_record(int argc, const char **argv, struct pm_env *env)
{
	const char **av = calloc((size_t)argc + 12, sizeof(*av));
	struct strbuf err = STRBUF_INIT;
	char filter[64];
	int n = 0, ret;

	if (cmd_record_help(argc, argv)) {
		free(av);
		return cmd_record_as("trace record", 2, (const char *[]){ "record", "-h", NULL }, env);
	}
	if (!av) {
		cmd_error("trace record", "out of memory");
		return 1;
	}
	/* perf's exit status; not record's event syntax error and usage */
	if (tracepoint_check_system(tracepoint_tracefs_dir(env->tracefs_dir), "raw_syscalls",
				    &err)) {
		cmd_error("trace", err.buf);
		strbuf_release(&err);
		free(av);
		return 255;
	}
	snprintf(filter, sizeof(filter), "common_pid != %d", (int)getpid());
	av[n++] = "record";
	av[n++] = "-R";
	av[n++] = "-m";
	av[n++] = "1024";
	av[n++] = "-c";
	av[n++] = "1";
	av[n++] = "-e";
	av[n++] = "raw_syscalls:sys_enter,raw_syscalls:sys_exit";
	av[n++] = "--filter";
	av[n++] = filter;
	for (int i = 1; i < argc; i++)
		av[n++] = argv[i];
	ret = cmd_record_as("trace record", n, av, env);
	free(av);
	return ret;
}

/* -o: perf keeps a file that is there as FILE.old */
static FILE *open_output(const char *path, struct strbuf *err)
{
	struct stat st;
	FILE *f;

	if (!path)
		return stderr;	/* perf trace's output */
	if (!stat(path, &st) && st.st_size) {
		char old[4096];

		snprintf(old, sizeof(old), "%s.old", path);
		rename(path, old);
	}
	if (!(f = fopen(path, "w")))
		strbuf_addf(err, "cannot write %s: %s\nhint: -o a file in a directory you can "
			    "write", path, strerror(errno));
	return f;
}

struct trace_opts {
	struct trace_summary_opts sum;
	struct trace_lines_opts lines;
	bool summary, with_summary;
	const char *output;
};

/* -i FILE: its lines, its summary, or both (-S) */
static int print_file(const struct trace_opts *t, const char *input)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	FILE *f = open_output(t->output, &err);
	int ret = PM_EXIT_ERROR;

	if (f) {
		ret = 0;
		if (!t->summary && trace_lines(input, &t->lines, f, &err))
			ret = PM_EXIT_ERROR;
		if (!ret && (t->summary || t->with_summary) &&
		    trace_summary(input, &t->sum, &out, &err))
			ret = PM_EXIT_ERROR;
		fwrite(out.buf, 1, out.len, f);
		if (f != stderr)
			fclose(f);
	}
	if (err.len)
		cmd_error("trace", err.buf);
	strbuf_release(&out);
	strbuf_release(&err);
	return ret;
}

/* trace [-s] -- CMD: recorded into a private file, printed, removed; the
 * command's exit status, as perf's */
static int print_command(const struct trace_opts *t, int argc, const char **argv,
			 struct pm_env *env)
{
	const char *tmp = getenv("TMPDIR");
	char path[4096];
	const char **av = calloc((size_t)argc + 5, sizeof(*av));
	struct stat st;
	int fd, n = 0, ret;

	snprintf(path, sizeof(path), "%s/perf-mini-trace.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!av || (fd = mkstemp(path)) < 0) {
		cmd_error("trace", "cannot make a file for the recording\nhint: set TMPDIR to a "
			  "directory you can write");
		free(av);
		return PM_EXIT_ERROR;
	}
	close(fd);
	av[n++] = "record";
	av[n++] = "-q";
	av[n++] = "-o";
	av[n++] = path;
	for (int i = 0; i < argc; i++)
		av[n++] = argv[i];
	ret = trace_record(n, av, env);
	if (!stat(path, &st) && st.st_size && ret != PM_EXIT_ERROR &&
	    print_file(t, path) && !ret)
		ret = PM_EXIT_ERROR;
	unlink(path);
	free(av);
	return ret;
}

static int parse_duration(const char *s, double *ms, struct strbuf *err)
{
	char *end;

	if (!s)
		return 0;
	*ms = strtod(s, &end);
	if (end != s && !*end && *ms >= 0)
		return 0;
	strbuf_addf(err, "--duration: '%s' is not a number of milliseconds\nhint: "
		    "--duration 0.5 shows the calls that took longer than half a ms", s);
	return -1;
}

int cmd_trace(int argc, const char **argv, struct pm_env *env)
{
	const char *tracefs = tracepoint_tracefs_dir(NULL);
	struct trace_opts t = { .sum.tracefs = tracefs, .lines.tracefs = tracefs };
	const char *input = NULL, *pf = NULL, *duration = NULL;
	bool force = false, comm = true, no_effect = false;
	int verbose = 0, max_events = 0, stack = 0;	/* perf's, with no effect on a file */
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "Analyze events in file"),
		OPT_STRING('o', "output", &t.output, "file", "output file name"),
		OPT_BOOLEAN('s', "summary", &t.summary,
			    "Show only syscall summary with statistics"),
		OPT_BOOLEAN('S', "with-summary", &t.with_summary,
			    "Show all syscalls and summary with statistics"),
		OPT_BOOLEAN(0, "errno-summary", &t.sum.errno_summary,
			    "Show errno stats per syscall, use with -s or -S"),
		OPT_STRING('p', "pid", &t.sum.pids, "pid", "trace events on existing process id"),
		OPT_STRING('t', "tid", &t.sum.tids, "tid", "trace events on existing thread id"),
		OPT_BOOLEAN(0, "sched", &t.sum.sched, "show blocking scheduler events"),
		OPT_STRING('F', "pf", &pf, "all|maj|min",
			   "Trace pagefaults (the summary counts what was recorded)"),
		OPT_BOOLEAN('T', "time", &t.lines.full_time,
			    "Show full timestamp, not time relative to first start"),
		OPT_BOOLEAN(0, "comm", &comm, "show the thread COMM next to its id"),
		OPT_STRING(0, "duration", &duration, "float",
			   "show only events with duration > N.M ms"),
		OPT_BOOLEAN(0, "failure", &t.lines.failure_only, "Show only syscalls that failed"),
		OPT_INTEGER(0, "max-events", &max_events,
			    "Set the maximum number of events to print (live only: a file prints whole, as perf)"),
		OPT_BOOLEAN(0, "sort-events", &no_effect,
			    "Sort batch of events before processing (a file's always are)"),
		OPT_BOOLEAN(0, "syscalls", &no_effect, "Trace syscalls"),
		OPT_INTEGER(0, "max-stack", &stack,
			    "Set the maximum stack depth of callchains (none are recorded)"),
		OPT_INTEGER(0, "min-stack", &stack,
			    "Set the minimum stack depth of callchains (none are recorded)"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, trace_usage, PARSE_OPT_STOP_AT_NON_OPTION,
				&err);

	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	perf_data__trust_any_owner(force);
	if (ret > 0 && !strcmp(argv[0], "record"))
		return trace_record(ret, argv, env);
	t.summary |= t.sum.errno_summary && !t.with_summary;
	t.summary &= !t.with_summary;
	t.lines.no_comm = !comm;
	t.lines.pids = t.sum.pids;
	t.lines.tids = t.sum.tids;
	if (parse_duration(duration, &t.lines.min_duration_ms, &err)) {
		ret = 129;
	} else if (ret > 0 && !input) {
		return print_command(&t, ret, argv, env);
	} else if (ret > 0 || !input) {
		strbuf_addstr(&err, ret > 0 ? "a command and -i: which one to trace?" :
			      "tracing the whole machine live is not done yet");
		strbuf_addstr(&err, "\nhint: perf-mini trace -- <command>, or perf-mini trace "
			      "record -- <command> and then perf-mini trace -i perf.data");
		ret = 129;
	} else {
		return print_file(&t, input);
	}
	cmd_error("trace", err.buf);
	strbuf_release(&err);
	return ret;
}
