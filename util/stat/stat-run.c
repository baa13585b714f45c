// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini stat's measurement: start the counters and the workload, wait
 * for its end (printing -I intervals on the way), read and print the counts.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "internal.h"
#include "stat-display.h"
#include "stat-run.h"
#include "../base/pm-env.h"
#include "../base/util.h"
#include "../events/evlist-open.h"
#include "../events/workload.h"

/* the signal that stopped the measurement, 0 while it runs */
static volatile sig_atomic_t stat_done;

static void stat_signal(int sig)
{
	stat_done = sig;
}

/*
 * As perf: SIGINT while a workload is counted without -I goes to the
 * workload too (the terminal sends it the same) and the count goes on
 * until it exits; otherwise a signal ends the count, the workload gets
 * SIGTERM, and stat ends by the signal once the counts are printed.
 */
static bool stopped_by_signal(const struct stat_opts *o)
{
	return stat_done && (stat_done != SIGINT || o->interval || !o->has_workload);
}

static void close_pidfd(int fd)
{
	if (fd >= 0)
		close(fd);
}

/* --control: the commands that came; "stop" ends it, as --timeout does. */
static void serve_control(struct stat_opts *o)
{
	struct strbuf said = STRBUF_INIT;

	if (control__serve(&o->ctl, o->evlist, &said))
		o->timed_out = true;
	if (!o->quiet)
		o->hooks.note(said.buf);
	strbuf_release(&said);
}

/*
 * Sleep until @wake (clock_now_ns() time; 0: no limit), a signal, the end
 * of the process behind @pfd (if any; then true), or a --control "stop"
 * (true too); other --control commands are served on the way.
 */
static bool wait_until(struct stat_opts *o, struct pollfd *pfd, uint64_t wake)
{
	struct pollfd fds[2] = { *pfd, { .fd = o->ctl.ctl_fd, .events = POLLIN } };
	struct timespec ts, *tsp = NULL;
	uint64_t now = clock_now_ns();
	sigset_t unblocked;
	int n = 0;

	sigemptyset(&unblocked);
	if (wake) {
		uint64_t left = wake > now ? wake - now : 0;

		ts.tv_sec = (time_t)(left / 1000000000ULL);
		ts.tv_nsec = (long)(left % 1000000000ULL);
		tsp = &ts;
	}
	if (pfd->fd >= 0)
		n++;
	else
		fds[0] = fds[1];
	if (o->ctl.ctl_fd >= 0)
		n++;
	if (ppoll(n ? fds : NULL, (nfds_t)n, tsp, &unblocked) <= 0)
		return false;
	serve_control(o);
	return (pfd->fd >= 0 && fds[0].revents) || o->timed_out;
}

/*
 * -D: the events start disabled; enable them once the delay is over (or
 * never, for -1), and measure the time from there.
 */
static void delay_counting(struct stat_opts *o, pid_t watch)
{
	struct pollfd pfd = { .fd = open_pidfd(watch), .events = POLLIN };

	if (!o->quiet)
		o->hooks.note("Events disabled\n");
	if (o->delay > 0) {
		uint64_t end = clock_now_ns() + (uint64_t)o->delay * 1000000ULL;
		bool exited = false;

		while (!stat_done && !exited && clock_now_ns() < end)
			exited = wait_until(o, &pfd, end);
		/* a command that ended within the delay was never counted */
		if (!stat_done && !exited) {
			evlist__enable(o->evlist);
			o->t0 = clock_now_ns();
			if (!o->quiet)
				o->hooks.note("Events enabled\n");
		}
	}
	close_pidfd(pfd.fd);
}

/* Wait for the end of the measurement, printing intervals on the way. */
static void wait_measurement(struct stat_opts *o, struct stat_display *d, pid_t watch,
			     uint64_t t0)
{
	struct pollfd pfd = { .fd = open_pidfd(watch), .events = POLLIN };
	uint64_t interval_ns = (uint64_t)o->interval * 1000000ULL, next = t0 + interval_ns;
	uint64_t deadline = o->timeout ? t0 + (uint64_t)o->timeout * 1000000ULL : 0;

	while (!stat_done && !o->timed_out) {
		uint64_t wake = o->interval ? next : deadline;

		if (wait_until(o, &pfd, wake))
			break;	/* the workload (or the -p process) exited */
		if (deadline && clock_now_ns() >= deadline) {
			o->timed_out = true;
			break;
		}
		if (!o->interval || clock_now_ns() < next || stat_done)
			continue;
		stat_show_interval(o, d, t0);
		next += interval_ns;
		if (o->interval_count && o->nr_intervals_shown >= (int)o->interval_count)
			return close_pidfd(pfd.fd);
	}
	/* as perf: the part of an interval before the end is shown too */
	if (o->interval)
		stat_show_interval(o, d, t0);
	close_pidfd(pfd.fd);
}

static int start_counting(struct stat_opts *o, struct workload *wl, const char **argv)
{
	struct strbuf err = STRBUF_INIT;
	struct evlist_open_opts oo = {
		.cpus = o->target.cpus, .threads = o->target.threads,
		.trace = o->verbose >= 2 ? o->hooks.trace : NULL,
	};
	int ret = 0;

	if (o->has_workload) {
		ret = workload__prepare(wl, (const char *const *)argv, false, &err);
		if (!ret && target__counts_workload(&o->target))
			o->target.threads->entries[0].tid = wl->pid;
		else if (!ret && o->target.workload_idx >= 0)
			thread_map__set(o->target.threads, o->target.workload_idx, wl->pid,
					o->paths.proc);
	}
	if (!ret && !o->null_run)
		ret = evlist__open(o->evlist, &oo, &err);
	/* as perf: said with -v only, once */
	if (!ret && !o->null_run && !o->quiet && o->verbose)
		o->hooks.warn_user_only(o->evlist);
	o->t0 = clock_now_ns();
	if (!ret && !o->null_run && !target__counts_workload(&o->target) && !o->delay)
		evlist__enable(o->evlist);
	if (!ret && o->record && !o->sw_open) {
		keep_old_output(o->record_path);
		ret = stat_writer__open(&o->sw, o->record_path, o->evlist, o->target.cpus,
					o->target.threads, o->aggr_mode, o->interval, &err);
		o->sw_open = !ret;
	}
	/* a workload that cannot run is perf's -1 too (a shell's would be 127
	 * or 126; the message says which it was) */
	if (!ret && o->has_workload)
		ret = workload__start(wl, argv[0], &err);
	if (ret) {
		if (o->has_workload)
			workload__abort(wl);
		evlist__close(o->evlist);
		o->hooks.error("stat", err.buf);
		ret = PM_EXIT_ERROR;	/* perf's -1, whatever failed */
	}
	strbuf_release(&err);
	return ret;
}

/* --pre and --post run through the shell, as perf runs them. */
static int run_hook(const struct stat_opts *o, const char *opt, const char *cmd)
{
	struct strbuf msg = STRBUF_INIT;
	int status;

	fflush(stdout);
	status = system(cmd);
	if (status == 0)
		return 0;
	if (status == -1)
		strbuf_addf(&msg, "cannot run the %s command: %s", opt, strerror(errno));
	else if (WIFSIGNALED(status))
		strbuf_addf(&msg, "the %s command '%s' was killed by signal %d", opt, cmd,
			    WTERMSIG(status));
	else
		strbuf_addf(&msg, "the %s command '%s' exited with status %d", opt, cmd,
			    WEXITSTATUS(status));
	strbuf_addstr(&msg, "\nhint: run it alone in a shell to see why");
	o->hooks.error("stat", msg.buf);
	strbuf_release(&msg);
	return -1;
}

/* The workload's end: its exit status, and perf's note when a signal ended it. */
static void reap_workload(struct stat_opts *o, pid_t pid, const char *argv0, struct rusage *ru)
{
	int status = 0;

	/* as perf: after --interval-count's last interval the command runs on
	 * to its end; only a stopping signal or --timeout ends it */
	if (pid <= 0)
		return;	/* kill(0) would end our own process group */
	if (stopped_by_signal(o) || o->timed_out)
		kill(pid, SIGTERM);
	if (wait4(pid, &status, 0, ru) <= 0)
		return;
	/* perf's: the exit status, which a death by a signal does not have
	 * (its WEXITSTATUS, 0); a signal to stat itself is another matter */
	o->exit_code = WIFSIGNALED(status) ? 0 : workload__exit_code(status);
	if (WIFSIGNALED(status) && !o->quiet) {
		struct strbuf note = STRBUF_INIT;

		strbuf_addf(&note, "%s: %s\n", argv0, strsignal(WTERMSIG(status)));
		o->hooks.note(note.buf);
		strbuf_release(&note);
	}
	if (o->timed_out && WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM)
		o->exit_code = 0;	/* stopped as asked */
}

static uint64_t timeval_ns(const struct timeval *tv)
{
	return (uint64_t)tv->tv_sec * 1000000000ULL + (uint64_t)tv->tv_usec * 1000ULL;
}

static int run_once(struct stat_opts *o, const char **argv, struct stat_display *d)
{
	struct workload wl = { .pid = -1 };
	struct rusage ru = { 0 };
	pid_t watch;
	uint64_t t1;
	int ret;

	if (o->pre_cmd && run_hook(o, "--pre", o->pre_cmd))
		return 1;
	if (o->sync)
		sync();
	ret = start_counting(o, &wl, argv);
	if (ret)
		return ret;
	o->hooks.use_user_locale();	/* for the output, while the workload starts */
	if (!o->sd && !o->null_run) {
		o->sd = stat_data__new_mapped(o->evlist, o->aggr_mode, &o->amap);
		o->sd->no_scale = !o->scale;
		o->sd->no_merge = o->no_merge;
		if (o->no_merge)
			evlist__name_instances(o->evlist);
	}
	d->sd = o->sd;
	watch = o->has_workload ? wl.pid : o->target.watch_pid;
	if (o->delay && !o->null_run)
		delay_counting(o, watch);
	wait_measurement(o, d, watch, o->t0);
	if (o->has_workload)
		reap_workload(o, wl.pid, argv[0], &ru);
	t1 = clock_now_ns();
	if (o->forever)
		memset(&o->walltime, 0, sizeof(o->walltime));
	if (o->run_walltimes)
		o->run_walltimes[(int)o->walltime.n] = (double)(t1 - o->t0);
	stat_running__update(&o->walltime, (double)(t1 - o->t0));
	o->user_s = (double)ru.ru_utime.tv_sec + (double)ru.ru_utime.tv_usec / 1e6;
	o->sys_s = (double)ru.ru_stime.tv_sec + (double)ru.ru_stime.tv_usec / 1e6;
	if (!o->null_run) {
		evlist__disable(o->evlist);
		evlist__read(o->evlist);
		stat_set_tool_counts(o->evlist, t1 - o->t0, timeval_ns(&ru.ru_utime),
				     timeval_ns(&ru.ru_stime));
		/* interval files end with their last interval, as perf's do */
		if (o->sw_open && !o->interval)
			stat_writer__round(&o->sw, o->evlist, o->target.cpus, true, t1 - o->t0);
		stat_data__aggregate(o->sd, false);
		stat_data__add_run(o->sd);
		evlist__close(o->evlist);
	}
	/* as perf, a failing --post is not the measurement's failure */
	if (o->post_cmd)
		run_hook(o, "--post", o->post_cmd);
	return 0;
}

static int finish_record(struct stat_opts *o)
{
	struct strbuf err = STRBUF_INIT;
	int ret = stat_writer__finish(&o->sw, o->argc_all, o->argv_all, &err);

	o->sw_open = false;
	if (ret)
		o->hooks.error("stat record", err.buf);
	strbuf_release(&err);
	return ret ? 1 : 0;
}

void stat_block_stop_signals(void)
{
	sigset_t block;

	sigemptyset(&block);
	sigaddset(&block, SIGINT);
	sigaddset(&block, SIGTERM);
	sigaddset(&block, SIGHUP);
	sigprocmask(SIG_BLOCK, &block, NULL);
}

int stat_run(struct stat_opts *o, const char **argv)
{
	struct stat_display d = {
		.csv_sep = o->csv_sep, .json = o->json, .metric_only = o->metric_only == 1,
		.color = !o->csv_sep && !o->json && !o->output && isatty(STDERR_FILENO),
		.big_num = o->big_num, .interval = o->interval > 0,
		.run_count = o->forever ? 1 : o->repeat,
		.cpus = o->target.cpus, .threads = o->target.threads,
		.skip_idle_threads = target__all_threads(&o->target),
		.cgroups = o->evlist->nr_cgroups > 0,
		.mg = o->mg.nr ? &o->mg : NULL,
	};
	struct sigaction sa = { .sa_handler = stat_signal };
	int ret = 0;

	stat_block_stop_signals();
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);	/* a closed terminal: the counts still go out */
	if (o->table)
		o->run_walltimes = calloc((size_t)o->repeat, sizeof(*o->run_walltimes));
	for (int run = 0; (o->forever || run < o->repeat) && !stat_done && !ret; run++) {
		ret = run_once(o, argv, &d);
		/* -r 0: each run's counts as it ends, until interrupted */
		if (!ret && o->forever)
			stat_show_final_counts(o, &d);
	}
	if (!ret && o->walltime.n && !o->forever)
		stat_show_final_counts(o, &d);
	free(o->run_walltimes);
	o->run_walltimes = NULL;
	if (o->sw_open)
		ret = finish_record(o) ?: ret;
	if (o->verbose)
		stat_show_verbose_counts(o);
	return ret;
}

int stat_stop_signal(const struct stat_opts *o)
{
	return stopped_by_signal(o) ? stat_done : 0;
}
