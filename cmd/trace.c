// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini trace: perf trace's system call summary. "trace record"
 * records raw_syscalls' enter and exit as perf trace record does; "trace
 * -s -i FILE" prints perf's summary of such a file per thread
 * (util/sched/trace-summary), "trace -s -- CMD" the same of a command
 * it runs. The strace-like lines (trace CMD, -S) are not done yet.
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
#include "../util/sched/trace-summary.h"

static const char *const trace_usage[] = {
	"perf-mini trace -s [<options>] [-i <file> | [--] <command>]",
	"perf-mini trace record [<record options>] [-- <command>]",
	NULL,
};

/* perf's: both tracepoints, each call sampled, perf-mini's own calls out */
static int trace_record(int argc, const char **argv, struct pm_env *env)
{
	const char **av = calloc((size_t)argc + 12, sizeof(*av));
	char filter[64];
	int n = 0, ret;

	if (!av) {
		cmd_error("trace record", "out of memory");
		return 1;
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

static int summarize(const struct trace_summary_opts *o, const char *input, const char *output)
{
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	FILE *f = open_output(output, &err);
	int ret = PM_EXIT_ERROR;

	if (f) {
		ret = trace_summary(input, o, &out, &err) ? PM_EXIT_ERROR : 0;
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

/* trace -s -- CMD: recorded into a private file, summed up, removed; the
 * command's exit status, as perf's */
static int live_summary(const struct trace_summary_opts *o, const char *output, int argc,
			const char **argv, struct pm_env *env)
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
	    summarize(o, path, output) && !ret)
		ret = PM_EXIT_ERROR;
	unlink(path);
	free(av);
	return ret;
}

int cmd_trace(int argc, const char **argv, struct pm_env *env)
{
	struct trace_summary_opts o = { .tracefs = tracepoint_tracefs_dir(NULL) };
	const char *input = NULL, *output = NULL;
	bool summary = false, with_summary = false, force = false, lines_only = false, comm = true;
	const char *pf = NULL, *duration = NULL;
	int verbose = 0, number = 0;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "Analyze events in file"),
		OPT_STRING('o', "output", &output, "file", "output file name"),
		OPT_BOOLEAN('s', "summary", &summary,
			    "Show only syscall summary with statistics"),
		OPT_BOOLEAN('S', "with-summary", &with_summary,
			    "Show all syscalls and summary with statistics (not done yet)"),
		OPT_BOOLEAN(0, "errno-summary", &o.errno_summary,
			    "Show errno stats per syscall, use with -s or -S"),
		OPT_STRING('p', "pid", &o.pids, "pid", "trace events on existing process id"),
		OPT_STRING('t', "tid", &o.tids, "tid", "trace events on existing thread id"),
		OPT_BOOLEAN(0, "sched", &o.sched, "show blocking scheduler events"),
		/* perf's that change the per-call lines alone: the summary is the same */
		OPT_STRING('F', "pf", &pf, "all|maj|min", "Trace pagefaults (the summary: as recorded)"),
		OPT_BOOLEAN('T', "time", &lines_only, "Show full timestamp, not time relative to first start"),
		OPT_BOOLEAN(0, "comm", &comm, "show the thread COMM next to its id"),
		OPT_STRING(0, "duration", &duration, "float", "show only events with duration > N.M ms"),
		OPT_BOOLEAN(0, "failure", &lines_only, "Show only syscalls that failed"),
		OPT_INTEGER(0, "max-events", &number, "Set the maximum number of events to print"),
		OPT_BOOLEAN(0, "sort-events", &lines_only, "Sort batch of events before processing"),
		OPT_BOOLEAN(0, "syscalls", &lines_only, "Trace syscalls"),
		OPT_INTEGER(0, "max-stack", &number, "Set the maximum stack depth of callchains"),
		OPT_INTEGER(0, "min-stack", &number, "Set the minimum stack depth of callchains"),
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
	summary |= o.errno_summary;
	if (ret > 0 && summary && !input && !with_summary)
		return live_summary(&o, output, ret, argv, env);
	if (ret > 0 || !input || !summary) {
		strbuf_addstr(&err, ret > 0 ? "tracing a command's every call live is not done yet" :
			      !input ? "the summary of a recording or a command only (-s) is done yet" :
			      "the lines of each call (-S, or no -s) are not done yet");
		strbuf_addstr(&err, "\nhint: perf-mini trace record -- <command>, then perf-mini "
			      "trace -s -i perf.data");
		ret = 129;
	} else {
		return summarize(&o, input, output);
	}
	cmd_error("trace", err.buf);
	strbuf_release(&err);
	return ret;
}
