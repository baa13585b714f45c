// SPDX-License-Identifier: GPL-2.0
/*
 * perf record's attr, field for field what perf 6.1's record -vv showed
 * for the same command line (less size, exclude_guest, which the event
 * parser sets, and ksymbol and bpf_event, which perf-mini does not ask
 * for): what each sample holds, a frequency of 4000 unless a period is
 * given, the side-band records on the first event only, IDENTIFIER
 * where the events' layouts differ, an event's own terms over the
 * command line's, and :S groups read whole by their leader. Also the
 * spellings --call-graph and -k take, and what they refuse.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <time.h>

#include "../unit-test.h"
#include "../../../arch/arch.h"
#include "../../../util/events/attr-print.h"
#include "../../../util/events/config-terms.h"
#include "../../../util/events/record-attr.h"

struct record_case {
	const char *cmdline;	/* perf record's, before "-- true" */
	const char *events;	/* space-separated: cpu-clock, page-faults, dummy or
				 * sched:sched_switch, each with /terms/ */
	bool sample_read_group;	/* {...}:S */
	struct record_attr_opts o;	/* enable_on_exec: a workload, always */
	const char *want[2];	/* attr_print_pairs() of each event */
};

#define HZ4000 "type: 1, { sample_period, sample_freq }: 4000, "
#define LEAD "disabled: 1, inherit: 1, mmap: 1, comm: 1, freq: 1, enable_on_exec: 1, task: 1"
#define TRACK "mmap2: 1, comm_exec: 1"
#define SWITCH "type: 2, config: 0x174, { sample_period, sample_freq }: 1, "
#define REC(...) { .enable_on_exec = true, __VA_ARGS__ }

static const struct record_case cases[] = {
	{ "-e cpu-clock", "cpu-clock", false, REC(),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -d", "cpu-clock", false, REC(.sample_addr = true),
	  { HZ4000 "sample_type: IP|TID|TIME|ADDR|PERIOD|DATA_SRC, read_format: ID|LOST, "
	    LEAD ", mmap_data: 1, sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -W", "cpu-clock", false, REC(.sample_weight = true),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD|WEIGHT_STRUCT, read_format: ID|LOST, "
	    LEAD ", sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -R", "cpu-clock", false, REC(.raw_samples = true),
	  { HZ4000 "sample_type: IP|TID|TIME|CPU|PERIOD|RAW, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -c 10007", "cpu-clock", false, REC(.period = 10007),
	  { "type: 1, { sample_period, sample_freq }: 10007, sample_type: IP|TID|TIME, "
	    "read_format: ID|LOST, disabled: 1, inherit: 1, mmap: 1, comm: 1, "
	    "enable_on_exec: 1, task: 1, sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -c 1000 -P", "cpu-clock", false,
	  REC(.period = 1000, .sample_period = true),
	  { "type: 1, { sample_period, sample_freq }: 1000, sample_type: IP|TID|TIME|PERIOD, "
	    "read_format: ID|LOST, disabled: 1, inherit: 1, mmap: 1, comm: 1, "
	    "enable_on_exec: 1, task: 1, sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -n", "cpu-clock", false, REC(.no_samples = true),
	  { "type: 1, sample_type: IP|TID|TIME|PERIOD, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -F 99 -i -s", "cpu-clock", false,
	  REC(.freq = 99, .user_freq = true, .no_inherit = true, .inherit_stat = true),
	  { "type: 1, { sample_period, sample_freq }: 99, sample_type: IP|TID|TIME|PERIOD, "
	    "read_format: TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID|LOST, disabled: 1, "
	    "mmap: 1, comm: 1, freq: 1, inherit_stat: 1, enable_on_exec: 1, task: 1, "
	    "sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock -k mono --no-buffering", "cpu-clock", false,
	  REC(.use_clockid = true, .clockid = CLOCK_MONOTONIC, .no_buffering = true),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK ", use_clockid: 1, "
	    "{ wakeup_events, wakeup_watermark }: 1, clockid: 1" } },
	{ "-e cpu-clock --all-kernel -b", "cpu-clock", false,
	  REC(.all_kernel = true, .branch_mode = PERF_SAMPLE_BRANCH_ANY),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD|BRANCH_STACK, read_format: ID|LOST, "
	    "disabled: 1, inherit: 1, exclude_user: 1, mmap: 1, comm: 1, freq: 1, "
	    "enable_on_exec: 1, task: 1, sample_id_all: 1, " TRACK
	    ", branch_sample_type: ANY" } },
	{ "-e sched:sched_switch", "sched:sched_switch", false, REC(),
	  { SWITCH "sample_type: IP|TID|TIME|CPU|PERIOD|RAW, read_format: ID|LOST, "
	    "disabled: 1, inherit: 1, mmap: 1, comm: 1, enable_on_exec: 1, task: 1, "
	    "sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock,sched:sched_switch", "cpu-clock sched:sched_switch", false, REC(),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD|IDENTIFIER, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK,
	    SWITCH "sample_type: IP|TID|TIME|CPU|PERIOD|RAW|IDENTIFIER, read_format: ID|LOST, "
	    "disabled: 1, inherit: 1, enable_on_exec: 1, sample_id_all: 1" } },
	{ "-e {cpu-clock,page-faults}:S", "cpu-clock page-faults", true, REC(),
	  { HZ4000 "sample_type: IP|TID|TIME|READ|ID|PERIOD, read_format: ID|GROUP|LOST, "
	    "disabled: 1, mmap: 1, comm: 1, freq: 1, enable_on_exec: 1, task: 1, "
	    "sample_id_all: 1, " TRACK,
	    "type: 1, config: 0x2, sample_type: IP|TID|TIME|READ|ID|PERIOD, "
	    "read_format: ID|GROUP|LOST, sample_id_all: 1" } },
	/* -D: the dummy added last tracks, from the exec, while cpu-clock waits */
	{ "-D 10 -e cpu-clock", "cpu-clock dummy", false, REC(.tracking_dummy = true),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD|IDENTIFIER, read_format: ID|LOST, "
	    "disabled: 1, inherit: 1, freq: 1, sample_id_all: 1",
	    "type: 1, config: 0x9, { sample_period, sample_freq }: 1, "
	    "sample_type: IP|TID|TIME|IDENTIFIER, read_format: ID|LOST, disabled: 1, "
	    "inherit: 1, mmap: 1, comm: 1, enable_on_exec: 1, task: 1, sample_id_all: 1, "
	    TRACK } },
	{ "-e cpu-clock/time=0/", "cpu-clock/time=0/", false, REC(),
	  { HZ4000 "sample_type: IP|TID|PERIOD, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK } },
	{ "-e cpu-clock/inherit=0/", "cpu-clock/inherit=0/", false, REC(),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD, read_format: ID|LOST, disabled: 1, "
	    "mmap: 1, comm: 1, freq: 1, enable_on_exec: 1, task: 1, sample_id_all: 1, "
	    TRACK } },
	{ "-e cpu-clock/max-stack=10/", "cpu-clock/max-stack=10/", false, REC(),
	  { HZ4000 "sample_type: IP|TID|TIME|CALLCHAIN|PERIOD, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK ", sample_max_stack: 10" } },
	{ "-e cpu-clock,page-faults/call-graph=fp/", "cpu-clock page-faults/call-graph=fp/",
	  false, REC(),
	  { HZ4000 "sample_type: IP|TID|TIME|PERIOD|IDENTIFIER, read_format: ID|LOST, " LEAD
	    ", sample_id_all: 1, " TRACK,
	    "type: 1, config: 0x2, { sample_period, sample_freq }: 4000, "
	    "sample_type: IP|TID|TIME|CALLCHAIN|PERIOD|IDENTIFIER, read_format: ID|LOST, "
	    "disabled: 1, inherit: 1, freq: 1, enable_on_exec: 1, sample_id_all: 1" } },
};

/* @spec ("page-faults/call-graph=fp,max-stack=4/") as the parser makes it */
static struct evsel *event(const char *spec)
{
	size_t nlen = strcspn(spec, "/");
	struct evsel *e = evsel__new(spec);
	struct strbuf err = STRBUF_INIT;

	e->attr.size = 0;	/* the headers' size: not this test's */
	e->attr.type = PERF_TYPE_SOFTWARE;
	if (!strncmp(spec, "page-faults", nlen))
		e->attr.config = PERF_COUNT_SW_PAGE_FAULTS;
	if (!strncmp(spec, "dummy", nlen))
		e->attr.config = PERF_COUNT_SW_DUMMY;
	if (!strncmp(spec, "sched:sched_switch", nlen))
		e->attr.type = PERF_TYPE_TRACEPOINT, e->attr.config = 0x174;
	for (const char *t = spec + nlen + !!spec[nlen]; *t && *t != '/'; ) {
		size_t len = strcspn(t, ",/"), name = strcspn(t, "=");
		char *val = name < len ? strndup(t + name + 1, len - name - 1) : NULL;

		assert_int_equal(config_term__apply(e, t, name < len ? name : len, val, false,
						    &err), 0);
		free(val);
		t += len + (t[len] == ',');
	}
	strbuf_release(&err);
	return e;
}

static struct evlist *events(const char *specs, bool sample_read_group)
{
	struct evlist *evlist = evlist__new();

	for (const char *s = specs; *s; s += strcspn(s, " ") + !!s[strcspn(s, " ")]) {
		char *spec = strndup(s, strcspn(s, " "));

		evlist__add(evlist, event(spec));
		free(spec);
	}
	if (sample_read_group) {
		evlist__make_group(evlist, 0, evlist->nr - 1);
		for (int i = 0; i < evlist->nr; i++)
			evlist->entries[i]->sample_read = true;
	}
	return evlist;
}

static void test_record_attr__as_perf_record_vv(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct record_case *c = &cases[i];
		struct evlist *evlist = events(c->events, c->sample_read_group);

		print_message("perf record %s\n", c->cmdline);
		record_attr__configure(evlist, &c->o);
		for (int k = 0; k < evlist->nr; k++) {
			struct strbuf sb = STRBUF_INIT;

			attr_print_pairs(&sb, &evlist->entries[k]->attr);
			assert_string_equal(sb.buf, c->want[k]);
			strbuf_release(&sb);
		}
		evlist__delete(evlist);
	}
}

struct dwarf_case {
	const char *cmdline;
	const char *event;
	struct record_attr_opts o;
	uint32_t stack;
	bool named_regs;	/* --user-regs: those, and what unwinding needs */
};

static const struct dwarf_case dwarf_cases[] = {
	{ "--call-graph dwarf,4096", "cpu-clock", REC(.callchain = true, .dwarf_stack = 4096),
	  4096 },
	{ "-e cpu-clock/call-graph=dwarf,stack-size=1024/",
	  "cpu-clock/call-graph=dwarf,stack-size=1024/", REC(), 1024 },
	{ "-e cpu-clock/call-graph=dwarf/", "cpu-clock/call-graph=dwarf/", REC(), 8192 },
	{ "--call-graph dwarf --user-regs=ax", "cpu-clock",
	  REC(.callchain = true, .dwarf_stack = 8192, .user_regs = 1), 8192, true },
};

/* DWARF unwinding: the host's registers, a stack dump, data addresses and mmaps */
static void test_record_attr__dwarf_callchains(void **state)
{
	const struct pmu_arch_ops *host = arch__host();

	(void)state;
	for (size_t i = 0; i < sizeof(dwarf_cases) / sizeof(dwarf_cases[0]); i++) {
		const struct dwarf_case *c = &dwarf_cases[i];
		struct evlist *evlist = events(c->event, false);
		const struct perf_event_attr *a = &evlist->entries[0]->attr;
		struct strbuf sb = STRBUF_INIT;

		print_message("perf record -e cpu-clock %s\n", c->cmdline);
		record_attr__configure(evlist, &c->o);
		attr_print_sample_type(&sb, a->sample_type);
		assert_string_equal(sb.buf, "IP|TID|TIME|ADDR|CALLCHAIN|PERIOD|REGS_USER|"
				    "STACK_USER|DATA_SRC");
		assert_int_equal(a->sample_stack_user, c->stack);
		assert_int_equal(a->sample_regs_user,
				 c->named_regs ? 1 | host->regs_unwind : host->regs_default);
		assert_true(a->exclude_callchain_user && a->mmap_data);
		evlist__delete(evlist);
		strbuf_release(&sb);
	}
}

/* --switch-output-event's events: counted from the open, never sampled,
 * whatever the parser gave them */
static void test_record_attr__count_only(void **state)
{
	struct evlist *evlist = events("cpu-clock sched:sched_switch", false);
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	for (int i = 0; i < evlist->nr; i++) {
		struct perf_event_attr *a = &evlist->entries[i]->attr;

		a->sample_period = 1000;
		a->freq = a->disabled = a->inherit = a->enable_on_exec = 1;
		a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_RAW;
		a->read_format = PERF_FORMAT_ID;
		a->exclude_kernel = 1;
	}
	record_attr__count_only(evlist);
	attr_print_pairs(&sb, &evlist->entries[0]->attr);
	assert_string_equal(sb.buf, "type: 1, read_format: TOTAL_TIME_ENABLED|"
			    "TOTAL_TIME_RUNNING, exclude_kernel: 1");
	strbuf_reset(&sb);
	attr_print_pairs(&sb, &evlist->entries[1]->attr);
	assert_string_equal(sb.buf, "type: 2, config: 0x174, read_format: "
			    "TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING, exclude_kernel: 1");
	evlist__delete(evlist);
	strbuf_release(&sb);
}

struct call_graph_case {
	const char *mode;
	int ret;
	uint32_t dwarf_stack;
	bool lbr;
	const char *err;
};

static const struct call_graph_case call_graphs[] = {
	{ "fp", 0, 0, false, NULL },
	{ "lbr", 0, 0, true, NULL },
	{ "dwarf", 0, 8192, false, NULL },
	{ "dwarf,4096", 0, 4096, false, NULL },
	{ "dwarf,0x2000", 0, 8192, false, NULL },
	{ "dwarf,65528", 0, 65528, false, NULL },
	{ "dwarf,8", 0, 8, false, NULL },
	{ "dwarf,65536", -EINVAL, 0, false, "--call-graph dwarf,65536: the stack dump size "
					   "must be a multiple of 8 up to 65528" },
	{ "dwarf,4097", -EINVAL, 0, false, "must be a multiple of 8" },
	{ "dwarf,0", -EINVAL, 0, false, "must be a multiple of 8" },
	{ "dwarf,", -EINVAL, 0, false, "must be a multiple of 8" },
	{ "dwarf,-8", -EINVAL, 0, false, "must be a multiple of 8" },
	{ "dwarfs", -EINVAL, 0, false, "--call-graph 'dwarfs' is not a record mode\n"
				      "hint: fp, dwarf[,size] or lbr" },
	{ "fp,1024", -EINVAL, 0, false, "is not a record mode" },
	{ "", -EINVAL, 0, false, "--call-graph '' is not a record mode" },
	{ "LBR", -EINVAL, 0, false, "is not a record mode" },
};

static void test_record_attr__call_graph_modes(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(call_graphs) / sizeof(call_graphs[0]); i++) {
		const struct call_graph_case *c = &call_graphs[i];
		struct record_attr_opts o = { .dwarf_stack = 99, .lbr = true };
		struct strbuf err = STRBUF_INIT;

		print_message("--call-graph %s\n", c->mode);
		assert_int_equal(record_attr__parse_call_graph(c->mode, &o, &err), c->ret);
		if (c->err) {
			assert_non_null(strstr(err.buf, c->err));
		} else {
			assert_true(o.callchain);
			assert_int_equal(o.dwarf_stack, c->dwarf_stack);
			assert_int_equal(o.lbr, c->lbr);
			assert_int_equal(err.len, 0);
		}
		strbuf_release(&err);
	}
}

/* no --call-graph: none, and no leftover dwarf or lbr */
static void test_record_attr__no_call_graph(void **state)
{
	struct record_attr_opts o = { .dwarf_stack = 99, .lbr = true };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(record_attr__parse_call_graph(NULL, &o, &err), 0);
	assert_false(o.callchain || o.lbr);
	assert_int_equal(o.dwarf_stack, 0);
	strbuf_release(&err);
}

struct clock_case {
	const char *name;
	int ret;
	int clockid;
};

static const struct clock_case clocks[] = {
	{ "monotonic", 0, CLOCK_MONOTONIC },
	{ "mono", 0, CLOCK_MONOTONIC },
	{ "CLOCK_MONOTONIC", 0, CLOCK_MONOTONIC },
	{ "monotonic_raw", 0, CLOCK_MONOTONIC_RAW },
	{ "raw", 0, CLOCK_MONOTONIC_RAW },
	{ "REALTIME", 0, CLOCK_REALTIME },
	{ "real", 0, CLOCK_REALTIME },
	{ "clock_boottime", 0, CLOCK_BOOTTIME },
	{ "boot", 0, CLOCK_BOOTTIME },
	{ "tai", 0, CLOCK_TAI },
	{ "CLOCK_TAI", 0, CLOCK_TAI },
	{ "11", 0, 11 },
	{ "0x7", 0, 7 },
	{ "63", 0, 63 },
	{ "64", -EINVAL, 0 },
	{ "-1", -EINVAL, 0 },
	{ "CLOCK_", -EINVAL, 0 },
	{ "CLOCK_7", -EINVAL, 0 },
	{ "monotonic_coarse", -EINVAL, 0 },
	{ "", -EINVAL, 0 },
};

static void test_record_attr__clock_names(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		const struct clock_case *c = &clocks[i];
		struct record_attr_opts o = { .clockid = -5 };
		struct strbuf err = STRBUF_INIT;

		print_message("-k %s\n", c->name);
		assert_int_equal(record_attr__parse_clockid(c->name, &o, &err), c->ret);
		assert_int_equal(o.use_clockid, !c->ret);
		assert_int_equal(o.clockid, c->ret ? -5 : c->clockid);
		if (c->ret)
			assert_non_null(strstr(err.buf, "' is not a clock\nhint: monotonic, "
						"monotonic_raw, realtime, boottime, tai (or mono, "
						"raw, real, boot), or a clockid number"));
		else
			assert_int_equal(err.len, 0);
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_record_attr__as_perf_record_vv),
		cmocka_unit_test(test_record_attr__dwarf_callchains),
		cmocka_unit_test(test_record_attr__count_only),
		cmocka_unit_test(test_record_attr__call_graph_modes),
		cmocka_unit_test(test_record_attr__no_call_graph),
		cmocka_unit_test(test_record_attr__clock_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
