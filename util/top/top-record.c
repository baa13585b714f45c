// SPDX-License-Identifier: GPL-2.0
/*
 * top's recorder: a child writing a pipe stream, its command line made of
 * top's options for what is recorded; record itself is the caller's
 * top_recorder_fn (commands are run by cmd/, not here). And how the
 * header names what is watched.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../base/pm-env.h"
#include "../events/cpumap.h"
#include "internal.h"

#define MAX_RECORD_ARGS 64

struct record_args {
	const char *v[MAX_RECORD_ARGS + 1];
	int n;
};

static void push(struct record_args *a, const char *s)
{
	if (a->n < MAX_RECORD_ARGS)
		a->v[a->n++] = s;
}

/* The recorder's command line: record to stdout, quietly, the target and
 * events asked for (everything, as perf top, when no target is named). */
static void record_args(const struct top_opts *o, struct record_args *a)
{
	push(a, "record");
	push(a, "-q");
	push(a, "-o");
	push(a, "-");
	for (int i = 0; i < o->nr_events; i++) {
		push(a, "-e");
		push(a, o->events[i]);
	}
	if (o->pid) {
		push(a, "-p");
		push(a, o->pid);
	} else if (o->tid) {
		push(a, "-t");
		push(a, o->tid);
	} else if (o->uid) {
		push(a, "-u");
		push(a, o->uid);
	} else if (!o->cpu_list) {
		push(a, "-a");
	}
	if (o->cpu_list) {
		push(a, "-C");
		push(a, o->cpu_list);
	}
	if (o->freq) {
		push(a, "-F");
		push(a, o->freq);
	}
	if (o->count) {
		push(a, "-c");
		push(a, o->count);
	}
	if (o->mmap_pages) {
		push(a, "-m");
		push(a, o->mmap_pages);
	}
	if (o->realtime) {
		push(a, "-r");
		push(a, o->realtime);
	}
	if (o->fp_callchain)
		push(a, "-g");
	if (o->record_mode) {
		push(a, "--call-graph");
		push(a, o->record_spec);
	}
	if (o->branch_any)
		push(a, "-b");
	if (o->branch_filter) {
		push(a, "-j");
		push(a, o->branch_filter);
	}
	if (o->no_inherit)
		push(a, "--no-inherit");
	if (o->group)
		push(a, "--group");
	if (o->cgroup) {
		push(a, "-G");
		push(a, o->cgroup);
	}
	if (o->all_cgroups)
		push(a, "--all-cgroups");
	if (o->namespaces)
		push(a, "--namespaces");
	if (o->no_bpf_event)
		push(a, "--no-bpf-event");
	for (int i = 0; i < o->verbose && i < 2; i++)
		push(a, "-v");
	a->v[a->n] = NULL;
}

int top_start_recorder(struct top_opts *o, top_recorder_fn *record, struct pm_env *env,
		       pid_t *child, struct strbuf *err)
{
	struct record_args a = { .n = 0 };
	int fds[2], ret;

	if (o->record_mode)
		snprintf(o->record_spec, sizeof(o->record_spec), "%s%s%s", o->record_mode,
			 o->record_size ? "," : "", o->record_size ? o->record_size : "");
	record_args(o, &a);
	fflush(NULL);
	if (pipe2(fds, O_CLOEXEC) < 0 || (*child = fork()) < 0) {
		ret = -errno;
		strbuf_addf(err, "cannot start the recorder: %s", strerror(-ret));
		return ret;
	}
	if (!*child) {
		close(fds[0]);
		if (dup2(fds[1], STDOUT_FILENO) < 0)
			_exit(1);
		/* the terminal's ^C reaches it too: it stops, and top sees the end */
		record(a.n, a.v, env);
		_exit(1);	/* not reached: @record exits */
	}
	close(fds[1]);
	return fds[0];
}

int top_stop_recorder(pid_t child)
{
	int status = 0;

	kill(child, SIGTERM);
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;	/* a second ^C: top's handlers stay (top-display.c) */
	return status;
}

void top_describe_target(const struct top_opts *o, struct pm_env *env, char *buf, size_t size)
{
	struct strbuf err = STRBUF_INIT;
	struct cpu_map *online = NULL;
	int ncpu = 1;

	if (!o->pid && !o->tid && !cpu_map__online(&online, env->online_cpus, &err))
		ncpu = online->nr;
	cpu_map__delete(online);
	strbuf_release(&err);
	if (o->cpu_list)
		snprintf(buf, size, "%s%s, CPU%s: %s", o->pid ? "target_pid: " : o->tid ?
			 "target_tid: " : o->uid ? "uid: " : "all",
			 o->pid ?: o->tid ?: o->uid ?: "", strchr(o->cpu_list, ',') ||
			 strchr(o->cpu_list, '-') ? "s" : "", o->cpu_list);
	else if (o->tid)
		snprintf(buf, size, "target_tid: %s", o->tid);
	else if (o->pid)	/* perf's: a process's threads, no CPU count */
		snprintf(buf, size, "target_pid: %s", o->pid);
	else
		snprintf(buf, size, "%s%s, %d CPU%s", o->uid ? "uid: " : "all", o->uid ?: "", ncpu,
			 ncpu > 1 ? "s" : "");
}

