// SPDX-License-Identifier: GPL-2.0
/*
 * Strict number parsing: all of the text or an error, never a partial
 * number, a sign where none belongs, or a silent wrap.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"

static const struct {
	const char *s;
	int base, ret;
	uint64_t want;
} u64s[] = {
	{ "0", 10, 0, 0 },
	{ "42", 10, 0, 42 },
	{ "18446744073709551615", 10, 0, UINT64_MAX },
	{ "18446744073709551616", 10, -ERANGE, 0 },
	{ "0x1f", 0, 0, 31 },
	{ "010", 0, 0, 8 },
	{ "010", 10, 0, 10 },
	{ "", 10, -EINVAL, 0 },
	{ "12x", 10, -EINVAL, 0 },
	{ " 12", 10, -EINVAL, 0 },
	{ "-1", 10, -EINVAL, 0 },
	{ "+1", 10, -EINVAL, 0 },
};

static void u64_all_or_error(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(u64s) / sizeof(u64s[0]); i++) {
		uint64_t v = 0;

		print_message("str_to_u64 '%s'\n", u64s[i].s);
		assert_int_equal(str_to_u64(u64s[i].s, u64s[i].base, &v), u64s[i].ret);
		if (!u64s[i].ret)
			assert_int_equal(v, u64s[i].want);
	}
}

static const struct {
	const char *s;
	int ret;
	uint64_t want;
} sizes[] = {
	{ "16K", 0, 16384 },
	{ "16k", 0, 16384 },
	{ "1M", 0, 1 << 20 },
	{ "2G", 0, 2ULL << 30 },
	{ "512B", 0, 512 },
	{ "16", -EINVAL, 0 },		/* no unit letter */
	{ "K", -EINVAL, 0 },
	{ "1Q", -EINVAL, 0 },
	{ "99999999999999999G", -ERANGE, 0 },
};

static void sizes_need_a_unit(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(sizes) / sizeof(sizes[0]); i++) {
		uint64_t v = 0;

		print_message("str_to_size '%s'\n", sizes[i].s);
		assert_int_equal(str_to_size(sizes[i].s, &v), sizes[i].ret);
		if (!sizes[i].ret)
			assert_int_equal(v, sizes[i].want);
	}
}

static const struct {
	const char *s;
	int ret, want;
} ints[] = {
	{ "0", 0, 0 },
	{ "-5", 0, -5 },
	{ "2147483647", 0, 2147483647 },
	{ "2147483648", -ERANGE, 0 },
	{ "-2147483648", 0, -2147483647 - 1 },
	{ "5x", -EINVAL, 0 },
	{ "", -EINVAL, 0 },
};

static void ints_in_range(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++) {
		int v = 0;

		print_message("str_to_int '%s'\n", ints[i].s);
		assert_int_equal(str_to_int(ints[i].s, &v), ints[i].ret);
		if (!ints[i].ret)
			assert_int_equal(v, ints[i].want);
	}
}

static void doubles_whole_or_error(void **state)
{
	double v = -1;

	(void)state;
	assert_int_equal(str_to_double("0.5", &v), 0);
	assert_true(v == 0.5);
	assert_int_equal(str_to_double("1e3", &v), 0);
	assert_true(v == 1000);
	assert_int_equal(str_to_double("-2", &v), 0);
	assert_true(v == -2);
	assert_int_equal(str_to_double("0.5ms", &v), -EINVAL);
	assert_int_equal(str_to_double("", &v), -EINVAL);
	assert_int_equal(str_to_double(" 1", &v), -EINVAL);
	assert_int_equal(str_to_double(NULL, &v), -EINVAL);
	assert_true(v == -2);	/* untouched by a refusal */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(u64_all_or_error),
		cmocka_unit_test(sizes_need_a_unit),
		cmocka_unit_test(ints_in_range),
		cmocka_unit_test(doubles_whole_or_error),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
