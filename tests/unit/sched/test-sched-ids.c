// SPDX-License-Identifier: GPL-2.0
/*
 * -p and --tid lists of sched and trace: ids by commas, nothing given
 * means every id, anything else a message naming the option.
 */
#include "../unit-test.h"
#include "../../../util/sched/sched.h"

static const struct {
	const char *list;	/* NULL: the option not given */
	int ret;
	int32_t in[3], out[2];	/* ids it has, ids it has not (0: none) */
} lists[] = {
	{ NULL, 0, { 1, 4242, -1 }, { 0 } },		/* every id */
	{ "42", 0, { 42 }, { 41, 43 } },
	{ "1,2,3", 0, { 1, 2, 3 }, { 4 } },
	{ "7,7", 0, { 7 }, { 8 } },
	{ "-1", 0, { -1 }, { 1 } },
	{ "", 0, { 0 }, { 1 } },			/* given empty: none */
	{ "12x", -1, { 0 }, { 0 } },
	{ "1,,2", -1, { 0 }, { 0 } },
	{ "1,", 0, { 1 }, { 2 } },			/* perf's strtol list: a trailing comma ends it */
	{ "99999999999", -1, { 0 }, { 0 } },
	{ "a", -1, { 0 }, { 0 } },
};

static void lists_parse_or_say_why(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		struct sched_ids ids = { 0 };
		struct strbuf err = STRBUF_INIT;

		print_message("-p '%s'\n", lists[i].list ? lists[i].list : "(none)");
		assert_int_equal(sched_ids__parse(&ids, "-p", lists[i].list, &err), lists[i].ret);
		if (lists[i].ret) {
			assert_non_null(strstr(err.buf, "-p"));
			assert_non_null(strstr(err.buf, "not a list of ids"));
		} else {
			for (int k = 0; k < 3 && lists[i].in[k]; k++)
				assert_true(sched_ids__has(&ids, lists[i].in[k]));
			for (int k = 0; k < 2 && lists[i].out[k]; k++)
				assert_false(sched_ids__has(&ids, lists[i].out[k]));
		}
		sched_ids__exit(&ids);
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lists_parse_or_say_why),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
