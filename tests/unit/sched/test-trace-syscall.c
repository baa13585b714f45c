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

/* a sys_enter_@name format as this kernel writes it, fields "type name" */
static void make_enter_format(const char *root, const char *name, const char *const *fields,
			      int nr)
{
	char tp[64], path[512];
	FILE *f;

	snprintf(tp, sizeof(tp), "sys_enter_%s", name);
	unit_test_make_tracepoint(root, "syscalls", tp, 900);
	snprintf(path, sizeof(path), "%s/events/syscalls/%s/format", root, tp);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "name: %s\nID: 900\nformat:\n"
		"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
		"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
		"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
		"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
		"\tfield:int __syscall_nr;\toffset:8;\tsize:4;\tsigned:1;\n", tp);
	for (int i = 0; i < nr; i++)
		fprintf(f, "\tfield:%s;\toffset:%d;\tsize:8;\tsigned:0;\n", fields[i], 16 + 8 * i);
	fprintf(f, "\nprint fmt: \"\"\n");
	fclose(f);
}

/* perf's syscall_fmts by the call's name over the defaults by type and
 * name: kcmp's pids, type and fds; mount's device as a file name (its
 * field a "char *"), its flags; the other pointers as pointers */
static void formats_by_call_over_field_defaults(void **state)
{
	static const char *const kcmp[] = {
		"pid_t pid1", "pid_t pid2", "int type", "unsigned long idx1", "unsigned long idx2",
	};
	static const char *const mount[] = {
		"char * dev_name", "char * dir_name", "char * type", "unsigned long flags",
		"void * data",
	};
	static const enum sca kcmp_want[] = {
		SCA_PID, SCA_PID, SCA_KCMP_TYPE, SCA_KCMP_IDX, SCA_KCMP_IDX,
	};
	static const enum sca mount_want[] = {
		SCA_FILENAME, SCA_PTR, SCA_PTR, SCA_MOUNT_FLAGS, SCA_PTR,
	};
	char root[] = "/tmp/pm-tracefs.XXXXXX", cmd[64];
	struct sc_table t = { .arch = arch__by_machine("x86_64") };
	const struct sc_info *sc;

	(void)state;
	assert_non_null(mkdtemp(root));
	t.tracefs = root;
	make_enter_format(root, "kcmp", kcmp, 5);
	make_enter_format(root, "mount", mount, 5);
	sc = sc_table__get(&t, 312);			/* x86_64's kcmp */
	assert_non_null(sc);
	assert_string_equal(sc->name, "kcmp");
	assert_int_equal(sc->nr_args, 5);
	for (int i = 0; i < 5; i++)
		assert_int_equal(sc->arg[i].fmt, kcmp_want[i]);
	assert_string_equal(sc->arg[3].name, "idx1");
	sc = sc_table__get(&t, 165);			/* mount */
	assert_non_null(sc);
	for (int i = 0; i < 5; i++)
		assert_int_equal(sc->arg[i].fmt, mount_want[i]);
	assert_null(sc_table__get(&t, 175));		/* init_module: no format here */
	sc_table__exit(&t);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_and_globs_as_ids),
		cmocka_unit_test(a_name_of_no_call_is_refused),
		cmocka_unit_test(tracepoints_apart_from_calls),
		cmocka_unit_test(formats_by_call_over_field_defaults),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
