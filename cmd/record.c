// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini record: sample a workload, processes, threads or CPUs into a
 * perf.data that Linux perf reads (and perf-mini report, of course).
 */
#include <errno.h>
#include <sched.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

#include "record.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/sample.h"
#include "../util/data/writer.h"
#include "../util/events/attr-print.h"
#include "../util/events/branch-filter.h"
#include "../util/events/cgroup.h"
#include "../util/events/evlist-open.h"
#include "../util/events/parse-events.h"
#include "../util/events/record-attr.h"
#include "../util/events/regs.h"
#include "../util/events/target.h"
#include "../util/events/workload.h"
#include "../util/record/host-features.h"
#include "../util/record/recorder.h"
#include "../util/record/synth.h"
#include "../util/record/synth-maps.h"
#include "../util/record/tracing-data.h"
#include "../util/events/tracepoint.h"
#include "../util/symbols/dso.h"
#include "../util/symbols/kernel-build-id.h"

static const char *const record_usage[] = {
	"perf-mini record [<options>] [<command>]",
	"perf-mini record [<options>] -- <command> [<options>]",
	NULL,
};


/* the signal that stopped the recording, 0 while it runs */
static volatile sig_atomic_t record_done;
/* --switch-output (signal): SIGUSR2 asks for a new file */
static volatile sig_atomic_t switch_requested;

static void switch_signal(int sig)
{
	(void)sig;
	switch_requested = 1;
}

static void record_signal(int sig)
{
	record_done = sig;
}

static int parse_event_option(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)unset;
	if (parse_events(o->evlist, arg, &o->pctx, err))
		return (strbuf_addch(err, '\n'), -1);
	return 0;
}

/* --user-regs[=REGS], -I/--intr-regs[=REGS]: perf's default is them all */
static int parse_regs(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	uint64_t *mask = opt->value;

	if (unset) {
		*mask = 0;
		return 0;
	}
	if (!arg) {
		*mask = arch__host()->regs_default;
		return 0;
	}
	return regs__parse(arch__host(), arg, mask, err) ? -1 : 0;
}

static int parse_clockid(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err)
{
	struct record_attr_opts *a = opt->value;

	if (unset) {
		a->use_clockid = false;
		return 0;
	}
	return record_attr__parse_clockid(arg, a, err) ? -1 : 0;
}

static int parse_zstd_level(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	int *level = opt->value;

	if (unset) {
		*level = 0;
		return 0;
	}
	*level = 1;
	if (arg && (str_to_int(arg, level) || *level < 1 || *level > 22)) {
		strbuf_addf(err, "-z %s: the compression level is 1 (fastest) to 22 (smallest)",
			    arg);
		return -1;
	}
	return 0;
}

/* -F N or -F max (the kernel's perf_event_max_sample_rate, as perf) */
static int parse_freq(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)unset;
	o->freq_max = !strcmp(arg, "max");
	if (o->freq_max)
		return 0;
	if (str_to_int(arg, &o->attr.freq) || o->attr.freq <= 0) {
		strbuf_addf(err, "-F %s: the frequency must be a positive number of samples a "
			    "second, or max\nhint: e.g. -F 4000 (the default), -F max", arg);
		return -1;
	}
	return 0;
}

/* perf's unit_number__scnprintf(): 4096 is 4K, 1 MiB is 1024K */
static void add_size(struct strbuf *sb, uint64_t n)
{
	static const char units[] = "BKMGTPE";
	int i = 0;

	while (n / 1024 > 1 && units[i + 1]) {
		n /= 1024;
		i++;
	}
	strbuf_addf(sb, "%" PRIu64 "%c", n, units[i]);
}

/*
 * -m: pages, or a size with perf's letters (16K, 1M); like perf, a count
 * that is not a power of two is rounded up, and said so.
 */
static int parse_mmap_pages(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	unsigned int *pages = opt->value;
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), n, p2 = 1;
	struct strbuf msg = STRBUF_INIT;

	(void)unset;
	if (strchr(arg, ',')) {
		strbuf_addf(err, "-m %s: an AUX area size is for Intel PT and other AUX "
			    "tracers, which perf-mini does not record\nhint: give the data pages "
			    "alone (-m 1M)", arg);
		return -1;
	}
	if (!str_to_size(arg, &n))
		n = (n + page - 1) / page;
	else if (str_to_u64(arg, 10, &n)) {
		strbuf_addf(err, "-m %s: not a number of pages or a size (e.g. -m 128, -m 1M)",
			    arg);
		return -1;
	}
	while (p2 < n && p2 <= UINT32_MAX / 2)
		p2 *= 2;
	if (p2 < n) {
		strbuf_addf(err, "-m %s: more than %u pages", arg, UINT32_MAX / 2 + 1);
		return -1;
	}
	if (p2 != n) {
		add_size(&msg, p2 * page);
		fprintf(stderr, "rounding mmap pages size to %s (%" PRIu64 " pages)\n", msg.buf, p2);
		strbuf_release(&msg);
	}
	*pages = (unsigned int)p2;
	return 0;
}

/* --max-size, --mmap-flush: bytes, or a number with B, K, M or G. */
static int parse_byte_size(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err)
{
	uint64_t *size = opt->value;

	(void)unset;
	if ((str_to_size(arg, size) && str_to_u64(arg, 10, size)) || !*size) {
		strbuf_addf(err, "--%s %s: not a size\nhint: a number of bytes with B, K, M or G "
			    "(e.g. --%s 16K)", opt->long_name, arg, opt->long_name);
		return -1;
	}
	return 0;
}

/* --synth=TYPE[,TYPE]: task, mmap (implies task), cgroup, all or no. */
static int parse_synth(const struct option *opt, const char *arg, int unset,
		       struct strbuf *err)
{
	static const struct { const char *name; unsigned int what; } types[] = {
		{ "task", SYNTH_TASK }, { "mmap", SYNTH_TASK | SYNTH_MMAP },
		{ "cgroup", SYNTH_CGROUP }, { "all", SYNTH_ALL }, { "no", 0 },
	};
	unsigned int *what = opt->value;
	char *list = strdup(arg ?: ""), *save = NULL;

	BUG_ON(!list);
	*what = 0;
	for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		size_t i = 0;

		while (i < ARRAY_SIZE(types) && strcmp(t, types[i].name))
			i++;
		if (i == ARRAY_SIZE(types)) {
			strbuf_addf(err, "--synth=%s: '%s' is not a type of event to synthesize\n"
				    "hint: task, mmap, cgroup, all or no (comma separated)", arg, t);
			free(list);
			return -1;
		}
		*what |= types[i].what;
	}
	free(list);
	(void)unset;
	return 0;
}

/* --switch-output[=signal|SIZE|TIME]: SIZE with B/K/M/G, TIME with s/m/h/d. */
static int parse_switch_output(const struct option *opt, const char *arg, int unset,
			       struct strbuf *err)
{
	struct record_opts *o = opt->value;
	static const struct { char unit; uint64_t ns; } units[] = {
		{ 's', 1000000000ULL }, { 'm', 60000000000ULL }, { 'h', 3600000000000ULL },
		{ 'd', 86400000000000ULL },
	};
	uint64_t n;
	char *end;

	(void)unset;
	o->switch_signal = !arg || !strcmp(arg, "signal");
	o->timestamp_filename = true;
	if (o->switch_signal || (!str_to_size(arg, &o->switch_size) && o->switch_size))
		return 0;
	errno = 0;
	n = strtoull(arg, &end, 10);
	for (size_t i = 0; !errno && end != arg && end[0] && !end[1] && i < ARRAY_SIZE(units); i++)
		if (*end == units[i].unit && n) {
			o->switch_time_ns = n * units[i].ns;
			return 0;
		}
	strbuf_addf(err, "--switch-output=%s: not signal, a size or a time\nhint: e.g. "
		    "--switch-output (on SIGUSR2), --switch-output=100M, --switch-output=30s", arg);
	return -1;
}

static int parse_branch_any(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)arg;
	if (unset) {
		o->attr.branch_mode = 0;
		return 0;
	}
	if (o->attr.branch_mode) {
		strbuf_addstr(err, "-b and -j cannot be used together\nhint: -b is -j any");
		return -1;
	}
	o->attr.branch_mode = PERF_SAMPLE_BRANCH_ANY;
	return 0;
}

static int parse_branch_filter_option(const struct option *opt, const char *arg, int unset,
				      struct strbuf *err)
{
	struct record_opts *o = opt->value;

	if (unset) {
		o->attr.branch_mode = 0;
		return 0;
	}
	if (o->attr.branch_mode) {
		strbuf_addstr(err, "-b and -j cannot be used together (nor -j twice)\n"
				   "hint: give the filters in one -j, comma separated");
		return -1;
	}
	return parse_branch_filter(arg, &o->attr.branch_mode, err) ? -1 : 0;
}

/* --- setup ----------------------------------------------------------- */

/*
 * As perf: -F max is the kernel's limit, and a higher -F is lowered to it
 * with perf's warning (refused with --strict-freq).
 */
static int check_max_freq(struct record_opts *o, struct strbuf *err)
{
	int max = perf_event_max_sample_rate();

	if (max <= 0) {
		if (o->freq_max)
			strbuf_addstr(err, "-F max: /proc/sys/kernel/perf_event_max_sample_rate "
				      "cannot be read\nhint: give the frequency (-F 4000)");
		return o->freq_max ? -EINVAL : 0;
	}
	if (o->freq_max) {
		o->attr.freq = max;
		if (!o->quiet)
			fprintf(stderr, "info: Using a maximum frequency rate of %d Hz\n", max);
		return 0;
	}
	if (o->attr.freq <= max)
		return 0;
	if (o->strict_freq) {
		strbuf_addf(err, "-F %d: the maximum frequency rate is %d Hz (--strict-freq)\n"
			    "hint: use a lower -F, or raise "
			    "/proc/sys/kernel/perf_event_max_sample_rate", o->attr.freq, max);
		return -EINVAL;
	}
	fprintf(stderr, "warning: Maximum frequency rate (%d Hz) exceeded, throttling from %d Hz "
		"to %d Hz.\n         The limit can be raised via "
		"/proc/sys/kernel/perf_event_max_sample_rate.\n         The kernel will lower it "
		"when perf's interrupts take too long.\n         Use --strict-freq to disable this "
		"throttling, refusing to record.\n", max, o->attr.freq, max);
	o->attr.freq = max;
	return 0;
}

static int check_opts(struct record_opts *o, struct strbuf *err)
{
	if (check_max_freq(o, err))
		return -EINVAL;
	if (o->attr.all_user && o->attr.all_kernel) {
		strbuf_addstr(err, "--all-user and --all-kernel cannot be used together\n"
			      "hint: drop both to record user and kernel space");
		return -EINVAL;
	}
	for (int i = 0; i < o->evlist->nr; i++) {
		const struct evsel *e = o->evlist->entries[i];

		/* the kernel keeps TopDown metrics in PERF_METRICS, read with
		 * slots: there is nothing to sample (and {slots,metric}:S is
		 * refused by the kernel for the same reason) */
		if (e->is_topdown_metric) {
			strbuf_addf(err, "'%s' is a TopDown metric: metrics cannot be sampled\n"
				    "hint: count it with perf-mini stat --topdown (or -e "
				    "'{slots,%s}')", e->name, e->name);
			return -EINVAL;
		}
	}
	if (record_switches(o) && o->output && !strcmp(o->output, "-"))
		strbuf_addstr(err, "--switch-output writes one file after another: it cannot "
				   "write to a pipe\nhint: give -o FILE (files FILE.<timestamp>)");
	if (o->switch_max_files < 0)
		strbuf_addf(err, "--switch-max-files %d: not a number of files", o->switch_max_files);
	if (o->per_thread && (o->all_cpus || o->cpu_list))
		strbuf_addstr(err, "--per-thread records tasks, not CPUs: it cannot be used with "
				   "-a or -C\nhint: drop --per-thread, or record -p PID / a command");
	if (o->off_cpu)
		strbuf_addstr(err, "--off-cpu needs perf's BPF program, which perf-mini does not "
				   "use\nhint: record the context switches instead: -e "
				   "sched:sched_switch -g (or --switch-events)");
	if (o->delay < -1)
		strbuf_addf(err, "-D %d is not a delay\nhint: give milliseconds, or -1 to start "
			    "with the events disabled", o->delay);
	if (o->attr.freq && o->attr.period)
		strbuf_addstr(err, "-F and -c cannot be used together\nhint: sample by frequency "
				   "(-F 4000) or every N events (-c 100000)");
	/* as perf: a flight recorder describes what exists when it is dumped */
	o->tail_synthesize |= o->attr.overwrite;
	return err->len ? -EINVAL : 0;
}

/* The workload is sampled on every CPU (inherit needs per-CPU buffers). */
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
	} else if (!ret && target__counts_workload(&o->target)) {
		cpu_map__delete(o->target.cpus);
		ret = cpu_map__online(&o->target.cpus, o->paths.online_cpus, err);
	}
	if (!ret && target__has_task(&o->target))
		o->attr.no_inherit = true;	/* per-task buffers cannot inherit */
	if (!ret && o->evlist->nr_cgroups && !target__has_cpu(&o->target)) {
		strbuf_addstr(err, "-G records a cgroup's tasks on the CPUs: it needs -a or -C\n"
				   "hint: e.g. perf-mini record -a -G mygroup -- sleep 5");
		ret = -EINVAL;
	}
	if (!ret)
		ret = evlist__open_cgroups(o->evlist, o->paths.proc, err);
	if (!ret && o->control)
		ret = control__open(&o->ctl, o->control, err);
	o->attr.cpu_wide = target__has_cpu(&o->target);
	o->attr.enable_on_exec = o->has_workload && !target__has_task(&o->target) &&
				 !target__has_cpu(&o->target);
	if (!ret)
		ret = record_attr__parse_call_graph(o->call_graph, &o->attr, err);
	o->attr.callchain |= o->fp_callchain;
	return ret;
}

static int open_events(struct record_opts *o, struct strbuf *err)
{
	struct evlist_open_opts oo = {
		.cpus = o->target.cpus, .threads = o->target.threads,
		.trace = o->verbose >= 2 ? cmd_trace_to_stderr : NULL,
	};
	struct evsel *e;
	int i, ret = evlist__open(o->evlist, &oo, err);

	if (ret)
		return ret;
	if (!o->quiet)
		cmd_warn_user_only(o->evlist);
	evlist__for_each(o->evlist, e, i) {
		if (e->supported)
			continue;
		evsel__explain_unsupported(e, err);
		evlist__close(o->evlist);
		return -EOPNOTSUPP;
	}
	return 0;
}

/* -r: the recorder drains its buffers ahead of the workload (SCHED_FIFO). */
static int set_realtime(int prio, struct strbuf *err)
{
	struct sched_param p = { .sched_priority = prio };

	if (!sched_setscheduler(0, SCHED_FIFO, &p))
		return 0;
	strbuf_addf(err, "cannot run at SCHED_FIFO priority %d (-r): %s\nhint: %s", prio,
		    strerror(errno), errno == EPERM ? "real-time priority needs root or "
		    "CAP_SYS_NICE (or an RLIMIT_RTPRIO allowance)" : "give a priority from 1 to 99");
	return -1;
}

/* -D: perf's dummy:HG, last, tracks the maps while the events wait. */
static void add_tracking_dummy(struct record_opts *o)
{
	struct strbuf err = STRBUF_INIT;

	BUG_ON(parse_events(o->evlist, "dummy:HG", &o->pctx, &err));
	strbuf_release(&err);
	o->attr.tracking_dummy = true;
}

static int open_with_fallback(struct record_opts *o, struct strbuf *err)
{
	int ret = open_events(o, err);

	if (ret != -EOPNOTSUPP || !o->default_event)
		return ret;
	strbuf_reset(err);
	if (o->verbose && !o->quiet)	/* as perf: said with -v only */
		fprintf(stderr, "Warning:\nThe cycles event is not supported, trying to fall back "
				"to cpu-clock-ticks\n");
	evlist__truncate(o->evlist, 0);
	if (parse_events(o->evlist, "cpu-clock", &o->pctx, err))
		return -EINVAL;
	if (o->delay || o->evlist->nr_cgroups)
		add_tracking_dummy(o);
	record_attr__configure(o->evlist, &o->attr);
	return open_events(o, err);
}

/* --- the loop -------------------------------------------------------- */

/* -D: the sampled events are enabled once @enable_at (ns) has come. */
static int wait_ms(uint64_t enable_at)
{
	uint64_t now = clock_now_ns();

	if (!enable_at)
		return 100;
	if (now >= enable_at)
		return 0;
	return (enable_at - now) / 1000000 >= 100 ? 100 : (int)((enable_at - now) / 1000000) + 1;
}

static void enable_after_delay(struct record_opts *o, uint64_t *enable_at)
{
	if (!*enable_at || clock_now_ns() < *enable_at)
		return;
	evlist__enable(o->evlist);
	*enable_at = 0;
	if (!o->quiet)
		fputs("Events enabled\n", stderr);
}

/* --max-size: perf's line, and the recording stops as on a signal. */
static bool size_limit_reached(struct record_opts *o, const struct recorder *r)
{
	if (!o->max_size || r->w->data_size < o->max_size)
		return false;
	if (!o->quiet)
		fprintf(stderr, "[ perf record: perf size limit reached (%" PRIu64 " KB), "
			"stopping session ]\n", r->w->data_size / 1024);
	o->size_limited = true;
	return true;
}

/* --switch-output: time for a new file? (by signal, size or time) */
static bool switch_due(struct record_opts *o, const struct recorder *r,
		       uint64_t *next_switch)
{
	if (switch_requested) {
		switch_requested = 0;
		return true;
	}
	if (record_switch_event_fired(o))
		return true;
	if (o->switch_size && r->w->data_size >= o->switch_size)
		return true;
	if (*next_switch && clock_now_ns() >= *next_switch) {
		*next_switch += o->switch_time_ns;
		return true;
	}
	return false;
}

/* As perf: the size is checked when the kernel wakes us, at half a buffer. */
static void warn_switch_size(const struct record_opts *o)
{
	uint64_t wakeup = (record_ring_bytes(o) + (uint64_t)sysconf(_SC_PAGESIZE)) / 2;

	if (o->switch_size && o->switch_size < wakeup && !o->quiet)
		fprintf(stderr, "WARNING: switch-output data size lower than wakeup kernel buffer "
			"size (%" PRIu64 "K) expect bigger perf.data sizes\n", wakeup / 1024);
}

/* --control, read at each wake-up (a tenth of a second at most apart). */
static void serve_control(struct record_opts *o)
{
	struct strbuf said = STRBUF_INIT;

	o->ctl_stop |= control__serve(&o->ctl, o->evlist, &said);
	if (!o->quiet)
		fputs(said.buf, stderr);
	strbuf_release(&said);
}

static int record_loop(struct record_opts *o, struct recorder *r, pid_t watch,
		       struct strbuf *err)
{
	int pidfd = cmd_pidfd_open(watch);
	uint64_t enable_at = o->delay > 0 ? clock_now_ns() + (uint64_t)o->delay * 1000000 : 0;
	uint64_t next_switch = o->switch_time_ns ? clock_now_ns() + o->switch_time_ns : 0;
	int ret = 0;

	if (o->delay && !o->quiet)
		fputs("Events disabled\n", stderr);
	while (!record_done && !ret) {
		/* the kernel wakes us at half a buffer; the timeout bounds what a
		 * recording killed outright can lose to a tenth of a second */
		bool exited = recorder__wait(r, pidfd, wait_ms(enable_at));

		enable_after_delay(o, &enable_at);
		serve_control(o);
		ret = recorder__drain(r, err);
		if (exited || size_limit_reached(o, r) || o->ctl_stop)
			break;
		if (!ret && switch_due(o, r, &next_switch)) {
			uint64_t flush = r->flush;

			/* a file gets all that came before its end (as perf) */
			r->flush = 0;
			ret = recorder__drain(r, err);
			r->flush = flush;
			/* --overwrite: a switch is when the flight recorder dumps */
			if (!ret)
				ret = recorder__read_backward(r, err);
			if (!ret)
				ret = record_switch_output(o, r, err);
		}
	}
	evlist__disable(o->evlist);
	r->flush = 0;	/* the rest, however little */
	if (!ret)
		ret = recorder__drain(r, err);
	if (!ret)
		ret = recorder__read_backward(r, err);
	recorder__save_lost_samples(r);
	if (pidfd >= 0)
		close(pidfd);
	return ret;
}

static int start_workload(struct record_opts *o, struct workload *wl, const char **argv,
			  struct strbuf *err)
{
	int ret = workload__start(wl, argv[0], err);

	/* as a shell: 127 for a command not found, 126 for one that cannot run */
	if (ret)
		o->exec_status = ret == -ENOENT ? 127 : 126;
	return ret;
}

static int start(struct record_opts *o, struct workload *wl, const char **argv,
		 struct strbuf *err)
{
	if (o->has_workload && target__counts_workload(&o->target))
		return start_workload(o, wl, argv, err);
	/* -D: only the tracking dummy runs until the delay is over */
	if (o->delay)
		evsel__enable(o->evlist->entries[o->evlist->nr - 1]);
	else
		evlist__enable(o->evlist);
	if (o->has_workload)
		return start_workload(o, wl, argv, err);
	return 0;
}

static int run_record(struct record_opts *o, const char **argv, struct strbuf *err)
{
	struct workload wl = { .pid = -1 };
	struct perf_data_writer w = { .fd = -1 };
	struct recorder r = { 0 };
	struct record_events re = { 0 };
	struct compressor zstd = { 0 };
	int status, ret;

	if (o->delay || o->evlist->nr_cgroups)
		add_tracking_dummy(o);
	record_attr__configure(o->evlist, &o->attr);
	if (o->has_workload) {
		ret = workload__prepare(&wl, argv, err);
		if (ret)
			return 1;
		if (target__counts_workload(&o->target))
			o->target.threads->entries[0].tid = wl.pid;
	}
	/* after the fork: the workload keeps its own scheduling */
	ret = o->realtime ? set_realtime(o->realtime, err) : 0;
	if (!ret)
		ret = open_with_fallback(o, err);
	if (!ret)
		ret = record_open_switch_events(o, err);
	if (!ret)
		ret = record_collect_events(o, &re);
	if (!ret && o->zstd_level)
		ret = compressor__init(&zstd, o->zstd_level);
	if (!ret) {
		cmd_keep_old_output(o->output);
		ret = record_open_output(o, &w, &re, err);
		w.zstd = o->zstd_level ? &zstd : NULL;
		o->events = &re;
		o->zstd = w.zstd;
		o->workload_pid = o->has_workload ? wl.pid : 0;
	}
	if (!ret)
		ret = recorder__init(&r, o->evlist, o->target.cpus->nr, o->target.threads->nr, &w,
				     o->mmap_pages ? o->mmap_pages : 128, o->attr.overwrite, err);
	/* as perf: at most a quarter of a buffer waits */
	r.flush = o->mmap_flush < record_ring_bytes(o) / 4 ? o->mmap_flush : record_ring_bytes(o) / 4;
	if (!ret && o->verbose)	/* perf's -v line: the data pages and the header page */
		fprintf(stderr, "mmap size %" PRIu64 "B\n",
			(uint64_t)record_ring_bytes(o) + (uint64_t)sysconf(_SC_PAGESIZE));
	if (!ret) {
		record_synthesize(o, &r, &w, o->has_workload ? wl.pid : 0, false);
		ret = start(o, &wl, argv, err);
	}
	if (ret) {
		if (o->has_workload)
			workload__abort(&wl);
		perf_data_writer__discard(&w);
		goto out;
	}
	ret = record_loop(o, &r, o->has_workload ? wl.pid : o->target.watch_pid, err);
	/* before the workload is reaped: its comm is still there to read */
	record_synthesize(o, &r, &w, o->has_workload ? wl.pid : 0, true);
	if (o->has_workload) {
		/* as perf: a recording that ends first (a signal, a full disk)
		 * ends its workload */
		if (record_done || ret || o->size_limited || o->ctl_stop)
			kill(wl.pid, SIGTERM);
		if (waitpid(wl.pid, &status, 0) > 0)
			o->exit_code = workload__exit_code(status);
		if ((o->size_limited || o->ctl_stop) && WIFSIGNALED(status) &&
		    WTERMSIG(status) == SIGTERM)
			o->exit_code = 0;	/* stopped as asked */
	}
	/* whatever happened, what was captured is finalised */
	if (!record_finish_output(o, &r, &w, &re, err) && !ret && !record_stamp_output(o, err))
		record_print_summary(o, &r, &w);
out:
	compressor__exit(&zstd);
	recorder__exit(&r);
	record_close_switch_events(o);
	evlist__close(o->evlist);
	free(re.v);
	if (o->exec_status)	/* the workload could not be started */
		return o->exec_status;
	return ret ? 1 : o->exit_code;
}

/* --- the command ----------------------------------------------------- */

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
	o->pctx.tool = "record";
	o->paths.proc = env->proc_root;
	o->sysfs_root = env->sysfs_root;
	o->paths.online_cpus = env->online_cpus;
	o->synth = SYNTH_ALL;
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

int cmd_record(int argc, const char **argv, struct pm_env *env)
{
	struct record_opts o;
	const struct option options[] = {
		OPT_CALLBACK('e', "event", &o, "event",
			     "event selector. use 'perf-mini list' to list available events",
			     parse_event_option),
		OPT_CALLBACK(0, "filter", &o.evlist, "filter", "event filter", cmd_parse_filter),
		OPT_CALLBACK_NOOPT(0, "exclude-perf", &o.evlist,
				   "don't record events from perf itself", cmd_parse_exclude_perf),
		OPT_STRING('o', "output", &o.output, "file", "output file name"),
		OPT_CALLBACK('F', "freq", &o, "freq or 'max'",
			     "profile at this frequency", parse_freq),
		OPT_BOOLEAN(0, "strict-freq", &o.strict_freq,
			    "Fail if the specified frequency can't be used"),
		OPT_U64('c', "count", &o.attr.period, "event period to sample"),
		OPT_BOOLEAN('g', NULL, &o.fp_callchain,
			    "enables call-graph recording (frame pointers)"),
		OPT_STRING(0, "call-graph", &o.call_graph, "record_mode[,record_size]",
			   "setup and enables call-graph recording: fp or dwarf[,size]"),
		OPT_CALLBACK('m', "mmap-pages", &o.mmap_pages, "pages",
			     "number of mmap data pages, or a size (16K, 1M)", parse_mmap_pages),
		{ .type = OPTION_CALLBACK, .short_name = 'z', .long_name = "compression-level",
		  .value = &o.zstd_level, .argh = "n", .flags = PARSE_OPT_OPTARG,
		  .callback = parse_zstd_level,
		  .help = "Compress records using specified level (default: 1 - fastest "
			  "compression, 22 - greatest compression)" },
		OPT_BOOLEAN('a', "all-cpus", &o.all_cpus, "system-wide collection from all CPUs"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to monitor"),
		OPT_STRING('p', "pid", &o.pid, "pid", "record events on existing process id"),
		OPT_STRING('t', "tid", &o.tid, "tid", "record events on existing thread id"),
		OPT_STRING('u', "uid", &o.uid, "user", "user to profile"),
		OPT_BOOLEAN('i', "no-inherit", &o.attr.no_inherit, "child tasks do not inherit counters"),
		OPT_BOOLEAN('s', "stat", &o.attr.inherit_stat, "per thread counts"),
		OPT_BOOLEAN(0, "running-time", &o.attr.running_time,
			    "Record running/enabled time of read (:S) events"),
		OPT_BOOLEAN('R', "raw-samples", &o.attr.raw_samples,
			    "collect raw sample records from all opened counters"),
		OPT_BOOLEAN(0, "sample-identifier", &o.attr.sample_identifier,
			    "Record the sample identifier"),
		OPT_BOOLEAN('n', "no-samples", &o.attr.no_samples, "don't sample"),
		{ .type = OPTION_CALLBACK, .long_name = "switch-output", .value = &o,
		  .argh = "signal or size[BKMG] or time[smhd]", .flags = PARSE_OPT_OPTARG,
		  .callback = parse_switch_output,
		  .help = "Switch output when receiving SIGUSR2 (signal) or cross a size or "
			  "time threshold" },
		OPT_CALLBACK(0, "switch-output-event", &o, "switch output event",
			     "switch output event selector. use 'perf list' to list available "
			     "events", record_parse_switch_event),
		OPT_INTEGER(0, "switch-max-files", &o.switch_max_files,
			    "Limit number of switch output generated files"),
		OPT_CALLBACK(0, "mmap-flush", &o.mmap_flush, "number",
			     "Minimal number of bytes that is extracted from mmap data pages "
			     "(default: 1)", parse_byte_size),
		OPT_CALLBACK(0, "max-size", &o.max_size, "size",
			     "Limit the sample data max size, <size> is expected to be a number "
			     "with appended unit character - B/K/M/G", parse_byte_size),
		OPT_BOOLEAN(0, "dry-run", &o.dry_run, "Parse options then exit"),
		OPT_BOOLEAN(0, "group", &o.group, "put the counters into a counter group"),
		OPT_BOOLEAN(0, "buildid-all", &o.buildid_all,
			    "Record build-id of all DSOs regardless of hits (always done)"),
		OPT_BOOLEAN(0, "no-bpf-event", &o.no_bpf_event,
			    "do not record bpf events (none are recorded)"),
		OPT_INTEGER('r', "realtime", &o.realtime,
			    "collect data with this RT SCHED_FIFO priority"),
		OPT_STRING(0, "control", &o.control, "fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]",
			   "Listen on ctl-fd descriptor for command to control measurement "
			   "('enable': enable events, 'disable': disable events)"),
		OPT_CALLBACK('G', "cgroup", &o.evlist, "name", "monitor event in cgroup name only",
			     cmd_parse_cgroup),
		OPT_BOOLEAN(0, "per-thread", &o.per_thread, "use per-thread mmaps"),
		OPT_BOOLEAN(0, "off-cpu", &o.off_cpu, "Enable off-cpu analysis"),
		OPT_BOOLEAN(0, "timestamp-filename", &o.timestamp_filename,
			    "append timestamp to output filename"),
		OPT_BOOLEAN(0, "no-buffering", &o.attr.no_buffering, "collect data without buffering"),
		OPT_BOOLEAN(0, "overwrite", &o.attr.overwrite, "use overwrite mode"),
		OPT_BOOLEAN(0, "tail-synthesize", &o.tail_synthesize,
			    "synthesize non-sample events at the end of output"),
		OPT_CALLBACK(0, "synth", &o.synth, "no|all|task|mmap|cgroup",
			     "Fine-tune event synthesis: default=all", parse_synth),
		OPT_INTEGER('D', "delay", &o.delay,
			    "ms to wait before starting measurement after program start (-1: "
			    "start with events disabled)"),
		OPT_BOOLEAN('T', "timestamp", &o.timestamp,
			    "Record the sample timestamps (always recorded)"),
		OPT_BOOLEAN(0, "timestamp-boundary", &o.timestamp_boundary,
			    "Record timestamp boundary (time of first/last samples; always recorded)"),
		OPT_BOOLEAN(0, "switch-events", &o.attr.switch_events, "Record context switch events"),
		OPT_BOOLEAN(0, "namespaces", &o.attr.namespaces,
			    "Record namespaces events"),
		OPT_BOOLEAN(0, "all-cgroups", &o.attr.cgroups, "Record cgroup events"),
		OPT_BOOLEAN(0, "buildid-mmap", &o.attr.buildid_mmap,
			    "Record build-id in map events"),
		OPT_BOOLEAN(0, "kernel-callchains", &o.attr.kernel_callchains,
			    "collect kernel callchains"),
		OPT_BOOLEAN(0, "user-callchains", &o.attr.user_callchains,
			    "collect user callchains"),
		{ .type = OPTION_CALLBACK, .long_name = "user-regs", .value = &o.attr.user_regs,
		  .argh = "any register", .flags = PARSE_OPT_OPTARG, .callback = parse_regs,
		  .help = "sample selected machine registers on interrupt, use '-I?' to list "
			  "register names" },
		{ .type = OPTION_CALLBACK, .short_name = 'I', .long_name = "intr-regs",
		  .value = &o.attr.intr_regs, .argh = "any register", .flags = PARSE_OPT_OPTARG,
		  .callback = parse_regs,
		  .help = "sample selected machine registers on interrupt, use '-I?' to list "
			  "register names" },
		OPT_CALLBACK('k', "clockid", &o.attr, "clockid",
			     "clockid to use for events, see clock_gettime()", parse_clockid),
		OPT_BOOLEAN('B', "no-buildid", &o.no_buildid,
			    "do not collect buildids in perf.data"),
		OPT_BOOLEAN('N', "no-buildid-cache", &o.no_buildid_cache,
			    "do not update the buildid cache (perf-mini keeps none)"),
		OPT_BOOLEAN('d', "data", &o.attr.sample_addr, "Record the sample addresses"),
		OPT_BOOLEAN(0, "phys-data", &o.attr.sample_phys, "Record the sample physical addresses"),
		OPT_BOOLEAN(0, "data-page-size", &o.attr.data_page_size,
			    "Record the sampled data address data page size"),
		OPT_BOOLEAN(0, "code-page-size", &o.attr.code_page_size,
			    "Record the sampled code address (ip) page size"),
		OPT_BOOLEAN('W', "weight", &o.attr.sample_weight,
			    "sample by weight (on special events only)"),
		OPT_BOOLEAN(0, "sample-cpu", &o.attr.sample_cpu, "Record the sample cpu"),
		OPT_BOOLEAN('P', "period", &o.attr.sample_period, "Record the sample period"),
		OPT_CALLBACK_NOOPT('b', "branch-any", &o, "sample any taken branches",
				   parse_branch_any),
		OPT_CALLBACK('j', "branch-filter", &o, "branch filter mask",
			     "branch stack filter modes", parse_branch_filter_option),
		OPT_BOOLEAN(0, "all-user", &o.attr.all_user,
			    "Configure all used events to run in user space."),
		OPT_BOOLEAN(0, "all-kernel", &o.attr.all_kernel,
			    "Configure all used events to run in kernel space."),
		OPT_BOOLEAN('q', "quiet", &o.quiet, "don't print any message"),
		OPT_INCR('v', "verbose", &o.verbose, "be more verbose (-vv: each perf_event_attr)"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret;

	record_opts__init(&o, env, argc, argv);
	ret = parse_options(argc, argv, options, record_usage, PARSE_OPT_STOP_AT_NON_OPTION, &err);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
		goto out;
	}
	argc = ret;
	o.has_workload = argc > 0;
	if (!o.output)
		o.output = cmd_default_output();
	if (check_opts(&o, &err) || setup_target(&o, argv, argc, &err)) {
		cmd_error("record", err.buf);
		ret = 129;
		goto out;
	}
	if (!o.evlist->nr) {
		o.default_event = true;
		parse_events(o.evlist, "cycles", &o.pctx, &err);
	}
	if (o.group && o.evlist->nr > 1)
		evlist__make_group(o.evlist, 0, o.evlist->nr - 1);
	o.attr.user_freq = o.attr.freq > 0;
	ret = 0;
	if (o.dry_run)	/* as perf: the options were checked, nothing is recorded */
		goto out;
	signal(SIGINT, record_signal);
	signal(SIGTERM, record_signal);
	signal(SIGHUP, record_signal);	/* a closed terminal: finish the file too */
	if (o.switch_signal)
		signal(SIGUSR2, switch_signal);
	warn_switch_size(&o);
	ret = run_record(&o, argv, &err);
	if (err.len)
		cmd_error("record", err.buf);
	/* as perf: stopped by a signal, record ends by it; with a workload its
	 * status (it gets SIGTERM) is the answer */
	if (record_done && !o.has_workload)
		env->exit_signal = record_done;
out:
	strbuf_release(&err);
	record_opts__exit(&o);
	return ret;
}
