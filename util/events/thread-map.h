/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_THREAD_MAP_H
#define PM_THREAD_MAP_H

/*
 * The tasks a command counts: the threads of -p processes (from
 * /proc/<pid>/task), the -t threads, a workload's pid, or {-1} for
 * system-wide counting. Each entry keeps its comm for --per-thread output.
 * Ownership: the caller owns the map (thread_map__delete).
 */
#include <sys/types.h>

#include "../base/strbuf.h"

struct thread_map_entry {
	pid_t tid;
	char comm[64];	/* /proc/PID/comm: kernel workers have longer names */
};

struct thread_map {
	int nr;
	struct thread_map_entry *entries;
};

/* One entry: @pid (a workload, or -1 for system-wide). */
struct thread_map *thread_map__single(pid_t pid);

/*
 * From a "-p" list ("12,34": every thread of each process, @all_threads) or
 * a "-t" list (just those threads). @proc is "/proc". Returns 0, or -ESRCH /
 * -EINVAL with a message naming the pid and the fix.
 */
int thread_map__parse(struct thread_map **out, const char *list, int all_threads,
		      const char *proc, struct strbuf *err);

/* How many threads the processes of -p @pids have now; 0 for a bad list. */
int thread_map__count(const char *proc, const char *pids);

/* Every thread of every process under @proc: system-wide --per-thread. */
struct thread_map *thread_map__all(const char *proc);
/* Every thread of the processes @uid owns (record --uid); maybe none. */
struct thread_map *thread_map__by_uid(const char *proc, uid_t uid);
/* Add @tid (its comm empty until thread_map__read_comms()). */
void thread_map__append(struct thread_map *map, pid_t tid);
/* Re-read each entry's comm from @proc (after a workload exec'd). */
void thread_map__read_comms(struct thread_map *map, const char *proc);

/* Entry @idx now stands for @tid, with its comm as it is now. */
void thread_map__set(struct thread_map *map, int idx, pid_t tid, const char *proc);
void thread_map__delete(struct thread_map *map);

#endif
