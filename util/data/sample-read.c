// SPDX-License-Identifier: GPL-2.0
/* Samples of :S events, delivered per count: see sample-read.h. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>

#include "../base/hash.h"
#include "sample-read.h"

/* The id's count before this one (0 for its first), now @value. */
static int swap_prev(struct sample_read_state *st, uint64_t id, uint64_t value, uint64_t *prev)
{
	uint64_t hash = hash_u64(id);	/* one to one: the hash is the id */
	struct hmap_slot *s;

	if (hmap_reserve(&st->by_id, 1))
		return -ENOMEM;
	hmap_for_each_probe(&st->by_id, hash, s)
		if (s->hash == hash)
			break;
	if (!s->val) {
		if (st->by_id.nr == st->alloc) {
			size_t n = st->alloc ? 2 * st->alloc : 64;
			uint64_t *p = reallocarray(st->prev, n, sizeof(*p));

			if (!p)
				return -ENOMEM;
			st->prev = p;
			st->alloc = n;
		}
		st->prev[st->by_id.nr] = 0;
		hmap_fill(&st->by_id, s, hash, st->by_id.nr + 1);
	}
	*prev = st->prev[s->val - 1];
	st->prev[s->val - 1] = value;
	return 0;
}

static int deliver_value(struct sample_read_state *st, struct perf_data *pd,
			 const struct perf_sample *sample, uint64_t value, uint64_t id,
			 uint64_t *unknown, sample_read_fn fn, void *ctx)
{
	struct pd_evsel *evsel = perf_data__evsel_by_id(pd, id);
	struct perf_sample one = *sample;
	uint64_t prev;

	if (!evsel) {
		++*unknown;
		return 0;
	}
	if (swap_prev(st, id, value, &prev))
		return -ENOMEM;
	if (value == prev)
		return 0;
	one.id = id;
	one.period = value - prev;
	return fn(ctx, &one, evsel);
}

int sample_read__deliver(struct sample_read_state *st, struct perf_data *pd,
			 const struct perf_sample *sample, const struct pd_evsel *evsel,
			 uint64_t *unknown, sample_read_fn fn, void *ctx)
{
	uint64_t rf = evsel->attr.read_format;
	const uint64_t *w = sample->read, *end = w + sample->read_size;
	size_t times = !!(rf & PERF_FORMAT_TOTAL_TIME_ENABLED) +
		       !!(rf & PERF_FORMAT_TOTAL_TIME_RUNNING);
	size_t per_value = 1 + !!(rf & PERF_FORMAT_ID) + !!(rf & PERF_FORMAT_LOST);
	size_t id_at = 1, step = per_value;
	uint64_t nr = 1;
	int ret = 0;

	if (!(rf & PERF_FORMAT_ID)) {	/* no id, no event to give it to */
		++*unknown;
		return 0;
	}
	if (rf & PERF_FORMAT_GROUP) {	/* nr, times, then { value, id, lost } each */
		if (w >= end)
			return 0;
		nr = *w++;
		w += times;
	} else {			/* value, times, id, lost */
		id_at += times;
		step += times;
	}
	for (uint64_t i = 0; i < nr && !ret && w + step <= end; i++, w += step)
		ret = deliver_value(st, pd, sample, w[0], w[id_at], unknown, fn, ctx);
	return ret;
}

void sample_read__exit(struct sample_read_state *st)
{
	hmap_release(&st->by_id);
	free(st->prev);
	st->prev = NULL;
	st->alloc = 0;
}
