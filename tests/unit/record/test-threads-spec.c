// SPDX-License-Identifier: GPL-2.0
/*
 * record --threads=SPEC as perf takes it (perf 6.1 run on each): the four
 * kinds, or maps/affinity CPU-list pairs joined by ':'; anything else
 * refused with the forms.
 */
#include "../unit-test.h"
#include "../../../util/record/threads-spec.h"

static const struct {
	const char *spec;
	int ret;
} cases[] = {
	{ "cpu", 0 }, { "core", 0 }, { "package", 0 }, { "numa", 0 },
	{ "0-1/0", 0 }, { "0-1/0:2-3/2", 0 }, { "0,2/0,2", 0 },
	{ "", 0 }, { "0-1/0:", 0 },		/* perf 6.1 takes both too */
	{ "user", -1 }, { "0-1", -1 }, { "0-1/", -1 }, { "/0", -1 },
	{ "0-1/0:2", -1 }, { "a/b", -1 }, { "cpus", -1 },
};

static void kinds_and_cpu_lists(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf err = STRBUF_INIT;

		print_message("'%s'\n", cases[i].spec);
		assert_int_equal(threads_spec__check(cases[i].spec, &err), cases[i].ret);
		if (cases[i].ret)
			assert_non_null(strstr(err.buf, "hint: --threads"));
		else
			assert_int_equal(err.len, 0);
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_and_cpu_lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
