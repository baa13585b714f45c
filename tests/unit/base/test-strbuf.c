// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "../unit-test.h"
#include "../../../util/base/strbuf.h"

static void test_strbuf__starts_empty_and_terminated(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	assert_int_equal(sb.len, 0);
	assert_string_equal(sb.buf, "");
	strbuf_release(&sb);
}

static void test_strbuf__addf_grows_past_initial_size(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	for (int i = 0; i < 1000; i++)
		strbuf_addf(&sb, "%d,", i);
	assert_int_equal(sb.len, strlen(sb.buf));
	assert_memory_equal(sb.buf, "0,1,2,", 6);
	assert_string_equal(sb.buf + sb.len - 4, "999,");
	strbuf_release(&sb);
}

static void test_strbuf__detach_hands_over_and_resets(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	size_t len;
	char *s;

	(void)state;
	strbuf_addstr(&sb, "abc");
	s = strbuf_detach(&sb, &len);
	assert_string_equal(s, "abc");
	assert_int_equal(len, 3);
	assert_int_equal(sb.len, 0);
	free(s);
}

static void test_strbuf__pad_and_rtrim(void **state)
{
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	strbuf_addpad(&sb, "ab", 5);
	assert_string_equal(sb.buf, "ab   ");
	strbuf_rtrim(&sb);
	assert_string_equal(sb.buf, "ab");
	strbuf_addpad(&sb, "toolong", 3);
	assert_string_equal(sb.buf, "abtoolong");
	strbuf_reset(&sb);
	assert_string_equal(sb.buf, "");
	strbuf_release(&sb);
}

/* The fast "%*.2f" must print what printf prints, ties and all. */
static void expect_fixed2(double v, int width)
{
	struct strbuf sb = STRBUF_INIT;
	char want[64];

	snprintf(want, sizeof(want), "%*.2f", width, v);
	strbuf_addfixed2(&sb, v, width);
	if (strcmp(sb.buf, want))
		fail_msg("%.17g: printf '%s', strbuf_addfixed2 '%s'", v, want, sb.buf);
	strbuf_release(&sb);
}

static void test_strbuf__fixed2_is_printf(void **state)
{
	uint64_t x = 88172645463325252ULL;

	(void)state;
	/* decimal-looking ties (0.125, 2.675, ...) and their neighbours */
	for (int i = 0; i <= 200000; i++) {
		double v = i / 1000.0;

		expect_fixed2(v, 7);
		expect_fixed2(nextafter(v, 0), 7);
		expect_fixed2(nextafter(v, 1e9), 7);
	}
	/* report percentages: 100 * period / total */
	for (int i = 0; i < 200000; i++) {
		uint64_t p, t;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		t = x % 100000000 + 1;
		p = (x >> 32) % t;
		expect_fixed2(100.0 * p / t, 7);
		expect_fixed2(100.0 * p / t, 0);
	}
	expect_fixed2(0.0, 7);
	expect_fixed2(1e-5, 7);
	expect_fixed2(0.005, 7);
	expect_fixed2(99.995, 7);
	expect_fixed2(1e20, 7);
	expect_fixed2(-0.5, 7);
	expect_fixed2(NAN, 7);
	expect_fixed2(4503599627370495.5, 7);
	/* below 1/2048 every value is 0.00: denormals too */
	expect_fixed2(1.0 / 2048, 7);
	expect_fixed2(nextafter(1.0 / 2048, 0), 7);
	expect_fixed2(1e-300, 7);
	expect_fixed2(5e-324, 0);
}

static void test_strbuf__adduint_is_printf(void **state)
{
	static const uint64_t edge[] = { 0, 9, 10, 99, 100, 4294967295ULL, UINT64_MAX };
	uint64_t x = 88172645463325252ULL;

	(void)state;
	for (int i = 0; i < 20000; i++) {
		uint64_t v = i < 7 ? edge[i] : (x ^= x << 13, x ^= x >> 7, x ^= x << 17) >> (i % 64);
		struct strbuf sb = STRBUF_INIT;
		char want[64];
		int width = i % 23;

		snprintf(want, sizeof(want), "%*" PRIu64, width, v);
		strbuf_adduint(&sb, v, width);
		if (strcmp(sb.buf, want))
			fail_msg("%" PRIu64 " width %d: printf '%s', strbuf_adduint '%s'", v, width,
				 want, sb.buf);
		strbuf_release(&sb);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_strbuf__starts_empty_and_terminated),
		cmocka_unit_test(test_strbuf__addf_grows_past_initial_size),
		cmocka_unit_test(test_strbuf__detach_hands_over_and_resets),
		cmocka_unit_test(test_strbuf__pad_and_rtrim),
		cmocka_unit_test(test_strbuf__fixed2_is_printf),
		cmocka_unit_test(test_strbuf__adduint_is_printf),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
