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
 * Returns 0, or -errno with a message naming the event, the cause and the
 * fix; on failure every fd opened so far is closed.
 */
int evlist__open(struct evlist *evlist, const struct evlist_open_opts *opts, struct strbuf *err);

/* PERF_EVENT_IOC_ENABLE/DISABLE on every group leader's fds. */
void evlist__enable(struct evlist *evlist);
void evlist__disable(struct evlist *evlist);

/* Read every fd into evsel->counts. Returns 0 or -errno. */
int evlist__read(struct evlist *evlist);

void evlist__close(struct evlist *evlist);

#endif
