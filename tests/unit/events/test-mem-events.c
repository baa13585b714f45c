// SPDX-License-Identifier: GPL-2.0
/*
 * perf mem's events on the machine sysfs describes: Intel's on each core
 * PMU that has them (both of a hybrid part, the aux-led group where the
 * PMU has mem-loads-aux), AMD's one IBS event for loads and stores, and
 * which of them a recording takes: a tag by name, loads and stores by
 * one event where the machine samples them together, an event the
 * machine lacks refused with what it has. The sysfs trees are fakes in
 * /tmp (an msr PMU makes them x86 on any host) and the Arm fixture.
 */
#include <errno.h>
#include <limits.h>

#include "../unit-test.h"
#include "../../../util/events/mem-events.h"

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	fclose(f);
}

/* PMU @name of type @type under @root, with the events named in @events */
static void make_pmu(const char *root, const char *name, int type, const char *const *events)
{
	char path[PATH_MAX], text[16];

	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s", root, name);
	assert_int_equal(mkdir(path, 0755), 0);
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/type", root, name);
	snprintf(text, sizeof(text), "%d\n", type);
	write_file(path, text);
	snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/events", root, name);
	assert_int_equal(mkdir(path, 0755), 0);
	for (; events && *events; events++) {
		snprintf(path, sizeof(path), "%s/bus/event_source/devices/%s/events/%s", root,
			 name, *events);
		write_file(path, "event=0xcd,umask=0x1\n");
	}
}

/* A described machine under @root/@name: x86 (it has msr) with @cpus' PMUs. */
static void make_machine(const char *root, const char *name, const char *const *cpus,
			 const char *const *const *events)
{
	char dir[PATH_MAX], cmd[PATH_MAX + 64];

	snprintf(dir, sizeof(dir), "%s/%s", root, name);
	snprintf(cmd, sizeof(cmd), "mkdir -p '%s/bus/event_source/devices'", dir);
	assert_int_equal(system(cmd), 0);
	make_pmu(dir, "msr", 9, NULL);
	make_pmu(dir, "software", 1, NULL);
	for (int i = 0; cpus && cpus[i]; i++)
		make_pmu(dir, cpus[i], 4 + 6 * i, events[i]);
}

/* *@state: hybrid/ (cpu_core with mem-loads-aux, cpu_atom), loads/ (a cpu
 * with mem-loads alone) and none/ (no core PMU) */
static int machines_up(void **state)
{
	static const char *const core[] = { "mem-loads", "mem-stores", "mem-loads-aux", NULL };
	static const char *const atom[] = { "mem-loads", "mem-stores", NULL };
	static const char *const loads[] = { "cpu-cycles", "mem-loads", NULL };
	char *root = strdup("/tmp/pm-sysfs.XXXXXX");

	assert_non_null(mkdtemp(root));
	*state = root;
	make_machine(root, "hybrid", (const char *[]){ "cpu_core", "cpu_atom", NULL },
		     (const char *const *[]){ core, atom });
	make_machine(root, "loads", (const char *[]){ "cpu", NULL },
		     (const char *const *[]){ loads });
	make_machine(root, "none", NULL, NULL);
	return 0;
}

static int machines_down(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", (char *)*state);
	free(*state);
	return system(cmd);
}

/* @name under @root, or a fixture of tests/data/sysfs when @root is NULL */
static void mem_events_of(const char *root, const char *name, struct mem_events *me)
{
	char dir[PATH_MAX];
	struct pmus *pmus;

	if (root)
		snprintf(dir, sizeof(dir), "%s/%s", root, name);
	else
		snprintf(dir, sizeof(dir), "%s/sysfs/%s", unit_test_data(), name);
	assert_non_null(pmus = pmus__new(dir));
	mem_events__init(me, pmus);
	pmus__delete(pmus);
}

static void test_mem_events__hybrid_each_core_pmu(void **state)
{
	static const char *const want[][2] = {
		{ "{cpu_core/mem-loads-aux/,cpu_core/mem-loads,ldlat=30/}:P",
		  "cpu_atom/mem-loads,ldlat=30/P" },
		{ "cpu_core/mem-stores/P", "cpu_atom/mem-stores/P" },
	};
	struct strbuf sb = STRBUF_INIT;
	struct mem_events me;

	mem_events_of(*state, "hybrid", &me);
	for (int k = ARCH_MEM_LOAD; k <= ARCH_MEM_STORE; k++) {
		assert_int_equal(me.nr_pmus[k], 2);
		for (int i = 0; i < 2; i++) {
			strbuf_reset(&sb);
			mem_events__name(&me, k, i, 30, &sb);
			assert_string_equal(sb.buf, want[k][i]);
		}
	}
	assert_true(me.aux[ARCH_MEM_LOAD][0]);
	assert_false(me.aux[ARCH_MEM_LOAD][1]);
	assert_int_equal(me.nr_pmus[ARCH_MEM_LDST], 0);
	assert_null(me.ev[ARCH_MEM_LDST].tag);
	strbuf_release(&sb);
}

struct list_case {
	const char *machine;	/* under the fakes' root, or a fixture */
	bool fixture, verbose;
	const char *list;
};

static const struct list_case lists[] = {
	{ "loads", false, false, "ldlat-loads  : available\nldlat-stores : not available\n" },
	{ "loads", false, true, "ldlat-loads  cpu/mem-loads,ldlat=30/P : available\n"
				"ldlat-stores cpu/mem-stores/P         : not available\n" },
	{ "none", false, false, "ldlat-loads  : not available\nldlat-stores : not available\n" },
	{ "amd-zen3", true, true, "mem-ldst     ibs_op//                 : available\n" },
	{ "arm64-neoverse-n1", true, false,
	  "spe-load     : available\nspe-store    : available\nspe-ldst     : available\n" },
};

static void test_mem_events__list_as_perf_mem_e_list(void **state)
{
	for (size_t i = 0; i < sizeof(lists) / sizeof(lists[0]); i++) {
		const struct list_case *c = &lists[i];
		struct strbuf sb = STRBUF_INIT;
		struct mem_events me;

		print_message("%s%s\n", c->machine, c->verbose ? " -v" : "");
		mem_events_of(c->fixture ? NULL : *state, c->machine, &me);
		mem_events__list(&me, 30, c->verbose, &sb);
		assert_string_equal(sb.buf, c->list);
		strbuf_release(&sb);
	}
}

struct choose_case {
	const char *machine;
	bool fixture;
	const char *event;	/* -e TAG, or NULL for @ops */
	int ops;
	int ret;
	bool record[ARCH_MEM_MAX];
	const char *err;
};

#define LD MEM_OP_LOAD
#define ST MEM_OP_STORE

static const struct choose_case choices[] = {
	{ "hybrid", false, NULL, LD | ST, 0, { true, true, false } },
	{ "hybrid", false, NULL, LD, 0, { true, false, false } },
	{ "hybrid", false, "ldlat-stores", 0, 0, { false, true, false } },
	{ "hybrid", false, "mem-ldst", 0, -EINVAL, { 0 },
	  "-e: 'mem-ldst' is not a memory event of this machine\nhint: its memory events are "
	  "ldlat-loads, ldlat-stores (perf-mini mem record -e list); other events go to "
	  "perf-mini record -d" },
	{ "loads", false, NULL, LD, 0, { true, false, false } },
	{ "loads", false, NULL, LD | ST, -EOPNOTSUPP, { 0 },
	  "this machine's PMU has no ldlat-stores (mem-stores): no PMU describes them in sysfs" },
	{ "none", false, "ldlat-loads", 0, -EOPNOTSUPP, { 0 },
	  "this machine's PMU has no memory events: no PMU describes them in sysfs (a VM" },
	/* AMD: loads and stores by one IBS event, never one kind alone */
	{ "amd-zen3", true, NULL, LD | ST, 0, { false, false, true } },
	{ "amd-zen3", true, "mem-ldst", 0, 0, { false, false, true } },
	{ "amd-zen3", true, NULL, ST, -EINVAL, { 0 },
	  "-t store: AMD IBS samples loads and stores together (mem-ldst): one kind cannot be "
	  "recorded alone\nhint: record both (drop -t); mem report -t store then shows that "
	  "kind" },
	{ "amd-zen3", true, "ldlat-loads", 0, -EINVAL, { 0 },
	  "hint: its memory events are mem-ldst (AMD IBS) (perf-mini mem record -e list)" },
	/* Arm SPE: either kind alone, both by its loads-and-stores event */
	{ "arm64-neoverse-n1", true, NULL, ST, 0, { false, true, false } },
	{ "arm64-neoverse-n1", true, NULL, LD | ST, 0, { false, false, true } },
	{ "arm64-neoverse-n1", true, "spe-ldst", 0, 0, { false, false, true } },
};

static void test_mem_events__what_a_recording_takes(void **state)
{
	for (size_t i = 0; i < sizeof(choices) / sizeof(choices[0]); i++) {
		const struct choose_case *c = &choices[i];
		struct strbuf err = STRBUF_INIT;
		bool record[ARCH_MEM_MAX];
		struct mem_events me;

		print_message("%s: %s %d\n", c->machine, c->event ? c->event : "-t", c->ops);
		mem_events_of(c->fixture ? NULL : *state, c->machine, &me);
		assert_int_equal(mem_events__choose(&me, c->event, c->ops, record, &err), c->ret);
		if (c->err)
			assert_non_null(strstr(err.buf, c->err));
		for (int k = 0; !c->ret && k < ARCH_MEM_MAX; k++)
			assert_int_equal(record[k], c->record[k]);
		assert_true(c->ret || !err.len);
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_mem_events__hybrid_each_core_pmu),
		cmocka_unit_test(test_mem_events__list_as_perf_mem_e_list),
		cmocka_unit_test(test_mem_events__what_a_recording_takes),
	};

	return cmocka_run_group_tests(tests, machines_up, machines_down);
}
