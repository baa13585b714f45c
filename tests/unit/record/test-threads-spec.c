// SPDX-License-Identifier: GPL-2.0
/*
 * record --threads=SPEC as perf takes it (perf 6.1 run on each): the four
 * kinds, or maps/affinity CPU-list pairs joined by ':'; anything else
 * refused with the forms.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "../unit-test.h"
#include "../../../util/events/cpumap.h"
#include "../../../util/record/threads-spec.h"

static const struct {
	const char *spec;
	int ret;
} cases[] = {
	{ "cpu", 0 }, { "core", 0 }, { "package", 0 }, { "numa", 0 },
	{ "0-1/0", 0 }, { "0-1/0:2-3/2", 0 }, { "0,2/0,2", 0 },
	{ "", 0 }, { "0-1/0:", 0 },		/* perf 6.1 takes both too */
	{ "user", -1 }, { "0-1", -1 }, { "0-1/", -1 }, { "/0", -1 },
	{ "0-1/0:2", -1 }, { "a/b", -1 }, { "cpus", -1 },
};

static void kinds_and_cpu_lists(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf err = STRBUF_INIT;

		print_message("'%s'\n", cases[i].spec);
		assert_int_equal(threads_spec__check(cases[i].spec, &err), cases[i].ret);
		if (cases[i].ret)
			assert_non_null(strstr(err.buf, "hint: --threads"));
		else
			assert_int_equal(err.len, 0);
		strbuf_release(&err);
	}
}

/* A machine of two packages on two NUMA nodes: CPUs 0 and 1 are one
 * core's two threads, 2 and 3 a core each. */
static const struct { int package, core, node; } topology[] = {
	{ 0, 0, 0 }, { 0, 0, 0 }, { 1, 0, 1 }, { 1, 1, 1 },
};

static void put(const char *dir, int cpu, const char *name, int value)
{
	char path[512];
	FILE *f;

	snprintf(path, sizeof(path), "%s/cpu%d/topology/%s", dir, cpu, name);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%d\n", value);
	fclose(f);
}

static void make_topology(char *dir)
{
	char path[512];

	assert_non_null(mkdtemp(dir));
	for (int c = 0; c < 4; c++) {
		snprintf(path, sizeof(path), "%s/cpu%d", dir, c);
		assert_int_equal(mkdir(path, 0700), 0);
		snprintf(path, sizeof(path), "%s/cpu%d/topology", dir, c);
		assert_int_equal(mkdir(path, 0700), 0);
		snprintf(path, sizeof(path), "%s/cpu%d/node%d", dir, c, topology[c].node);
		assert_int_equal(mkdir(path, 0700), 0);
		put(dir, c, "physical_package_id", topology[c].package);
		put(dir, c, "die_id", 0);
		put(dir, c, "core_id", topology[c].core);
	}
}

static void lanes_by_spec(void **state)
{
	static const struct {
		const char *spec;
		int nr, lane_of[4];
	} want[] = {
		{ "cpu", 4, { 0, 1, 2, 3 } },
		{ "core", 3, { 0, 0, 1, 2 } },
		{ "package", 2, { 0, 0, 1, 1 } },
		{ "numa", 2, { 0, 0, 1, 1 } },
		{ "2-3/2:0/0", 2, { 1, 0, 0, 0 } },	/* CPU 1 in no maps list: the first */
		{ "0-1/0:", 1, { 0, 0, 0, 0 } },
	};
	char dir[] = "/tmp/pm-threads-spec.XXXXXX", cmd[64];
	struct cpu_map *cpus = NULL;

	(void)state;
	make_topology(dir);
	assert_int_equal(cpu_map__parse_list(&cpus, "0-3"), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		int lane_of[4] = { -1, -1, -1, -1 };

		print_message("'%s'\n", want[i].spec);
		assert_int_equal(threads_spec__lanes(want[i].spec, cpus, dir, lane_of, &err),
				 want[i].nr);
		for (int c = 0; c < 4; c++)
			assert_int_equal(lane_of[c], want[i].lane_of[c]);
		strbuf_release(&err);
	}
	cpu_map__delete(cpus);
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	assert_int_equal(system(cmd), 0);
}

/* A topology that cannot be read is an error that names the file. */
static void lanes_without_topology(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct cpu_map *cpus = NULL;
	int lane_of[2];

	(void)state;
	assert_int_equal(cpu_map__parse_list(&cpus, "0-1"), 0);
	assert_int_equal(threads_spec__lanes("core", cpus, "/nonexistent", lane_of, &err), -1);
	assert_non_null(strstr(err.buf, "/nonexistent/cpu0/topology"));
	strbuf_release(&err);
	cpu_map__delete(cpus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(kinds_and_cpu_lists),
		cmocka_unit_test(lanes_by_spec),
		cmocka_unit_test(lanes_without_topology),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
