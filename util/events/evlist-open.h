/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EVLIST_OPEN_H
#define PM_EVLIST_OPEN_H

/*
 * Opening, enabling, reading and closing an evlist's counters through the
 * perf-sys seam, one fd per (CPU, thread), groups opened under their leader.
 */
#include <stdbool.h>

#include "cpumap.h"
#include "evlist.h"
#include "thread-map.h"
#include "../base/strbuf.h"

/* Receives the -vv text (attr blocks and syscall lines) to show the user. */
typedef void evlist_trace_fn(void *ctx, const char *text);

struct evlist_open_opts {
	const struct cpu_map *cpus;		/* borrowed */
	const struct thread_map *threads;	/* borrowed */
	evlist_trace_fn *trace;			/* NULL unless -vv */
	void *trace_ctx;
};

/*
 * Open every event. An event the kernel does not know (no PMU for it) is
 * marked !supported and skipped, as perf does, unless it leads a group.
 * As perf, an event refused for its kernel part (perf_event_paranoid > 1,
 * no CAP_PERFMON) is opened on user space alone, marked user_only and
 * renamed with perf's "u" suffix.
 * Returns 0, or -errno with a message naming the event, the cause and the
 * fix; on failure every fd opened so far is closed.
 */
int evlist__open(struct evlist *evlist, const struct evlist_open_opts *opts, struct strbuf *err);

/* kernel.perf_event_max_sample_rate, or -1 when unreadable. */
int perf_event_max_sample_rate(void);

/* kernel.perf_event_paranoid (2, the usual default, when unreadable). */
int perf_event_paranoid(void);

/* PERF_EVENT_IOC_ENABLE/DISABLE on every group leader's fds. */
void evlist__enable(struct evlist *evlist);
void evlist__disable(struct evlist *evlist);
/* PERF_EVENT_IOC_ENABLE on one event's fds (a leader, or alone). */
void evsel__enable(struct evsel *evsel);

/*
 * The samples the kernel dropped on @evsel's fd @f (read_format LOST, not
 * a group read; 0 when the attr has no LOST). Returns 0 or -errno.
 */
int evsel__read_lost(struct evsel *evsel, int f, uint64_t *lost);

/* Read every fd into evsel->counts. Returns 0 or -errno. */
int evlist__read(struct evlist *evlist);

void evlist__close(struct evlist *evlist);

/* Why the kernel refused @e for sampling (e->open_errno), and what to
 * do instead, for the user. */
void evsel__explain_unsupported(const struct evsel *e, struct strbuf *err);

#endif
