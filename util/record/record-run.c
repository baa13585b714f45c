// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini record's run: open the events (perf's fallbacks), start the
 * workload, drain the rings until it ends or a signal, a size limit or a
 * --control "stop" says so, and finish the file whatever happened.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../base/pm-env.h"
#include "../base/util.h"
#include "../base/xalloc.h"
#include "../data/decompress.h"
#include "../data/perf-data.h"
#include "../events/evlist-open.h"
#include "../events/perf-sys.h"
#include "../events/workload.h"
#include "internal.h"
#include "threads-spec.h"

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

static int open_events(struct record_opts *o, struct strbuf *err)
{
	struct evlist_open_opts oo = {
		.cpus = o->target.cpus, .threads = o->target.threads,
		.trace = o->verbose >= 2 ? o->say : NULL,
	};
	struct evsel *e;
	int i, ret = evlist__open(o->evlist, &oo, err);

	if (ret)
		return ret;
	if (!o->quiet && o->verbose)
		o->warn_user_only(o->evlist);
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

/*
 * perf's dummy:HG, last, tracks the maps and tasks: while -D's events
 * wait, and as perf 6.1 for -a and -C, where the samples then carry
 * IDENTIFIER (two events share the rings).
 */
static bool wants_tracking_dummy(const struct record_opts *o)
{
	return o->delay || target__has_cpu(&o->target);
}

static void add_tracking_dummy(struct record_opts *o)
{
	struct strbuf err = STRBUF_INIT;

	BUG_ON(parse_events(o->evlist, "dummy:HG", &o->pctx, &err));
	strbuf_release(&err);
	o->attr.tracking_dummy = true;
}

/*
 * perf's evsel__fallback() for -e cycles where the machine has no cycles
 * (a VM; the kernel says ENOENT, ENXIO or ENODEV): each such event is sampled by cpu-clock instead, its attr kept
 * and named again from it, as perf names it ("cpu-clock:uH"). Only when
 * nothing else was refused.
 */
static bool cycles_to_cpu_clock(struct evlist *evlist, bool default_event)
{
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i)
		if (!e->supported && (e->attr.type != PERF_TYPE_HARDWARE ||
				      e->attr.config != PERF_COUNT_HW_CPU_CYCLES ||
				      (!default_event && e->open_errno != ENOENT &&
				       e->open_errno != ENXIO && e->open_errno != ENODEV)))
			return false;
	evlist__for_each(evlist, e, i) {
		if (e->supported)
			continue;
		e->attr.type = PERF_TYPE_SOFTWARE;
		e->attr.config = PERF_COUNT_SW_CPU_CLOCK;
		free(e->name);
		e->name = perf_data__attr_name(&e->attr);
		e->suffix_len = 0;	/* the name is whole: nothing to take back */
		e->supported = true;
	}
	return true;
}

static int open_with_fallback(struct record_opts *o, struct strbuf *err)
{
	int ret = open_events(o, err);

	if (ret != -EOPNOTSUPP || !cycles_to_cpu_clock(o->evlist, o->default_event))
		return ret;
	strbuf_reset(err);
	if (o->verbose && !o->quiet)	/* as perf: said with -v only */
		o->say(NULL, "Warning:\nThe cycles event is not supported, trying to fall back "
			     "to cpu-clock-ticks\n");
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
		o->say(NULL, "Events enabled\n");
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
		record_say(o, "WARNING: switch-output data size lower than wakeup kernel buffer "
			   "size (%" PRIu64 "K) expect bigger perf.data sizes\n", wakeup / 1024);
}

/* --control, read at each wake-up (a tenth of a second at most apart). */
static void serve_control(struct record_opts *o)
{
	struct strbuf said = STRBUF_INIT;

	o->ctl_stop |= control__serve(&o->ctl, o->evlist, &said);
	if (!o->quiet)
		o->say(NULL, said.buf);
	strbuf_release(&said);
}

/* Either loop's end, the events disabled and the forward rings drained:
 * --overwrite's rings, the kernel's count of lost samples */
static int loop_end(struct recorder *r, int pidfd, int ret, struct strbuf *err)
{
	if (!ret)
		ret = recorder__read_backward(r, err);
	recorder__save_lost_samples(r);
	if (pidfd >= 0)
		close(pidfd);
	return ret;
}

static int record_loop(struct record_opts *o, struct recorder *r, pid_t watch,
		       struct strbuf *err)
{
	int pidfd = open_pidfd(watch);
	uint64_t enable_at = o->delay > 0 ? clock_now_ns() + (uint64_t)o->delay * 1000000 : 0;
	uint64_t next_switch = o->switch_time_ns ? clock_now_ns() + o->switch_time_ns : 0;
	int ret = 0;

	if (o->delay && !o->quiet)
		o->say(NULL, "Events disabled\n");
	while (!record_done && !ret) {
		/* the kernel wakes us at half a buffer; the timeout bounds what a
		 * recording killed outright can lose to a tenth of a second */
		bool exited = recorder__wait(r, pidfd, wait_ms(enable_at));

		enable_after_delay(o, &enable_at);
		serve_control(o);
		ret = recorder__drain(r, err);
		if (exited || record_size_limit_reached(o, r) || o->ctl_stop)
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
	return loop_end(r, pidfd, ret, err);
}

/* --threads: the lane of each ring; a ring per CPU, or all in one lane
 * where the rings are per task */
static int start_lanes(struct record_opts *o, struct recorder *r, struct strbuf *err)
{
	const struct cpu_map *cpus = o->target.cpus;
	int *lane_of = must_calloc((size_t)r->nr_rings + 1, sizeof(*lane_of));
	int nr = 1, ret;

	if (cpus->nr == r->nr_rings && cpus->cpus[0] >= 0)
		nr = threads_spec__lanes(o->threads, cpus, "/sys/devices/system/cpu", lane_of, err);
	ret = nr < 0 ? -EINVAL : recorder__start_lanes(r, lane_of, nr, err);
	free(lane_of);
	return ret;
}

/* record_loop() with --threads: the lanes read the rings; this thread
 * waits for the end (the workload, a signal, --control, the size limit) */
static int record_loop_lanes(struct record_opts *o, struct recorder *r, pid_t watch,
			     struct strbuf *err)
{
	int pidfd = open_pidfd(watch);
	uint64_t enable_at = o->delay > 0 ? clock_now_ns() + (uint64_t)o->delay * 1000000 : 0;
	int ret = start_lanes(o, r, err), stopped;

	if (o->delay && !o->quiet)
		o->say(NULL, "Events disabled\n");
	while (!record_done && !ret) {
		struct pollfd p = { .fd = pidfd, .events = POLLIN };
		bool exited = perf_sys_poll(&p, 1, wait_ms(enable_at)) > 0 &&
			      (p.revents & (POLLIN | POLLHUP));

		enable_after_delay(o, &enable_at);
		serve_control(o);
		if (exited || record_size_limit_reached(o, r) || o->ctl_stop ||
		    recorder__lanes_failed(r))
			break;
	}
	evlist__disable(o->evlist);
	stopped = recorder__stop_lanes(r, err);
	return loop_end(r, pidfd, ret ? ret : stopped, err);
}

static int start_workload(struct record_opts *o, struct workload *wl, const char **argv,
			  struct strbuf *err)
{
	int ret = workload__start(wl, argv[0], err);

	/* perf's status then is not a shell's 127 or 126 (the message says
	 * which it was): the command gives it */
	if (ret)
		o->start_failed = true;
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

/* What exists described, then the events and the workload started. */
static int synthesize_and_start(struct record_opts *o, struct recorder *r, struct workload *wl,
				const char **argv, struct strbuf *err)
{
	/* tasks attached to (-p, -t) are described once their events are
	 * on: an exec before that would leave its COMM unseen */
	bool attached = !o->has_workload && target__has_task(&o->target) &&
			!target__has_cpu(&o->target);
	int ret;

	if (!attached)
		record_synthesize(o, r, r->w, o->has_workload ? wl->pid : 0, false);
	ret = start(o, wl, argv, err);
	if (!ret && attached)
		record_synthesize(o, r, r->w, 0, false);
	return ret;
}

/* The workload's exit code, once the loop is over (@ret: how it ended). */
static void reap_workload(struct record_opts *o, struct workload *wl, int ret)
{
	int status = 0;

	/* as perf: a recording that ends first (a signal, a full disk) ends
	 * its workload */
	if ((record_done || ret || o->size_limited || o->ctl_stop) && wl->pid > 0)
		kill(wl->pid, SIGTERM);
	if (waitpid(wl->pid, &status, 0) > 0)
		o->exit_code = workload__exit_code(status);
	if ((o->size_limited || o->ctl_stop) && WIFSIGNALED(status) &&
	    WTERMSIG(status) == SIGTERM)
		o->exit_code = 0;	/* stopped as asked */
}

int record_run(struct record_opts *o, const char **argv, struct strbuf *err)
{
	struct workload wl = { .pid = -1 };
	struct perf_data_writer w = { .fd = -1 };
	struct recorder r = { 0 };
	struct record_events re = { 0 };
	struct compressor zstd = { 0 };
	int ret;

	warn_switch_size(o);
	if (wants_tracking_dummy(o))
		add_tracking_dummy(o);
	record_attr__configure(o->evlist, &o->attr);
	if (o->has_workload) {
		ret = workload__prepare(&wl, argv, !strcmp(o->output, "-"), err);
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
		keep_old_output(o->output);
		if ((ret = record_open_output(o, &w, &re, err)))
			o->start_failed = true;	/* perf's status, for an output not made */
		w.zstd = o->zstd_level ? &zstd : NULL;
		o->events = &re;
		o->zstd = w.zstd;
		o->workload_pid = o->has_workload ? wl.pid : 0;
	}
	if (!ret)
		ret = recorder__init(&r, o->evlist, o->target.cpus, o->target.threads->nr, &w,
				     o->mmap_pages ? o->mmap_pages : 128, o->attr.overwrite, err);
	if (!ret && o->threads)	/* --threads: a file for each ring */
		ret = perf_data_writer__open_dir(&w, o->output, r.nr_rings, err);
	/* as perf: at most a quarter of a buffer waits */
	r.flush = o->mmap_flush < record_ring_bytes(o) / 4 ? o->mmap_flush : record_ring_bytes(o) / 4;
	if (!ret && o->verbose)	/* perf's -v line: the data pages and the header page */
		record_say(o, "mmap size %" PRIu64 "B\n",
			   (uint64_t)record_ring_bytes(o) + (uint64_t)sysconf(_SC_PAGESIZE));
	if (!ret)
		ret = synthesize_and_start(o, &r, &wl, argv, err);
	if (ret) {
		if (o->has_workload)
			workload__abort(&wl);
		perf_data_writer__discard(&w);
		goto out;
	}
	ret = (o->threads ? record_loop_lanes : record_loop)(o, &r, o->has_workload ? wl.pid :
							     o->target.watch_pid, err);
	/* before the workload is reaped: its comm is still there to read */
	record_synthesize(o, &r, &w, o->has_workload ? wl.pid : 0, true);
	if (o->has_workload)
		reap_workload(o, &wl, ret);
	/* whatever happened, what was captured is finalised */
	if (!record_finish_output(o, &r, &w, &re, err) && !ret && !record_stamp_output(o, err))
		record_print_summary(o, &r, &w);
out:
	compressor__exit(&zstd);
	recorder__exit(&r);
	record_close_switch_events(o);
	evlist__close(o->evlist);
	free(re.v);
	return ret ? PM_EXIT_ERROR : o->exit_code;	/* perf's -1 */
}

void record_catch_signals(bool switch_on_usr2)
{
	signal(SIGINT, record_signal);
	signal(SIGTERM, record_signal);
	signal(SIGHUP, record_signal);	/* a closed terminal: finish the file too */
	if (switch_on_usr2)
		signal(SIGUSR2, switch_signal);
}

int record_stopped_by(void)
{
	return record_done;
}

