// SPDX-License-Identifier: GPL-2.0
/*
 * The header feature table (util/data/feature-ops.c): every feature perf
 * 6.1 knows has an entry with perf's name, and the entries agree with
 * what the reader, the printer and the swapper expect of them. A feature
 * added to the enum without its entry fails here, not in a report.
 */
#include <string.h>

#include "../unit-test.h"
#include "../../../util/data/feature-ops.h"

/* perf 6.1's enum in tools/perf/util/header.h, in its order */
static const char *const perf_names[] = {
	"TRACING_DATA", "BUILD_ID", "HOSTNAME", "OSRELEASE", "VERSION", "ARCH", "NRCPUS",
	"CPUDESC", "CPUID", "TOTAL_MEM", "CMDLINE", "EVENT_DESC", "CPU_TOPOLOGY",
	"NUMA_TOPOLOGY", "BRANCH_STACK", "PMU_MAPPINGS", "GROUP_DESC", "AUXTRACE", "STAT",
	"CACHE", "SAMPLE_TIME", "MEM_TOPOLOGY", "CLOCKID", "DIR_FORMAT", "BPF_PROG_INFO",
	"BPF_BTF", "COMPRESSED", "CPU_PMU_CAPS", "CLOCK_DATA", "HYBRID_TOPOLOGY", "PMU_CAPS",
};

static void test_feature_ops__every_perf_feature_named(void **state)
{
	(void)state;
	assert_int_equal(sizeof(perf_names) / sizeof(perf_names[0]), HEADER_LAST_FEATURE - 1);
	for (int feat = HEADER_TRACING_DATA; feat < HEADER_LAST_FEATURE; feat++) {
		const struct pd_feature_ops *ops = pd_feature__ops(feat);

		assert_non_null(ops);
		assert_ptr_equal(ops, &pd_feature_ops[feat]);
		assert_non_null(ops->name);
		assert_string_equal(ops->name, perf_names[feat - 1]);
	}
}

static void test_feature_ops__outside_ids_have_none(void **state)
{
	(void)state;
	assert_null(pd_feature__ops(HEADER_RESERVED));
	assert_null(pd_feature__ops(HEADER_LAST_FEATURE));
	assert_null(pd_feature__ops(-1));
	assert_null(pd_feature__ops(255));
	assert_null(pd_feature_ops[HEADER_RESERVED].name);
}

/* Every feature can be turned for a foreign-endian file (BPF_PROG_INFO's
 * swap may still refuse a payload it cannot turn). */
static void test_feature_ops__every_feature_swaps(void **state)
{
	(void)state;
	for (int feat = HEADER_TRACING_DATA; feat < HEADER_LAST_FEATURE; feat++)
		assert_non_null(pd_feature_ops[feat].swap);
}

/* What is read is printed, except where perf has no print op either. */
static void test_feature_ops__read_implies_print(void **state)
{
	(void)state;
	for (int feat = HEADER_TRACING_DATA; feat < HEADER_LAST_FEATURE; feat++) {
		const struct pd_feature_ops *ops = &pd_feature_ops[feat];

		if (feat == HEADER_TRACING_DATA || feat == HEADER_BUILD_ID) {
			assert_non_null(ops->read);
			assert_null(ops->print);
			continue;
		}
		if (ops->read)
			assert_non_null(ops->print);
	}
}

/* The shared ops find their data through the entry: string features and
 * flag lines have their label, full-only ones are read (raw) and printed. */
static void test_feature_ops__entries_carry_what_their_ops_use(void **state)
{
	int nr_strings = 0, nr_full_only = 0, nr_no_process = 0;

	(void)state;
	for (int feat = HEADER_TRACING_DATA; feat < HEADER_LAST_FEATURE; feat++) {
		const struct pd_feature_ops *ops = &pd_feature_ops[feat];

		if (ops->label && ops->read)	/* str_field may be 0: HOSTNAME */
			nr_strings++;
		if (ops->label)
			assert_non_null(ops->print);
		if (ops->full_only) {
			nr_full_only++;
			assert_non_null(ops->read);
			assert_non_null(ops->print);
		}
		if (ops->no_process) {
			nr_no_process++;
			assert_null(ops->read);
		}
	}
	assert_int_equal(nr_strings, 6);	/* HOSTNAME .. CPUID */
	assert_int_equal(nr_full_only, 5);	/* the topologies and CACHE */
	assert_int_equal(nr_no_process, 2);	/* BRANCH_STACK, STAT */
	assert_true(pd_feature_ops[HEADER_CPU_TOPOLOGY].full_only);
	assert_true(pd_feature_ops[HEADER_STAT].no_process);
	assert_string_equal(pd_feature_ops[HEADER_OSRELEASE].label, "os release");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_feature_ops__every_perf_feature_named),
		cmocka_unit_test(test_feature_ops__outside_ids_have_none),
		cmocka_unit_test(test_feature_ops__every_feature_swaps),
		cmocka_unit_test(test_feature_ops__read_implies_print),
		cmocka_unit_test(test_feature_ops__entries_carry_what_their_ops_use),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
