// SPDX-License-Identifier: GPL-2.0
/*
 * -j / --branch-filter: perf's names to the kernel's branch_sample_type
 * bits (<linux/perf_event.h>), any case; privilege levels alone mean "any
 * branch", as perf has it; an unknown name is refused.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/events/branch-filter.h"

static const struct {
	const char *spec;
	int ret;
	uint64_t mode;
} specs[] = {
	{ "any", 0, PERF_SAMPLE_BRANCH_ANY },
	{ "any_call", 0, PERF_SAMPLE_BRANCH_ANY_CALL },
	{ "any_ret", 0, PERF_SAMPLE_BRANCH_ANY_RETURN },
	{ "ind_call,u", 0, PERF_SAMPLE_BRANCH_IND_CALL | PERF_SAMPLE_BRANCH_USER },
	{ "cond,k", 0, PERF_SAMPLE_BRANCH_COND | PERF_SAMPLE_BRANCH_KERNEL },
	/* perf's rule: levels alone become plain any (the event's :u/:k then decide) */
	{ "u", 0, PERF_SAMPLE_BRANCH_ANY },
	{ "u,k,hv", 0, PERF_SAMPLE_BRANCH_ANY },
	{ "ANY_CALL", 0, PERF_SAMPLE_BRANCH_ANY_CALL },
	{ "stack,u", 0, PERF_SAMPLE_BRANCH_CALL_STACK | PERF_SAMPLE_BRANCH_USER },
	{ "save_type,any", 0, PERF_SAMPLE_BRANCH_TYPE_SAVE | PERF_SAMPLE_BRANCH_ANY },
	{ "ind_jmp,call", 0, PERF_SAMPLE_BRANCH_IND_JUMP | PERF_SAMPLE_BRANCH_CALL },
	{ "abort_tx,in_tx,no_tx", 0,
	  PERF_SAMPLE_BRANCH_ABORT_TX | PERF_SAMPLE_BRANCH_IN_TX | PERF_SAMPLE_BRANCH_NO_TX },
	{ "anycall", -1, 0 },
	{ "any,", -1, 0 },
	{ "", -1, 0 },
};

static void filters_to_bits(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		uint64_t mode = 0;
		int ret = parse_branch_filter(specs[i].spec, &mode, &err);

		print_message("-j '%s'\n", specs[i].spec);
		if (specs[i].ret) {
			assert_true(ret < 0);
			assert_non_null(strstr(err.buf, "unknown branch filter"));
		} else {
			assert_int_equal(ret, 0);
			assert_int_equal(mode, specs[i].mode);
		}
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(filters_to_bits),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
