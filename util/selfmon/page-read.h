/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SELFMON_PAGE_READ_H
#define PM_SELFMON_PAGE_READ_H

/*
 * Reading a counter from its perf_event_mmap_page without entering the
 * kernel: the protocol of <linux/perf_event.h>, arch-neutral. The
 * counter and clock reads it needs (rdpmc and rdtsc on x86) come from
 * @hw, so the same code runs against the kernel's page, pmu-sim's and a
 * unit test's synthetic one.
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

struct selfmon_hw {
	/* The raw value of hardware counter @counter (the page's index - 1,
	 * or an rdpmc selector such as the PERF_METRICS one); false: the
	 * machine cannot read counters from user space. */
	bool (*read_counter)(void *ctx, const struct perf_event_mmap_page *pc,
			     uint32_t counter, uint64_t *raw);
	/* The clock the page's time_* fields convert (the TSC on x86). */
	bool (*read_cycles)(void *ctx, const struct perf_event_mmap_page *pc, uint64_t *cycles);
	void *ctx;
};

struct selfmon_reading {
	uint64_t count;		/* the event's count, unscaled */
	int64_t pmc;		/* the counter's own value, sign-extended */
	uint64_t enabled;	/* time enabled and running, ns, up to now */
	uint64_t running;
	uint32_t index;		/* the page's index: 0 when not on a counter */
	unsigned int retries;	/* times the kernel updated the page mid-read */
};

/* The seam's reads (perf_sys_read_counter, perf_sys_read_cycles). */
extern const struct selfmon_hw selfmon_seam_hw;

/* The retries after which a read gives up on the page (the kernel
 * rewriting it that often means something is wrong). */
#define SELFMON_MAX_RETRIES 1000

/*
 * Reads @pc inside its seqcount loop. 0: @r is the count and the times
 * up to now; -EAGAIN: the page cannot give the count (no user rdpmc, the
 * event is not on a counter, or the page kept changing): read(2) it.
 */
int selfmon__read_page(const volatile struct perf_event_mmap_page *pc,
		       const struct selfmon_hw *hw, struct selfmon_reading *r);

/* @raw, a @width-bit counter value, sign-extended to 64 bits. */
int64_t selfmon__sign_extend(uint64_t raw, unsigned int width);

/* @cycles in ns by the page's mult and shift, in the quot/rem form that
 * cannot overflow 64 bits. */
uint64_t selfmon__cycles_to_ns(uint64_t cycles, uint32_t mult, uint16_t shift);

/* @count scaled from @running to @enabled time (quot/rem: no overflow);
 * @count itself when running is 0 or equals enabled. */
uint64_t selfmon__scale(uint64_t count, uint64_t enabled, uint64_t running);

/*
 * TopDown level 1 from slots and the PERF_METRICS register: each of the
 * four 8-bit fields (retiring, bad speculation, frontend bound, backend
 * bound) is its share of 0xff of the slots since the register was reset.
 */
enum { SELFMON_TD_RETIRING, SELFMON_TD_BAD_SPEC, SELFMON_TD_FE_BOUND, SELFMON_TD_BE_BOUND,
       SELFMON_TD_NR };

/* Field @i of @metrics: its share of 0xff. */
unsigned int selfmon__metric_field(uint64_t metrics, int i);

/* The slots each field stands for: @slots x field / 0xff. */
void selfmon__metric_slots(uint64_t metrics, uint64_t slots, uint64_t out[SELFMON_TD_NR]);

#endif
