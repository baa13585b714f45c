// SPDX-License-Identifier: GPL-2.0
/*
 * --user-regs/-I lists into perf's register masks: x86's and arm64's
 * names in any case, each its bit (perf_regs.h's order); an unknown name
 * refused, naming it and the registers there are.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/events/regs.h"

static void names_to_bits(void **state)
{
	const struct pmu_arch_ops *x86 = arch__by_machine("x86_64");
	const struct pmu_arch_ops *arm = arch__by_machine("aarch64");
	struct strbuf err = STRBUF_INIT;
	uint64_t mask = 0;

	(void)state;
	assert_int_equal(regs__parse(x86, "ax,bx,ip", &mask, &err), 0);
	assert_int_equal(mask, (1ULL << 0) | (1ULL << 1) | (1ULL << 8));	/* AX, BX, IP */
	assert_int_equal(regs__parse(x86, "SP,r15", &mask, &err), 0);
	assert_int_equal(mask, (1ULL << 7) | (1ULL << 23));
	assert_int_equal(regs__parse(arm, "x0,lr,sp,pc", &mask, &err), 0);
	assert_int_equal(mask, (1ULL << 0) | (1ULL << 30) | (1ULL << 31) | (1ULL << 32));
	assert_int_equal(err.len, 0);
	strbuf_release(&err);
}

static void an_unknown_register_is_named(void **state)
{
	const struct pmu_arch_ops *x86 = arch__by_machine("x86_64");
	struct strbuf err = STRBUF_INIT;
	uint64_t mask = 0;

	(void)state;
	assert_int_equal(regs__parse(x86, "ax,xmm99", &mask, &err), -EINVAL);
	print_message("%s\n", err.buf);
	assert_non_null(strstr(err.buf, "xmm99"));
	assert_non_null(strstr(err.buf, "ax"));
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(names_to_bits),
		cmocka_unit_test(an_unknown_register_is_named),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
