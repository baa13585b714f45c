// SPDX-License-Identifier: GPL-2.0
/*
 * trace -e: system call names and globs as a filter on raw_syscalls' id,
 * x86_64's numbers (the table perf-mini carries); a name of no call is
 * refused, every call named is no filter at all. Tracepoint entries
 * (system:event) apart, checked against a fake tracefs.
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

static const struct {
	const char *list, *filter, *events;
	int ret;
} splits[] = {
	{ "read,sched:sched_process_exec", " && (id == 0)", "sched:sched_process_exec", 0 },
	{ "sched:sched_process_e*", "", "sched:sched_process_e*", 1 },	/* events alone */
	{ "sched:*,signal:signal_deliver", "", "sched:*,signal:signal_deliver", 1 },
	{ "write", " && (id == 1)", "", 0 },
	{ NULL, "", "", 0 },					/* no -e: every call */
	{ "sched:nosuch", "", "", -1 },
	{ "nosys:sched_process_exec", "", "", -1 },
};

static void tracepoints_apart_from_calls(void **state)
{
	const struct pmu_arch_ops *x86 = arch__by_machine("x86_64");
	char root[] = "/tmp/pm-tracefs.XXXXXX", cmd[64];

	(void)state;
	assert_non_null(mkdtemp(root));
	unit_test_make_tracepoint(root, "sched", "sched_process_exec", 310);
	unit_test_make_tracepoint(root, "signal", "signal_deliver", 311);
	for (size_t i = 0; i < sizeof(splits) / sizeof(splits[0]); i++) {
		struct strbuf filter = STRBUF_INIT, events = STRBUF_INIT, err = STRBUF_INIT;
		int ret = trace_events_split(x86, root, splits[i].list, &filter, &events, &err);

		print_message("'%s': %d '%s' '%s' %s\n", splits[i].list ? splits[i].list : "(no -e)",
			      ret, filter.buf, events.buf, err.buf);
		assert_int_equal(ret, splits[i].ret);
		if (ret >= 0) {
			assert_string_equal(filter.buf, splits[i].filter);
			assert_string_equal(events.buf, splits[i].events);
		} else {
			assert_non_null(strstr(err.buf, "no such tracepoint here"));
		}
		strbuf_release(&filter);
		strbuf_release(&events);
		strbuf_release(&err);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_and_globs_as_ids),
		cmocka_unit_test(a_name_of_no_call_is_refused),
		cmocka_unit_test(tracepoints_apart_from_calls),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
