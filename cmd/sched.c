// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini sched: perf sched's scheduler analysis. "sched record" records
 * the scheduler tracepoints system-wide as perf does; "latency" (per task:
 * run time, switches, delays), "timehist" (a line per context switch, and
 * the summary), "map" (the CPUs' tasks as they switch) and "script" (perf
 * script) read it (util/sched).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/events/tracepoint.h"
#include "../util/sched/sched-cmd.h"

static const char *const sched_usage[] = {
	"perf-mini sched [<options>] {record|latency|map|script|timehist}",
	NULL,
};

/* perf's: the events sched record asks for, waking where the kernel has it */
static int sched_record(int argc, const char **argv, struct pm_env *env)
{
	static const char *const base[] = {
		"record", "-a", "-R", "-m", "1024", "-c", "1", "-e", "sched:sched_switch",
		"-e", "sched:sched_stat_runtime", "-e", "sched:sched_process_fork",
		"-e", "sched:sched_wakeup_new", "-e", "sched:sched_migrate_task",
	};
	const char *dir = tracepoint_tracefs_dir(env->tracefs_dir);
	const char **av = calloc(ARRAY_SIZE(base) + 8 + (size_t)argc + 1, sizeof(*av));
	struct strbuf err = STRBUF_INIT;
	char path[4096];
	int n = 0, ret;

	if (cmd_record_help(argc, argv)) {
		free(av);
		return cmd_record_as("sched record", 2, (const char *[]){ "record", "-h", NULL }, env);
	}
	if (!av) {
		cmd_error("sched record", "out of memory");
		return 1;
	}
	/* perf's exit status (its event syntax error's); not record's usage */
	if (tracepoint_check_system(dir, "sched", &err)) {
		cmd_error("sched record", err.buf);
		strbuf_release(&err);
		free(av);
		return 129;
	}
	for (size_t i = 0; i < ARRAY_SIZE(base); i++)
		av[n++] = base[i];
	snprintf(path, sizeof(path), "%s/events/sched/sched_waking", dir ? dir : "/nonexistent");
	av[n++] = "-e";
	av[n++] = dir && !access(path, F_OK) ? "sched:sched_waking" : "sched:sched_wakeup";
	snprintf(path, sizeof(path), "%s/events/sched/sched_stat_wait", dir ? dir : "/nonexistent");
	if (dir && !access(path, F_OK)) {
		static const char *const stat[] = { "-e", "sched:sched_stat_wait", "-e",
						    "sched:sched_stat_sleep", "-e",
						    "sched:sched_stat_iowait" };

		for (size_t i = 0; i < ARRAY_SIZE(stat); i++)
			av[n++] = stat[i];
	}
	for (int i = 1; i < argc; i++)
		av[n++] = argv[i];
	ret = cmd_record_as("sched record", n, av, env);
	free(av);
	return ret;
}

/* -s: perf's keys, comma or space separated */
static int parse_sort(struct sched_latency_opts *o, const char *spec, struct strbuf *err)
{
	static const struct { const char *name; enum sched_sort_key key; } keys[] = {
		{ "pid", SCHED_SORT_PID }, { "avg", SCHED_SORT_AVG }, { "max", SCHED_SORT_MAX },
		{ "switch", SCHED_SORT_SWITCH }, { "runtime", SCHED_SORT_RUNTIME },
	};

	o->nr_keys = 0;
	for (const char *p = spec; *p; ) {
		size_t len = strcspn(p, ", "), i;

		if (!len) {
			p++;
			continue;
		}
		for (i = 0; i < ARRAY_SIZE(keys); i++)
			if (len == strlen(keys[i].name) && !strncmp(p, keys[i].name, len))
				break;
		if (i == ARRAY_SIZE(keys)) {
			strbuf_addf(err, "-s: unknown sort key '%.*s'\nhint: -s with pid, avg, max, "
				    "switch, runtime", (int)len, p);
			return -1;
		}
		for (uint32_t j = 0; j < o->nr_keys; j++)
			if (o->keys[j] == keys[i].key)
				break;	/* perf hangs on a key given twice; once is enough */
		if (o->nr_keys < ARRAY_SIZE(o->keys))
			o->keys[o->nr_keys++] = keys[i].key;
		p += len;
	}
	return 0;
}

/* the report, then what perf says on stderr, or the error */
static int finish(int ret, struct strbuf *out, struct strbuf *note, struct strbuf *err,
		  const char *cmd)
{
	fwrite(out->buf, 1, out->len, stdout);
	fflush(stdout);
	fputs(note->buf, stderr);
	if (err->len)
		cmd_error(cmd, err->buf);
	strbuf_release(out);
	strbuf_release(note);
	strbuf_release(err);
	return ret ? PM_EXIT_ERROR : 0;
}

/* false when the command is done: -h, or a usage error (in *status) */
static bool parse(int argc, const char **argv, const struct option *options,
		  const char *const *usage, const char *cmd, int *status)
{
	struct strbuf err = STRBUF_INIT;
	int nr = parse_options(argc, argv, options, usage, 0, &err);

	*status = 0;
	if (nr < 0)
		*status = cmd_usage_result(nr, err.buf);
	else if (nr > 0)
		strbuf_addf(&err, "unexpected argument '%s'", argv[0]), *status = 129;
	if (nr > 0)
		cmd_error(cmd, err.buf);
	strbuf_release(&err);
	return nr == 0;
}

static int usage_error(const char *cmd, struct strbuf *err)
{
	cmd_error(cmd, err->buf);
	strbuf_release(err);
	return 129;
}

static int sched_latency_cmd(int argc, const char **argv, const char *input, bool dump_raw)
{
	static const char *const usage[] = { "perf-mini sched latency [<options>]", NULL };
	struct sched_latency_opts o = { .cpu = -1, .dump_raw = dump_raw };
	struct strbuf out = STRBUF_INIT, note = STRBUF_INIT, err = STRBUF_INIT;
	const char *sort = "avg, max, switch, runtime";
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_STRING('s', "sort", &sort, "key[,key2...]",
			   "sort by key(s): runtime, switch, avg, max"),
		OPT_INTEGER('C', "CPU", &o.cpu, "CPU to profile on"),
		OPT_BOOLEAN('p', "pids", &o.pids, "latency stats per pid instead of per comm"),
		OPT_END(),
	};
	int status;

	if (!parse(argc, argv, options, usage, "sched latency", &status))
		return status;
	if (parse_sort(&o, sort, &err))
		return usage_error("sched latency", &err);
	return finish(sched_latency(input, &o, &out, &note, &err), &out, &note, &err,
		      "sched latency");
}

static int sched_map_cmd(int argc, const char **argv, const char *input, bool dump_raw)
{
	static const char *const usage[] = { "perf-mini sched map [<options>]", NULL };
	struct sched_map_opts o = { .dump_raw = dump_raw };
	struct strbuf out = STRBUF_INIT, note = STRBUF_INIT, err = STRBUF_INIT;
	const char *color_pids = NULL, *color_cpus = NULL;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_BOOLEAN(0, "compact", &o.compact, "map output in compact mode"),
		OPT_STRING(0, "color-pids", &color_pids, "pids",
			   "highlight given pids in map (no colours: the output is text)"),
		OPT_STRING(0, "color-cpus", &color_cpus, "cpus",
			   "highlight given CPUs in map (no colours: the output is text)"),
		OPT_STRING(0, "cpus", &o.cpus, "cpus", "display given CPUs in map"),
		OPT_END(),
	};
	int status;

	if (!parse(argc, argv, options, usage, "sched map", &status))
		return status;
	return finish(sched_map(input, &o, &out, &note, &err), &out, &note, &err, "sched map");
}

static int sched_timehist_cmd(int argc, const char **argv, const char *input, bool dump_raw)
{
	static const char *const usage[] = { "perf-mini sched timehist [<options>]", NULL };
	struct sched_timehist_opts o = { .call_graph = true, .max_stack = 5,
					.dump_raw = dump_raw };
	struct strbuf out = STRBUF_INIT, note = STRBUF_INIT, err = STRBUF_INIT;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_BOOLEAN('g', "call-graph", &o.call_graph,
			    "Display call chains if present (default on)"),
		OPT_INTEGER(0, "max-stack", &o.max_stack,
			    "Maximum number of functions to display backtrace."),
		OPT_BOOLEAN('s', "summary", &o.summary_only, "Show only syscall summary with statistics"),
		OPT_BOOLEAN('S', "with-summary", &o.with_summary,
			    "Show all syscalls and summary with statistics"),
		OPT_BOOLEAN('w', "wakeups", &o.wakeups, "Show wakeup events"),
		OPT_BOOLEAN('n', "next", &o.next, "Show next task"),
		OPT_BOOLEAN('M', "migrations", &o.migrations, "Show migration events"),
		OPT_BOOLEAN('V', "cpu-visual", &o.cpu_visual, "Add CPU visual"),
		OPT_BOOLEAN('I', "idle-hist", &o.idle_hist, "Show idle events only"),
		OPT_STRING(0, "time", &o.time, "str", "Time span for analysis (start,stop)"),
		OPT_BOOLEAN(0, "state", &o.state, "Show task state when sched-out"),
		OPT_STRING('p', "pid", &o.pids, "pid[,pid...]", "analyze events only for given process id(s)"),
		OPT_STRING('t', "tid", &o.tids, "tid[,tid...]", "analyze events only for given thread id(s)"),
		OPT_STRING('C', "cpu", &o.cpus, "cpu", "list of cpus to profile"),
		OPT_END(),
	};
	int status;

	if (!parse(argc, argv, options, usage, "sched timehist", &status))
		return status;
	if (o.max_stack < 0) {
		strbuf_addf(&err, "--max-stack %d: not a depth\nhint: --max-stack 0 or more",
			    o.max_stack);
		return usage_error("sched timehist", &err);
	}
	if (o.summary_only && (o.wakeups || o.next)) {
		strbuf_addstr(&err, "-s and -w or -n together: -s prints the summary alone\n"
			      "hint: -S prints the lines and the summary");
		return usage_error("sched timehist", &err);
	}
	return finish(sched_timehist(input, &o, &out, &note, &err), &out, &note, &err,
		      "sched timehist");
}

/* perf's: record, latency (and replay) by a prefix of three or more */
static bool is(const char *arg, const char *cmd, bool prefix)
{
	return prefix ? strlen(arg) > 2 && !strncmp(cmd, arg, strlen(arg)) : !strcmp(arg, cmd);
}

int cmd_sched(int argc, const char **argv, struct pm_env *env)
{
	const char *input = cmd_default_input();
	int verbose = 0;
	bool force = false, dump_raw = false;
	const struct option options[] = {
		OPT_STRING('i', "input", &input, "file", "input file name"),
		OPT_INCR('v', "verbose", &verbose, "be more verbose (show symbol address, etc)"),
		OPT_BOOLEAN('D', "dump-raw-trace", &dump_raw, "dump raw trace in ASCII"),
		OPT_BOOLEAN('f', "force", &force, "don't complain, do it"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, sched_usage, PARSE_OPT_STOP_AT_NON_OPTION, &err);

	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	perf_data__trust_any_owner(force);
	argc = ret;
	if (!argc) {
		strbuf_addstr(&err, "which report?\nhint: perf-mini sched record [<command>], then "
			      "perf-mini sched latency, timehist, map or script");
		ret = 129;
	} else if (is(argv[0], "record", true)) {
		ret = sched_record(argc, argv, env);
	} else if (is(argv[0], "latency", true)) {
		ret = sched_latency_cmd(argc, argv, input, dump_raw);
	} else if (is(argv[0], "map", false)) {
		ret = sched_map_cmd(argc, argv, input, dump_raw);
	} else if (is(argv[0], "timehist", false)) {
		ret = sched_timehist_cmd(argc, argv, input, dump_raw);
	} else if (is(argv[0], "script", false)) {
		const char **av = calloc((size_t)argc + 4, sizeof(*av));
		int n = 0;

		if (av) {
			av[n++] = "script";
			av[n++] = "-i";
			av[n++] = input;
			if (dump_raw)	/* perf's -D is global: script dumps too */
				av[n++] = "-D";
			for (int i = 1; i < argc; i++)
				av[n++] = argv[i];
		}
		ret = av ? cmd_script(n, av, env) : 1;
		free(av);
	} else {
		strbuf_addf(&err, "'%s' is not a sched command\nhint: perf-mini sched record, "
			    "latency, timehist, map or script", argv[0]);
		ret = 129;
	}
	if (err.len)
		cmd_error("sched", err.buf);
	strbuf_release(&err);
	return ret;
}
