// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini record: sample a workload, processes, threads or CPUs into a
 * perf.data that Linux perf reads (and perf-mini report, of course).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/events/cgroup.h"
#include "../util/record/record.h"
#include "../util/record/synth.h"

#define RECORD_NR_OPTIONS 82

static const char *const record_usage[] = {
	"perf-mini record [<options>] [<command>]",
	"perf-mini record [<options>] -- <command> [<options>]",
	NULL,
};



/* --- setup ----------------------------------------------------------- */


/*
 * A workload, -p and -t are sampled on every CPU, as perf does: inherit
 * needs per-CPU buffers (the kernel maps no inherited per-task event),
 * and with it -p follows the threads and children the process starts
 * after the attach. -t records the threads it names alone (perf sets
 * no_inherit), --per-thread gives each task a buffer of its own.
 */
static int setup_target(struct record_opts *o, const char **argv, int argc, struct strbuf *err)
{
	int ret;

	o->target.pid = o->pid;
	o->target.uid_str = o->uid;
	o->target.tid = o->tid;
	o->target.cpu_list = o->cpu_list;
	o->target.system_wide = o->all_cpus;
	o->target.has_workload = o->has_workload;
	ret = target__setup(&o->target, argv, argc, &o->paths, err);
	if (!ret && target__counts_workload(&o->target) && o->per_thread) {
		o->attr.no_inherit = true;	/* as perf: per-task buffers cannot inherit */
		o->attr.no_time = !o->timestamp;
	} else if (!ret && (target__counts_workload(&o->target) ||
			    (target__has_task(&o->target) && !o->per_thread))) {
		cpu_map__delete(o->target.cpus);
		ret = cpu_map__online(&o->target.cpus, o->paths.online_cpus, err);
	}
	if (!ret && target__has_task(&o->target) && (o->per_thread || o->tid))
		o->attr.no_inherit = true;
	if (!ret && o->evlist->nr_cgroups && !target__has_cpu(&o->target)) {
		strbuf_addstr(err, "-G records a cgroup's tasks on the CPUs: it needs -a or -C\n"
				   "hint: e.g. perf-mini record -a -G mygroup -- sleep 5");
		ret = -EINVAL;
	}
	if (!ret)
		ret = evlist__open_cgroups(o->evlist, o->paths.proc, err);
	if (!ret && o->control)
		ret = control__open(&o->ctl, o->control, err);
	o->ctl.ping_ends_round = true;
	o->attr.cpu_wide = target__has_cpu(&o->target);
	o->attr.enable_on_exec = o->has_workload && !target__has_task(&o->target) &&
				 !target__has_cpu(&o->target);
	if (!ret)
		ret = record_attr__parse_call_graph(o->call_graph, &o->attr, err);
	o->attr.callchain |= o->fp_callchain;
	return ret;
}


/* --- the command ----------------------------------------------------- */

/* Who speaks in the messages: "record", or the command recording for
 * itself (top). */
static const char *record_cmd = "record";

static void record_opts__init(struct record_opts *o, struct pm_env *env, int argc,
			      const char **argv)
{
	memset(o, 0, sizeof(*o));
	control__init(&o->ctl);
	o->evlist = evlist__new();
	o->pmus = cmd_pmus_new(env);
	BUG_ON(!o->evlist || !o->pmus);
	o->pctx.pmus = o->pmus;
	o->pctx.tracefs_dir = env->tracefs_dir;
	o->pctx.tool = record_cmd;
	o->paths.proc = env->proc_root;
	o->sysfs_root = env->sysfs_root;
	o->paths.online_cpus = env->online_cpus;
	o->synth = SYNTH_ALL;
	o->say = cmd_trace_to_stderr;
	o->warn_user_only = cmd_warn_user_only;
	o->argv = calloc(argc + 2, sizeof(*o->argv));
	BUG_ON(!o->argv);
	o->argv[0] = "perf-mini";
	for (int i = 0; i < argc; i++)
		o->argv[i + 1] = argv[i];
	o->argc = argc + 1;
	target__init(&o->target);
}

static void record_opts__exit(struct record_opts *o)
{
	control__close(&o->ctl);
	for (int i = 0; i < o->nr_switch_files; i++)
		free(o->switch_files[i]);
	free(o->switch_files);
	free(o->dumped);
	record_close_switch_events(o);
	evlist__delete(o->evlist);
	pmus__delete(o->pmus);
	target__exit(&o->target);
	free(o->argv);
}

bool cmd_record_help(int argc, const char **argv)
{
	for (int i = 1; i < argc && argv[i][0] == '-' && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help"))
			return true;
	return false;
}

int cmd_record_as(const char *cmd, int argc, const char **argv, struct pm_env *env)
{
	record_cmd = cmd;
	return cmd_record(argc, argv, env);
}

/* record's option table, into @table (perf's order of -h) */
static const struct option *record_options(struct record_opts *o,
					   struct option table[RECORD_NR_OPTIONS])
{
	const struct option options[] = {
		OPT_CALLBACK('e', "event", o, "event",
			     "event selector. use 'perf-mini list' to list available events",
			     record_parse_event),
		OPT_CALLBACK(0, "filter", &o->evlist, "filter", "event filter", cmd_parse_filter),
		OPT_CALLBACK_NOOPT(0, "exclude-perf", &o->evlist,
				   "don't record events from perf itself", cmd_parse_exclude_perf),
		OPT_STRING('o', "output", &o->output, "file", "output file name"),
		OPT_CALLBACK('F', "freq", o, "freq or 'max'",
			     "profile at this frequency", record_parse_freq),
		OPT_BOOLEAN(0, "strict-freq", &o->strict_freq,
			    "Fail if the specified frequency can't be used"),
		OPT_U64('c', "count", &o->attr.period, "event period to sample"),
		OPT_BOOLEAN('g', NULL, &o->fp_callchain,
			    "enables call-graph recording (frame pointers)"),
		OPT_STRING(0, "call-graph", &o->call_graph, "record_mode[,record_size]",
			   "setup and enables call-graph recording: fp or dwarf[,size]"),
		OPT_CALLBACK('m', "mmap-pages", o, "pages",
			     "number of mmap data pages, or a size (16K, 1M)", record_parse_mmap_pages),
		{ .type = OPTION_CALLBACK, .short_name = 'z', .long_name = "compression-level",
		  .value = &o->zstd_level, .argh = "n", .flags = PARSE_OPT_OPTARG,
		  .callback = record_parse_zstd_level,
		  .help = "Compress records using specified level (default: 1 - fastest "
			  "compression, 22 - greatest compression)" },
		{ .type = OPTION_CALLBACK, .long_name = "threads", .value = &o->threads,
		  .argh = "spec", .flags = PARSE_OPT_OPTARG, .callback = record_parse_threads,
		  .help = "write perf's directory format: PATH/data and one PATH/data.N per "
			  "ring (spec: cpu, core, package, numa or masks; one writer here)" },
		OPT_BOOLEAN('a', "all-cpus", &o->all_cpus, "system-wide collection from all CPUs"),
		OPT_STRING('C', "cpu", &o->cpu_list, "cpu", "list of cpus to monitor"),
		OPT_STRING('p', "pid", &o->pid, "pid", "record events on existing process id"),
		OPT_STRING('t', "tid", &o->tid, "tid", "record events on existing thread id"),
		OPT_STRING('u', "uid", &o->uid, "user", "user to profile"),
		OPT_BOOLEAN('i', "no-inherit", &o->attr.no_inherit, "child tasks do not inherit counters"),
		OPT_BOOLEAN('s', "stat", &o->attr.inherit_stat, "per thread counts"),
		OPT_BOOLEAN(0, "running-time", &o->attr.running_time,
			    "Record running/enabled time of read (:S) events"),
		OPT_BOOLEAN('R', "raw-samples", &o->attr.raw_samples,
			    "collect raw sample records from all opened counters"),
		OPT_BOOLEAN(0, "sample-identifier", &o->attr.sample_identifier,
			    "Record the sample identifier"),
		OPT_BOOLEAN('n', "no-samples", &o->attr.no_samples, "don't sample"),
		{ .type = OPTION_CALLBACK, .long_name = "switch-output", .value = o,
		  .argh = "signal or size[BKMG] or time[smhd]", .flags = PARSE_OPT_OPTARG,
		  .callback = record_parse_switch_output,
		  .help = "Switch output when receiving SIGUSR2 (signal) or cross a size or "
			  "time threshold" },
		OPT_CALLBACK(0, "switch-output-event", o, "switch output event",
			     "switch output event selector. use 'perf list' to list available "
			     "events", record_parse_switch_event),
		OPT_INTEGER(0, "switch-max-files", &o->switch_max_files,
			    "Limit number of switch output generated files"),
		{ .type = OPTION_CALLBACK, .long_name = "aio", .argh = "n",
		  .help = "Use <n> control blocks in asynchronous trace writing mode "
			  "(accepted: the file is the same)",
		  .callback = record_parse_write_knob, .flags = PARSE_OPT_OPTARG },
		OPT_CALLBACK(0, "affinity", NULL, "node|cpu",
			     "Set affinity mask of trace reading thread (accepted: the file is "
			     "the same)", record_parse_write_knob),
		OPT_CALLBACK(0, "num-thread-synthesize", NULL, "n",
			     "number of threads to run for event synthesis (accepted: the file "
			     "is the same)", record_parse_write_knob),
		OPT_UINTEGER(0, "proc-map-timeout", &o->proc_map_timeout,
			     "per thread proc mmap processing timeout in ms"),
		OPT_CALLBACK(0, "mmap-flush", &o->mmap_flush, "number",
			     "Minimal number of bytes that is extracted from mmap data pages "
			     "(default: 1)", record_parse_byte_size),
		OPT_CALLBACK(0, "max-size", &o->max_size, "size",
			     "Limit the sample data max size, <size> is expected to be a number "
			     "with appended unit character - B/K/M/G", record_parse_byte_size),
		OPT_BOOLEAN(0, "dry-run", &o->dry_run, "Parse options then exit"),
		OPT_BOOLEAN(0, "group", &o->group, "put the counters into a counter group"),
		OPT_BOOLEAN(0, "buildid-all", &o->buildid_all,
			    "Record build-id of all DSOs regardless of hits (always done)"),
		OPT_BOOLEAN(0, "no-bpf-event", &o->no_bpf_event,
			    "do not record bpf events (none are recorded)"),
		OPT_INTEGER('r', "realtime", &o->realtime,
			    "collect data with this RT SCHED_FIFO priority"),
		OPT_STRING(0, "control", &o->control, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			   "Listen on ctl-fd descriptor for command to control measurement "
			   "('enable': enable events, 'disable': disable events)"),
		OPT_CALLBACK('G', "cgroup", &o->evlist, "name", "monitor event in cgroup name only",
			     cmd_parse_cgroup),
		OPT_BOOLEAN(0, "per-thread", &o->per_thread, "use per-thread mmaps"),
		OPT_BOOLEAN(0, "off-cpu", &o->off_cpu, "Enable off-cpu analysis"),
		OPT_BOOLEAN(0, "timestamp-filename", &o->timestamp_filename,
			    "append timestamp to output filename"),
		OPT_BOOLEAN(0, "no-buffering", &o->attr.no_buffering, "collect data without buffering"),
		OPT_BOOLEAN(0, "overwrite", &o->attr.overwrite, "use overwrite mode"),
		OPT_BOOLEAN(0, "tail-synthesize", &o->tail_synthesize,
			    "synthesize non-sample events at the end of output"),
		OPT_CALLBACK(0, "synth", &o->synth, "no|all|task|mmap|cgroup",
			     "Fine-tune event synthesis: default=all", record_parse_synth),
		OPT_INTEGER('D', "delay", &o->delay,
			    "ms to wait before starting measurement after program start (-1: "
			    "start with events disabled)"),
		OPT_BOOLEAN('T', "timestamp", &o->timestamp,
			    "Record the sample timestamps (always recorded)"),
		OPT_BOOLEAN(0, "timestamp-boundary", &o->timestamp_boundary,
			    "Record timestamp boundary (time of first/last samples; always recorded)"),
		OPT_BOOLEAN(0, "switch-events", &o->attr.switch_events, "Record context switch events"),
		OPT_BOOLEAN(0, "namespaces", &o->attr.namespaces,
			    "Record namespaces events"),
		OPT_BOOLEAN(0, "all-cgroups", &o->attr.cgroups, "Record cgroup events"),
		OPT_BOOLEAN(0, "buildid-mmap", &o->attr.buildid_mmap,
			    "Record build-id in map events"),
		OPT_BOOLEAN(0, "kernel-callchains", &o->attr.kernel_callchains,
			    "collect kernel callchains"),
		OPT_BOOLEAN(0, "user-callchains", &o->attr.user_callchains,
			    "collect user callchains"),
		{ .type = OPTION_CALLBACK, .long_name = "user-regs", .value = &o->attr.user_regs,
		  .argh = "any register", .flags = PARSE_OPT_OPTARG, .callback = record_parse_regs,
		  .help = "sample selected machine registers on interrupt, use '-I?' to list "
			  "register names" },
		{ .type = OPTION_CALLBACK, .short_name = 'I', .long_name = "intr-regs",
		  .value = &o->attr.intr_regs, .argh = "any register", .flags = PARSE_OPT_OPTARG,
		  .callback = record_parse_regs,
		  .help = "sample selected machine registers on interrupt, use '-I?' to list "
			  "register names" },
		OPT_CALLBACK('k', "clockid", &o->attr, "clockid",
			     "clockid to use for events, see clock_gettime()", record_parse_clockid),
		OPT_BOOLEAN('B', "no-buildid", &o->no_buildid,
			    "do not collect buildids in perf.data"),
		OPT_BOOLEAN('N', "no-buildid-cache", &o->no_buildid_cache,
			    "do not update the buildid cache (perf-mini keeps none)"),
		OPT_BOOLEAN('d', "data", &o->attr.sample_addr, "Record the sample addresses"),
		OPT_BOOLEAN(0, "phys-data", &o->attr.sample_phys, "Record the sample physical addresses"),
		OPT_BOOLEAN(0, "data-page-size", &o->attr.data_page_size,
			    "Record the sampled data address data page size"),
		OPT_BOOLEAN(0, "code-page-size", &o->attr.code_page_size,
			    "Record the sampled code address (ip) page size"),
		OPT_BOOLEAN('W', "weight", &o->attr.sample_weight,
			    "sample by weight (on special events only)"),
		OPT_BOOLEAN(0, "sample-cpu", &o->attr.sample_cpu, "Record the sample cpu"),
		OPT_BOOLEAN('P', "period", &o->attr.sample_period, "Record the sample period"),
		OPT_CALLBACK_NOOPT('b', "branch-any", o, "sample any taken branches",
				   record_parse_branch_any),
		OPT_CALLBACK('j', "branch-filter", o, "branch filter mask",
			     "branch stack filter modes", record_parse_branch_filter),
		OPT_BOOLEAN(0, "all-user", &o->attr.all_user,
			    "Configure all used events to run in user space."),
		OPT_BOOLEAN(0, "all-kernel", &o->attr.all_kernel,
			    "Configure all used events to run in kernel space."),
		OPT_BOOLEAN(0, "transaction", &o->attr.sample_transaction,
			    "sample transaction flags (special events only)"),
		{ .type = OPTION_CALLBACK, .short_name = 'S', .long_name = "snapshot",
		  .value = &o->snapshot, .argh = "opts", .flags = PARSE_OPT_OPTARG,
		  .callback = record_parse_optional_string,
		  .help = "AUX area tracing Snapshot Mode (refused: no AUX area here)" },
		{ .type = OPTION_CALLBACK, .long_name = "aux-sample", .value = &o->aux_sample,
		  .argh = "opts", .flags = PARSE_OPT_OPTARG,
		  .callback = record_parse_optional_string,
		  .help = "sample AUX area (refused: no AUX area here)" },
		OPT_BOOLEAN(0, "kcore", &o->kcore, "copy /proc/kcore (refused: not copied here)"),
		OPT_STRING(0, "vmlinux", &o->vmlinux, "file", "vmlinux pathname"),
		{ .type = OPTION_CALLBACK, .long_name = "debuginfod", .value = &o->debuginfod,
		  .argh = "debuginfod urls", .flags = PARSE_OPT_OPTARG,
		  .callback = record_parse_optional_string,
		  .help = "Enable debuginfod data retrieval (nothing to fetch: no build-id cache)" },
		OPT_STRING(0, "clang-path", &o->clang_path, "clang path",
			   "clang binary to use for compiling BPF scriptlets (none are compiled)"),
		OPT_STRING(0, "clang-opt", &o->clang_opt, "clang options",
			   "options passed to clang when compiling BPF scriptlets (none are compiled)"),
		OPT_BOOLEAN('q', "quiet", &o->quiet, "don't print any message"),
		OPT_INCR('v', "verbose", &o->verbose, "be more verbose (-vv: each perf_event_attr)"),
		OPT_END(),
	};

	BUILD_BUG_ON(sizeof(options) != RECORD_NR_OPTIONS * sizeof(*table));
	memcpy(table, options, sizeof(options));
	return table;
}

int cmd_record(int argc, const char **argv, struct pm_env *env)
{
	struct record_opts o;
	struct option options[RECORD_NR_OPTIONS];
	struct strbuf err = STRBUF_INIT;
	int ret;

	record_opts__init(&o, env, argc, argv);
	ret = parse_options(argc, argv, record_options(&o, options), record_usage,
			    PARSE_OPT_STOP_AT_NON_OPTION, &err);
	if (ret < 0) {
		char *usage = strstr(err.buf, "\n Usage: perf-mini record");

		/* top's recorder: record's usage is not the user's (sched and
		 * trace record show it, as perf does) */
		if (usage && !strcmp(record_cmd, "top"))
			strbuf_setlen(&err, usage + 1 - err.buf);
		ret = cmd_usage_result(ret, err.buf);
		goto out;
	}
	argc = ret;
	o.has_workload = argc > 0;
	if (!o.output)
		o.output = cmd_default_output();
	if (o.debuginfod)	/* perf's warning where it is built without it */
		fputs("WARNING: debuginfod support requested, but perf-mini record fetches "
		      "nothing: it keeps no build-id cache\n", stderr);
	if ((ret = record_check_aux(&o, &err)) || record_check_opts(&o, &err)) {
		cmd_error(record_cmd, err.buf);
		/* perf's -EINVAL, or what perf would record and perf-mini cannot */
		ret = ret == -EINVAL ? 234 : ret ? PM_EXIT_ERROR : 129;
		goto out;
	}
	if ((ret = setup_target(&o, argv, argc, &err))) {
		cmd_error(record_cmd, err.buf);
		ret = cmd_target_status(record_cmd, ret, o.pid, o.tid);
		goto out;
	}
	if (!o.evlist->nr)
		record_add_default_event(&o, &err);
	if (o.group && o.evlist->nr > 1)
		evlist__make_group(o.evlist, 0, o.evlist->nr - 1);
	o.attr.user_freq = o.attr.freq > 0;
	ret = 0;
	if (o.dry_run)	/* as perf: the options were checked, nothing is recorded */
		goto out;
	if (o.kcore && record_check_kcore(&o, &err)) {	/* perf's check as it begins */
		cmd_error(record_cmd, err.buf);
		ret = PM_EXIT_ERROR;
		goto out;
	}
	record_catch_signals(o.switch_signal);
	ret = record_run(&o, argv, &err);
	if (o.start_failed)	/* perf's status, scripts test for it */
		ret = PM_EXIT_ERROR;
	if (err.len)
		cmd_error(record_cmd, err.buf);
	/* as perf: stopped by a signal, record ends by it; with a workload its
	 * status (it gets SIGTERM) is the answer */
	if (record_stopped_by() && !o.has_workload)
		env->exit_signal = record_stopped_by();
out:
	strbuf_release(&err);
	record_opts__exit(&o);
	return ret;
}
