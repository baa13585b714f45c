/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_WORKLOAD_H
#define PM_WORKLOAD_H

/*
 * The command a profiler runs (`perf-mini stat -- cmd args`). It is started
 * waiting: the child waits on a pipe until counters are opened on its pid
 * with enable_on_exec, then execs, so counting starts exactly at exec. An
 * exec failure comes back through a close-on-exec pipe as an errno, so the
 * caller can say "cannot run 'x': No such file or directory" instead of
 * counting a child that never ran.
 */
#include <stdbool.h>
#include <sys/types.h>

#include "../base/strbuf.h"

/* The child's name until it execs, as perf's */
#define WORKLOAD_COMM "perf-exec"

struct workload {
	pid_t pid;
	int go_fd;	/* write end: one byte starts the exec */
	int err_fd;	/* read end: errno of a failed exec, or EOF */
	/* what the child reads (it shares our memory); set before it starts */
	struct {
		int go_rd, err_wr;	/* its pipe ends */
		int go_wr, err_rd;	/* ours, which it closes */
		const char *const *argv;
		bool stdout_is_data;
	} child;
};

/*
 * Fork the child, waiting. @argv is NULL-terminated and borrowed. With
 * @stdout_is_data (record -o -: our stdout carries the data, which its
 * lines would cut) its stdout is our stderr, as perf makes it.
 */
int workload__prepare(struct workload *wl, const char *const *argv, bool stdout_is_data,
		      struct strbuf *err);

/*
 * Let the child exec. Returns 0 once the exec succeeded, or -errno of a
 * failed exec with a message naming the program and the fix; the child has
 * then exited and been reaped.
 */
int workload__start(struct workload *wl, const char *prog, struct strbuf *err);

/* Where a workload whose stdout carries the data writes its own output
 * instead of stderr: @fd, close-on-exec (trace's live command keeps the
 * user's stdout so); -1 for stderr again. */
void workload__set_stdout(int fd);

/* Kill (when still waiting) and reap the child; closes the pipes. */
void workload__abort(struct workload *wl);

/*
 * Turn a wait status into perf-mini's exit code: the workload's own, or
 * 128 + signal when it was killed, as shells report it.
 */
int workload__exit_code(int status);

#endif
