// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini stat: count events for a command, processes, threads or CPUs.
 * Options and orchestration only; counting lives in util/events (open,
 * read) and util/stat (the runs, aggregation, metrics, output).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/events/cgroup.h"
#include "../util/events/stat-attr.h"
#include "../util/stat/stat-run.h"

static const char *const stat_usage[] = {
	"perf-mini stat [<options>] [<command>]",
	"perf-mini stat record [-o FILE] [<options>] [<command>]",
	"perf-mini stat report [-i FILE]",
	NULL,
};

#define STAT_MAX_REPEAT 100
#define STAT_NR_OPTIONS 56

static int parse_event_option(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err)
{
	struct stat_opts *o = opt->value;

	(void)unset;
	if (parse_events(o->evlist, arg, &o->pctx, err))
		return (strbuf_addch(err, '\n'), -1);
	return 0;
}

static void say(const char *text)
{
	fputs(text, stderr);
}

static void stat_opts__init(struct stat_opts *o, struct pm_env *env)
{
	memset(o, 0, sizeof(*o));
	o->hooks = (struct stat_hooks){
		.error = cmd_error, .note = say, .warn_user_only = cmd_warn_user_only,
		.use_user_locale = cmd_use_user_locale, .trace = cmd_trace_to_stderr,
	};
	o->evlist = evlist__new();
	o->pmus = cmd_pmus_new(env);
	BUG_ON(!o->evlist || !o->pmus);
	o->pctx.pmus = o->pmus;
	o->pctx.tracefs_dir = env->tracefs_dir;
	o->pctx.tool = "stat";
	o->paths.proc = env->proc_root;
	o->paths.online_cpus = env->online_cpus;
	/* the topology lives beside the online list */
	snprintf(o->cpu_dir, sizeof(o->cpu_dir), "%.*s",
		 (int)(strrchr(env->online_cpus, '/') ? strrchr(env->online_cpus, '/') -
		       env->online_cpus : 0), env->online_cpus);
	o->big_num = true;
	o->scale = true;
	o->repeat = 1;
	o->log_fd = -1;
	control__init(&o->ctl);
	o->metric_only = -1;
	target__init(&o->target);
}

static void stat_opts__exit(struct stat_opts *o)
{
	control__close(&o->ctl);
	stat_data__delete(o->sd);
	aggr_map__exit(&o->amap);
	metricgroup__exit(&o->mg);
	evlist__delete(o->evlist);
	pmus__delete(o->pmus);
	target__exit(&o->target);
}

/* Option combinations perf refuses (or should): a usage error, exit 129. */
static int stat_opts__check(struct stat_opts *o, struct strbuf *err)
{
	if (o->csv_sep && o->json)
		strbuf_addstr(err, "-x and -j cannot be used together\nhint: pick CSV (-x,) or "
				   "JSON (-j)");
	else if (o->csv_sep && !*o->csv_sep)
		strbuf_addstr(err, "the -x separator is empty\nhint: e.g. -x, or -x';'");
	else if (o->repeat < 0 || o->repeat > STAT_MAX_REPEAT)
		strbuf_addf(err, "-r %d is out of range\nhint: repeat 1 to %d times, or 0 to "
			    "repeat until interrupted", o->repeat, STAT_MAX_REPEAT);
	else if (o->table && o->repeat < 2)
		strbuf_addstr(err, "--table lists the runs of -r\nhint: e.g. -r 5 --table");
	else if (o->timeout && o->timeout < 10)
		strbuf_addf(err, "--timeout %d is too short\nhint: give 10 ms or more", o->timeout);
	else if (o->timeout < 0)
		strbuf_addstr(err, "--timeout must be positive\nhint: e.g. --timeout 1000");
	else if (o->timeout && o->interval)
		strbuf_addstr(err, "--timeout cannot be used with -I\nhint: use --interval-count "
				   "to stop after a number of intervals");
	else if (o->delay < -1)
		strbuf_addf(err, "-D %d is not a delay\nhint: give milliseconds, or -1 to start "
			    "with the events disabled", o->delay);
	else if (o->all_user && o->all_kernel)
		strbuf_addstr(err, "--all-user and --all-kernel exclude each other\nhint: pick one, "
				   "or use the :u and :k modifiers per event");
	else if (o->log_fd >= 0 && o->output)
		strbuf_addstr(err, "-o and --log-fd cannot be used together\nhint: pick one "
				   "destination for the counts");
	else if (o->log_fd < -1)
		strbuf_addf(err, "--log-fd %d is not a file descriptor\nhint: e.g. --log-fd 3 "
			    "3>counts.txt", o->log_fd);
	else if (o->interval < 0)
		strbuf_addstr(err, "print interval -I must be positive\nhint: e.g. -I 1000");
	else if (o->interval_count && !o->interval)
		strbuf_addstr(err, "--interval-count needs -I\nhint: e.g. -I 1000 --interval-count 5");
	else if (o->interval && o->repeat != 1)
		strbuf_addstr(err, "-I cannot be used with -r\nhint: drop one of them");
	else if (o->record && o->repeat != 1)
		strbuf_addstr(err, "stat record counts one run\nhint: drop -r");
	else if (o->record && o->append)
		strbuf_addstr(err, "stat record writes a new file: --append makes no sense\n"
				   "hint: drop --append");
	else if (o->append && !o->output)
		strbuf_addstr(err, "--append needs -o FILE\nhint: e.g. -o stat.txt --append");
	else if (o->no_aggr + o->per_thread + o->per_core + o->per_socket + o->per_die +
		 o->per_node > 1)
		strbuf_addstr(err, "-A, --per-thread, --per-core, --per-die, --per-socket and "
				   "--per-node cannot be used together\nhint: pick one aggregation");
	else if (o->null_run && o->evlist->nr)
		strbuf_addstr(err, "-n counts nothing, so -e makes no sense with it\nhint: drop -n "
				   "or -e");
	else
		return 0;
	return -EINVAL;
}

static int stat_setup(struct stat_opts *o, const struct pm_env *env, const char **argv, int argc,
		      struct strbuf *err)
{
	int ret;

	o->target.pid = o->pid;
	o->target.tid = o->tid;
	o->target.cpu_list = o->cpu_list;
	o->target.system_wide = o->all_cpus;
	o->target.has_workload = o->has_workload;
	ret = stat_check_aggregation(o, err);
	if (!ret)
		ret = stat_check_percore(o, err);
	if (!ret)
		ret = stat_check_cgroups(o, err);
	if (!ret)
		ret = target__setup(&o->target, argv, argc, &o->paths, err);
	/* --control: a bad form is a usage error (-EINVAL), a missing fifo not */
	if (!ret && o->control)
		ret = control__open(&o->ctl, o->control, err);
	if (!ret && o->metrics)	/* the CPU's tables: read for -M alone */
		o->mg.cpu = cmd_cpu_table(env);
	if (!ret)
		ret = stat_add_events(o, err);
	if (!ret)
		ret = evlist__open_cgroups(o->evlist, o->paths.proc, err) ? -ENOENT : 0;
	if (!ret && aggr_mode__is_topology(o->aggr_mode))
		ret = aggr_map__build(&o->amap, o->target.cpus, aggr_mode__level(o->aggr_mode),
				      o->cpu_dir, err) ? -ENOTSUP : 0;
	if (!ret)
		stat_attr__configure(o->evlist, &(struct stat_attr_opts){
			.no_inherit = o->no_inherit, .all_user = o->all_user,
			.all_kernel = o->all_kernel,
			/* -D: stat enables them itself once the delay is over */
			.enable_on_exec = target__counts_workload(&o->target) && !o->delay,
		});
	return ret;
}

/* The option table points straight into @o; kept in @table. */
static const struct option *stat_options(struct stat_opts *o,
					 struct option table[STAT_NR_OPTIONS])
{
	const struct option options[] = {
		OPT_BOOLEAN('a', "all-cpus", &o->all_cpus, "system-wide collection from all CPUs"),
		OPT_BOOLEAN('A', "no-aggr", &o->no_aggr, "disable CPU count aggregation"),
		OPT_BOOLEAN('B', "big-num", &o->big_num,
			    "print large numbers with thousands' separators"),
		OPT_STRING('C', "cpu", &o->cpu_list, "cpu", "list of cpus to monitor in system-wide"),
		OPT_INTEGER('D', "delay", &o->delay,
			    "ms to wait before starting measurement after program start (-1: "
			    "start with events disabled)"),
		OPT_INCR('d', "detailed", &o->detailed, "detailed run - start a lot of events"),
		OPT_CALLBACK('e', "event", o, "event",
			     "event selector. use 'perf-mini list' to list available events",
			     parse_event_option),
		OPT_CALLBACK(0, "filter", &o->evlist, "filter", "event filter", cmd_parse_filter),
		OPT_BOOLEAN('g', "group", &o->group, "put the counters into a counter group"),
		OPT_CALLBACK('G', "cgroup", &o->evlist, "name", "monitor event in cgroup name only",
			     cmd_parse_cgroup),
		OPT_STRING(0, "for-each-cgroup", &o->for_each_cgroup, "name",
			   "expand events for each cgroup"),
		OPT_INTEGER('I', "interval-print", &o->interval,
			    "print counts at regular interval in ms (overhead is possible for "
			    "values <= 100ms)"),
		OPT_BOOLEAN('i', "no-inherit", &o->no_inherit, "child tasks do not inherit counters"),
		OPT_BOOLEAN('j', "json-output", &o->json, "print counts in JSON format"),
		OPT_STRING('M', "metrics", &o->metrics, "metric/metric group list",
			   "monitor specified metrics or metric groups (separated by ,)"),
		OPT_BOOLEAN('n', "null", &o->null_run, "null run - dont start any counters"),
		OPT_STRING('o', "output", &o->output, "file", "output file name"),
		OPT_STRING('p', "pid", &o->pid, "pid", "stat events on existing process id"),
		OPT_INTEGER('r', "repeat", &o->repeat,
			    "repeat command and print average + stddev (max: 100, forever: 0)"),
		OPT_BOOLEAN('S', "sync", &o->sync, "call sync() before starting a run"),
		OPT_STRING('t', "tid", &o->tid, "tid", "stat events on existing thread id"),
		OPT_INCR('v', "verbose", &o->verbose,
			 "be more verbose (show counter open errors, etc); -vv shows the attrs"),
		OPT_STRING('x', "field-separator", &o->csv_sep, "separator",
			   "print counts with custom separator"),
		OPT_BOOLEAN(0, "all-kernel", &o->all_kernel,
			    "Configure all used events to run in kernel space."),
		OPT_BOOLEAN(0, "all-user", &o->all_user,
			    "Configure all used events to run in user space."),
		OPT_BOOLEAN(0, "append", &o->append, "append to the output file"),
		OPT_BOOLEAN(0, "interval-clear", &o->interval_clear,
			    "clear screen in between new interval"),
		OPT_UINTEGER(0, "interval-count", &o->interval_count,
			     "print counts for fixed number of times"),
		OPT_INTEGER(0, "log-fd", &o->log_fd, "log output to fd, instead of stderr"),
		OPT_STRING(0, "control", &o->control,
			   "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			   "Listen on ctl-fd descriptor for command to control measurement "
			   "('enable': enable events, 'disable': disable events)"),
		OPT_BOOLEAN(0, "metric-no-group", &o->metric_no_group,
			    "don't group metric events, impacts multiplexing"),
		OPT_BOOLEAN(0, "no-merge", &o->no_merge, "Do not merge identical named events"),
		OPT_BOOLEAN(0, "metric-no-merge", &o->metric_no_merge,
			    "don't try to share events between metrics in a group"),
		OPT_CALLBACK_NOOPT(0, "metric-only", &o->metric_only,
			    "Only print computed metrics. No raw values", cmd_opt_tristate),
		OPT_BOOLEAN(0, "no-csv-summary", &o->no_csv_summary,
			    "don't print 'summary' for CSV summary output"),
		OPT_BOOLEAN(0, "per-core", &o->per_core, "aggregate counts per physical processor core"),
		OPT_BOOLEAN(0, "per-die", &o->per_die, "aggregate counts per processor die"),
		OPT_BOOLEAN(0, "per-node", &o->per_node, "aggregate counts per numa node"),
		OPT_BOOLEAN(0, "per-socket", &o->per_socket, "aggregate counts per processor socket"),
		OPT_BOOLEAN(0, "per-thread", &o->per_thread, "aggregate counts per thread"),
		OPT_STRING(0, "post", &o->post_cmd, "command",
			   "command to run after to the measured command"),
		OPT_STRING(0, "pre", &o->pre_cmd, "command",
			   "command to run prior to the measured command"),
		OPT_BOOLEAN(0, "quiet", &o->quiet,
			    "don't print any output, messages or warnings (useful with record)"),
		OPT_BOOLEAN(0, "scale", &o->scale,
			    "Use --no-scale to disable counter scaling for multiplexing"),
		OPT_BOOLEAN(0, "summary", &o->summary, "print summary for interval mode"),
		OPT_BOOLEAN(0, "table", &o->table,
			    "display details about each run (only with -r option)"),
		OPT_INTEGER(0, "td-level", &o->td_level,
			    "Set the metrics level for the top-down statistics (1 or 2)"),
		OPT_INTEGER(0, "timeout", &o->timeout,
			    "stop workload and print counts after a timeout period in ms (>= 10ms)"),
		OPT_BOOLEAN('T', "transaction", &o->transaction,
			    "hardware transaction statistics (refused: no metrics)"),
		OPT_BOOLEAN(0, "smi-cost", &o->smi_cost, "measure SMI cost (refused: no metrics)"),
		{ .type = OPTION_CALLBACK, .long_name = "iostat", .value = o, .argh = "default",
		  .flags = PARSE_OPT_OPTARG, .callback = stat_parse_iostat,
		  .help = "measure I/O performance metrics provided by arch/platform (refused)" },
		OPT_CALLBACK(0, "cputype", o, "hybrid cpu type", "Only enable events on applying cpu "
			     "with this type for hybrid platform (refused)", stat_parse_cputype),
		OPT_BOOLEAN(0, "hybrid-merge", &o->hybrid_merge,
			    "Merge identical named hybrid events (none here)"),
		OPT_BOOLEAN(0, "percore-show-thread", &o->percore_show_thread,
			    "Use with 'percore' event qualifier to show the event counts of one "
			    "hardware thread (not with -A here)"),
		OPT_BOOLEAN(0, "topdown", &o->topdown,
			    "measure top-down statistics (Intel TopDown: retiring, bad speculation, "
			    "frontend bound, backend bound)"),
		OPT_END(),
	};

	BUILD_BUG_ON(sizeof(options) != STAT_NR_OPTIONS * sizeof(*table));
	memcpy(table, options, sizeof(options));
	return table;
}

static void show_verbose_events(struct stat_opts *o)
{
	struct evsel *e;
	int i;

	evlist__for_each(o->evlist, e, i) {
		if (e->resolved)
			fprintf(stderr, "%s -> %s\n", e->name, e->resolved);
		else
			fprintf(stderr, "%s -> type %u config %#llx\n", e->name, e->attr.type,
				(unsigned long long)e->attr.config);
	}
}

/* The counting, between opening and closing where its counts go. */
static int stat_measure(struct stat_opts *o, const char **argv)
{
	struct strbuf err = STRBUF_INIT;
	int ret = stat_open_output(o, stderr, "<stderr>", &err) ? 1 : stat_run(o, argv);

	if (o->out && stat_close_output(o, &err) && !ret)
		ret = 1;
	if (err.len)
		cmd_error("stat", err.buf);
	strbuf_release(&err);
	return ret ? ret : o->exit_code;
}

int cmd_stat(int argc, const char **argv, struct pm_env *env)
{
	struct stat_opts o;
	struct option options[STAT_NR_OPTIONS];
	struct strbuf err = STRBUF_INIT;
	int ret;

	if (argc > 1 && !strcmp(argv[1], "report"))
		return cmd_stat_report(argc - 1, argv + 1, env);
	stat_opts__init(&o, env);
	o.argc_all = argc + 1;
	o.argv_all = calloc((size_t)argc + 2, sizeof(*o.argv_all));
	BUG_ON(!o.argv_all);
	o.argv_all[0] = "perf-mini";
	memcpy(o.argv_all + 1, argv, (size_t)argc * sizeof(*argv));
	if (argc > 1 && !strcmp(argv[1], "record")) {
		o.record = true;
		argc--, argv++;
	}
	argc = parse_options(argc, argv, stat_options(&o, options), stat_usage,
			     PARSE_OPT_STOP_AT_NON_OPTION, &err);
	if (o.record) {	/* -o names the perf.data; the counts still go to stderr */
		o.record_path = o.output ? o.output : "perf.data";
		o.output = NULL;
	}
	if (argc < 0) {
		ret = cmd_usage_result(argc, err.buf);
		goto out;
	}
	o.has_workload = argc > 0;
	o.forever = !o.repeat;
	ret = stat_opts__check(&o, &err);
	if (!ret && (ret = stat_check_vendor_opts(&o, &err))) {	/* perf's -EINVAL: 234 */
		cmd_error("stat", err.buf);
		ret = ret == -EINVAL ? 234 : PM_EXIT_ERROR;
		goto out;
	}
	if (!ret && o.timeout && o.timeout < 100 && !o.quiet)
		fputs("timeout < 100ms. The overhead percentage could be high in some cases. "
		      "Please proceed with caution.\n", stderr);
	if (!ret)
		ret = stat_setup(&o, env, argv, argc, &err);
	if (ret) {
		cmd_error("stat", err.buf);
		ret = ret == -ESRCH || ret == -ENODEV ? cmd_target_status("stat", ret, o.pid, o.tid) :
		      ret == -EINVAL ? 129 : 1;
		goto out;
	}
	stat_block_stop_signals();
	if (o.verbose)
		show_verbose_events(&o);
	ret = stat_measure(&o, argv);
	if (stat_stop_signal(&o))
		env->exit_signal = stat_stop_signal(&o);
out:
	if (o.sw_open)
		stat_writer__abort(&o.sw);
	free(o.argv_all);
	stat_opts__exit(&o);
	strbuf_release(&err);
	return ret;
}
