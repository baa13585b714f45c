// SPDX-License-Identifier: GPL-2.0
#include <linux/perf_event.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/parse-events.h"

struct fixture {
	struct pmus *pmus;
	struct evlist *evlist;
	struct parse_events_ctx ctx;
	struct strbuf err;
	char tracefs[64];
};

/* A described Ice Lake and a fake tracefs: no root, no real PMU needed. */
static int setup(void **state)
{
	struct fixture *fx = calloc(1, sizeof(*fx));
	char sysfs[512];

	snprintf(sysfs, sizeof(sysfs), "%s/sysfs/icelake", unit_test_data());
	fx->pmus = pmus__new(sysfs);
	fx->evlist = evlist__new();
	strbuf_init(&fx->err, 0);
	snprintf(fx->tracefs, sizeof(fx->tracefs), "/tmp/pm-tracefs.XXXXXX");
	assert_non_null(mkdtemp(fx->tracefs));
	unit_test_make_tracepoint(fx->tracefs, "sched", "sched_switch", 316);
	unit_test_make_tracepoint(fx->tracefs, "sched", "sched_process_exec", 310);
	unit_test_make_tracepoint(fx->tracefs, "sched", "sched_process_exit", 311);
	fx->ctx.pmus = fx->pmus;
	fx->ctx.tracefs_dir = fx->tracefs;
	fx->ctx.tool = "stat";
	*state = fx;
	return 0;
}

static int teardown(void **state)
{
	struct fixture *fx = *state;
	char cmd[128];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", fx->tracefs);
	assert_int_equal(system(cmd), 0);
	evlist__delete(fx->evlist);
	pmus__delete(fx->pmus);
	strbuf_release(&fx->err);
	free(fx);
	return 0;
}

static struct evsel *parse_one(struct fixture *fx, const char *spec)
{
	evlist__truncate(fx->evlist, 0);
	strbuf_reset(&fx->err);
	if (parse_events(fx->evlist, spec, &fx->ctx, &fx->err)) {
		print_error("unexpected error for '%s':\n%s\n", spec, fx->err.buf);
		fail();
	}
	return fx->evlist->entries[0];
}

static void test_parse_events__generic_names_and_aliases(void **state)
{
	struct fixture *fx = *state;
	struct evsel *e;

	e = parse_one(fx, "cycles");
	assert_int_equal(e->attr.type, PERF_TYPE_HARDWARE);
	assert_int_equal(e->attr.config, PERF_COUNT_HW_CPU_CYCLES);
	e = parse_one(fx, "cs");
	assert_int_equal(e->attr.type, PERF_TYPE_SOFTWARE);
	assert_int_equal(e->attr.config, PERF_COUNT_SW_CONTEXT_SWITCHES);
	assert_string_equal(e->name, "cs");
	e = parse_one(fx, "task-clock");
	assert_string_equal(e->unit, "msec");
	e = parse_one(fx, "bpf-output");
	assert_int_equal(e->attr.config, PERF_COUNT_SW_BPF_OUTPUT);
	e = parse_one(fx, "stalled-cycles-backend");
	assert_int_equal(e->attr.config, PERF_COUNT_HW_STALLED_CYCLES_BACKEND);
}

static void test_parse_events__cache_events(void **state)
{
	struct fixture *fx = *state;
	struct evsel *e;

	e = parse_one(fx, "L1-dcache-load-misses");
	assert_int_equal(e->attr.type, PERF_TYPE_HW_CACHE);
	assert_int_equal(e->attr.config, 0x10000);
	e = parse_one(fx, "LLC-loads");
	assert_int_equal(e->attr.config, 0x2);
	e = parse_one(fx, "dTLB-store-misses");
	assert_int_equal(e->attr.config, 0x3 | 1 << 8 | 1 << 16);
}

static void test_parse_events__modifiers_as_perf(void **state)
{
	struct fixture *fx = *state;
	struct evsel *e;

	e = parse_one(fx, "cycles");
	assert_int_equal(e->attr.exclude_guest, 1);
	e = parse_one(fx, "cycles:u");
	assert_int_equal(e->attr.exclude_kernel, 1);
	assert_int_equal(e->attr.exclude_hv, 1);
	assert_int_equal(e->attr.exclude_user, 0);
	assert_int_equal(e->attr.exclude_guest, 1);
	assert_string_equal(e->name, "cycles:u");
	e = parse_one(fx, "cycles:k");
	assert_int_equal(e->attr.exclude_user, 1);
	assert_int_equal(e->attr.exclude_guest, 0);
	e = parse_one(fx, "cs:ppp");
	assert_int_equal(e->attr.precise_ip, 3);
	e = parse_one(fx, "cs:G");
	assert_int_equal(e->attr.exclude_host, 1);
	assert_int_equal(e->attr.exclude_guest, 0);
	e = parse_one(fx, "cs:D");
	assert_int_equal(e->attr.pinned, 1);
}

static void test_parse_events__groups(void **state)
{
	struct fixture *fx = *state;
	struct evsel *a, *b, *c;

	parse_one(fx, "{cs:k,faults}:u,cpu-clock");
	assert_int_equal(fx->evlist->nr, 3);
	a = fx->evlist->entries[0];
	b = fx->evlist->entries[1];
	c = fx->evlist->entries[2];
	assert_ptr_equal(b->leader, a);
	assert_int_equal(a->nr_members, 2);
	assert_ptr_equal(c->leader, c);
	assert_int_equal(a->attr.exclude_user, 0);
	assert_int_equal(a->attr.exclude_kernel, 0);
	assert_int_equal(a->attr.exclude_hv, 1);
	assert_int_equal(b->attr.exclude_kernel, 1);
	assert_string_equal(b->name, "faults");
}

static void test_parse_events__raw_and_pmu_terms(void **state)
{
	struct fixture *fx = *state;
	struct evsel *e;

	e = parse_one(fx, "r1a8");
	assert_int_equal(e->attr.type, PERF_TYPE_RAW);
	assert_int_equal(e->attr.config, 0x1a8);
	e = parse_one(fx, "cpu/event=0x3c,umask=1,ldlat=5/pp");
	assert_int_equal(e->attr.type, 4);
	assert_int_equal(e->attr.config, 0x13c);
	assert_int_equal(e->attr.config1, 5);
	assert_int_equal(e->attr.precise_ip, 2);
	assert_string_equal(e->name, "cpu/event=0x3c,umask=1,ldlat=5/pp");
	e = parse_one(fx, "cpu/event=0xc0,inv,cmask=2/");
	assert_int_equal(e->attr.config, 0xc0 | 1ULL << 23 | 2ULL << 24);
	e = parse_one(fx, "cpu/config=0x1234,name=mine/");
	assert_int_equal(e->attr.config, 0x1234);
	assert_string_equal(e->name, "mine");
}

static void test_parse_events__sysfs_aliases_with_scale(void **state)
{
	struct fixture *fx = *state;
	struct evsel *e;

	e = parse_one(fx, "slots");
	assert_int_equal(e->attr.type, 4);
	assert_int_equal(e->attr.config, 0x400);
	assert_string_equal(e->resolved, "cpu/event=0x00,umask=0x4/");
	e = parse_one(fx, "mem-loads");
	assert_int_equal(e->attr.config, 0x1cd);
	assert_int_equal(e->attr.config1, 3);
	e = parse_one(fx, "cpu/mem-loads,ldlat=7/");
	assert_int_equal(e->attr.config1, 7);
	e = parse_one(fx, "topdown-retiring");
	assert_true(e->is_topdown_metric);
}

static void test_parse_events__tracepoints_and_globs(void **state)
{
	struct fixture *fx = *state;
	struct evsel *e;

	e = parse_one(fx, "sched:sched_switch");
	assert_int_equal(e->attr.type, PERF_TYPE_TRACEPOINT);
	assert_int_equal(e->attr.config, 316);
	parse_one(fx, "sched:sched_process_e*");
	assert_int_equal(fx->evlist->nr, 2);
	/* both, in the directory's order (as perf reads it) */
	assert_int_equal(!strcmp(fx->evlist->entries[0]->name, "sched:sched_process_exec") +
			 !strcmp(fx->evlist->entries[1]->name, "sched:sched_process_exec"), 1);
	assert_int_equal(!strcmp(fx->evlist->entries[0]->name, "sched:sched_process_exit") +
			 !strcmp(fx->evlist->entries[1]->name, "sched:sched_process_exit"), 1);
}

/* spec, the column the caret must point at, and words the message must hold */
static const struct bad_spec {
	const char *spec;
	int column;
	const char *message;
} bad_specs[] = {
	{ "fooo", 0, "unknown event 'fooo'" },
	{ "cycels", 0, "did you mean 'cycles'?" },
	{ "cs:z", 3, "unknown modifier 'z'" },
	{ "cs:pppp", 6, "too many 'p' modifiers" },
	{ "{cycles,instructions", 0, "this group is never closed" },
	{ "cycles,", 7, "expected an event" },
	{ "cycles,,cs", 7, "unexpected character ','" },
	{ "{cs,{faults}}", 4, "groups cannot be nested" },
	{ "nopmu/event=1/", 0, "unknown PMU 'nopmu'" },
	{ "cpu/event=0x3c", 14, "expected '/'" },
	{ "cpu/bogus=1/", 4, "unknown term 'bogus' for pmu 'cpu'" },
	{ "cpu/event=0x1ff/", 4, "value too big for format 'event'" },
	{ "cpu/event=zz/", 10, "expected a number" },
	{ "cs/freq=100/", 3, "'freq' is not usable in 'perf-mini stat'" },
	{ "sched:nosuch", 0, "unknown tracepoint 'sched:nosuch'" },
	{ "iTLB-stores", 0, "no such cache event" },
	{ "cs:", 3, "expected event modifiers" },
	{ "", 0, "expected an event" },
};

static void test_parse_events__errors_point_at_the_bad_token(void **state)
{
	struct fixture *fx = *state;

	evlist__truncate(fx->evlist, 0);
	for (size_t i = 0; i < sizeof(bad_specs) / sizeof(bad_specs[0]); i++) {
		const struct bad_spec *b = &bad_specs[i];
		const char *caret;
		int ret;

		strbuf_reset(&fx->err);
		ret = parse_events(fx->evlist, b->spec, &fx->ctx, &fx->err);
		if (ret == 0 || !strstr(fx->err.buf, b->message)) {
			print_error("spec '%s': got\n%s\n", b->spec, fx->err.buf);
			fail();
		}
		assert_int_equal(fx->evlist->nr, 0);
		caret = strstr(fx->err.buf, "\\___");
		assert_non_null(caret);
		/* the caret line starts after the first newline */
		assert_int_equal(caret - (strchr(fx->err.buf, '\n') + 1),
				 (long)strlen("event syntax error: '") + b->column);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_events__generic_names_and_aliases),
		cmocka_unit_test(test_parse_events__cache_events),
		cmocka_unit_test(test_parse_events__modifiers_as_perf),
		cmocka_unit_test(test_parse_events__groups),
		cmocka_unit_test(test_parse_events__raw_and_pmu_terms),
		cmocka_unit_test(test_parse_events__sysfs_aliases_with_scale),
		cmocka_unit_test(test_parse_events__tracepoints_and_globs),
		cmocka_unit_test(test_parse_events__errors_point_at_the_bad_token),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
