// SPDX-License-Identifier: GPL-2.0
/*
 * The arch/ tables, chosen from the PMUs a sysfs tree describes (every
 * architecture's fixture on any host) and from a recording's machine
 * name; their registers and memory events.
 */
#include <errno.h>
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/events/mem-events.h"
#include "../../../util/events/pmu-arch.h"
#include "../../../util/events/regs.h"

static const struct pmu_arch_ops *arch_of_fixture(const char *name)
{
	char root[4096];
	struct pmus *pmus;
	const struct pmu_arch_ops *arch;

	snprintf(root, sizeof(root), "%s/sysfs/%s", unit_test_data(), name);
	pmus = pmus__new(root);
	assert_non_null(pmus);
	arch = pmus__arch(pmus);
	pmus__delete(pmus);
	return arch;
}

static void test_pmu_arch__chosen_by_the_described_pmus(void **state)
{
	(void)state;
	assert_ptr_equal(arch_of_fixture("icelake"), &arch_x86);
	assert_ptr_equal(arch_of_fixture("amd-zen3"), &arch_x86);
	assert_ptr_equal(arch_of_fixture("arm64-neoverse-n1"), &arch_arm64);
	assert_ptr_equal(arch_of_fixture("power9"), &arch_powerpc);
	/* nothing of its own: the host's */
	assert_ptr_equal(arch_of_fixture("vm"), arch__host());
}

static void test_pmu_arch__by_machine_name(void **state)
{
	(void)state;
	assert_ptr_equal(arch__by_machine("x86_64"), &arch_x86);
	assert_ptr_equal(arch__by_machine("aarch64"), &arch_arm64);
	assert_ptr_equal(arch__by_machine("ppc64le"), &arch_powerpc);
	assert_null(arch__by_machine("s390x"));
	assert_null(arch__by_machine(NULL));
}

static void test_pmu_arch__registers_named_and_parsed_per_arch(void **state)
{
	struct strbuf err = STRBUF_INIT;
	uint64_t mask;

	(void)state;
	assert_string_equal(arch__reg_name(&arch_x86, 8), "IP");
	assert_string_equal(arch__reg_name(&arch_arm64, 30), "lr");
	assert_string_equal(arch__reg_name(&arch_arm64, 32), "pc");
	assert_string_equal(arch__reg_name(&arch_powerpc, 32), "nip");
	assert_string_equal(arch__reg_name(&arch_arm64, 40), "unknown");
	assert_int_equal(regs__parse(&arch_x86, "ax,IP,r15", &mask, &err), 0);
	assert_int_equal(mask, 1ULL << 0 | 1ULL << 8 | 1ULL << 23);
	assert_int_equal(regs__parse(&arch_arm64, "x0,sp,pc", &mask, &err), 0);
	assert_int_equal(mask, 1ULL << 0 | 1ULL << 31 | 1ULL << 32);
	/* x86_64 does not sample the segment registers DS..GS */
	assert_int_equal(regs__parse(&arch_x86, "ds", &mask, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "the registers of x86 are ax, bx"));
	strbuf_reset(&err);
	assert_int_equal(regs__parse(&arch_powerpc, "x0", &mask, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "unknown register 'x0'"));
	/* what an unwinder needs: SP and IP of each */
	assert_int_equal(arch_x86.regs_unwind, 1ULL << 7 | 1ULL << 8);
	assert_int_equal(arch_arm64.regs_unwind, 1ULL << 31 | 1ULL << 32);
	assert_int_equal(arch_x86.regs_default, 0xff0fffULL);
	strbuf_release(&err);
}

static void mem_events_of(const char *fixture, struct mem_events *me)
{
	char root[4096];
	struct pmus *pmus;

	snprintf(root, sizeof(root), "%s/sysfs/%s", unit_test_data(), fixture);
	pmus = pmus__new(root);
	assert_non_null(pmus);
	mem_events__init(me, pmus);
	pmus__delete(pmus);
}

static void test_pmu_arch__memory_events_of_each_machine(void **state)
{
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct mem_events me;
	bool record[ARCH_MEM_MAX];

	(void)state;
	mem_events_of("icelake", &me);
	assert_int_equal(me.nr_pmus[ARCH_MEM_LOAD], 1);
	assert_null(me.ev[ARCH_MEM_LDST].tag);
	mem_events__name(&me, ARCH_MEM_LOAD, 0, 30, &sb);
	assert_string_equal(sb.buf, "cpu/mem-loads,ldlat=30/P");

	mem_events_of("sapphire_rapids", &me);
	strbuf_reset(&sb);
	mem_events__name(&me, ARCH_MEM_LOAD, 0, 50, &sb);
	assert_string_equal(sb.buf, "{cpu/mem-loads-aux/,cpu/mem-loads,ldlat=50/}:P");

	/* AMD: one IBS event for both; one kind alone is refused */
	mem_events_of("amd-zen3", &me);
	assert_string_equal(me.ev[ARCH_MEM_LDST].tag, "mem-ldst");
	assert_int_equal(mem_events__choose(&me, NULL, MEM_OP_LOAD | MEM_OP_STORE, record, &err),
			 0);
	assert_true(record[ARCH_MEM_LDST] && !record[ARCH_MEM_LOAD]);
	assert_int_equal(mem_events__choose(&me, NULL, MEM_OP_LOAD, record, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "AMD IBS samples loads and stores together"));

	/* Arm SPE: loads alone, with the latency */
	mem_events_of("arm64-neoverse-n1", &me);
	assert_int_equal(mem_events__choose(&me, NULL, MEM_OP_LOAD, record, &err), 0);
	assert_true(record[ARCH_MEM_LOAD] && !record[ARCH_MEM_LDST]);
	strbuf_reset(&sb);
	mem_events__name(&me, ARCH_MEM_LOAD, 0, 40, &sb);
	assert_non_null(strstr(sb.buf, "load_filter=1,store_filter=0,min_latency=40/"));

	mem_events_of("power9", &me);
	strbuf_reset(&sb);
	mem_events__name(&me, ARCH_MEM_STORE, 0, 30, &sb);
	assert_string_equal(sb.buf, "cpu/mem-stores/");

	/* a VM: the events exist in name, described nowhere */
	mem_events_of("vm", &me);
	strbuf_reset(&err);
	assert_int_equal(mem_events__choose(&me, NULL, MEM_OP_LOAD, record, &err), -EOPNOTSUPP);
	assert_non_null(strstr(err.buf, "has no memory events"));
	strbuf_release(&sb);
	strbuf_release(&err);
}

static void test_pmu_arch__power_sier_to_data_src(void **state)
{
	(void)state;
	/* the POWER8 patch's example: a load (type 1) from L2 (LDST 2) is 0x442 */
	assert_int_equal(arch_powerpc.data_src_of_sier(1 << 15 | 2 << 1), 0x442);
	/* LDST 7: a store that missed L1 */
	assert_int_equal(arch_powerpc.data_src_of_sier(2 << 15 | 7 << 1),
			 PERF_MEM_S(OP, STORE) | PERF_MEM_S(LVL, MISS) | PERF_MEM_S(LVL, L1));
	/* neither a load nor a store: nothing */
	assert_int_equal(arch_powerpc.data_src_of_sier(3 << 15 | 2 << 1), 0);
	assert_null(arch_x86.data_src_of_sier);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pmu_arch__chosen_by_the_described_pmus),
		cmocka_unit_test(test_pmu_arch__by_machine_name),
		cmocka_unit_test(test_pmu_arch__registers_named_and_parsed_per_arch),
		cmocka_unit_test(test_pmu_arch__memory_events_of_each_machine),
		cmocka_unit_test(test_pmu_arch__power_sier_to_data_src),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
