// SPDX-License-Identifier: GPL-2.0
/*
 * perf_event_attr in perf's three layouts, so that dumps compare line by
 * line with Linux perf's: record -vv's "  %-32s value" lines, the
 * perf.data header's ", name = value" runs and evlist -v's "name: value"
 * pairs; zero fields left out, flags named in perf's order, a bit perf
 * has no name for in hex. The expected texts are what perf 6.1 printed
 * for `perf record -e cpu-clock -- true` and its tracking dummy.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/events/attr-print.h"

/* perf record's cpu-clock, as the kernel got it */
static struct perf_event_attr cpu_clock(void)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE,
		.size = 128,
		.config = PERF_COUNT_SW_CPU_CLOCK,
		.sample_freq = 4000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD,
		.read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST,
		.disabled = 1, .inherit = 1, .mmap = 1, .comm = 1, .freq = 1,
		.enable_on_exec = 1, .task = 1, .sample_id_all = 1, .exclude_guest = 1,
		.mmap2 = 1, .comm_exec = 1, .ksymbol = 1, .bpf_event = 1,
	};

	return a;
}

static void test_attr_print__as_perf_record_vv(void **state)
{
	struct perf_event_attr a = cpu_clock();
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	attr_print(&sb, &a);
	assert_string_equal(sb.buf,
		"  type                             1\n"
		"  size                             128\n"
		"  { sample_period, sample_freq }   4000\n"
		"  sample_type                      IP|TID|TIME|PERIOD\n"
		"  read_format                      ID|LOST\n"
		"  disabled                         1\n"
		"  inherit                          1\n"
		"  mmap                             1\n"
		"  comm                             1\n"
		"  freq                             1\n"
		"  enable_on_exec                   1\n"
		"  task                             1\n"
		"  sample_id_all                    1\n"
		"  exclude_guest                    1\n"
		"  mmap2                            1\n"
		"  comm_exec                        1\n"
		"  ksymbol                          1\n"
		"  bpf_event                        1\n");
	strbuf_release(&sb);
}

/* the dummy: a config, and a name longer than the column */
static void test_attr_print__long_names_overflow_the_column(void **state)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_SOFTWARE, .size = 128, .config = PERF_COUNT_SW_DUMMY,
		.watermark = 1, .sample_id_all = 1, .bpf_event = 1, .wakeup_watermark = 1,
	};
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	attr_print(&sb, &a);
	assert_string_equal(sb.buf,
		"  type                             1\n"
		"  size                             128\n"
		"  config                           0x9\n"
		"  watermark                        1\n"
		"  sample_id_all                    1\n"
		"  bpf_event                        1\n"
		"  { wakeup_events, wakeup_watermark } 1\n");
	strbuf_release(&sb);
}

static void test_attr_print__header_and_evlist_runs(void **state)
{
	struct perf_event_attr a = cpu_clock();
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	/* after perf report --header-only's "# event : name = cpu-clock, , id = { .. }" */
	attr_print_inline(&sb, &a);
	assert_string_equal(sb.buf,
		", type = 1, size = 128, { sample_period, sample_freq } = 4000, sample_type = "
		"IP|TID|TIME|PERIOD, read_format = ID|LOST, disabled = 1, inherit = 1, mmap = 1, "
		"comm = 1, freq = 1, enable_on_exec = 1, task = 1, sample_id_all = 1, "
		"exclude_guest = 1, mmap2 = 1, comm_exec = 1, ksymbol = 1, bpf_event = 1");
	/* after perf evlist -v's "cpu-clock: " */
	strbuf_reset(&sb);
	attr_print_pairs(&sb, &a);
	assert_string_equal(sb.buf,
		"type: 1, size: 128, { sample_period, sample_freq }: 4000, sample_type: "
		"IP|TID|TIME|PERIOD, read_format: ID|LOST, disabled: 1, inherit: 1, mmap: 1, "
		"comm: 1, freq: 1, enable_on_exec: 1, task: 1, sample_id_all: 1, "
		"exclude_guest: 1, mmap2: 1, comm_exec: 1, ksymbol: 1, bpf_event: 1");
	strbuf_release(&sb);
}

/* nothing set: nothing printed, in any layout */
static void test_attr_print__zero_attr_prints_nothing(void **state)
{
	struct perf_event_attr a = { 0 };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	attr_print(&sb, &a);
	attr_print_inline(&sb, &a);
	attr_print_pairs(&sb, &a);
	assert_int_equal(sb.len, 0);
	strbuf_release(&sb);
}

/* signed and hex fields, and the later ones, in perf's order */
static void test_attr_print__value_formats(void **state)
{
	struct perf_event_attr a = {
		.type = PERF_TYPE_RAW, .config = 0x1c03c, .config1 = 0x3, .bp_len = 0x10,
		.sample_regs_user = 0xff0fff, .sample_stack_user = 8192, .clockid = -1,
		.use_clockid = 1, .precise_ip = 3, .sample_max_stack = 127, .sig_data = 42,
		.branch_sample_type = PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_ANY_CALL,
	};
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	attr_print_pairs(&sb, &a);
	assert_string_equal(sb.buf,
		"type: 4, config: 0x1c03c, precise_ip: 3, use_clockid: 1, "
		"{ bp_addr, config1 }: 0x3, { bp_len, config2 }: 0x10, "
		"branch_sample_type: USER|ANY_CALL, sample_regs_user: 0xff0fff, "
		"sample_stack_user: 8192, clockid: -1, sample_max_stack: 127, sig_data: 42");
	strbuf_release(&sb);
}

struct bits_case {
	void (*print)(struct strbuf *sb, unsigned long long v);
	unsigned long long v;
	const char *text;
};

static const struct bits_case bits[] = {
	{ attr_print_sample_type, PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
	  PERF_SAMPLE_ADDR | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_PERIOD |
	  PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | PERF_SAMPLE_DATA_SRC,
	  "IP|TID|TIME|ADDR|CALLCHAIN|PERIOD|REGS_USER|STACK_USER|DATA_SRC" },
	{ attr_print_sample_type, PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
	  PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_RAW | PERF_SAMPLE_IDENTIFIER,
	  "IP|TID|TIME|CPU|PERIOD|RAW|IDENTIFIER" },
	{ attr_print_sample_type, PERF_SAMPLE_WEIGHT_STRUCT | PERF_SAMPLE_CODE_PAGE_SIZE |
	  PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE|CODE_PAGE_SIZE|WEIGHT_STRUCT" },
	/* perf's list lacks TRANSACTION: it comes last */
	{ attr_print_sample_type, PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_IP, "IP|TRANSACTION" },
	{ attr_print_sample_type, 1ULL << 40, "0x10000000000" },
	{ attr_print_sample_type, PERF_SAMPLE_IP | 1ULL << 40 | 1ULL << 63,
	  "IP|0x8000010000000000" },
	{ attr_print_sample_type, 0, "" },
	{ attr_print_read_format, PERF_FORMAT_TOTAL_TIME_ENABLED |
	  PERF_FORMAT_TOTAL_TIME_RUNNING | PERF_FORMAT_ID | PERF_FORMAT_GROUP,
	  "TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING|ID|GROUP" },
	{ attr_print_read_format, PERF_FORMAT_ID | PERF_FORMAT_LOST | 1ULL << 5, "ID|LOST|0x20" },
	{ attr_print_branch_type, PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_CALL_STACK |
	  PERF_SAMPLE_BRANCH_NO_FLAGS | PERF_SAMPLE_BRANCH_NO_CYCLES |
	  PERF_SAMPLE_BRANCH_HW_INDEX, "USER|CALL_STACK|NO_FLAGS|NO_CYCLES|HW_INDEX" },
	{ attr_print_branch_type, PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_TYPE_SAVE |
	  PERF_SAMPLE_BRANCH_PRIV_SAVE, "ANY|TYPE_SAVE|PRIV_SAVE" },
};

static void test_attr_print__bit_names(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bits) / sizeof(bits[0]); i++) {
		struct strbuf sb = STRBUF_INIT;

		bits[i].print(&sb, bits[i].v);
		assert_string_equal(sb.buf, bits[i].text);
		strbuf_release(&sb);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_attr_print__as_perf_record_vv),
		cmocka_unit_test(test_attr_print__long_names_overflow_the_column),
		cmocka_unit_test(test_attr_print__header_and_evlist_runs),
		cmocka_unit_test(test_attr_print__zero_attr_prints_nothing),
		cmocka_unit_test(test_attr_print__value_formats),
		cmocka_unit_test(test_attr_print__bit_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
