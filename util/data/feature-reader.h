/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_FEATURE_READER_H
#define PM_FEATURE_READER_H

/*
 * Bounded reads of a header feature's payload (native byte order): a read
 * past the end sets bad and yields 0 or NULL, never reads out of bounds.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct reader {
	const uint8_t *p, *end;
	bool bad;
};

static inline uint32_t get_u32(struct reader *r)
{
	uint32_t v = 0;

	if (r->end - r->p < 4) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, 4);
	r->p += 4;
	return v;
}

static inline uint64_t get_u64(struct reader *r)
{
	uint64_t v = 0;

	if (r->end - r->p < 8) {
		r->bad = true;
		return 0;
	}
	memcpy(&v, r->p, 8);
	r->p += 8;
	return v;
}

static inline const uint8_t *get_bytes(struct reader *r, uint64_t n)
{
	const uint8_t *p = r->p;

	if (r->bad || (uint64_t)(r->end - r->p) < n) {
		r->bad = true;
		return NULL;
	}
	r->p += n;
	return p;
}

/* Lenient like perf: a length past the payload takes what is there. */
static inline char *get_string(struct reader *r)
{
	uint32_t len = get_u32(r);
	const uint8_t *p;

	if (!r->bad && len > (uint64_t)(r->end - r->p))
		len = r->end - r->p;
	p = get_bytes(r, len);

	if (!p)
		return NULL;
	return strndup((const char *)p, len);
}

/* A count that cannot exceed what the payload could hold. */
static inline uint32_t get_count(struct reader *r, size_t min_item)
{
	uint32_t n = get_u32(r);

	if (r->bad || (uint64_t)n * min_item > (uint64_t)(r->end - r->p)) {
		r->bad = true;
		return 0;
	}
	return n;
}

#endif
