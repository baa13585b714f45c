/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TOP_H
#define PM_TOP_H

/*
 * perf top's engine: a recorder's pipe stream (util/data/live-stream)
 * read on a thread of its own into a report's histograms, and at each
 * refresh the samples since the last one folded into what is shown, the
 * shown ones decaying first (perf top's 7/8, or dropped with -z). The
 * report's own hists are the incoming ones; between top__show_begin() and
 * top__show_end() they are the shown ones, and the reader waits.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "../data/live-stream.h"
#include "report.h"

struct top_counts {
	uint64_t samples, kernel, exact;	/* since the last refresh */
	uint64_t lost, lost_total;		/* records the kernel dropped */
};

struct top {
	struct report r;
	struct session_tool inner;	/* the report's, which top's wraps */
	bool zero;			/* -z: nothing carried over */
	bool hide_user, hide_kernel;	/* -U, -K */
	int fd;				/* the recorder's stream */
	struct live_stream *ls;
	struct hists **incoming, **shown;	/* by event */
	size_t nr_hists;
	pthread_t reader;
	bool reader_started;
	pthread_mutex_t lock;
	struct top_counts now, last;	/* last: as of the last refresh */
	uint64_t last_refresh_ns;
	double interval_s;		/* between the last two refreshes */
	bool stream_ended;		/* the recorder stopped (read under the lock) */
	int reader_err;
	uint32_t reap_mark;		/* machine__reap_exited()'s, one per refresh */
	struct strbuf reader_msg;
};

/* @t->r.o set: read the stream's header from @fd (waiting for the
 * recorder to open its events), set the report up, start reading. 0, or
 * an error with @t->r.err (the recorder said why on stderr when it
 * stopped first: then -ESRCH and no message). */
int top__start(struct top *t, int fd);

/* The samples since the last refresh folded in: call between show_begin
 * and show_end. -ENOMEM when out of memory. */
int top__refresh(struct top *t);

/* Lock out the reader and make the report's hists the shown ones. */
void top__show_begin(struct top *t);
void top__show_end(struct top *t);

/* perf top --stdio's header line, "   PerfTop:    3961 irqs/sec  kernel: 0.4% ...
 * [4000Hz cpu-clock],  (all, 2 CPUs)", of the last refresh; @target is
 * the part after "(". */
void top__header(const struct top *t, const char *target, struct strbuf *out);

/* The browser's title for event @idx: "Samples: 12K of event 'cpu-clock',
 * 4000 Hz, Event count (approx.): N lost: 0/0 drop: 0/0". */
void top__title(const struct top *t, size_t idx, struct strbuf *out);

/* Stop reading (after the recorder was told to stop) and free it all. */
void top__exit(struct top *t);

#endif
