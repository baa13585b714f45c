// SPDX-License-Identifier: GPL-2.0
/*
 * script -F as perf parses it: "a,b" replaces an event type's fields,
 * "+a,-b" changes them, later -F on top of earlier ones, "type:" for one
 * type; the defaults follow what the type's first real event samples.
 * Mixed forms, unknown fields or types, trace for other types, fields the
 * samples lack, srcline without ip, tod without clock data, hiding a type
 * no event has: each refused with perf's cause.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/script/script-print.h"

#define ST_BASE (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD)
#define HW_DEFAULT (SF_COMM | SF_TID | SF_TIME | SF_EVENT | SF_PERIOD | SF_IP | SF_SYM | \
		    SF_SYMOFF | SF_DSO)
#define TP_DEFAULT (SF_COMM | SF_TID | SF_TIME | SF_EVENT | SF_TRACE)

static struct pd_evsel cycles = {
	.attr = { .type = PERF_TYPE_HARDWARE, .sample_type = ST_BASE }, .name = "cycles" };
static struct pd_evsel clock_ev = {
	.attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		  .sample_type = ST_BASE | PERF_SAMPLE_CPU }, .name = "cpu-clock" };
static struct pd_evsel switch_tp = {
	.attr = { .type = PERF_TYPE_TRACEPOINT, .sample_type = ST_BASE | PERF_SAMPLE_RAW },
	.name = "sched:sched_switch" };
static struct pd_evsel loads = {
	.attr = { .type = PERF_TYPE_RAW, .sample_type = ST_BASE | PERF_SAMPLE_ADDR |
		  PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_WEIGHT_STRUCT | PERF_SAMPLE_PHYS_ADDR },
	.name = "cpu/mem-loads/P" };
static struct pd_evsel other_pmu = {	/* a dynamic PMU's: the last type slot */
	.attr = { .type = 11, .sample_type = ST_BASE }, .name = "ibs_op//" };

static const struct pd_evsel *const all[] = { &cycles, &clock_ev, &switch_tp, &loads,
					      &other_pmu };
#define NR_ALL (sizeof(all) / sizeof(all[0]))

struct fields_case {
	const char *specs[3];
	const struct pd_evsel *e;
	uint64_t fields;
};

static const struct fields_case cases[] = {
	{ { NULL }, &cycles, HW_DEFAULT },
	{ { NULL }, &clock_ev, HW_DEFAULT | SF_CPU },
	{ { NULL }, &switch_tp, TP_DEFAULT },
	{ { NULL }, &loads, HW_DEFAULT | SF_ADDR | SF_DATA_SRC | SF_WEIGHT | SF_INS_LAT |
			    SF_PHYS_ADDR },
	{ { "comm,tid,ip" }, &cycles, SF_COMM | SF_TID | SF_IP },
	{ { "+addr,-period" }, &cycles, (HW_DEFAULT | SF_ADDR) & ~SF_PERIOD },
	{ { "-period,+period" }, &cycles, HW_DEFAULT },
	{ { "sw:comm" }, &cycles, HW_DEFAULT },
	{ { "sw:comm" }, &clock_ev, SF_COMM },
	{ { "ip,sym", "+dso,-sym" }, &cycles, SF_IP | SF_DSO },
	{ { "+dso", "ip" }, &cycles, SF_IP },
	{ { "ip", "hw:+sym" }, &cycles, SF_IP | SF_SYM },
	{ { "hw:ip", "sym" }, &cycles, SF_SYM },
	/* trace, asked of every event, only for the tracepoints */
	{ { "comm,trace" }, &cycles, SF_COMM },
	{ { "comm,trace" }, &switch_tp, SF_COMM | SF_TRACE },
	{ { "trace:trace,cpu" }, &switch_tp, SF_TRACE | SF_CPU },
	{ { "-trace" }, &switch_tp, TP_DEFAULT & ~SF_TRACE },
	{ { "raw:addr" }, &loads, SF_ADDR },
	{ { "raw:addr" }, &other_pmu, HW_DEFAULT },
	{ { "brstack,tod" }, &other_pmu, SF_BRSTACK | SF_TOD },
	{ { "insnlen,brstackinsnlen" }, &cycles, SF_INSNLEN | SF_BRSTACKINSNLEN },
};

static void setup(struct script_print *p, const char *const *specs)
{
	struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;

	memset(p, 0, sizeof(*p));
	for (int i = 0; i < 3 && specs[i]; i++)
		assert_int_equal(script_print__parse_fields(p, specs[i], &warn, &err), 0);
	script_print__set_events(p, all, NR_ALL);
	assert_int_equal(err.len, 0);
	strbuf_release(&warn);
	strbuf_release(&err);
}

static void test_script_fields__fields_shown(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct fields_case *c = &cases[i];
		struct script_print p;

		print_message("-F %s -F %s on %s\n", c->specs[0] ?: "-", c->specs[1] ?: "-",
			      c->e->name);
		setup(&p, c->specs);
		assert_int_equal(script_print__fields_of(&p, c->e), c->fields);
	}
}

static const struct {
	const char *spec, *says;
} bad[] = {
	{ "comm,+addr", "not both" },
	{ "+addr,comm", "not both" },
	{ "comm,bogus", "unknown field 'bogus'" },
	{ "+", "unknown field ''" },
	{ "foo:ip", "unknown event type 'foo'" },
	{ "hw:trace", "'trace' is not valid for hardware events" },
	{ "sw:+trace", "'trace' is not valid for software events" },
	{ "trace:ip,symm", "unknown field 'symm'" },
};

static void test_script_fields__bad_specs_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;
		struct script_print p = { 0 };

		print_message("-F %s\n", bad[i].spec);
		assert_int_equal(script_print__parse_fields(&p, bad[i].spec, &warn, &err), -EINVAL);
		assert_non_null(strstr(err.buf, bad[i].says));
		assert_non_null(strstr(err.buf, "\nhint: "));
		strbuf_release(&warn);
		strbuf_release(&err);
	}
}

static const struct {
	const char *specs[2];
	const char *warning;	/* "": none */
} warnings[] = {
	{ { "ip", "sym" }, "Overriding previous field request for all events.\n" },
	{ { "hw:ip", "hw:sym" }, "Overriding previous field request for hardware events.\n" },
	{ { "hw:ip", "sw:sym" }, "" },
	{ { "ip", "+sym" }, "" },
	{ { "comm,trace" }, "'trace' not valid for hardware events. Ignoring.\n"
			    "'trace' not valid for software events. Ignoring.\n"
			    "'trace' not valid for hardware-cache events. Ignoring.\n"
			    "'trace' not valid for unknown events. Ignoring.\n"
			    "'trace' not valid for unknown events. Ignoring.\n"
			    "'trace' not valid for unknown events. Ignoring.\n"
			    "'trace' not valid for unknown events. Ignoring.\n" },
};

/* perf's warnings, word for word */
static void test_script_fields__overrides_warned(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(warnings) / sizeof(warnings[0]); i++) {
		struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;
		struct script_print p = { 0 };

		for (int k = 0; k < 2 && warnings[i].specs[k]; k++)
			assert_int_equal(script_print__parse_fields(&p, warnings[i].specs[k], &warn,
								    &err), 0);
		assert_string_equal(warn.buf, warnings[i].warning);
		strbuf_release(&warn);
		strbuf_release(&err);
	}
}

static const struct {
	const char *spec;
	bool has_clock;
	const char *says;	/* NULL: accepted */
} combos[] = {
	{ "srcline", false, "-F srcline needs the ip" },
	{ "sym,srccode", false, "-F srccode needs the ip" },
	{ "ip,srcline", false, NULL },
	{ "+srcline", false, NULL },		/* the defaults have the ip */
	{ "hw:srcline", false, "-F srcline needs the ip" },
	{ "tod,ip", false, "-F tod: the file has no clock data" },
	{ "+tod", false, "-F tod: the file has no clock data" },
	{ "tod,ip", true, NULL },
};

static void test_script_fields__combinations_checked(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(combos) / sizeof(combos[0]); i++) {
		struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;
		struct script_print p = { .has_clock = combos[i].has_clock };

		print_message("-F %s\n", combos[i].spec);
		assert_int_equal(script_print__parse_fields(&p, combos[i].spec, &warn, &err), 0);
		assert_int_equal(script_print__check_fields(&p, &err),
				 combos[i].says ? -EINVAL : 0);
		if (combos[i].says)
			assert_non_null(strstr(err.buf, combos[i].says));
		strbuf_release(&warn);
		strbuf_release(&err);
	}
}

static const struct {
	const char *spec;
	const struct pd_evsel *e;
	const char *says;	/* NULL: the samples have it */
} needs[] = {
	{ "ip,addr", &cycles,
	  "Samples for 'cycles' event do not have ADDR attribute set. Cannot print 'addr' field." },
	{ "+cpu", &cycles,
	  "Samples for 'cycles' event do not have CPU attribute set. Cannot print 'cpu' field." },
	{ "+cpu", &clock_ev, NULL },
	{ "raw:ins_lat,phys_addr", &loads, NULL },
	{ "raw:data_page_size", &loads, "do not have DATA_PAGE_SIZE attribute set" },
	{ "hw:", &cycles, NULL },	/* not printed: nothing to check */
	{ "brstack", &cycles, NULL },	/* no stack: nothing printed, as perf */
};

static void test_script_fields__missing_sample_data_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(needs) / sizeof(needs[0]); i++) {
		struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;
		struct script_print p = { 0 };

		print_message("-F %s on %s\n", needs[i].spec, needs[i].e->name);
		assert_int_equal(script_print__parse_fields(&p, needs[i].spec, &warn, &err), 0);
		assert_int_equal(script_print__check(&p, needs[i].e, &err),
				 needs[i].says ? -EINVAL : 0);
		if (needs[i].says)
			assert_non_null(strstr(err.buf, needs[i].says));
		strbuf_release(&warn);
		strbuf_release(&err);
	}
}

static void test_script_fields__hidden_types_must_exist(void **state)
{
	static struct pd_evsel lbr = {
		.attr = { .type = PERF_TYPE_HARDWARE, .sample_type = ST_BASE,
			  .branch_sample_type = PERF_SAMPLE_BRANCH_ANY }, .name = "cycles" };
	const struct pd_evsel *hw_only[] = { &cycles }, *with_lbr[] = { &cycles, &lbr };
	struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;
	struct script_print p = { 0 };

	(void)state;
	assert_int_equal(script_print__parse_fields(&p, "sw:", &warn, &err), 0);
	assert_int_equal(script_print__check_types(&p, all, NR_ALL, &err), 0);
	assert_int_equal(script_print__check_types(&p, hw_only, 1, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "-F sw: hides the software events, but there are none"));

	strbuf_reset(&err);
	memset(&p, 0, sizeof(p));
	assert_int_equal(script_print__parse_fields(&p, "ip,brstackinsn", &warn, &err), 0);
	assert_int_equal(script_print__check_types(&p, hw_only, 1, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "-F brstackinsn: the samples have no stack"));
	assert_int_equal(script_print__check_types(&p, with_lbr, 2, &err), 0);
	strbuf_release(&warn);
	strbuf_release(&err);
}

/* The first real event of a type decides its defaults, a dummy never;
 * tracepoints with callchains show where they were hit. */
static void test_script_fields__first_event_decides(void **state)
{
	static struct pd_evsel dummy = {
		.attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_DUMMY,
			  .sample_type = PERF_SAMPLE_IP }, .name = "dummy:u" };
	static struct pd_evsel no_time = {
		.attr = { .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_TASK_CLOCK,
			  .sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID }, .name = "task-clock" };
	static struct pd_evsel tp_cc = {
		.attr = { .type = PERF_TYPE_TRACEPOINT, .sample_type = ST_BASE |
			  PERF_SAMPLE_RAW | PERF_SAMPLE_CALLCHAIN }, .name = "sched:sched_wakeup" };
	const struct pd_evsel *ev[] = { &dummy, &no_time, &clock_ev, &switch_tp, &tp_cc };
	struct strbuf warn = STRBUF_INIT, err = STRBUF_INIT;
	struct script_print p = { 0 };

	(void)state;
	script_print__set_events(&p, ev, 5);
	assert_int_equal(script_print__fields_of(&p, &clock_ev), HW_DEFAULT & ~SF_TIME);
	assert_true(p.tp_callchain);
	assert_int_equal(script_print__fields_of(&p, &switch_tp),
			 TP_DEFAULT | SF_IP | SF_SYM | SF_SYMOFF | SF_DSO);
	p.no_callchain = true;	/* -G */
	assert_int_equal(script_print__fields_of(&p, &switch_tp), TP_DEFAULT);
	p.no_callchain = false;
	assert_int_equal(script_print__parse_fields(&p, "trace:+cpu", &warn, &err), 0);
	assert_int_equal(script_print__fields_of(&p, &switch_tp), TP_DEFAULT | SF_CPU);
	strbuf_release(&warn);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_script_fields__fields_shown),
		cmocka_unit_test(test_script_fields__bad_specs_refused),
		cmocka_unit_test(test_script_fields__overrides_warned),
		cmocka_unit_test(test_script_fields__combinations_checked),
		cmocka_unit_test(test_script_fields__missing_sample_data_refused),
		cmocka_unit_test(test_script_fields__hidden_types_must_exist),
		cmocka_unit_test(test_script_fields__first_event_decides),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
