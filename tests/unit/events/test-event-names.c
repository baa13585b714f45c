// SPDX-License-Identifier: GPL-2.0
/*
 * The generic event names perf users type: each one, and each alias, is
 * the kernel's type and config (<linux/perf_event.h>); no name is listed
 * twice; the task clocks are counted in msec.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/events/event-names.h"

static const struct event_name *find(const char *name)
{
	const struct { const struct event_name *v; unsigned int n; } tables[] = {
		{ event_names_hw, event_names_nr_hw }, { event_names_sw, event_names_nr_sw },
		{ event_names_tool, event_names_nr_tool },
	};

	for (size_t t = 0; t < sizeof(tables) / sizeof(tables[0]); t++)
		for (unsigned int i = 0; i < tables[t].n; i++)
			for (int a = 0; a < EVENT_NAMES_MAX_ALIASES && tables[t].v[i].names[a]; a++)
				if (!strcmp(tables[t].v[i].names[a], name))
					return &tables[t].v[i];
	return NULL;
}

static const struct {
	const char *name;
	uint32_t type;
	uint64_t config;
} known[] = {
	{ "cpu-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ "instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ "cache-references", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_REFERENCES },
	{ "cache-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ "branch-instructions", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branches", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ "branch-misses", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
	{ "bus-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_BUS_CYCLES },
	{ "stalled-cycles-frontend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND },
	{ "stalled-cycles-backend", PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_BACKEND },
	{ "ref-cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES },
	{ "cpu-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK },
	{ "task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ "page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ "context-switches", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cs", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ "cpu-migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "migrations", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ "minor-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MIN },
	{ "major-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ },
	{ "alignment-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_ALIGNMENT_FAULTS },
	{ "emulation-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_EMULATION_FAULTS },
	{ "dummy", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY },
	{ "bpf-output", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_BPF_OUTPUT },
};

static void names_are_the_kernels_events(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(known) / sizeof(known[0]); i++) {
		const struct event_name *e = find(known[i].name);

		print_message("%s\n", known[i].name);
		assert_non_null(e);
		assert_int_equal(e->type, known[i].type);
		assert_int_equal(e->config, known[i].config);
	}
	assert_null(find("cpu_clock"));
	assert_string_equal(find("task-clock")->unit, "msec");
	assert_string_equal(find("cpu-clock")->unit, "msec");
	assert_int_equal(find("duration_time")->tool, TOOL_DURATION_TIME);
}

/* a name listed twice would make what -e means depend on the table order */
static void no_name_twice(void **state)
{
	const struct event_name *tables[] = { event_names_hw, event_names_sw, event_names_tool };
	const unsigned int nr[] = { event_names_nr_hw, event_names_nr_sw, event_names_nr_tool };

	(void)state;
	for (int t = 0; t < 3; t++)
		for (unsigned int i = 0; i < nr[t]; i++)
			for (int a = 0; a < EVENT_NAMES_MAX_ALIASES && tables[t][i].names[a]; a++)
				assert_ptr_equal(find(tables[t][i].names[a])->names[0],
						 tables[t][i].names[0]);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_are_the_kernels_events),
		cmocka_unit_test(no_name_twice),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
