// SPDX-License-Identifier: GPL-2.0
/*
 * The self-monitoring read protocol against synthetic mmap pages: the
 * counter and clock reads are this file's, so each case sets exactly what
 * the kernel would have written and checks the arithmetic.
 */
#include <errno.h>
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/selfmon/page-read.h"
#include "../../../util/selfmon/selfmon.h"

struct fake {
	struct perf_event_mmap_page *pc;
	uint64_t raw;		/* what "rdpmc" answers */
	uint64_t cycles;	/* what "rdtsc" answers */
	int bumps;		/* the kernel rewrites the page during this many reads */
	int64_t bump_offset;	/* ... moving offset by this each time */
	uint32_t last_counter;
};

static bool fake_counter(void *ctx, const struct perf_event_mmap_page *pc, uint32_t counter,
			 uint64_t *raw)
{
	struct fake *f = ctx;

	(void)pc;
	f->last_counter = counter;
	*raw = f->raw;
	if (f->bumps > 0) {	/* as perf_event_update_userpage: lock, write, lock */
		f->bumps--;
		f->pc->lock++;
		f->pc->offset += f->bump_offset;
		f->pc->lock++;
	}
	return true;
}

static bool fake_cycles(void *ctx, const struct perf_event_mmap_page *pc, uint64_t *cycles)
{
	(void)pc;
	*cycles = ((struct fake *)ctx)->cycles;
	return true;
}

static struct perf_event_mmap_page page;

static struct fake setup(uint32_t index, int64_t offset, uint64_t raw, uint16_t width)
{
	memset(&page, 0, sizeof(page));
	page.cap_user_rdpmc = 1;
	page.index = index;
	page.offset = offset;
	page.pmc_width = width;
	page.time_enabled = page.time_running = 5000;
	return (struct fake){ .pc = &page, .raw = raw };
}

static int read_fake(struct fake *f, struct selfmon_reading *r)
{
	struct selfmon_hw hw = { fake_counter, fake_cycles, f };

	return selfmon__read_page(&page, &hw, r);
}

static void test_page_read__counter_is_offset_plus_rdpmc_of_index_minus_one(void **state)
{
	struct fake f = setup(3, 1000, 234, 48);
	struct selfmon_reading r;

	(void)state;
	assert_int_equal(read_fake(&f, &r), 0);
	assert_int_equal(f.last_counter, 2);
	assert_int_equal(r.count, 1234);
	assert_int_equal(r.retries, 0);
	assert_int_equal(r.enabled, 5000);	/* no cap_user_time: as the page says */
}

static void test_page_read__retries_while_the_kernel_rewrites_the_page(void **state)
{
	struct fake f = setup(1, 1000, 5, 48);
	struct selfmon_reading r;

	(void)state;
	f.bumps = 3;
	f.bump_offset = 100;
	assert_int_equal(read_fake(&f, &r), 0);
	assert_int_equal(r.retries, 3);
	assert_int_equal(r.count, 1305);	/* the offset of the last, stable, page */
}

static void test_page_read__gives_up_on_a_page_that_never_settles(void **state)
{
	struct fake f = setup(1, 0, 5, 48);
	struct selfmon_reading r;

	(void)state;
	f.bumps = SELFMON_MAX_RETRIES + 10;
	assert_int_equal(read_fake(&f, &r), -EAGAIN);
}

static void test_page_read__sign_extends_by_pmc_width(void **state)
{
	struct selfmon_reading r;
	struct fake f;

	(void)state;
	/* a 40-bit counter the kernel started at -period: 100 short of overflow */
	f = setup(1, 5100, (1ULL << 40) - 100, 40);
	assert_int_equal(read_fake(&f, &r), 0);
	assert_int_equal(r.count, 5000);
	assert_int_equal(r.pmc, -100);
	/* the same raw value on a 48-bit counter is positive */
	f = setup(1, 0, (1ULL << 40) - 100, 48);
	assert_int_equal(read_fake(&f, &r), 0);
	assert_int_equal(r.count, (1ULL << 40) - 100);
	/* either side of the sign bit */
	assert_int_equal(selfmon__sign_extend((1ULL << 47) - 1, 48), (1LL << 47) - 1);
	assert_int_equal(selfmon__sign_extend(1ULL << 47, 48), -(1LL << 47));
	assert_int_equal(selfmon__sign_extend((1ULL << 39) - 1, 40), (1LL << 39) - 1);
	assert_int_equal(selfmon__sign_extend(1ULL << 39, 40), -(1LL << 39));
	/* bits above the width (what rdpmc may leave there) are ignored */
	assert_int_equal(selfmon__sign_extend(0xffff000000000005ULL, 48), 5);
}

static void test_page_read__index_zero_or_no_rdpmc_needs_read_syscall(void **state)
{
	struct selfmon_reading r;
	struct fake f = setup(0, 1000, 5, 48);

	(void)state;
	assert_int_equal(read_fake(&f, &r), -EAGAIN);
	f = setup(1, 1000, 5, 48);
	page.cap_user_rdpmc = 0;
	assert_int_equal(read_fake(&f, &r), -EAGAIN);
}

static void test_page_read__time_extrapolated_from_cycles(void **state)
{
	struct selfmon_reading r;
	struct fake f = setup(1, 0, 0, 48);

	(void)state;
	/* 2.5 GHz: ns = cycles * 0.4, mult 0.4 * 2^31 */
	page.cap_user_time = 1;
	page.time_mult = 858993459;
	page.time_shift = 31;
	f.cycles = 2500000000ULL;	/* one second of cycles... */
	page.time_offset = (uint64_t)-999999999LL;	/* ...of which the page knew all but 1 ns */
	assert_int_equal(read_fake(&f, &r), 0);
	/* 2.5e9 * 858993459 / 2^31 = 999999999.5: floor, plus the offset, is 0 */
	assert_int_equal(r.enabled, 5000);
	f.cycles += 25;	/* 10 ns more */
	assert_int_equal(read_fake(&f, &r), 0);
	assert_in_range(r.enabled, 5009, 5010);
	assert_int_equal(r.running, r.enabled);	/* on a counter: running too */
}

static void test_page_read__cycles_to_ns_cannot_overflow(void **state)
{
	(void)state;
	/* cycles * mult overflows 64 bits; the quot/rem form does not */
	assert_int_equal(selfmon__cycles_to_ns(0xf000000000000000ULL, 1U << 31, 31),
			 0xf000000000000000ULL);
	assert_int_equal(selfmon__cycles_to_ns(3000000000000ULL, 3U << 28, 30),
			 2250000000000ULL);	/* x 0.75 */
	assert_int_equal(selfmon__cycles_to_ns(7, 1, 0), 7);
}

static void test_page_read__short_time_window(void **state)
{
	struct selfmon_reading r;
	struct fake f = setup(1, 0, 0, 48);

	(void)state;
	/* a 32-bit clock: the reading moved into the window from time_cycles */
	page.cap_user_time = 1;
	page.cap_user_time_short = 1;
	page.time_mult = 1;
	page.time_shift = 0;
	page.time_cycles = 0x100000000ULL;
	page.time_mask = 0xffffffffULL;
	page.time_offset = (uint64_t)-0x100000000LL;
	f.cycles = 0x2000000aULL;	/* a reading that wrapped: 0x12000000a in the window */
	assert_int_equal(read_fake(&f, &r), 0);
	assert_int_equal(r.enabled, 5000 + 0x2000000a);
}

static void test_page_read__scales_by_enabled_over_running(void **state)
{
	(void)state;
	assert_int_equal(selfmon__scale(1000, 200, 100), 2000);
	assert_int_equal(selfmon__scale(1000, 300, 0), 1000);
	assert_int_equal(selfmon__scale(1000, 300, 300), 1000);
	/* count x enabled overflows 64 bits */
	assert_int_equal(selfmon__scale(1ULL << 60, 3000000000ULL, 1000000000ULL), 3ULL << 60);
	assert_int_equal(selfmon__scale(10, 3, 2), 15);
	assert_int_equal(selfmon__scale(7, 3, 2), 10);	/* 10.5, rounded down */
}

static void test_page_read__topdown_fields_and_region_deltas(void **state)
{
	/* retiring 1, bad spec 2, frontend 1, backend 0xfb: 0xff in all */
	uint64_t metrics = 0xfb010201ULL, slots[SELFMON_TD_NR], sum = 0;
	struct pm_self_topdown a = { 0 }, b;
	double ratio[PM_SELF_TOPDOWN_NR], total = 0;

	(void)state;
	assert_int_equal(selfmon__metric_field(metrics, 0), 1);
	assert_int_equal(selfmon__metric_field(metrics, 1), 2);
	assert_int_equal(selfmon__metric_field(metrics, 3), 0xfb);
	selfmon__metric_slots(metrics, 255000, slots);
	assert_int_equal(slots[0], 1000);
	assert_int_equal(slots[1], 2000);
	assert_int_equal(slots[2], 1000);
	assert_int_equal(slots[3], 251000);
	for (int i = 0; i < SELFMON_TD_NR; i++)
		sum += slots[i];
	assert_int_equal(sum, 255000);

	/* a region: the second snapshot minus the first, over its slots */
	a.slots = 255000;
	memcpy(a.level1, slots, sizeof(slots));
	b.slots = 255000 + 510000;
	selfmon__metric_slots(0x0000ff00ULL, 510000, b.level1);	/* all bad speculation */
	for (int i = 0; i < SELFMON_TD_NR; i++)
		b.level1[i] += a.level1[i];
	pm_self_topdown_ratios(&a, &b, ratio);
	assert_true(ratio[PM_SELF_BAD_SPEC] > 0.999 && ratio[PM_SELF_BAD_SPEC] < 1.001);
	for (int i = 0; i < PM_SELF_TOPDOWN_NR; i++)
		total += ratio[i];
	assert_true(total > 0.999 && total < 1.001);
	pm_self_topdown_ratios(&a, &a, ratio);
	assert_true(ratio[0] == 0 && ratio[3] == 0);	/* no slots passed */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_page_read__counter_is_offset_plus_rdpmc_of_index_minus_one),
		cmocka_unit_test(test_page_read__retries_while_the_kernel_rewrites_the_page),
		cmocka_unit_test(test_page_read__gives_up_on_a_page_that_never_settles),
		cmocka_unit_test(test_page_read__sign_extends_by_pmc_width),
		cmocka_unit_test(test_page_read__index_zero_or_no_rdpmc_needs_read_syscall),
		cmocka_unit_test(test_page_read__time_extrapolated_from_cycles),
		cmocka_unit_test(test_page_read__cycles_to_ns_cannot_overflow),
		cmocka_unit_test(test_page_read__short_time_window),
		cmocka_unit_test(test_page_read__scales_by_enabled_over_running),
		cmocka_unit_test(test_page_read__topdown_fields_and_region_deltas),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
