// SPDX-License-Identifier: GPL-2.0
/* Samples of :S events, delivered per count: see sample-read.h. */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>

#include "sample-read.h"

static size_t slot_of(const struct sample_read_state *st, uint64_t id)
{
	size_t i = (size_t)(id * 0x9e3779b97f4a7c15ULL) & (st->size - 1);

	while (st->keys[i] && st->keys[i] != id)
		i = (i + 1) & (st->size - 1);
	return i;
}

static int grow(struct sample_read_state *st)
{
	struct sample_read_state n = { .size = st->size ? st->size * 2 : 64 };

	n.keys = calloc(n.size, sizeof(*n.keys));
	n.prev = calloc(n.size, sizeof(*n.prev));
	if (!n.keys || !n.prev) {
		free(n.keys);
		free(n.prev);
		return -ENOMEM;
	}
	for (size_t i = 0; i < st->size; i++) {
		size_t at;

		if (!st->keys[i])
			continue;
		at = slot_of(&n, st->keys[i]);
		n.keys[at] = st->keys[i];
		n.prev[at] = st->prev[i];
		n.used++;
	}
	sample_read__exit(st);
	*st = n;
	return 0;
}

/* The id's count before this one (0 for its first), now @value. */
static int swap_prev(struct sample_read_state *st, uint64_t id, uint64_t value, uint64_t *prev)
{
	size_t at;

	if ((st->used + 1) * 2 > st->size && grow(st))
		return -ENOMEM;
	at = slot_of(st, id);
	if (!st->keys[at]) {
		st->keys[at] = id;
		st->prev[at] = 0;
		st->used++;
	}
	*prev = st->prev[at];
	st->prev[at] = value;
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
	free(st->keys);
	free(st->prev);
	st->keys = st->prev = NULL;
	st->size = st->used = 0;
}
