// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "row-sort.h"
#include "xalloc.h"

/* Compare words from @from to @to of two rows. */
static bool row_before(const uint64_t *a, const uint64_t *b, int from, int to)
{
	for (int k = from; k < to; k++)
		if (a[k] != b[k])
			return a[k] < b[k];
	return false;
}

struct row_set {
	const uint64_t *rows;
	int stride;
	int from;	/* words before this one are known equal */
};

static void merge_rows(const struct row_set *rs, const uint32_t *src, uint32_t *dst,
		       size_t lo, size_t mid, size_t hi)
{
	size_t i = lo, j = mid, o = lo;

	while (i < mid && j < hi)
		dst[o++] = row_before(rs->rows + (size_t)src[j] * rs->stride,
				      rs->rows + (size_t)src[i] * rs->stride, rs->from, rs->stride) ?
				   src[j++] : src[i++];
	while (i < mid)
		dst[o++] = src[i++];
	while (j < hi)
		dst[o++] = src[j++];
}

/* Stable bottom-up merge of the @n indices in @a (the result back in @a). */
static void merge_sort_idx(const struct row_set *rs, uint32_t *a, uint32_t *tmp, size_t n)
{
	uint32_t *src = a, *dst = tmp;

	for (size_t w = 1; w < n; w *= 2) {
		uint32_t *t;

		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;

			merge_rows(rs, src, dst, lo, mid, hi);
		}
		t = src, src = dst, dst = t;
	}
	if (src != a)
		memcpy(a, src, n * sizeof(*a));
}

void row_sort_merge(const uint64_t *rows, size_t n, int stride, uint32_t *order)
{
	struct row_set rs = { rows, stride, 0 };
	uint32_t *tmp = must_reallocarray(NULL, n, sizeof(*tmp));

	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	merge_sort_idx(&rs, order, tmp, n);
	free(tmp);
}

/*
 * A column packed into a few bits: values between its smallest and largest
 * ordinary value keep their distance; the extremes 0 and ~0 (INT64_MIN and
 * INT64_MAX before the caller's sign flip: "none" sorted first or last)
 * go just below and above, so one sentinel does not widen the whole column.
 */
struct column {
	uint64_t lo, span;
	int bits;
};

static int bits_of(uint64_t v)
{
	return v ? 64 - __builtin_clzll(v) : 0;
}

/* The column @k over the rows @idx[0..n). */
static void measure_column(const struct row_set *rs, const uint32_t *idx, size_t n, int k,
			   struct column *c)
{
	uint64_t lo = UINT64_MAX, hi = 0, first = rs->rows[(size_t)idx[0] * rs->stride + k];
	bool constant = true;

	for (size_t i = 0; i < n; i++) {
		uint64_t v = rs->rows[(size_t)idx[i] * rs->stride + k];

		constant &= v == first;
		if (v == 0 || v == UINT64_MAX)
			continue;
		lo = v < lo ? v : lo;
		hi = v > hi ? v : hi;
	}
	if (lo > hi)	/* sentinels only */
		lo = hi = 1;
	c->lo = lo;
	c->span = hi - lo;
	c->bits = constant ? 0 : c->span > UINT64_MAX - 3 ? 64 : bits_of(c->span + 2);
}

static uint64_t column_value(const struct column *c, uint64_t v)
{
	if (v == 0)
		return 0;
	if (v == UINT64_MAX)
		return c->span + 2;
	return v - c->lo + 1;
}

/* How many columns from rs->from on fit together in 64 bits (at least one). */
static int packable_columns(const struct row_set *rs, const uint32_t *idx, size_t n,
			    struct column *cols)
{
	int total = 0, fit = 0;

	for (int k = rs->from; k < rs->stride; k++) {
		measure_column(rs, idx, n, k, &cols[k]);
		total += cols[k].bits;
		if (total > 64)
			break;
		fit++;
	}
	return fit ? fit : 1;
}

#define DIGIT_BITS 8
#define NR_DIGITS (64 / DIGIT_BITS)
#define RADIX (1u << DIGIT_BITS)

/*
 * Least significant digit first, each pass stable; a digit every key
 * shares costs no pass. @key and @idx end sorted; @key2 and @idx2 are
 * scratch as big.
 */
static void radix_sort(uint64_t *key, uint64_t *key2, uint32_t *idx, uint32_t *idx2, size_t n)
{
	size_t count[NR_DIGITS][RADIX] = { { 0 } };
	uint64_t *sorted = key;
	uint32_t *sorted_idx = idx;

	for (size_t i = 0; i < n; i++)
		for (int d = 0; d < NR_DIGITS; d++)
			count[d][(key[i] >> (d * DIGIT_BITS)) & (RADIX - 1)]++;
	for (int d = 0; d < NR_DIGITS; d++) {
		int shift = d * DIGIT_BITS;
		size_t sum = 0, *c = count[d];
		uint64_t *tk;
		uint32_t *ti;

		if (c[(key[0] >> shift) & (RADIX - 1)] == n)
			continue;
		for (unsigned b = 0; b < RADIX; b++) {
			size_t t = c[b];

			c[b] = sum;
			sum += t;
		}
		for (size_t i = 0; i < n; i++) {
			size_t o = c[(key[i] >> shift) & (RADIX - 1)]++;

			key2[o] = key[i];
			idx2[o] = idx[i];
		}
		tk = key, key = key2, key2 = tk;
		ti = idx, idx = idx2, idx2 = ti;
	}
	if (idx != sorted_idx)
		memcpy(sorted_idx, idx, n * sizeof(*idx));
	if (key != sorted)
		memcpy(sorted, key, n * sizeof(*sorted));
}

#define SMALL_RUN 32

static void sort_subset(const struct row_set *rs, uint32_t *idx, size_t n);

/* Rows equal in the packed columns (sorted @key) are in index order: sort
 * each such run by the columns left. */
static void sort_ties(const struct row_set *rs, const uint64_t *key, uint32_t *idx, size_t n)
{
	for (size_t lo = 0, hi; lo < n; lo = hi) {
		for (hi = lo + 1; hi < n && key[hi] == key[lo]; hi++)
			;
		if (hi - lo > 1)
			sort_subset(rs, idx + lo, hi - lo);
	}
}

static uint64_t pack_row(const struct row_set *rs, const struct column *cols, int fit,
			 uint32_t i)
{
	const uint64_t *row = rs->rows + (size_t)i * rs->stride;
	uint64_t packed = 0;

	for (int k = rs->from; k < rs->from + fit; k++)
		if (cols[k].bits == 64)	/* a shift by 64 is undefined */
			packed = row[k];
		else if (cols[k].bits)
			packed = packed << cols[k].bits | column_value(&cols[k], row[k]);
	return packed;
}

/*
 * Sort the rows @idx[0..n) (in index order), known equal before column
 * rs->from: radix on as many columns as fit in a word, then the same on
 * each run that ties there. A small run is merged.
 */
static void sort_subset(const struct row_set *rs, uint32_t *idx, size_t n)
{
	struct column *cols;
	uint64_t *key;
	uint32_t *tmp;
	struct row_set rest = *rs;
	int fit;

	if (n <= SMALL_RUN) {
		uint32_t small[SMALL_RUN];

		merge_sort_idx(rs, idx, small, n);
		return;
	}
	cols = must_reallocarray(NULL, rs->stride, sizeof(*cols));
	key = must_reallocarray(NULL, 2 * n, sizeof(*key));
	tmp = must_reallocarray(NULL, n, sizeof(*tmp));
	fit = packable_columns(rs, idx, n, cols);
	for (size_t i = 0; i < n; i++)
		key[i] = pack_row(rs, cols, fit, idx[i]);
	radix_sort(key, key + n, idx, tmp, n);
	rest.from = rs->from + fit;
	if (rest.from < rs->stride)
		sort_ties(&rest, key, idx, n);
	free(cols);
	free(key);
	free(tmp);
}

void row_sort(const uint64_t *rows, size_t n, int stride, uint32_t *order)
{
	struct row_set rs = { rows, stride, 0 };

	for (size_t i = 0; i < n; i++)
		order[i] = (uint32_t)i;
	if (n > 1 && stride)
		sort_subset(&rs, order, n);
}

/* --- packing rows before they are stored --------------------------------- */

struct row_packer {
	int stride;
	size_t seen;
	uint64_t *first, *hi;
	bool *constant;
	struct column *cols;
};

struct row_packer *row_packer__new(int stride)
{
	struct row_packer *p = must_calloc(1, sizeof(*p));

	p->stride = stride;
	p->first = must_calloc(stride ? stride : 1, sizeof(*p->first));
	p->hi = must_calloc(stride ? stride : 1, sizeof(*p->hi));
	p->constant = must_calloc(stride ? stride : 1, sizeof(*p->constant));
	p->cols = must_calloc(stride ? stride : 1, sizeof(*p->cols));
	for (int k = 0; k < stride; k++) {
		p->constant[k] = true;
		p->cols[k].lo = UINT64_MAX;
	}
	return p;
}

void row_packer__measure(struct row_packer *p, const uint64_t *row)
{
	for (int k = 0; k < p->stride; k++) {
		uint64_t v = row[k];

		if (!p->seen)
			p->first[k] = v;
		p->constant[k] &= v == p->first[k];
		if (v == 0 || v == UINT64_MAX)
			continue;
		p->cols[k].lo = v < p->cols[k].lo ? v : p->cols[k].lo;
		p->hi[k] = v > p->hi[k] ? v : p->hi[k];
	}
	p->seen++;
}

void row_packer__add(struct row_packer *p, const struct row_packer *q)
{
	if (!q->seen)
		return;
	for (int k = 0; k < p->stride; k++) {
		if (!p->seen)
			p->first[k] = q->first[k];
		p->constant[k] &= q->constant[k] && q->first[k] == p->first[k];
		p->cols[k].lo = q->cols[k].lo < p->cols[k].lo ? q->cols[k].lo : p->cols[k].lo;
		p->hi[k] = q->hi[k] > p->hi[k] ? q->hi[k] : p->hi[k];
	}
	p->seen += q->seen;
}

/* The columns' widths as measure_column() gives them; the words a row takes. */
int row_packer__words(struct row_packer *p)
{
	int bits = 0;

	for (int k = 0; k < p->stride; k++) {
		struct column *c = &p->cols[k];

		if (c->lo > p->hi[k])	/* sentinels only */
			c->lo = p->hi[k] = 1;
		c->span = p->hi[k] - c->lo;
		c->bits = p->constant[k] ? 0 : c->span > UINT64_MAX - 3 ? 64 : bits_of(c->span + 2);
		bits += c->bits;
	}
	return bits ? (bits + 63) / 64 : 1;
}

/*
 * The columns one after another as one string of bits, the first most
 * significant, cut into words: the packed rows compare word by word as the
 * full rows compared column by column.
 */
void row_packer__pack(const struct row_packer *p, const uint64_t *row, uint64_t *out)
{
	int words = 0, used = 0;

	for (int k = 0; k < p->stride; k++)
		words += p->cols[k].bits;
	memset(out, 0, (words ? (words + 63) / 64 : 1) * sizeof(*out));
	words = 0;
	for (int k = 0; k < p->stride; k++) {
		int left = p->cols[k].bits;
		uint64_t v = left == 64 ? row[k] : column_value(&p->cols[k], row[k]);

		while (left) {
			int take = 64 - used < left ? 64 - used : left;
			uint64_t chunk = v >> (left - take);

			if (take < 64)
				chunk &= (1ULL << take) - 1;
			out[words] |= take == 64 ? chunk : chunk << (64 - used - take);
			used += take;
			left -= take;
			if (used == 64) {
				words++;
				used = 0;
			}
		}
	}
}

void row_packer__free(struct row_packer *p)
{
	if (!p)
		return;
	free(p->first);
	free(p->hi);
	free(p->constant);
	free(p->cols);
	free(p);
}
