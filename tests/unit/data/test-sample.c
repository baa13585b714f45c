// SPDX-License-Identifier: GPL-2.0
/* The sample decoder: every sample_type bit in the kernel's order, the
 * sample_id trailer, and records too short for what they announce. */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/data/sample.h"

struct rec {
	uint64_t w[512];
	size_t n;	/* words after the header */
};

static void put(struct rec *r, uint64_t v)
{
	r->w[1 + r->n++] = v;
}

static void put2(struct rec *r, uint32_t a, uint32_t b)
{
	put(r, (uint64_t)b << 32 | a);
}

static const struct pm_event_header *finish(struct rec *r, uint32_t type)
{
	struct pm_event_header h = { .type = type, .misc = PERF_RECORD_MISC_USER,
				     .size = 8 * (1 + r->n) };

	memcpy(&r->w[0], &h, sizeof(h));
	return (const struct pm_event_header *)r->w;
}

#define ALL_BITS (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |          \
		  PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_ID |               \
		  PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |       \
		  PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW |         \
		  PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_REGS_USER |                   \
		  PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT_STRUCT |                 \
		  PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION |                     \
		  PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP | \
		  PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE |            \
		  PERF_SAMPLE_AUX)

static void attr_all(struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->sample_type = ALL_BITS;
	a->read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED;
	a->branch_sample_type = PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HW_INDEX;
	a->sample_regs_user = 0x5;	/* two registers */
	a->sample_regs_intr = 0x1;	/* one */
}

/* A sample with every field, in the order perf_event_open(2) lists them. */
static void build_all(struct rec *r)
{
	put(r, 0x1d);				/* IDENTIFIER */
	put(r, 0x401000);			/* IP */
	put2(r, 100, 101);			/* TID */
	put(r, 123456789);			/* TIME */
	put(r, 0xdead0000);			/* ADDR */
	put(r, 0x1d);				/* ID */
	put(r, 0x55);				/* STREAM_ID */
	put2(r, 3, 0);				/* CPU */
	put(r, 1000);				/* PERIOD */
	put(r, 2); put(r, 777);			/* READ: nr, time_enabled */
	put(r, 11); put(r, 0x1d); put(r, 22); put(r, 0x1e);
	put(r, 3); put(r, 1); put(r, 2); put(r, 3);	/* CALLCHAIN */
	put2(r, 12, 0xaabbccdd);		/* RAW: size 12 (4 + 8 padded) */
	put(r, 0x1122334455667788ULL);
	put(r, 1); put(r, 9);			/* BRANCH_STACK: nr, hw_idx */
	put(r, 0xa0); put(r, 0xb0); put(r, 0x4);
	put(r, PERF_SAMPLE_REGS_ABI_64); put(r, 0x10); put(r, 0x20);	/* REGS_USER */
	put(r, 16); put(r, 0xf00d); put(r, 0xbeef); put(r, 8);	/* STACK_USER */
	put(r, (uint64_t)7 << 48 | (uint64_t)5 << 32 | 300);	/* WEIGHT_STRUCT */
	put(r, 0x68100142);			/* DATA_SRC */
	put(r, 0x6);				/* TRANSACTION */
	put(r, PERF_SAMPLE_REGS_ABI_64); put(r, 0x30);	/* REGS_INTR */
	put(r, 0x1234000);			/* PHYS_ADDR */
	put(r, 42);				/* CGROUP */
	put(r, 4096);				/* DATA_PAGE_SIZE */
	put(r, 2097152);			/* CODE_PAGE_SIZE */
	put(r, 8); put(r, 0xaa);		/* AUX */
}

static void test_sample__every_field_in_order(void **state)
{
	struct perf_event_attr a;
	struct perf_sample s;
	struct strbuf err = STRBUF_INIT;
	struct rec r = { .n = 0 };
	const struct pm_event_header *ev;

	(void)state;
	attr_all(&a);
	build_all(&r);
	ev = finish(&r, PERF_RECORD_SAMPLE);
	assert_int_equal(perf_sample__parse(ev, &a, &s, &err), 0);
	assert_int_equal(s.id, 0x1d);
	assert_int_equal(s.ip, 0x401000);
	assert_int_equal(s.pid, 100);
	assert_int_equal(s.tid, 101);
	assert_true(s.has_time);
	assert_int_equal(s.time, 123456789);
	assert_int_equal(s.addr, 0xdead0000);
	assert_int_equal(s.stream_id, 0x55);
	assert_int_equal(s.cpu, 3);
	assert_int_equal(s.period, 1000);
	assert_int_equal(s.read_size, 6);
	assert_int_equal(s.read[3], 0x1d);
	assert_int_equal(s.callchain_nr, 3);
	assert_int_equal(s.callchain[2], 3);
	assert_int_equal(s.raw_size, 12);
	assert_int_equal(s.branch_nr, 1);
	assert_int_equal(s.branch_hw_idx, 9);
	assert_int_equal(s.branches[0].from, 0xa0);
	assert_int_equal(s.branches[0].to, 0xb0);
	assert_int_equal(s.user_regs.abi, PERF_SAMPLE_REGS_ABI_64);
	assert_int_equal(s.user_regs.regs[1], 0x20);
	assert_int_equal(s.user_stack_size, 16);
	assert_int_equal(s.user_stack_dyn_size, 8);
	assert_int_equal(s.weight, 300);
	assert_int_equal(s.ins_lat, 5);
	assert_int_equal(s.p_stage_cyc, 7);
	assert_int_equal(s.data_src, 0x68100142);
	assert_int_equal(s.transaction, 6);
	assert_int_equal(s.intr_regs.regs[0], 0x30);
	assert_int_equal(s.phys_addr, 0x1234000);
	assert_int_equal(s.cgroup, 42);
	assert_int_equal(s.data_page_size, 4096);
	assert_int_equal(s.code_page_size, 2097152);
	assert_int_equal(s.aux_size, 8);
	assert_int_equal(s.cpumode, PERF_RECORD_MISC_USER);
	strbuf_release(&err);
}

/* Each prefix of the full record is too short: always an error, never a
 * read past the end (ASan watches). */
static void test_sample__every_truncation_is_an_error(void **state)
{
	struct perf_event_attr a;
	struct perf_sample s;
	struct rec full = { .n = 0 };
	size_t words;

	(void)state;
	attr_all(&a);
	build_all(&full);
	words = full.n;
	for (size_t n = 0; n < words; n++) {
		struct strbuf err = STRBUF_INIT;
		struct rec *r = malloc(sizeof(*r));

		memcpy(r, &full, sizeof(*r));
		r->n = n;
		assert_int_not_equal(perf_sample__parse(finish(r, PERF_RECORD_SAMPLE), &a, &s, &err),
				     0);
		assert_non_null(strstr(err.buf, "shorter than its sample_type"));
		strbuf_release(&err);
		free(r);
	}
}

static void test_sample__hostile_counts_are_errors(void **state)
{
	struct perf_event_attr a = { .sample_type = PERF_SAMPLE_CALLCHAIN };
	struct perf_sample s;
	struct strbuf err = STRBUF_INIT;
	struct rec r = { .n = 0 };

	(void)state;
	put(&r, ~0ULL >> 4);	/* a callchain of 2^60 entries */
	put(&r, 1);
	assert_int_not_equal(perf_sample__parse(finish(&r, PERF_RECORD_SAMPLE), &a, &s, &err), 0);
	strbuf_release(&err);
}

static void test_sample__period_defaults_to_attr(void **state)
{
	struct perf_event_attr a = { .sample_type = PERF_SAMPLE_IP, .sample_period = 5000 };
	struct perf_sample s;
	struct strbuf err = STRBUF_INIT;
	struct rec r = { .n = 0 };

	(void)state;
	put(&r, 0x1234);
	assert_int_equal(perf_sample__parse(finish(&r, PERF_RECORD_SAMPLE), &a, &s, &err), 0);
	assert_int_equal(s.period, 5000);
	assert_int_equal(s.pid, (uint32_t)-1);
	assert_int_equal(s.cpu, (uint32_t)-1);
	assert_false(s.has_time);
	strbuf_release(&err);
}

static void test_sample__id_trailer_of_other_records(void **state)
{
	struct perf_event_attr a = {
		.sample_type = PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_ID |
			       PERF_SAMPLE_CPU | PERF_SAMPLE_IDENTIFIER,
		.sample_id_all = 1,
	};
	struct perf_sample s;
	struct strbuf err = STRBUF_INIT;
	struct rec r = { .n = 0 };

	(void)state;
	put2(&r, 7, 7);		/* a COMM body: pid, tid */
	put(&r, 0x6f6f66);	/* "foo" */
	put2(&r, 7, 8);		/* trailer: TID, TIME, ID, CPU, IDENTIFIER */
	put(&r, 999);
	put(&r, 0x42);
	put2(&r, 1, 0);
	put(&r, 0x42);
	assert_int_equal(perf_sample__id_words(a.sample_type), 5);
	assert_int_equal(perf_sample__parse_id(finish(&r, PERF_RECORD_COMM), &a, &s, &err), 0);
	assert_int_equal(s.tid, 8);
	assert_int_equal(s.time, 999);
	assert_int_equal(s.id, 0x42);
	assert_int_equal(s.cpu, 1);
	strbuf_release(&err);
}

static void test_sample__read_format_sizes(void **state)
{
	(void)state;
	assert_int_equal(perf_sample__read_words(PERF_FORMAT_TOTAL_TIME_ENABLED |
						 PERF_FORMAT_TOTAL_TIME_RUNNING, 0), 3);
	assert_int_equal(perf_sample__read_words(PERF_FORMAT_GROUP | PERF_FORMAT_ID |
						 PERF_FORMAT_LOST, 3), 1 + 3 * 3);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample__every_field_in_order),
		cmocka_unit_test(test_sample__every_truncation_is_an_error),
		cmocka_unit_test(test_sample__hostile_counts_are_errors),
		cmocka_unit_test(test_sample__period_defaults_to_attr),
		cmocka_unit_test(test_sample__id_trailer_of_other_records),
		cmocka_unit_test(test_sample__read_format_sizes),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
