/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_LIVE_STREAM_H
#define PM_LIVE_STREAM_H

/*
 * A pipe-mode stream read while it is written (top reads its recorder's):
 * its header records first (attrs, features, event names, up to
 * FINISHED_INIT), which open a perf_data of their own; then the records,
 * taken in any pieces, kept until the recorder's FINISHED_ROUND says a
 * pass over its buffers is whole, and delivered in time order, a round at
 * a time, to a session tool. Memory holds one round.
 */
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include "../base/strbuf.h"
#include "perf-data.h"
#include "session.h"

struct live_rec {
	uint64_t time;
	size_t off;		/* in buf */
};

struct live_stream {
	struct perf_data *pd;		/* opened from the header records */
	struct strbuf buf;		/* undelivered records, then a part of one */
	size_t scanned;			/* bytes of buf split into records */
	struct live_rec *q;		/* the round so far */
	size_t nr_q, alloc_q;
	size_t round_end;		/* buf up to here is ready to deliver */
	uint64_t last_time;		/* stands for the time of records without one */
	bool eof;
	uint64_t scratch[65536 / 8];	/* a misaligned record, aligned */
};

/* Read @fd until the header records are whole and open @pd from them.
 * 0, or -EINVAL with @err when the stream ends first or is no stream. */
int live_stream__open(struct live_stream *ls, struct perf_data *pd, int fd, struct strbuf *err);

/* Wait for more of the stream (up to @timeout_ms, -1: until it comes) and
 * take it. 1 when bytes came, 0 on timeout, -1 at its end (or a read
 * error). */
int live_stream__fill(struct live_stream *ls, int fd, int timeout_ms);

/* Deliver every whole round taken (at the end: everything) to @tool,
 * counting each record in @stats. 0, a tool's error, or -EINVAL with
 * @err for a malformed record. */
int live_stream__deliver(struct live_stream *ls, const struct session_tool *tool,
			 struct session_stats *stats, struct strbuf *err);

void live_stream__exit(struct live_stream *ls);

#endif
