// SPDX-License-Identifier: GPL-2.0
/*
 * CPU lists as perf takes them (-C, sysfs "online"): ranges and commas,
 * each CPU once and in order; anything else refused; printed back in the
 * kernel's own form.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/events/cpumap.h"

static const struct {
	const char *list;
	int ret;
	const char *printed;	/* the CPUs, as cpu_map__print writes them */
} lists[] = {
	{ "0", 0, "0" },
	{ "0-3", 0, "0-3" },
	{ "0-3,6", 0, "0-3,6" },
	{ "6,0-3", 0, "0-3,6" },		/* in order */
	{ "1,1,1", 0, "1" },			/* each once */
	{ "0-2,2-4", 0, "0-4" },
	{ "0,2,4", 0, "0,2,4" },
	{ "8191", 0, "8191" },
	{ "8192", -ERANGE, NULL },		/* past any machine's */
	{ "", -EINVAL, NULL },
	{ "3-1", -EINVAL, NULL },
	{ "0,", -EINVAL, NULL },
	{ ",0", -EINVAL, NULL },
	{ "a", -EINVAL, NULL },
	{ "0-", -EINVAL, NULL },
	{ "-1", -EINVAL, NULL },
	{ "1 2", -EINVAL, NULL },
};

static void lists_parse_or_fail(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		struct cpu_map *map = NULL;
		struct strbuf sb = STRBUF_INIT;

		print_message("cpu list '%s'\n", lists[i].list);
		assert_int_equal(cpu_map__parse_list(&map, lists[i].list), lists[i].ret);
		if (lists[i].ret) {
			assert_null(map);
			continue;
		}
		cpu_map__print(map, &sb);
		assert_string_equal(sb.buf, lists[i].printed);
		strbuf_release(&sb);
		cpu_map__delete(map);
	}
}

static void has_answers_membership(void **state)
{
	struct cpu_map *map = NULL;

	(void)state;
	assert_int_equal(cpu_map__parse_list(&map, "1-2,5"), 0);
	assert_false(cpu_map__has(map, 0));
	assert_true(cpu_map__has(map, 1));
	assert_true(cpu_map__has(map, 2));
	assert_false(cpu_map__has(map, 3));
	assert_true(cpu_map__has(map, 5));
	cpu_map__delete(map);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(lists_parse_or_fail),
		cmocka_unit_test(has_answers_membership),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
