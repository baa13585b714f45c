// SPDX-License-Identifier: GPL-2.0
/*
 * What the sample field table (sample-fields.h) answers off the decoder's
 * path. perf spreads the layout over evsel__parse_sample(),
 * perf_event__sample_event_size() and its swap code; here the readers
 * share one table and differ in their actions only.
 */
#include "sample-fields.h"

unsigned int sample_fields__fixed_size(enum sample_shape shape)
{
	return shape == SAMPLE_SHAPE_U64 || shape == SAMPLE_SHAPE_U32_PAIR ? 8 : 0;
}

int sample_fields__offset(uint64_t sample_type, enum sample_field_idx idx)
{
	int off = 0;

	if (!(sample_type & sample_fields[idx].bits))
		return -1;
	for (int i = 0; i < (int)idx; i++) {
		unsigned int size = sample_fields__fixed_size(sample_fields[i].shape);

		if (!(sample_type & sample_fields[i].bits))
			continue;
		if (!size)
			return -1;
		off += size;
	}
	return off;
}

const uint64_t *sample_field__u64(const struct sample_field *f, const struct perf_sample *s)
{
	return (const uint64_t *)((const uint8_t *)s + f->dest);
}

const struct sample_regs *sample_field__regs(const struct sample_field *f,
					     const struct perf_sample *s)
{
	return (const struct sample_regs *)((const uint8_t *)s + f->dest);
}
