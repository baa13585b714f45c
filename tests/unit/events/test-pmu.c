// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/events/attr-print.h"
#include "../../../util/events/cpumap.h"
#include "../../../util/events/pmu.h"

static void test_pmu__format_bit_ranges(void **state)
{
	uint64_t mask;
	int field;

	(void)state;
	assert_int_equal(pmu_format__parse("config:0-7", &field, &mask), 0);
	assert_int_equal(field, 0);
	assert_int_equal(mask, 0xff);
	assert_int_equal(pmu_format__parse("config1:0-15", &field, &mask), 0);
	assert_int_equal(field, 1);
	assert_int_equal(pmu_format__parse("config:0-7,32-35", &field, &mask), 0);
	assert_int_equal(mask, 0xf000000ffULL);
	assert_int_equal(pmu_format__parse("config2:63", &field, &mask), 0);
	assert_int_equal(field, 2);
	assert_int_equal(mask, 1ULL << 63);
	assert_int_equal(pmu_format__parse("config:7-0", &field, &mask), -EINVAL);
	assert_int_equal(pmu_format__parse("config:64", &field, &mask), -EINVAL);
	assert_int_equal(pmu_format__parse("bogus:1", &field, &mask), -EINVAL);
}

static void test_pmu__split_format_scatters_value_bits(void **state)
{
	struct pmu_format fmt = { .name = "event", .field = 0, .mask = 0xf000000ffULL };
	struct perf_event_attr attr = { 0 };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(pmu_format__apply(&fmt, 0x1a3, &attr, &err), 0);
	assert_int_equal(attr.config, 0x1000000a3ULL);
	assert_int_equal(pmu_format__apply(&fmt, 0x1000, &attr, &err), -ERANGE);
	assert_non_null(strstr(err.buf, "maximum is 0xfff"));
	strbuf_release(&err);
}

static void test_pmu__sysfs_fixture_is_read(void **state)
{
	char root[512];
	struct pmus *pmus;
	struct pmu *cpu;
	struct pmu_alias *a;

	(void)state;
	snprintf(root, sizeof(root), "%s/sysfs/icelake", unit_test_data());
	pmus = pmus__new(root);
	cpu = pmus__core(pmus);
	assert_non_null(cpu);
	assert_int_equal(cpu->type, 4);
	assert_string_equal(pmu__cap(cpu, "pmu_name"), "icelake");
	assert_non_null(pmu__find_format(cpu, "ldlat", 5));
	a = pmu__find_alias(cpu, "topdown-fe-bound", 16);
	assert_non_null(a);
	assert_string_equal(a->terms, "event=0x00,umask=0x82");
	assert_null(pmus__find(pmus, "nosuch"));
	assert_non_null(pmus__find_by_type(pmus, 1));
	pmus__delete(pmus);
	snprintf(root, sizeof(root), "%s/sysfs/vm", unit_test_data());
	pmus = pmus__new(root);
	assert_null(pmus__core(pmus));
	pmus__delete(pmus);
}

static void test_attr_print__perf_layout(void **state)
{
	struct perf_event_attr attr = {
		.type = 1, .size = 128, .config = 2,
		.sample_type = PERF_SAMPLE_IDENTIFIER,
		.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING |
			       PERF_FORMAT_ID | PERF_FORMAT_GROUP,
		.disabled = 1, .inherit = 1, .exclude_guest = 1, .config1 = 5,
	};
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	attr_print(&sb, &attr);
	assert_string_equal(sb.buf,
		"  type                             1\n"
		"  size                             128\n"
		"  config                           0x2\n"
		"  sample_type                      IDENTIFIER\n"
		"  read_format                      TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID|GROUP\n"
		"  disabled                         1\n"
		"  inherit                          1\n"
		"  exclude_guest                    1\n"
		"  { bp_addr, config1 }             0x5\n");
	strbuf_release(&sb);
}

static void test_cpumap__lists(void **state)
{
	struct cpu_map *online, *map;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;

	(void)state;
	assert_int_equal(cpu_map__parse_list(&online, "0-3,6"), 0);
	assert_int_equal(online->nr, 5);
	cpu_map__print(online, &out);
	assert_string_equal(out.buf, "0-3,6");
	assert_int_equal(cpu_map__parse(&map, "1,3", online, &err), 0);
	assert_int_equal(map->nr, 2);
	cpu_map__delete(map);
	assert_int_equal(cpu_map__parse(&map, "5", online, &err), -ENODEV);
	assert_non_null(strstr(err.buf, "CPU 5 in '5' does not exist"));
	assert_int_equal(cpu_map__parse_list(&map, "3-1"), -EINVAL);
	assert_int_equal(cpu_map__parse_list(&map, "1,"), -EINVAL);
	assert_int_equal(cpu_map__parse_list(&map, "x"), -EINVAL);
	cpu_map__delete(online);
	strbuf_release(&err);
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pmu__format_bit_ranges),
		cmocka_unit_test(test_pmu__split_format_scatters_value_bits),
		cmocka_unit_test(test_pmu__sysfs_fixture_is_read),
		cmocka_unit_test(test_attr_print__perf_layout),
		cmocka_unit_test(test_cpumap__lists),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
