// SPDX-License-Identifier: GPL-2.0
/*
 * One event selector: born alone in its group with nothing of its own
 * config given, named as the user spelled it (a fallback's ":u" aside,
 * any case), cloned deep (the copy owns its strings and CPUs and has no
 * fds, group or counts of the original), and the TopDown events known
 * by their sysfs names.
 */
#include <linux/perf_event.h>
#include <stdlib.h>

#include "../unit-test.h"
#include "../../../util/events/cpumap.h"
#include "../../../util/events/evsel.h"

static void test_evsel__new_is_alone_and_unconfigured(void **state)
{
	struct evsel *e = evsel__new("cycles");

	(void)state;
	assert_string_equal(e->name, "cycles");
	assert_ptr_equal(e->leader, e);
	assert_true(evsel__is_leader(e));
	assert_int_equal(e->nr_members, 1);
	assert_int_equal(e->attr.size, sizeof(e->attr));
	assert_true(e->scale == 1.0);
	assert_true(e->supported);
	assert_int_equal(e->config.inherit, -1);
	assert_int_equal(e->config.time, -1);
	assert_null(e->config.call_graph);
	assert_null(e->fds);
	evsel__delete(e);
	evsel__delete(NULL);
}

struct named_case {
	const char *name;
	unsigned char suffix_len;	/* the fallback's addition to it */
	const char *asked;
	bool is;
};

static const struct named_case named[] = {
	{ "cycles", 0, "cycles", true },
	{ "cycles", 0, "CYCLES", true },
	{ "cycles", 0, "cycle", false },
	{ "cycles", 0, "cycles:u", false },
	{ "cyclesu", 1, "cycles", true },	/* "cycles" opened as "cyclesu" */
	{ "cycles:u", 2, "cycles", true },
	{ "cycles:u", 2, "cycles:u", false },
	{ "cycles:u", 0, "cycles:u", true },
	{ "cycles:u", 2, "cycle", false },
	{ "cpu/event=0x3c/:u", 2, "CPU/EVENT=0x3C/", true },
};

static void test_evsel__is_named_as_spelled(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(named) / sizeof(named[0]); i++) {
		struct evsel *e = evsel__new(named[i].name);

		print_message("%s (-%u) is %s\n", named[i].name, named[i].suffix_len,
			      named[i].asked);
		e->suffix_len = named[i].suffix_len;
		assert_int_equal(evsel__is_named(e, named[i].asked), named[i].is);
		evsel__delete(e);
	}
}

static void test_evsel__set_name_replaces(void **state)
{
	struct evsel *e = evsel__new("cycles");
	char *old = e->name;

	(void)state;
	evsel__set_name(e, "uncore_imc_0/cas_count_read/");
	assert_string_equal(e->name, "uncore_imc_0/cas_count_read/");
	assert_ptr_not_equal(e->name, old);
	evsel__set_name(e, e->name);	/* its own name: copied before the free */
	assert_string_equal(e->name, "uncore_imc_0/cas_count_read/");
	evsel__delete(e);
}

/* an opened, grouped, configured event */
static struct evsel *busy_event(struct evsel *leader)
{
	struct evsel *e = evsel__new("uncore_imc_0/cas_count_read/");

	e->unit = strdup("MiB");
	e->resolved = strdup("uncore_imc_0/event=0x4,umask=0x3/");
	e->filter = strdup("prev_pid == 1");
	e->cgroup = strdup("system.slice");
	e->pmu_name = strdup("uncore_imc_0");
	e->config.call_graph = strdup("dwarf");
	assert_int_equal(cpu_map__parse_list(&e->pmu_cpus, "0,18"), 0);
	e->attr.config = 0x304;
	e->scale = 6.103515625e-5;
	e->merge_id = 3;
	e->leader = leader;
	e->idx = 4;
	e->cgroup_fd = -1;	/* not one to close */
	e->nr_cpus = e->nr_threads = 1;
	e->fds = calloc(1, sizeof(*e->fds));
	e->ids = calloc(1, sizeof(*e->ids));
	e->counts = calloc(1, sizeof(*e->counts));
	e->counted = true;
	return e;
}

static void test_evsel__clone_is_deep_and_unopened(void **state)
{
	struct evsel *leader = evsel__new("cycles");
	struct evsel *orig = busy_event(leader), *copy = evsel__clone(orig);

	(void)state;
	/* the copy's own strings, equal to the original's */
	assert_ptr_not_equal(copy->name, orig->name);
	assert_string_equal(copy->name, orig->name);
	assert_ptr_not_equal(copy->unit, orig->unit);
	assert_string_equal(copy->unit, "MiB");
	assert_string_equal(copy->resolved, orig->resolved);
	assert_ptr_not_equal(copy->filter, orig->filter);
	assert_string_equal(copy->cgroup, "system.slice");
	assert_ptr_not_equal(copy->cgroup, orig->cgroup);
	assert_string_equal(copy->pmu_name, "uncore_imc_0");
	assert_string_equal(copy->config.call_graph, "dwarf");
	assert_ptr_not_equal(copy->config.call_graph, orig->config.call_graph);
	assert_ptr_not_equal(copy->pmu_cpus, orig->pmu_cpus);
	assert_int_equal(copy->pmu_cpus->nr, 2);
	assert_int_equal(copy->pmu_cpus->cpus[1], 18);
	/* what it counts, kept */
	assert_int_equal(copy->attr.config, 0x304);
	assert_true(copy->scale == orig->scale);
	assert_int_equal(copy->merge_id, 3);
	/* alone, and not open */
	assert_ptr_equal(copy->leader, copy);
	assert_null(copy->fds);
	assert_null(copy->ids);
	assert_null(copy->counts);
	assert_int_equal(copy->nr_cpus, 0);
	assert_int_equal(copy->cgroup_fd, 0);
	assert_false(copy->counted);
	evsel__delete(orig);
	/* the original gone, the copy still whole */
	assert_string_equal(copy->filter, "prev_pid == 1");
	evsel__delete(copy);
	evsel__delete(leader);
}

/* a clone of a bare event has no strings to copy */
static void test_evsel__clone_of_bare_event(void **state)
{
	struct evsel *orig = evsel__new("task-clock"), *copy;

	(void)state;
	orig->attr.type = PERF_TYPE_SOFTWARE;
	orig->attr.config = PERF_COUNT_SW_TASK_CLOCK;
	copy = evsel__clone(orig);
	assert_null(copy->unit);
	assert_null(copy->cgroup);
	assert_null(copy->pmu_cpus);
	assert_true(evsel__is_clock(copy));
	evsel__delete(orig);
	evsel__delete(copy);
}

static const struct {
	uint32_t type;
	uint64_t config;
	bool clock;
} clocks[] = {
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, true },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, true },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS, false },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, false },	/* config 0, as cpu-clock */
	{ PERF_TYPE_HARDWARE, PERF_COUNT_SW_TASK_CLOCK, false },
};

static void test_evsel__clocks_are_software(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(clocks) / sizeof(clocks[0]); i++) {
		struct evsel *e = evsel__new("e");

		e->attr.type = clocks[i].type;
		e->attr.config = clocks[i].config;
		assert_int_equal(evsel__is_clock(e), clocks[i].clock);
		evsel__delete(e);
	}
}

static const struct {
	const char *alias;
	enum topdown_id id;
	bool metric;	/* read from PERF_METRICS */
} topdown[] = {
	{ "slots", TD_SLOTS, false },
	{ "topdown-retiring", TD_RETIRING, true },
	{ "topdown-bad-spec", TD_BAD_SPEC, true },
	{ "topdown-fe-bound", TD_FE_BOUND, true },
	{ "topdown-be-bound", TD_BE_BOUND, true },
	{ "topdown-heavy-ops", TD_HEAVY_OPS, true },
	{ "topdown-br-mispredict", TD_BR_MISPREDICT, true },
	{ "topdown-fetch-lat", TD_FETCH_LAT, true },
	{ "topdown-mem-bound", TD_MEM_BOUND, true },
	{ "topdown-total-slots", TD_TOTAL_SLOTS, false },
	{ "topdown-slots-issued", TD_SLOTS_ISSUED, false },
	{ "topdown-slots-retired", TD_SLOTS_RETIRED, false },
	{ "topdown-fetch-bubbles", TD_FETCH_BUBBLES, false },
	{ "topdown-recovery-bubbles", TD_RECOVERY_BUBBLES, false },
	{ "topdown-retiring ", TD_NONE, false },
	{ "Topdown-retiring", TD_NONE, false },
	{ "topdown", TD_NONE, false },
	{ "cycles", TD_NONE, false },
	{ "", TD_NONE, false },
};

static void test_evsel__topdown_by_sysfs_name(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(topdown) / sizeof(topdown[0]); i++) {
		enum topdown_id id = topdown_id_of_alias(topdown[i].alias);

		print_message("'%s'\n", topdown[i].alias);
		assert_int_equal(id, topdown[i].id);
		assert_int_equal(topdown_id__is_metric(id), topdown[i].metric);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_evsel__new_is_alone_and_unconfigured),
		cmocka_unit_test(test_evsel__is_named_as_spelled),
		cmocka_unit_test(test_evsel__set_name_replaces),
		cmocka_unit_test(test_evsel__clone_is_deep_and_unopened),
		cmocka_unit_test(test_evsel__clone_of_bare_event),
		cmocka_unit_test(test_evsel__clocks_are_software),
		cmocka_unit_test(test_evsel__topdown_by_sysfs_name),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
