/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TARGET_H
#define PM_TARGET_H

/*
 * What a command measures: a workload it starts, existing processes (-p) or
 * threads (-t), all CPUs (-a) or some (-C). target__setup() checks the
 * combination and builds the CPU and thread maps counters are opened on.
 */
#include <stdbool.h>
#include <sys/types.h>

#include "cpumap.h"
#include "thread-map.h"
#include "../base/strbuf.h"

struct target {
	const char *pid;		/* -p list, borrowed from argv */
	const char *tid;		/* -t list */
	const char *cpu_list;		/* -C list */
	const char *uid_str;		/* --uid: a user's processes, as given */
	uid_t uid;			/* what uid_str names, once set up */
	bool system_wide;		/* -a */
	bool has_workload;		/* with -p/-t/-a/-C it only times the measurement */
	bool per_thread;		/* with -a: count each thread of the system */

	struct cpu_map *cpus;		/* owned; {-1} for per-task counting */
	struct thread_map *threads;	/* owned; {-1} for per-CPU counting */
	int workload_idx;		/* the workload's entry in threads, or -1 */
	pid_t watch_pid;		/* a -p process whose exit ends the measurement */
	struct strbuf desc;		/* "'cmd args'", "process id '12'", ... */
};

struct target_paths {
	const char *proc;		/* "/proc" */
	const char *online_cpus;	/* "/sys/devices/system/cpu/online" */
};

void target__init(struct target *t);

/*
 * Check the combination and build the maps. @argv/@argc is the workload's
 * command line (may be empty). Returns 0, -EINVAL for a bad combination or
 * list (a usage error), or -ESRCH/-errno with a message in @err.
 */
int target__setup(struct target *t, const char **argv, int argc, const struct target_paths *p,
		  struct strbuf *err);

/* -a --per-thread: every thread counted on its own, on any CPU. */
static inline bool target__all_threads(const struct target *t)
{
	return t->system_wide && t->per_thread;
}

static inline bool target__has_cpu(const struct target *t)
{
	return t->system_wide || t->cpu_list;
}

static inline bool target__has_task(const struct target *t)
{
	return t->pid || t->tid || t->uid_str;
}

/* Counting follows the workload itself (enable_on_exec on its pid). */
static inline bool target__counts_workload(const struct target *t)
{
	return t->has_workload && !target__has_task(t) && !target__has_cpu(t);
}

void target__exit(struct target *t);

#endif
