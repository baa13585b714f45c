/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCHED_CMD_H
#define PM_SCHED_CMD_H

/* perf sched's reports: latency, timehist and map, each printed into a
 * buffer from a `sched record` file (sched.h reads it), with what perf
 * says on stderr in @note. */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "sched.h"

enum sched_sort_key { SCHED_SORT_PID, SCHED_SORT_AVG, SCHED_SORT_MAX, SCHED_SORT_SWITCH,
		      SCHED_SORT_RUNTIME };

struct sched_latency_opts {
	enum sched_sort_key keys[8];
	uint32_t nr_keys;
	int cpu;		/* -C: perf's profile_cpu, -1 for none */
	bool pids;		/* -p: a row per task, not per comm */
	bool dump_raw;		/* sched -D */
};

int sched_latency(const char *input, const struct sched_latency_opts *o, struct strbuf *out,
		  struct strbuf *note, struct strbuf *err);

struct sched_map_opts {
	bool compact;
	const char *cpus;	/* --cpus: the columns shown */
	bool dump_raw;		/* sched -D */
};

int sched_map(const char *input, const struct sched_map_opts *o, struct strbuf *out,
	      struct strbuf *note, struct strbuf *err);

struct sched_timehist_opts {
	bool summary_only, with_summary, wakeups, next, migrations, cpu_visual, state;
	bool idle_hist;		/* -I: idle periods, charged to the task before */
	const char *pids, *tids, *cpus;	/* -p, -t, -C lists */
	const char *time;		/* --time start,stop */
	bool call_graph;		/* -g (on unless --no-call-graph) */
	int max_stack;			/* --max-stack: frames shown (5) */
	bool dump_raw;			/* sched -D */
};

int sched_timehist(const char *input, const struct sched_timehist_opts *o, struct strbuf *out,
		   struct strbuf *note, struct strbuf *err);

#endif
