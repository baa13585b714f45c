// SPDX-License-Identifier: GPL-2.0
/*
 * row_sort() (radix on packed columns, then the ties) must give the order
 * of a plain stable comparison sort: lexicographic, equal rows by index.
 */
#include <stdlib.h>
#include <string.h>

#include "../unit-test.h"
#include "../../../util/base/row-sort.h"

static int g_stride;
static const uint64_t *g_rows;

static int cmp_reference(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	for (int k = 0; k < g_stride; k++) {
		uint64_t u = g_rows[(size_t)x * g_stride + k], v = g_rows[(size_t)y * g_stride + k];

		if (u != v)
			return u < v ? -1 : 1;
	}
	return x < y ? -1 : x > y;
}

static uint64_t next(uint64_t *x)
{
	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return *x;
}

/* A value of one of the kinds report's keys take: a small rank, a
 * sentinel (0 or ~0), a wide address, a period. */
static uint64_t value(uint64_t *x, int kind)
{
	uint64_t r = next(x);

	switch (kind) {
	case 0: return r % 5;
	case 1: return r % 9 == 0 ? UINT64_MAX : r % 9 == 1 ? 0 : (1ULL << 63) + r % 3000;
	case 2: return r % 2 ? 0xffffffff81000000ULL + (r >> 40) : 0x555555554000ULL + (r >> 44);
	case 3: return ~(250000ULL * (1 + (r >> 50) % 40));
	default: return r;	/* anything: forces the widest columns */
	}
}

/* The rows packed (row_packer) sort as the rows themselves. */
static void check_packed(const uint64_t *rows, size_t n, int stride, const uint32_t *want)
{
	struct row_packer *p = row_packer__new(stride);
	uint32_t *got = malloc((n ? n : 1) * sizeof(*got));
	uint64_t *packed;
	int words;

	assert_non_null(got);
	for (size_t i = 0; i < n; i++)
		row_packer__measure(p, rows + i * stride);
	words = row_packer__words(p);
	assert_true(words >= 1 && words <= stride + 1);
	packed = malloc((n ? n : 1) * words * sizeof(*packed));
	assert_non_null(packed);
	for (size_t i = 0; i < n; i++)
		row_packer__pack(p, rows + i * stride, packed + i * words);
	row_sort(packed, n, words, got);
	assert_memory_equal(got, want, n * sizeof(*got));
	row_packer__free(p);
	free(packed);
	free(got);
}

static void check(size_t n, int stride, uint64_t seed, uint64_t kind_mask)
{
	uint64_t *rows = malloc((n ? n : 1) * stride * sizeof(*rows)), x = seed;
	uint32_t *got = malloc((n ? n : 1) * sizeof(*got));
	uint32_t *want = malloc((n ? n : 1) * sizeof(*want));

	assert_non_null(rows);
	assert_non_null(got);
	assert_non_null(want);
	for (size_t i = 0; i < n; i++)
		for (int k = 0; k < stride; k++)
			rows[i * stride + k] = value(&x, (kind_mask >> (3 * k)) & 7);
	for (size_t i = 0; i < n; i++)
		want[i] = (uint32_t)i;
	g_rows = rows;
	g_stride = stride;
	qsort(want, n, sizeof(*want), cmp_reference);
	row_sort(rows, n, stride, got);
	assert_memory_equal(got, want, n * sizeof(*got));
	row_sort_merge(rows, n, stride, got);
	assert_memory_equal(got, want, n * sizeof(*got));
	check_packed(rows, n, stride, want);
	free(rows);
	free(got);
	free(want);
}

static void test_row_sort__report_like_rows(void **state)
{
	(void)state;
	/* period, comm, dso, sym, collapse keys ending in an address */
	check(20000, 6, 1, 3 | 0 << 3 | 1 << 6 | 1 << 9 | 0 << 12 | 2 << 15);
	check(5000, 4, 7, 3 | 1 << 3 | 2 << 6 | 0 << 9);
}

static void test_row_sort__wide_and_constant_columns(void **state)
{
	(void)state;
	check(3000, 3, 11, 4 | 4 << 3 | 4 << 6);	/* nothing packs with another */
	check(3000, 2, 13, 0 | 2 << 3);
	check(100, 1, 17, 1);
	check(64, 3, 19, 0 | 0 << 3 | 0 << 6);	/* many equal rows: index order */
}

/* Many narrow columns share a word; wide ones straddle word boundaries. */
static void test_row_sort__packed_rows_narrower(void **state)
{
	uint64_t rows[4 * 12], x = 41;
	struct row_packer *p = row_packer__new(12);

	(void)state;
	for (int i = 0; i < 4; i++)
		for (int k = 0; k < 12; k++)
			rows[i * 12 + k] = value(&x, 0);
	for (int i = 0; i < 4; i++)
		row_packer__measure(p, rows + i * 12);
	assert_int_equal(row_packer__words(p), 1);	/* 12 columns of 3 bits */
	row_packer__free(p);
	check(4000, 5, 43, 2 | 4 << 3 | 2 << 6 | 0 << 9 | 4 << 12);
	check(4000, 12, 47, 0 | 1 << 3 | 3 << 6 | 2 << 9 | 0 << 12 | 1 << 15 | 0 << 18 |
				    2 << 21 | 3 << 24 | 0 << 27);
}

static void test_row_sort__tiny_inputs(void **state)
{
	(void)state;
	check(0, 2, 23, 0);
	check(1, 2, 29, 4 | 4 << 3);
	check(2, 1, 31, 4);
	check(33, 2, 37, 1 | 2 << 3);	/* just over the merged run size */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_row_sort__report_like_rows),
		cmocka_unit_test(test_row_sort__wide_and_constant_columns),
		cmocka_unit_test(test_row_sort__packed_rows_narrower),
		cmocka_unit_test(test_row_sort__tiny_inputs),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
