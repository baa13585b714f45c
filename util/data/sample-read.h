/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SAMPLE_READ_H
#define PM_SAMPLE_READ_H

/*
 * A sample with PERF_SAMPLE_READ (events recorded with :S) carries the
 * counts of its event, or of its whole group, at the time of the sample.
 * perf turns it into one sample per count: of the event whose id the
 * count carries, with the growth of that count since the id's previous
 * sample as its period; a count that did not grow gives none.
 */
#include <stdint.h>

#include "../base/hmap.h"
#include "perf-data.h"
#include "sample.h"

struct sample_read_state {
	struct hmap by_id;	/* index + 1 into prev */
	uint64_t *prev;
	size_t alloc;
};

typedef int (*sample_read_fn)(void *ctx, const struct perf_sample *sample,
			      struct pd_evsel *evsel);

/*
 * Calls @fn for each count of @sample (of @evsel) that grew, with the
 * period and id set. Counts of ids no event declares are counted in
 * *@unknown. Returns @fn's first non-zero return, or -ENOMEM.
 */
int sample_read__deliver(struct sample_read_state *st, struct perf_data *pd,
			 const struct perf_sample *sample, const struct pd_evsel *evsel,
			 uint64_t *unknown, sample_read_fn fn, void *ctx);

void sample_read__exit(struct sample_read_state *st);

#endif
