// SPDX-License-Identifier: GPL-2.0
/*
 * The rounds of a live stream. A recorder writes each pass over its
 * per-CPU buffers and then FINISHED_ROUND: within a round the buffers are
 * merely concatenated, so the round is sorted by time before delivery
 * (an MMAP on one CPU must come before the samples that hit it on
 * another). Records without a time keep the place of the one before.
 */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "live-stream.h"
#include "stream-check.h"
#include "perf-data-format.h"

static bool ends_round(uint32_t type)
{
	return type == PERF_RECORD_FINISHED_ROUND || type == PERF_RECORD_FINISHED_INIT;
}

static const struct pm_event_header *record_at(struct live_stream *ls, size_t off)
{
	const char *p = ls->buf.buf + off;
	const struct pm_event_header *ev = (const void *)p;
	uint16_t size;

	if (!((uintptr_t)p & 7))
		return ev;
	memcpy(&size, p + 6, sizeof(size));
	memcpy(ls->scratch, p, size);	/* a u16: it fits */
	return (const void *)ls->scratch;
}

static uint64_t time_of(struct live_stream *ls, const struct pm_event_header *ev)
{
	struct pd_evsel *e = ev->type < PERF_RECORD_USER_TYPE_START ?
			     perf_data__evsel_of(ls->pd, ev) : NULL;
	uint64_t t;

	if (e && session__record_time(ev, &e->attr, &t) && t)
		ls->last_time = t;
	return ls->last_time;
}

static void queue(struct live_stream *ls, size_t off, uint64_t time)
{
	ALLOC_GROW(ls->q, ls->nr_q + 1, ls->alloc_q);
	ls->q[ls->nr_q++] = (struct live_rec){ time, off };
}

/* Split what came into records: the kernel's queued, the round ends
 * marked. -EINVAL for a record no stream holds. */
static int scan(struct live_stream *ls, struct strbuf *err)
{
	while (ls->buf.len - ls->scanned >= sizeof(struct pm_event_header)) {
		const char *rec = ls->buf.buf + ls->scanned;
		struct pm_event_header h;
		uint64_t data;

		memcpy(&h, rec, sizeof(h));
		if (h.size < sizeof(h)) {
			strbuf_addf(err, "the recorder's stream has a record of %u bytes", h.size);
			return -EINVAL;
		}
		data = pipe_record__payload(&h, (const uint8_t *)rec);
		if (ls->buf.len - ls->scanned < h.size || ls->buf.len - ls->scanned - h.size < data)
			break;
		if (h.type < PERF_RECORD_USER_TYPE_START && h.type)
			queue(ls, ls->scanned, time_of(ls, record_at(ls, ls->scanned)));
		ls->scanned += h.size + data;
		if (ends_round(h.type))
			ls->round_end = ls->nr_q;
	}
	return 0;
}

/* The header records up to FINISHED_INIT: their length, 0 while they are
 * not all here. */
static size_t header_length(const struct strbuf *b)
{
	size_t off = sizeof(struct perf_pipe_file_header);

	while (b->len >= off && b->len - off >= sizeof(struct pm_event_header)) {
		struct pm_event_header h;
		uint64_t data;

		memcpy(&h, b->buf + off, sizeof(h));
		if (h.size < sizeof(h) || b->len - off < h.size)
			return 0;
		data = pipe_record__payload(&h, (const uint8_t *)b->buf + off);
		if (b->len - off - h.size < data)
			return 0;
		off += h.size + data;
		if (h.type == PERF_RECORD_FINISHED_INIT)
			return off;
	}
	return 0;
}

int live_stream__fill(struct live_stream *ls, int fd, int timeout_ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	ssize_t n;

	if (ls->eof)
		return -1;
	if (timeout_ms >= 0 && poll(&p, 1, timeout_ms) == 0)
		return 0;
	strbuf_grow(&ls->buf, 256 * 1024);
	n = read(fd, ls->buf.buf + ls->buf.len, ls->buf.alloc - ls->buf.len - 1);
	if (n < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (n <= 0) {
		ls->eof = true;
		return -1;
	}
	strbuf_setlen(&ls->buf, ls->buf.len + n);
	return 1;
}

int live_stream__open(struct live_stream *ls, struct perf_data *pd, int fd, struct strbuf *err)
{
	size_t len = 0;
	int ret;

	memset(ls, 0, sizeof(*ls));
	strbuf_init(&ls->buf, 0);
	while (!(len = header_length(&ls->buf)))
		if (live_stream__fill(ls, fd, -1) < 0)
			break;
	if (!len) {
		strbuf_addstr(err, "the recorder stopped before its stream began");
		return -EINVAL;
	}
	ret = perf_data__open_buffer(pd, "top", ls->buf.buf, len, err);
	if (!ret)
		ret = perf_data__read_pipe_meta(pd, err);
	if (ret)
		return ret;
	ls->pd = pd;
	/* the kernel records among them (the synthesized maps) are data too */
	ls->scanned = sizeof(struct perf_pipe_file_header);
	return 0;
}

static int cmp_rec(const void *a, const void *b)
{
	const struct live_rec *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->off < y->off ? -1 : x->off > y->off;
}

static int deliver_one(struct live_stream *ls, const struct pm_event_header *ev,
		       const struct session_tool *tool, struct session_stats *stats,
		       struct strbuf *err)
{
	struct strbuf msg = STRBUF_INIT;
	struct perf_sample sample;
	struct pd_evsel *e;

	session_stats__count(stats, ev);
	if (ev->type == PERF_RECORD_SAMPLE && !perf_data__evsel_of(ls->pd, ev)) {
		stats->nr_unknown_id++;
		return 0;
	}
	e = perf_data__parse_sample(ls->pd, ev, &sample, &msg);
	if (!e) {
		strbuf_addf(err, "the recorder's stream: %s", msg.buf);
		strbuf_release(&msg);
		return -EINVAL;
	}
	if (ev->type == PERF_RECORD_SAMPLE)
		return tool->sample ? tool->sample(tool->ctx, ev, &sample, e, NULL) : 0;
	return tool->event ? tool->event(tool->ctx, ev, &sample) : 0;
}

/* Forget the delivered records: the bytes before the first still queued. */
static void drop_delivered(struct live_stream *ls, size_t n)
{
	size_t keep = n < ls->nr_q ? ls->q[n].off : ls->scanned;

	memmove(ls->q, ls->q + n, (ls->nr_q - n) * sizeof(*ls->q));
	ls->nr_q -= n;
	ls->round_end -= n;
	for (size_t i = 0; i < ls->nr_q; i++)
		ls->q[i].off -= keep;
	memmove(ls->buf.buf, ls->buf.buf + keep, ls->buf.len - keep);
	strbuf_setlen(&ls->buf, ls->buf.len - keep);
	ls->scanned -= keep;
}

int live_stream__deliver(struct live_stream *ls, const struct session_tool *tool,
			 struct session_stats *stats, struct strbuf *err)
{
	size_t n;
	int ret = scan(ls, err);

	if (ls->eof)
		ls->round_end = ls->nr_q;
	n = ls->round_end;
	qsort(ls->q, n, sizeof(*ls->q), cmp_rec);
	for (size_t i = 0; !ret && i < n; i++)
		ret = deliver_one(ls, record_at(ls, ls->q[i].off), tool, stats, err);
	drop_delivered(ls, n);
	return ret;
}

void live_stream__exit(struct live_stream *ls)
{
	strbuf_release(&ls->buf);
	free(ls->q);
	ls->q = NULL;
}
