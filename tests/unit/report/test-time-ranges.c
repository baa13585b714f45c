// SPDX-License-Identifier: GPL-2.0
/*
 * --time: which sample times a spec keeps. Seconds ranges open on either
 * side, several ranges, percentages of the recording; malformed specs
 * refused. Times are asked well inside or outside a range (perf's
 * rounding at the edges is the oracle tests' business).
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/report/time-ranges.h"

#define S 1000000000ULL		/* a second in ns */

/* A recording from 100 s to 200 s */
#define FIRST (100 * S)
#define LAST (200 * S)

static const struct {
	const char *spec;
	uint64_t kept[3], skipped[3];	/* 0: no more */
} specs[] = {
	{ "110,120", { 115 * S, 110 * S + 1 }, { 105 * S, 125 * S } },
	{ "110,", { 150 * S, 199 * S }, { 105 * S } },
	{ ",120", { 101 * S, 119 * S }, { 121 * S, 190 * S } },
	{ "110.5,110.75", { 110 * S + 600000000 }, { 110 * S + 400000000, 110 * S + 800000000 } },
	{ "110,120 150,160", { 115 * S, 155 * S }, { 130 * S, 170 * S } },
	{ "25%", { 101 * S, 120 * S }, { 130 * S, 190 * S } },		/* the first quarter */
	{ "10%/2", { 115 * S }, { 105 * S, 125 * S } },			/* the second tenth */
	{ "0%-10%,30%-40%", { 105 * S, 135 * S }, { 120 * S, 150 * S } },
};

static void specs_keep_their_times(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct time_ranges tr = { 0 };
		struct strbuf err = STRBUF_INIT;

		print_message("--time '%s'\n", specs[i].spec);
		assert_int_equal(time_ranges__parse(&tr, specs[i].spec, FIRST, LAST, false, &err), 0);
		for (int k = 0; k < 3 && specs[i].kept[k]; k++)
			assert_false(time_ranges__skip(&tr, specs[i].kept[k]));
		for (int k = 0; k < 3 && specs[i].skipped[k]; k++)
			assert_true(time_ranges__skip(&tr, specs[i].skipped[k]));
		assert_false(time_ranges__skip(&tr, 0));	/* no time: never skipped */
		time_ranges__exit(&tr);
		strbuf_release(&err);
	}
}

static const char *const bad[] = { "abc", "120,110", "1,2,3", "10%/0", "x%", "110,120x" };

static void malformed_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct time_ranges tr = { 0 };
		struct strbuf err = STRBUF_INIT;

		print_message("--time '%s'\n", bad[i]);
		assert_int_equal(time_ranges__parse(&tr, bad[i], FIRST, LAST, false, &err), -EINVAL);
		assert_true(err.len > 0);
		time_ranges__exit(&tr);
		strbuf_release(&err);
	}
}

/* script --reltime: the times count from the first sample */
static void relative_counts_from_first(void **state)
{
	struct time_ranges tr = { 0 };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(time_ranges__parse(&tr, "10,20", FIRST, LAST, true, &err), 0);
	assert_false(time_ranges__skip(&tr, FIRST + 15 * S));
	assert_true(time_ranges__skip(&tr, FIRST + 25 * S));
	assert_true(time_ranges__skip(&tr, 15 * S));
	time_ranges__exit(&tr);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(specs_keep_their_times),
		cmocka_unit_test(malformed_refused),
		cmocka_unit_test(relative_counts_from_first),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
