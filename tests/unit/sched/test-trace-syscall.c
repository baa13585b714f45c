// SPDX-License-Identifier: GPL-2.0
/*
 * trace -e: system call names and globs as a filter on raw_syscalls' id,
 * x86_64's numbers (the table perf-mini carries); a name of no call is
 * refused, every call named is no filter at all.
 */
#include "../unit-test.h"
#include "../../../util/sched/trace-syscall.h"

static const struct {
	const char *list, *want;
} cases[] = {
	{ "openat", " && (id == 257)" },
	{ "read,write", " && (id == 0 || id == 1)" },
	{ "write,read", " && (id == 0 || id == 1)" },	/* by number, once each */
	{ "read,read", " && (id == 0)" },
	{ "clock_nano*", " && (id == 230)" },
	{ "epoll_c*", " && (id == 213 || id == 214 || id == 233 || id == 291)" },
	{ "*", "" },					/* every call: no filter */
	{ "", "" },
};

static void names_and_globs_as_ids(void **state)
{
	const struct pmu_arch_ops *x86 = arch__by_machine("x86_64");

	(void)state;
	assert_non_null(x86);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf filter = STRBUF_INIT, err = STRBUF_INIT;

		assert_int_equal(sc_filter(x86, cases[i].list, &filter, &err), 0);
		print_message("'%s': '%s'\n", cases[i].list, filter.buf);
		assert_string_equal(filter.buf, cases[i].want);
		assert_int_equal(err.len, 0);
		strbuf_release(&filter);
		strbuf_release(&err);
	}
}

static void a_name_of_no_call_is_refused(void **state)
{
	const struct pmu_arch_ops *x86 = arch__by_machine("x86_64");
	struct strbuf filter = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	assert_int_equal(sc_filter(x86, "read,nosuchcall", &filter, &err), -1);
	assert_non_null(strstr(err.buf, "-e nosuchcall: no system call of that name"));
	assert_int_equal(filter.len, 0);
	strbuf_release(&filter);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_and_globs_as_ids),
		cmocka_unit_test(a_name_of_no_call_is_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
