// SPDX-License-Identifier: GPL-2.0
/* --per-core, --per-die, --per-socket and --per-node grouping from a
 * made-up sysfs topology. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/aggr-map.h"

static char dir[] = "/tmp/pm-topoXXXXXX";

static void put(int cpu, const char *file, int val)
{
	char path[256];
	FILE *f;

	snprintf(path, sizeof(path), "%s/cpu%d", dir, cpu);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/cpu%d/topology", dir, cpu);
	mkdir(path, 0755);
	snprintf(path, sizeof(path), "%s/cpu%d/topology/%s", dir, cpu, file);
	f = fopen(path, "w");
	assert_non_null(f);
	fprintf(f, "%d\n", val);
	fclose(f);
}

/*
 * cpu0 and cpu3 share core 0 of socket 0, die 0; cpu1 is core 1 on die 1;
 * cpu2 is socket 1. NUMA: cpu2 on node 1, the others on node 0.
 */
static int setup(void **state)
{
	static const int socket[] = { 0, 0, 1, 0 }, core[] = { 0, 1, 0, 0 };
	static const int die[] = { 0, 1, 0, 0 }, node[] = { 0, 0, 1, 0 };
	char path[300];

	(void)state;
	if (!mkdtemp(dir))
		return -1;
	for (int cpu = 0; cpu < 4; cpu++) {
		put(cpu, "physical_package_id", socket[cpu]);
		put(cpu, "core_id", core[cpu]);
		if (cpu != 2)	/* an old kernel without die_id: die 0 */
			put(cpu, "die_id", die[cpu]);
		snprintf(path, sizeof(path), "%s/cpu%d/node%d", dir, cpu, node[cpu]);
		mkdir(path, 0755);
	}
	return 0;
}

static int teardown(void **state)
{
	char cmd[300];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

static struct cpu_map *four_cpus(void)
{
	struct cpu_map *m;

	assert_int_equal(cpu_map__parse_list(&m, "0-3"), 0);
	return m;
}

static void test_aggr_map__per_core(void **state)
{
	struct cpu_map *cpus = four_cpus();
	struct strbuf err = STRBUF_INIT;
	struct aggr_map m;

	(void)state;
	assert_int_equal(aggr_map__build(&m, cpus, AGGR_LEVEL_CORE, dir, &err), 0);
	assert_int_equal(m.nr, 3);
	/* sorted by socket, die, core */
	assert_int_equal(m.ids[0].socket, 0);
	assert_int_equal(m.ids[0].core, 0);
	assert_int_equal(m.ids[0].nr_cpus, 2);
	assert_int_equal(m.ids[1].core, 1);
	assert_int_equal(m.ids[2].socket, 1);
	assert_int_equal(m.of_cpu[0], 0);
	assert_int_equal(m.of_cpu[1], 1);
	assert_int_equal(m.of_cpu[2], 2);
	assert_int_equal(m.of_cpu[3], 0);
	aggr_map__exit(&m);
	cpu_map__delete(cpus);
	strbuf_release(&err);
}

static void test_aggr_map__per_socket(void **state)
{
	struct cpu_map *cpus = four_cpus();
	struct strbuf err = STRBUF_INIT;
	struct aggr_map m;

	(void)state;
	assert_int_equal(aggr_map__build(&m, cpus, AGGR_LEVEL_SOCKET, dir, &err), 0);
	assert_int_equal(m.nr, 2);
	assert_int_equal(m.ids[0].nr_cpus, 3);
	assert_int_equal(m.ids[1].nr_cpus, 1);
	assert_int_equal(m.of_cpu[2], 1);
	aggr_map__exit(&m);
	cpu_map__delete(cpus);
	strbuf_release(&err);
}

static void test_aggr_map__per_die(void **state)
{
	struct cpu_map *cpus = four_cpus();
	struct strbuf err = STRBUF_INIT;
	struct aggr_map m;

	(void)state;
	assert_int_equal(aggr_map__build(&m, cpus, AGGR_LEVEL_DIE, dir, &err), 0);
	assert_int_equal(m.nr, 3);
	/* S0-D0 (cpu0, cpu3), S0-D1 (cpu1), S1-D0 (cpu2) */
	assert_int_equal(m.ids[0].nr_cpus, 2);
	assert_int_equal(m.ids[1].die, 1);
	assert_int_equal(m.ids[1].core, -1);
	assert_int_equal(m.ids[2].socket, 1);
	assert_int_equal(m.of_cpu[3], 0);
	assert_int_equal(m.of_cpu[1], 1);
	aggr_map__exit(&m);
	cpu_map__delete(cpus);
	strbuf_release(&err);
}

static void test_aggr_map__per_node(void **state)
{
	struct cpu_map *cpus = four_cpus();
	struct strbuf err = STRBUF_INIT;
	struct aggr_map m;

	(void)state;
	assert_int_equal(aggr_map__build(&m, cpus, AGGR_LEVEL_NODE, dir, &err), 0);
	assert_int_equal(m.nr, 2);
	assert_int_equal(m.ids[0].node, 0);
	assert_int_equal(m.ids[0].nr_cpus, 3);
	assert_int_equal(m.ids[1].node, 1);
	assert_int_equal(m.of_cpu[2], 1);
	aggr_map__exit(&m);
	cpu_map__delete(cpus);
	strbuf_release(&err);
}

static void test_aggr_map__missing_topology(void **state)
{
	struct cpu_map *cpus;
	struct strbuf err = STRBUF_INIT;
	struct aggr_map m;

	(void)state;
	assert_int_equal(cpu_map__parse_list(&cpus, "0,7"), 0);
	assert_int_equal(aggr_map__build(&m, cpus, AGGR_LEVEL_CORE, dir, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "cpu7/topology/physical_package_id"));
	assert_null(m.ids);
	cpu_map__delete(cpus);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_aggr_map__per_core),
		cmocka_unit_test(test_aggr_map__per_socket),
		cmocka_unit_test(test_aggr_map__per_die),
		cmocka_unit_test(test_aggr_map__per_node),
		cmocka_unit_test(test_aggr_map__missing_topology),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
