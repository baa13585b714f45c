// SPDX-License-Identifier: GPL-2.0
/*
 * The arena hands out aligned, distinct, writable memory of any size,
 * zeroed when asked, and is empty and usable again after release.
 */
#include "../unit-test.h"
#include "../../../util/base/arena.h"

/* Filled with its own byte each, every object still holds it after all
 * are written: none overlaps another. */
static void test_arena__small_objects_are_aligned_and_distinct(void **state)
{
	enum { N = 30000 };
	struct arena a = ARENA_INIT;
	unsigned char **p = calloc(N, sizeof(*p));

	(void)state;
	assert_non_null(p);
	for (size_t i = 0; i < N; i++) {
		p[i] = arena_alloc(&a, 1 + i % 61);
		assert_non_null(p[i]);
		assert_int_equal((uintptr_t)p[i] % 8, 0);
		memset(p[i], (int)(i & 0xff), 1 + i % 61);
	}
	for (size_t i = 0; i < N; i++)
		for (size_t k = 0; k < 1 + i % 61; k++)
			assert_int_equal(p[i][k], i & 0xff);
	arena_release(&a);
	assert_null(a.blocks);
	free(p);
}

static void test_arena__zalloc_zeroes_reused_memory(void **state)
{
	struct arena a = ARENA_INIT;

	(void)state;
	for (int round = 0; round < 2; round++) {
		uint64_t *v = arena_zalloc(&a, 1000 * sizeof(*v));

		assert_non_null(v);
		for (int i = 0; i < 1000; i++)
			assert_int_equal(v[i], 0);
		memset(v, 0xff, 1000 * sizeof(*v));
		arena_release(&a);
	}
}

static void test_arena__larger_than_a_block(void **state)
{
	struct arena a = ARENA_INIT;
	size_t big = (size_t)9 << 20;	/* over the largest block */
	char *small = arena_alloc(&a, 16), *p = arena_alloc(&a, big), *after;

	(void)state;
	assert_non_null(small);
	assert_non_null(p);
	p[0] = 1, p[big - 1] = 2;
	after = arena_alloc(&a, 16);
	assert_non_null(after);
	assert_true(after + 16 <= p || after >= p + big);
	assert_null(arena_alloc(&a, SIZE_MAX));	/* refused, not wrapped */
	arena_release(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_arena__small_objects_are_aligned_and_distinct),
		cmocka_unit_test(test_arena__zalloc_zeroes_reused_memory),
		cmocka_unit_test(test_arena__larger_than_a_block),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
