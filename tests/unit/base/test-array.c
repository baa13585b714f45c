// SPDX-License-Identifier: GPL-2.0
/*
 * array.h: ALLOC_GROW and array_reserve keep what was stored and make
 * room for what is asked; partition_point finds what a linear scan finds.
 */
#include "../unit-test.h"
#include "../../../util/base/array.h"

static void alloc_grow_keeps_values(void **state)
{
	uint32_t *v = NULL;
	unsigned alloc = 0;

	(void)state;
	for (uint32_t i = 0; i < 10000; i++) {
		ALLOC_GROW(v, i + 1, alloc);
		assert_true(alloc >= i + 1);
		v[i] = i * 7;
	}
	for (uint32_t i = 0; i < 10000; i++)
		assert_int_equal(v[i], i * 7);
	ALLOC_GROW(v, 5, alloc);	/* already fits: unchanged */
	assert_true(alloc >= 10000);
	ALLOC_GROW(v, 50000, alloc);	/* a jump past the next step */
	assert_true(alloc >= 50000);
	assert_int_equal(v[9999], 9999 * 7);
	free(v);
}

static void array_reserve_grows_or_stays(void **state)
{
	volatile size_t huge = SIZE_MAX / 2;	/* unknown to the compiler */
	uint64_t *v = NULL;
	size_t alloc = 0;

	(void)state;
	assert_int_equal(array_reserve((void **)&v, &alloc, 3, sizeof(*v)), 0);
	assert_true(alloc >= 3);
	v[0] = 42;
	assert_int_equal(array_reserve((void **)&v, &alloc, 1000, sizeof(*v)), 0);
	assert_true(alloc >= 1000);
	assert_int_equal(v[0], 42);
	/* more than memory can hold: refused, the array as it was */
	assert_int_equal(array_reserve((void **)&v, &alloc, huge, sizeof(*v)), -ENOMEM);
	assert_true(alloc >= 1000 && alloc < huge);
	assert_int_equal(v[0], 42);
	free(v);
}

struct pp_case {
	const char *what;
	uint64_t v[8];
	size_t n;
	uint64_t key;
};

static const struct pp_case pp_cases[] = {
	{ "empty", { 0 }, 0, 5 },
	{ "before all", { 10, 20, 30 }, 3, 1 },
	{ "after all", { 10, 20, 30 }, 3, 99 },
	{ "equal to one: its index", { 10, 20, 30 }, 3, 20 },
	{ "between", { 10, 20, 30 }, 3, 25 },
	{ "runs of equals: the first of them", { 1, 4, 4, 4, 4, 9 }, 6, 4 },
	{ "all equal", { 7, 7, 7, 7, 7, 7, 7, 7 }, 8, 7 },
	{ "one", { 3 }, 1, 3 },
};

/* The first element >= key, as a scan finds it. */
static size_t scan(const struct pp_case *c)
{
	size_t i = 0;

	while (i < c->n && c->v[i] < c->key)
		i++;
	return i;
}

static void partition_point_is_the_lower_bound(void **state)
{
	(void)state;
	for (size_t k = 0; k < sizeof(pp_cases) / sizeof(pp_cases[0]); k++) {
		const struct pp_case *c = &pp_cases[k];

		print_message("partition_point: %s\n", c->what);
		assert_int_equal(partition_point(c->n, i, c->v[i] >= c->key), scan(c));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(alloc_grow_keeps_values),
		cmocka_unit_test(array_reserve_grows_or_stays),
		cmocka_unit_test(partition_point_is_the_lower_bound),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
