// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini trace: perf trace of a recording. "trace record" records
 * raw_syscalls' enter and exit as perf trace record does; "trace -i FILE"
 * prints a line per call as perf does (util/sched/trace-lines), -s perf's
 * summary per thread instead (util/sched/trace-summary), -S both
 * (util/sched/trace-output); with a command, -p, -t or -a instead of -i,
 * live: a recorder streams to the printer, which prints as the calls come
 * (with -s, -S: recorded into a file, printed at the end).
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "builtin.h"
#include "trace.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/base/xalloc.h"
#include "../util/data/perf-data.h"
#include "../util/events/thread-map.h"
#include "../util/events/workload.h"
#include "../util/events/tracepoint.h"
#include "../util/sched/trace-output.h"
#include "../util/sched/trace-syscall.h"

static const char *const trace_usage[] = {
	"perf-mini trace [<options>] [-i <file> | [--] <command>]",
	"perf-mini trace record [<record options>] [-- <command>]",
	NULL,
};

static struct trace_rec rec = { .only_calls = STRBUF_INIT, .other_events = STRBUF_INIT,
				 .syscalls = true };
static volatile pid_t live_recorder;

/* Ctrl-C reaches both; a kill of the printer alone must end the recorder */
static void stop_recorder(int sig)
{
	if (live_recorder > 0)
		kill(live_recorder, sig);
}

static bool stopped_early;

/* --max-events printed: the recorder ends as at a Ctrl-C */
static void enough(void *ctx)
{
	(void)ctx;
	stopped_early = true;
	stop_recorder(SIGINT);
}

static int print_file(const struct trace_output_opts *t, const char *input)
{
	struct strbuf err = STRBUF_INIT;
	int ret = trace_output(t, input, stderr, &err) ? PM_EXIT_ERROR : 0;

	if (err.len)
		cmd_error("trace", err.buf);
	strbuf_release(&err);
	return ret;
}

/* trace [-s] -- CMD: recorded into a private file, printed, removed; the
 * command's exit status, as perf's */
static int print_command(const struct trace_output_opts *t, int argc, const char **argv,
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
	ret = trace_rec__run(&rec, n, av, env);
	if (ret != PM_EXIT_ERROR && ret != 129)	/* the command ran: 0 whatever its status */
		ret = 0;
	if (!stat(path, &st) && st.st_size && ret != PM_EXIT_ERROR && print_file(t, path))
		ret = PM_EXIT_ERROR;
	unlink(path);
	free(av);
	return ret;
}

/* What trace traces live, as record's options: -p's processes (not the
 * children they start, as perf's -p), -t's threads, or the whole machine;
 * perf prints no thread column when it traces one thread */
static int live_target(struct trace_output_opts *t, const char **av)
{
	if (!t->sum.pids && !t->sum.tids) {
		av[0] = "-a";
		return 1;
	}
	av[0] = "--no-inherit";
	av[1] = t->sum.pids ? "-p" : "-t";
	av[2] = t->sum.pids ? t->sum.pids : t->sum.tids;
	t->lines.one_thread = t->sum.tids ? !strchr(t->sum.tids, ',') :
			      thread_map__count("/proc", t->sum.pids) == 1;
	return 3;
}

/* what a live trace exits with: 0 after a command, whatever its status,
 * as perf (255 where the recorder could not run it); a recorder that
 * failed said why, and the empty stream it left is no news; --max-events'
 * stop is no failure */
static int live_result(int printed, int status, bool command, struct strbuf *err)
{
	int code = stopped_early ? 0 : WIFEXITED(status) ? WEXITSTATUS(status) :
		   128 + WTERMSIG(status);

	/* perf 6.1's trace exits 0 whatever its command's status; the
	 * recorder's own refusals stay (129 a usage error, 255 a command
	 * that could not run, with the reason) */
	if (command && code != PM_EXIT_ERROR && code != 129)
		code = 0;
	if (code)
		printed = command ? code : PM_EXIT_ERROR;	/* perf's 255, a bad -p too */
	else if (err->len)
		cmd_error("trace", err->buf);
	strbuf_release(err);
	return printed;
}

/*
 * trace -p PID, -t TID, -a, nothing, or -- CMD: live, as perf: the calls
 * of the process (not its children, as perf's -p), of the thread, of the
 * whole machine or of the command and its children, printed as they come
 * until Ctrl-C or their end (fds named from /proc as they are printed). A
 * recorder writes a pipe the line printer reads: Ctrl-C ends the recorder,
 * and the printer goes on to the end of what was recorded.
 */
static int trace_live(struct trace_output_opts *t, int max_events, int argc, const char **argv,
		      struct pm_env *env)
{
	/* --no-buffering: every call wakes the recorder, as perf's live loop
	 * reads its rings at once (else a quiet process's calls wait for a
	 * half-full ring) */
	const char *head[] = { "record", "-q", "--no-buffering", "-o", "-" };
	const char **av = must_calloc((size_t)argc + ARRAY_SIZE(head) + 4, sizeof(*av));
	struct strbuf err = STRBUF_INIT;
	int fds[2], n = ARRAY_SIZE(head), status = 0, ret;
	pid_t child;

	memcpy(av, head, sizeof(head));
	if (argc)
		memcpy(av + n, argv, (size_t)argc * sizeof(*av)), n += argc;
	else
		n += live_target(t, av + n);
	rec.printer = getpid();
	if (pipe(fds) || (child = fork()) < 0) {
		cmd_error("trace", "cannot start the recorder (pipe, fork)");
		free(av);
		return PM_EXIT_ERROR;
	}
	if (!child) {
		if (argc)	/* the command's output stays the user's */
			workload__set_stdout(fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3));
		dup2(fds[1], STDOUT_FILENO);
		close(fds[0]);
		close(fds[1]);
		_exit(trace_rec__run(&rec, n, av, env));
	}
	free(av);
	live_recorder = child;
	signal(SIGINT, stop_recorder);	/* the recorder ends the stream */
	signal(SIGTERM, stop_recorder);
	dup2(fds[0], STDIN_FILENO);
	close(fds[0]);
	close(fds[1]);
	t->lines.stream = true;
	t->lines.enough = enough;
	t->lines.max_events = max_events > 0 ? (unsigned long)max_events : 0;
	ret = trace_output(t, "-", stderr, &err) ? PM_EXIT_ERROR : 0;
	waitpid(child, &status, 0);
	return live_result(ret, status, argc > 0, &err);
}

/* -e LIST: the calls into their filter, the other events apart; perf traces
 * no calls given only those, and the calls when nothing else is asked for,
 * --no-syscalls or not. Live or a command only: perf's replay prints calls. */
/* perf-mini trace loads no BPF programs: no map to dump */
static int no_bpf_map(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	(void)opt, (void)unset;
	strbuf_addf(err, "--map-dump %s: perf-mini trace loads no BPF program, so has no map to "
		    "dump\nhint: bpftool map dump name %s", arg, arg);
	return -1;
}

/* a --switch-on/off event among those traced */
static bool switch_traced(const char *name)
{
	const char *p = rec.other_events.buf;

	if (!name || (rec.syscalls && !strncmp(name, "raw_syscalls:", 13)))
		return true;
	while (*p) {
		size_t len = strcspn(p, ",");

		/* an entry with a glob may hold it: the reader says so later */
		if (memchr(p, '*', len) || memchr(p, '?', len) || memchr(p, '[', len) ||
		    (len == strlen(name) && !strncmp(p, name, len)))
			return true;
		p += len + !!p[len];
	}
	return false;
}

/*
 * Which system calls: as perf, those -e names; else all of them unless
 * --no-syscalls, or unless only other events (-e system:event, -F) are
 * asked for and not --syscalls; with nothing else asked for, all of them.
 */
static int parse_events(const char *list, const char *tracefs, int syscalls,
			struct trace_output_opts *t, struct strbuf *err)
{
	int ret = trace_events_split(arch__host(), tracefs, list, &rec.only_calls, &rec.other_events,
				     err);
	bool named = list && ret == 0;

	rec.syscalls = (syscalls != 0 && ret == 0 && (named || syscalls == 1 || !rec.faults)) ||
		       (!rec.other_events.len && !rec.faults);
	t->lines.tracepoints = rec.other_events.len > 0;
	t->lines.no_syscalls = !rec.syscalls;
	if (ret >= 0 && (!switch_traced(t->lines.switch_on) || !switch_traced(t->lines.switch_off))) {
		strbuf_addf(err, "--switch-on/--switch-off: %s is not an event traced here\nhint: "
			    "trace it too, e.g. -e %s,...", t->lines.switch_on ?: t->lines.switch_off,
			    t->lines.switch_on ?: t->lines.switch_off);
		return -1;
	}
	return ret < 0 ? -1 : 0;
}

static int parse_duration(const char *s, double *ms, struct strbuf *err)
{
	if (!s || (!str_to_double(s, ms) && *ms >= 0))
		return 0;
	strbuf_addf(err, "--duration: '%s' is not a number of milliseconds\nhint: "
		    "--duration 0.5 shows the calls that took longer than half a ms", s);
	return -1;
}

int cmd_trace(int argc, const char **argv, struct pm_env *env)
{
	const char *tracefs = tracepoint_tracefs_dir(NULL);
	struct trace_output_opts t = { .sum.tracefs = tracefs, .lines.tracefs = tracefs };
	const char *input = NULL, *pf = NULL, *duration = NULL, *calls = NULL;
	bool force = false, comm = true, no_effect = false, all_cpus = false;
	int verbose = 0, max_events = 0, syscalls = -1;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "Analyze events in file"),
		OPT_STRING('o', "output", &t.output, "file", "output file name"),
		OPT_BOOLEAN('s', "summary", &t.summary,
			    "Show only syscall summary with statistics"),
		OPT_BOOLEAN('S', "with-summary", &t.with_summary,
			    "Show all syscalls and summary with statistics"),
		OPT_BOOLEAN(0, "errno-summary", &t.sum.errno_summary,
			    "Show errno stats per syscall, use with -s or -S"),
		OPT_STRING('e', "event", &calls, "event",
			   "the system calls to trace, by name or glob, and tracepoints (live or a command)"),
		OPT_STRING(0, "expr", &calls, "expr", "list of syscalls/events to trace (as -e)"),
		OPT_STRING(0, "filter", &rec.event_filter, "filter",
			   "event filter, on the tracepoints -e names"),
		OPT_STRING(0, "filter-pids", &rec.filter_pids, "CSV list of pids",
			   "pids to filter (by the kernel)"),
		OPT_BOOLEAN(0, "libtraceevent_print", &t.lines.libtraceevent_print,
			    "Use libtraceevent to print the tracepoint arguments."),
		OPT_STRING(0, "switch-on", &t.lines.switch_on, "event",
			   "Consider events after the ocurrence of this event"),
		OPT_STRING(0, "switch-off", &t.lines.switch_off, "event",
			   "Stop considering events after the ocurrence of this event"),
		OPT_BOOLEAN(0, "show-on-off-events", &t.lines.show_on_off,
			    "Show the on/off switch events, used with --switch-on and --switch-off"),
		OPT_BOOLEAN(0, "print-sample", &t.lines.print_sample,
			    "print the PERF_RECORD_SAMPLE PERF_SAMPLE_ info, for debugging"),
		OPT_BOOLEAN(0, "tool_stats", &t.lines.tool_stats, "show tool stats"),
		OPT_CALLBACK(0, "map-dump", NULL, "BPF map", "BPF map to periodically dump",
			     no_bpf_map),
		TRACE_REC_OPTIONS(&rec),
		OPT_STRING('p', "pid", &t.sum.pids, "pid", "trace events on existing process id"),
		OPT_STRING('t', "tid", &t.sum.tids, "tid", "trace events on existing thread id"),
		OPT_BOOLEAN('a', "all-cpus", &all_cpus, "system-wide collection from all CPUs"),
		OPT_BOOLEAN(0, "sched", &t.sum.sched, "show blocking scheduler events"),
		OPT_STRING('F', "pf", &pf, "all|maj|min",
			   "Trace pagefaults (live or a command; a file's as recorded)"),
		OPT_BOOLEAN('T', "time", &t.lines.full_time,
			    "Show full timestamp, not time relative to first start"),
		OPT_BOOLEAN(0, "comm", &comm, "show the thread COMM next to its id"),
		OPT_STRING(0, "duration", &duration, "float",
			   "show only events with duration > N.M ms"),
		OPT_BOOLEAN(0, "failure", &t.lines.failure_only, "Show only syscalls that failed"),
		OPT_INTEGER(0, "max-events", &max_events,
			    "Set the maximum number of events to print, exit after that is reached (live only: a file prints whole, as perf)"),
		OPT_BOOLEAN(0, "sort-events", &no_effect,
			    "Sort batch of events before processing (a file's always are)"),
		OPT_CALLBACK_NOOPT(0, "syscalls", &syscalls,
				   "Trace syscalls (--no-syscalls: only the events -e names)",
				   trace_syscalls_option),
		OPT_STRING(0, "call-graph", &rec.call_graph, "record_mode[,record_size]",
			   "each call's callchain under it: fp or dwarf[,size] (live or a command)"),
		OPT_BOOLEAN(0, "kernel-syscall-graph", &t.lines.kernel_syscall_graph,
			    "Show the kernel callchains on the syscall exit path"),
		OPT_INTEGER(0, "max-stack", &t.lines.max_stack,
			    "Set the maximum stack depth of callchains (default: all)"),
		OPT_INTEGER(0, "min-stack", &t.lines.min_stack,
			    "Set the minimum stack depth of callchains: a shorter one is not shown"),
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
		return trace_rec__run(&rec, ret, argv, env);
	t.summary |= t.sum.errno_summary && !t.with_summary;
	t.summary &= !t.with_summary;
	t.lines.tracepoints_only = t.summary;
	t.lines.no_comm = !comm;
	t.lines.callchains = rec.call_graph && !input;
	t.lines.pids = t.sum.pids;
	t.lines.tids = t.sum.tids;
	if (parse_duration(duration, &t.lines.min_duration_ms, &err)) {
		ret = 129;
	} else if (!input && (trace_rec__set_faults(&rec, pf, &err) ||
			      parse_events(calls, tracefs, syscalls, &t, &err))) {
		ret = 129;	/* perf's event syntax error */
	} else if (ret > 0 && !input) {
		/* -s, -S: recorded into a file, printed at its end */
		t.sum.ring_totals = true;
		if (t.summary || t.with_summary)
			return print_command(&t, ret, argv, env);
		t.lines.one_thread = rec.no_inherit;	/* perf: no thread column then */
		return trace_live(&t, max_events, ret, argv, env);
	} else if (ret > 0) {
		strbuf_addstr(&err, "a command and -i: which one to trace?\nhint: perf-mini trace "
			      "-- <command>, or perf-mini trace -i perf.data");
		ret = 129;
	} else if (!input && !t.summary && !t.with_summary) {
		return trace_live(&t, max_events, 0, NULL, env);	/* -a: the default, as perf's */
	} else if (!input) {
		/* -s, -S live: recorded until Ctrl-C (or its end), then printed;
		 * the signal that ended it is its normal end (perf: 0) */
		const char *target[3];

		t.sum.ring_totals = true;
		ret = print_command(&t, live_target(&t, target), target, env);
		env->exit_signal = 0;
		if (ret == 128 + SIGINT || ret == 128 + SIGTERM)
			return 0;
		return ret ? PM_EXIT_ERROR : 0;	/* perf trace's 255, a bad -p too */
	} else {
		return print_file(&t, input);
	}
	cmd_error("trace", err.buf);
	strbuf_release(&err);
	return ret;
}
