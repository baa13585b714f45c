// SPDX-License-Identifier: GPL-2.0
#include <errno.h>

#include "page-read.h"
#include "../events/perf-sys.h"

/* The kernel writes the page on another CPU while we read it: the
 * compiler must neither cache nor reorder the loads around `lock`. */
#define barrier() __asm__ __volatile__("" ::: "memory")

int64_t selfmon__sign_extend(uint64_t raw, unsigned int width)
{
	if (!width || width >= 64)
		return (int64_t)raw;
	return (int64_t)(raw << (64 - width)) >> (64 - width);
}

uint64_t selfmon__cycles_to_ns(uint64_t cycles, uint32_t mult, uint16_t shift)
{
	uint64_t quot, rem;

	if (shift >= 64)
		return 0;
	quot = cycles >> shift;
	rem = cycles & ((1ULL << shift) - 1);
	return quot * mult + ((rem * mult) >> shift);
}

uint64_t selfmon__scale(uint64_t count, uint64_t enabled, uint64_t running)
{
	uint64_t quot, rem;

	if (!running || running == enabled)
		return count;
	quot = count / running;
	rem = count % running;
	return quot * enabled + (uint64_t)((unsigned __int128)rem * enabled / running);
}

/* The cycle counter as the page's clock sees it: with cap_user_time_short
 * the kernel's conversion covers a window of time_mask cycles from
 * time_cycles (a narrow counter), so the reading is moved into it. */
static uint64_t page_cycles(const volatile struct perf_event_mmap_page *pc, uint64_t cyc)
{
	if (pc->cap_user_time_short)
		cyc = pc->time_cycles + ((cyc - pc->time_cycles) & pc->time_mask);
	return cyc;
}

int selfmon__read_page(const volatile struct perf_event_mmap_page *pc,
		       const struct selfmon_hw *hw, struct selfmon_reading *r)
{
	const struct perf_event_mmap_page *plain = (const struct perf_event_mmap_page *)pc;
	uint64_t count, enabled, running, delta, cyc, raw;
	uint32_t seq, index;
	unsigned int width;
	bool has_raw;

	for (r->retries = 0;; r->retries++) {
		if (r->retries > SELFMON_MAX_RETRIES)
			return -EAGAIN;
		seq = pc->lock;
		barrier();
		enabled = pc->time_enabled;
		running = pc->time_running;
		index = pc->index;
		count = (uint64_t)pc->offset;
		delta = 0;
		if (pc->cap_user_time && hw->read_cycles(hw->ctx, plain, &cyc))
			delta = pc->time_offset +
				selfmon__cycles_to_ns(page_cycles(pc, cyc), pc->time_mult,
						      pc->time_shift);
		width = pc->pmc_width;
		has_raw = pc->cap_user_rdpmc && index &&
			  hw->read_counter(hw->ctx, plain, index - 1, &raw);
		barrier();
		if (pc->lock == seq)
			break;
	}
	if (!has_raw)
		return -EAGAIN;
	r->pmc = selfmon__sign_extend(raw, width);
	r->count = count + (uint64_t)r->pmc;
	r->enabled = enabled + delta;
	r->running = running + delta;	/* on a counter (index != 0): running too */
	r->index = index;
	return 0;
}

unsigned int selfmon__metric_field(uint64_t metrics, int i)
{
	return (unsigned int)(metrics >> (i * 8)) & 0xff;
}

void selfmon__metric_slots(uint64_t metrics, uint64_t slots, uint64_t out[SELFMON_TD_NR])
{
	for (int i = 0; i < SELFMON_TD_NR; i++)
		out[i] = (uint64_t)((unsigned __int128)slots * selfmon__metric_field(metrics, i) /
				    0xff);
}

static bool seam_counter(void *ctx, const struct perf_event_mmap_page *pc, uint32_t counter,
			 uint64_t *raw)
{
	(void)ctx;
	return perf_sys_read_counter(pc, counter, raw);
}

static bool seam_cycles(void *ctx, const struct perf_event_mmap_page *pc, uint64_t *cycles)
{
	(void)ctx;
	return perf_sys_read_cycles(pc, cycles);
}

const struct selfmon_hw selfmon_seam_hw = { seam_counter, seam_cycles, NULL };
