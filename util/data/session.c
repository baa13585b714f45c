// SPDX-License-Identifier: GPL-2.0
/*
 * Ordered delivery. The queue holds (time, file position) pairs; records
 * stay where they are in the mapped file and are decoded on delivery.
 */
#include <errno.h>
#include <string.h>

#include "../base/handoff.h"
#include "../base/progress.h"
#include "../base/util.h"
#include "sample-read.h"
#include "session.h"

struct queued {
	uint64_t time;
	uint64_t seq;		/* file order among equal times */
	uint64_t off;		/* where the record is in the file */
};

struct session {
	struct perf_data *pd;
	const struct session_tool *tool;
	struct session_stats *stats;
	struct strbuf *err;
	struct queued *q;
	size_t nr, alloc;
	uint64_t seq;
	uint64_t max_time;	/* newest queued so far */
	uint64_t next_flush;	/* release up to here at the next round */
	uint64_t last_flush;
	bool flushed_once;
	bool in_order;		/* queue already sorted: records came in time order */
	uint64_t walk_off;	/* the file record being read */
	struct progress prog;	/* pd->show_progress: slow loads say how far */
	struct handoff *pl;	/* tool->pipelined: the tool's calls, on a thread */
	struct pl_batch *batch;	/* being filled */
	bool tool_behind;	/* the tool's thread, when the batch was begun */
	/* the tool's thread's: :S samples' previous counts, unknown ids */
	struct sample_read_state reads;
	uint64_t reads_unknown;
};

struct read_ctx {
	const struct session_tool *tool;
	const struct pm_event_header *ev;
	const char *note;
};

static int on_read_value(void *ctx, const struct perf_sample *sample, struct pd_evsel *evsel)
{
	const struct read_ctx *r = ctx;

	return r->tool->sample(r->tool->ctx, r->ev, sample, evsel, r->note);
}

/* The tool's sample call: one per count for a sample of an :S event. */
static int tool_sample(struct session *s, const struct pm_event_header *ev,
		       const struct perf_sample *sample, struct pd_evsel *evsel, const char *note)
{
	struct read_ctx r = { s->tool, ev, note };

	if (!s->tool->sample)
		return 0;
	if (!(evsel->attr.sample_type & PERF_SAMPLE_READ))
		return s->tool->sample(s->tool->ctx, ev, sample, evsel, note);
	return sample_read__deliver(&s->reads, s->pd, sample, evsel, &s->reads_unknown,
				    on_read_value, &r);
}

/*
 * A pipelined session reads, orders and decodes here and hands the tool's
 * calls, in delivery order, to a second thread: for script the two halves
 * weigh about the same. Records that do not stay put (decompressed, or
 * copied for alignment) travel in the batch.
 */
enum pl_kind { PL_SAMPLE, PL_EVENT, PL_USER };

struct pl_item {
	const struct pm_event_header *ev;
	struct pd_evsel *evsel;
	struct perf_sample sample;
	enum pl_kind kind;
	bool noted;
	char note[SESSION_NOTE_SIZE];
};

#define PL_ITEMS 512
#define PL_BYTES (128 << 10)

struct pl_batch {
	int n;
	size_t used;
	uint64_t release_to;	/* file pages below are done with after this batch */
	struct pl_item item[PL_ITEMS];
	uint64_t bytes[PL_BYTES / 8];
};

static int pl_take(void *batch, void *ctx)
{
	struct session *s = ctx;
	const struct session_tool *tool = s->tool;
	struct pl_batch *b = batch;
	int ret = 0;

	for (int i = 0; i < b->n && !ret; i++) {
		const struct pl_item *it = &b->item[i];

		if (it->kind == PL_SAMPLE)
			ret = tool_sample(s, it->ev, &it->sample, it->evsel,
					  it->noted ? it->note : NULL);
		else if (it->kind == PL_EVENT)
			ret = tool->event ? tool->event(tool->ctx, it->ev, &it->sample) : 0;
		else
			ret = tool->user(tool->ctx, it->ev);
	}
	perf_data__release_before(s->pd, b->release_to);
	return ret;
}

static int pl_pass(struct session *s)
{
	int ret = handoff__pass(s->pl);

	s->tool_behind = handoff__behind(s->pl);
	s->batch = handoff__batch(s->pl);
	s->batch->n = 0;
	s->batch->used = 0;
	s->batch->release_to = 0;
	return ret;
}

static bool stays_put(const struct perf_data *pd, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)ev;

	return p >= pd->buf && p + ev->size <= pd->buf + pd->size;
}

/* Queue a record of @evsel for the tool's thread, decoded unless it is
 * perf's own. */
static int pl_push(struct session *s, const struct pm_event_header *ev, struct pd_evsel *evsel,
		   enum pl_kind kind)
{
	struct pl_batch *b = s->batch;
	struct pl_item *it;
	struct strbuf msg = STRBUF_INIT;
	int ret;

	if (!stays_put(s->pd, ev)) {
		if (b->used + ev->size > PL_BYTES) {
			ret = pl_pass(s);
			if (ret)
				return ret;
			b = s->batch;
		}
		memcpy((uint8_t *)b->bytes + b->used, ev, ev->size);
		ev = (const void *)((uint8_t *)b->bytes + b->used);
		b->used += (ev->size + 7u) & ~7u;
	}
	it = &b->item[b->n];
	it->ev = ev;
	it->kind = kind;
	if (kind != PL_USER) {
		it->evsel = perf_data__parse_sample_of(evsel, ev, &it->sample, &msg);
		if (!it->evsel) {
			strbuf_addf(s->err, "%s: %s", s->pd->path, msg.buf);
			strbuf_release(&msg);
			return -EINVAL;
		}
	}
	/* an :S sample becomes other samples: nothing to prepare from it */
	it->noted = kind == PL_SAMPLE && s->tool->prepare &&
		    !(it->evsel->attr.sample_type & PERF_SAMPLE_READ) &&
		    s->tool->prepare(s->tool->ctx, &it->sample, it->evsel, it->note,
				     sizeof(it->note), s->tool_behind);
	return ++b->n == PL_ITEMS ? pl_pass(s) : 0;
}

static int deliver(struct session *s, const struct pm_event_header *ev, uint64_t off)
{
	struct perf_sample sample;
	struct pd_evsel *evsel;
	struct strbuf msg = STRBUF_INIT;

	if (s->tool->dump)
		s->tool->dump(s->tool->ctx, ev, off);

	evsel = perf_data__evsel_of(s->pd, ev);
	if (ev->type == PERF_RECORD_SAMPLE && !evsel) {
		/* perf skips samples of events the header does not declare */
		s->stats->nr_unknown_id++;
		return 0;
	}
	if (s->pl)
		return pl_push(s, ev, evsel, ev->type == PERF_RECORD_SAMPLE ? PL_SAMPLE : PL_EVENT);
	evsel = perf_data__parse_sample_of(evsel, ev, &sample, &msg);
	if (!evsel) {
		strbuf_addf(s->err, "%s: %s", s->pd->path, msg.buf);
		strbuf_release(&msg);
		return -EINVAL;
	}
	if (ev->type == PERF_RECORD_SAMPLE)
		return tool_sample(s, ev, &sample, evsel, NULL);
	return s->tool->event ? s->tool->event(s->tool->ctx, ev, &sample) : 0;
}

static int cmp_queued(const void *a, const void *b)
{
	const struct queued *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static size_t run_end(const struct queued *q, size_t i, size_t n)
{
	while (i + 1 < n && q[i].time <= q[i + 1].time)
		i++;
	return i + 1;
}

/* Two sorted runs into @out, the left one's first among equal times. */
static void merge(const struct queued *a, size_t na, const struct queued *b, size_t nb,
		  struct queued *out)
{
	while (na && nb) {
		if (b->time < a->time)
			*out++ = *b++, nb--;
		else
			*out++ = *a++, na--;
	}
	memcpy(out, a, na * sizeof(*a));
	memcpy(out + na, b, nb * sizeof(*b));
}

/*
 * By time, equal times in file order. The queue is the rest of the last
 * round (in that order) followed by records in file order, so a stable
 * sort by time alone gives it; and it is a few runs already in order
 * (each CPU's buffer is), so merging the runs pairwise takes a few
 * sequential passes, where qsort compared its way through every record.
 */
static void sort_queue(struct session *s)
{
	struct queued *tmp = malloc(s->nr * sizeof(*tmp)), *src = s->q, *dst = tmp;
	size_t runs;

	if (!tmp) {
		qsort(s->q, s->nr, sizeof(*s->q), cmp_queued);
		return;
	}
	do {
		size_t i = 0;

		for (runs = 0; i < s->nr; runs++) {
			size_t mid = run_end(src, i, s->nr);
			size_t end = mid < s->nr ? run_end(src, mid, s->nr) : mid;

			merge(src + i, mid - i, src + mid, end - mid, dst + i);
			i = end;
		}
		dst = src;
		src = src == s->q ? tmp : s->q;
	} while (runs > 1);
	if (src != s->q)
		memcpy(s->q, src, s->nr * sizeof(*src));
	free(tmp);
}

/* Pages before the oldest record still queued (and before the walk's
 * position) are done with. */
static uint64_t release_point(const struct session *s)
{
	uint64_t min = s->walk_off;

	/* offsets past the file's end are decompressed records: not mapped */
	for (size_t i = 0; i < s->nr; i++)
		if (s->q[i].off < min && s->q[i].off < s->pd->size)
			min = s->q[i].off;
	return min;
}

/* Pipelined, the tool's thread gives pages back, batch by batch: records
 * it has not reached yet must stay mapped (touched again, they would be
 * faulted back in for good). */
static void release_consumed(struct session *s)
{
	if (s->pl)
		s->batch->release_to = release_point(s);
	else
		perf_data__release_before(s->pd, release_point(s));
}

/* Deliver every queued record with time <= @limit, oldest first. */
static int flush(struct session *s, uint64_t limit)
{
	size_t done = 0;
	int ret = 0;

	if (!s->nr)
		return 0;
	if (!s->in_order)
		sort_queue(s);
	s->in_order = true;
	while (done < s->nr && s->q[done].time <= limit && !ret) {
		uint64_t off = s->q[done++].off;

		if (done + 8 < s->nr)
			perf_data__prefetch(s->pd, s->q[done + 8].off);

		ret = deliver(s, perf_data__record_at(s->pd, off), off);
	}
	memmove(s->q, s->q + done, (s->nr - done) * sizeof(*s->q));
	s->nr -= done;
	s->last_flush = limit;
	s->flushed_once = true;
	release_consumed(s);
	return ret;
}

static int enqueue(struct session *s, uint64_t off, uint64_t time)
{
	if (s->flushed_once && time < s->last_flush)
		s->stats->nr_unordered++;
	if (s->nr == s->alloc) {
		size_t na = s->alloc ? 2 * s->alloc : 4096;
		struct queued *nq = realloc(s->q, na * sizeof(*nq));

		if (!nq) {
			strbuf_addstr(s->err, "out of memory ordering records");
			return -ENOMEM;
		}
		s->q = nq;
		s->alloc = na;
	}
	if (s->nr && time < s->q[s->nr - 1].time)
		s->in_order = false;
	s->q[s->nr++] = (struct queued){ .time = time, .seq = s->seq++, .off = off };
	if (time > s->max_time)
		s->max_time = time;
	return 0;
}

void session_stats__count(struct session_stats *st, const struct pm_event_header *ev)
{
	if (ev->type < PERF_RECORD_HEADER_MAX)
		st->nr_events[ev->type]++;
	else
		st->nr_unknown++;
	if (ev->type == PERF_RECORD_LOST && ev->size >= sizeof(struct pm_lost_event))
		st->total_lost += ((const struct pm_lost_event *)ev)->lost;
	if (ev->type == PERF_RECORD_LOST_SAMPLES &&
	    ev->size >= sizeof(struct pm_lost_samples_event))
		st->total_lost_samples += ((const struct pm_lost_samples_event *)ev)->lost;
	/* as perf: MMAP2s only (its MMAPs carry no such note) */
	if (ev->type == PERF_RECORD_MMAP2 && (ev->misc & PERF_RECORD_MISC_PROC_MAP_PARSE_TIMEOUT))
		st->nr_proc_map_timeout++;
}

uint64_t session_stats__total(const struct session_stats *st)
{
	uint64_t total = 0;

	for (int t = 0; t < PERF_RECORD_HEADER_MAX; t++)
		total += st->nr_events[t];
	return total;
}

static void count(struct session *s, const struct pm_event_header *ev)
{
	session_stats__count(s->stats, ev);
}

/* TIME sits after IDENTIFIER, IP and TID in a sample, and at a fixed
 * distance from the end of a sample_id trailer. */
bool session__record_time(const struct pm_event_header *ev, const struct perf_event_attr *attr,
			  uint64_t *time)
{
	uint64_t type = attr->sample_type;
	size_t pos;

	if (!(type & PERF_SAMPLE_TIME))
		return false;
	if (ev->type == PERF_RECORD_SAMPLE) {
		pos = 8 * (1 + !!(type & PERF_SAMPLE_IDENTIFIER) + !!(type & PERF_SAMPLE_IP) +
			   !!(type & PERF_SAMPLE_TID));
	} else {
		size_t after = !!(type & PERF_SAMPLE_ID) + !!(type & PERF_SAMPLE_STREAM_ID) +
			       !!(type & PERF_SAMPLE_CPU) + !!(type & PERF_SAMPLE_IDENTIFIER);

		if (!attr->sample_id_all || ev->size < 8 * (2 + after))
			return false;
		pos = ev->size - 8 * (1 + after);
	}
	if (pos + 8 > ev->size)
		return false;
	memcpy(time, (const uint8_t *)ev + pos, 8);
	return true;
}

static int on_record(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off,
		     void *ctx)
{
	struct session *s = ctx;
	struct perf_sample sample;
	struct strbuf msg = STRBUF_INIT;
	struct pd_evsel *evsel;
	uint64_t time;

	count(s, ev);
	if (off < pd->size) {
		s->walk_off = off;
		progress__update(&s->prog, off - pd->data_offset);
	}
	/* perf's own records are shown as they are read, before a round's
	 * end releases what it closes */
	if (ev->type >= PERF_RECORD_USER_TYPE_START && s->tool->dump)
		s->tool->dump(s->tool->ctx, ev, off);
	if (ev->type == PERF_RECORD_FINISHED_ROUND && !s->tool->unordered) {
		int ret = flush(s, s->next_flush);

		s->next_flush = s->max_time;
		return ret;
	}
	if (ev->type >= PERF_RECORD_USER_TYPE_START && s->tool->user)
		return s->pl ? pl_push(s, ev, NULL, PL_USER) : s->tool->user(s->tool->ctx, ev);
	if (ev->type >= PERF_RECORD_USER_TYPE_START || ev->type == 0)
		return 0;
	if (s->tool->unordered) {
		int ret = deliver(s, ev, off);

		release_consumed(s);
		return ret;
	}
	evsel = perf_data__evsel_of(pd, ev);
	if (!evsel)
		return deliver(s, ev, off);
	/* as perf's ordered events: a record at time 0 goes at once */
	if (session__record_time(ev, &evsel->attr, &time) && time)
		return enqueue(s, off, time);
	if ((ev->type == PERF_RECORD_SAMPLE ? perf_sample__parse : perf_sample__parse_id)
		    (ev, &evsel->attr, &sample, &msg)) {
		strbuf_addf(s->err, "%s: record at offset %#llx: %s", pd->path,
			    (unsigned long long)off, msg.buf);
		strbuf_release(&msg);
		return -EINVAL;
	}
	return deliver(s, ev, off);
}

int session__process(struct perf_data *pd, const struct session_tool *tool,
		     struct session_stats *stats, struct strbuf *err)
{
	struct strbuf reader_err = STRBUF_INIT;
	struct session s = {
		.pd = pd, .tool = tool, .stats = stats, .err = err, .in_order = true,
	};
	int ret;

	memset(stats, 0, sizeof(*stats));
	/* pipe mode declares events as it goes: the tool would read them racing */
	if (tool->pipelined && !pd->pipe)
		s.pl = handoff__start(sizeof(struct pl_batch), pl_take, &s);
	if (s.pl) {
		s.batch = handoff__batch(s.pl);
		s.batch->n = 0;
		s.batch->used = 0;
		s.batch->release_to = 0;
		s.err = &reader_err;	/* the tool's thread may be writing @err */
	}
	progress__start(&s.prog, "Processing events", pd->data_size, pd->show_progress, 4096);
	ret = perf_data__for_each_record(pd, on_record, &s, s.err);
	if (!ret)
		ret = flush(&s, UINT64_MAX);
	progress__end(&s.prog);
	if (s.pl) {
		int tool_ret = handoff__finish(s.pl, s.batch->n > 0);

		ret = ret ? ret : tool_ret;
		if (reader_err.len)
			strbuf_addf(err, "%s%s", err->len ? "\n" : "", reader_err.buf);
		strbuf_release(&reader_err);
	}
	stats->nr_unknown_id += s.reads_unknown;
	sample_read__exit(&s.reads);
	free(s.q);
	return ret;
}
