// SPDX-License-Identifier: GPL-2.0
/* pmu-sim's user page and simulated rdpmc/rdtsc: see sim-userpage.h. */
#include <stddef.h>
#include <string.h>

#include "sim-userpage.h"

#define MAX_PAGES 256

/* 2.5 GHz: ns = cycles x 0.4 = cycles x mult >> shift */
#define TIME_SHIFT 31
#define TIME_MULT 858993459U

static struct {
	bool rdpmc, time;
	unsigned int width;
	unsigned int rewrites;
} cfg = { true, true, 48, 0 };

/* What the kernel knows of each counter: the hardware value it started
 * from (the counter counts up from there) and the count at that point. */
static struct page_state {
	const struct perf_event_mmap_page *pc;
	uint64_t hw_start, count_at_start;
	unsigned int rewrites_left;
	unsigned int writes;
} pages[MAX_PAGES];

bool sim_userpage__profile(const char *name, double v)
{
	if (!strcmp(name, "user-rdpmc"))
		cfg.rdpmc = v != 0;
	else if (!strcmp(name, "user-time"))
		cfg.time = v != 0;
	else if (!strcmp(name, "pmc-width") && v >= 32 && v <= 64)
		cfg.width = (unsigned int)v;
	else if (!strcmp(name, "page-rewrites") && v >= 0)
		cfg.rewrites = (unsigned int)v;
	else
		return false;
	return true;
}

uint64_t sim_userpage__cycles(uint64_t now_ns)
{
	return now_ns * 5 / 2;
}

static uint64_t width_mask(void)
{
	return cfg.width >= 64 ? ~0ULL : (1ULL << cfg.width) - 1;
}

static struct page_state *state_of(const struct perf_event_mmap_page *pc, bool create)
{
	struct page_state *free_slot = NULL;

	for (int i = 0; i < MAX_PAGES; i++) {
		if (pages[i].pc == pc)
			return &pages[i];
		if (!pages[i].pc && !free_slot)
			free_slot = &pages[i];
	}
	if (create && free_slot) {
		memset(free_slot, 0, sizeof(*free_slot));
		free_slot->pc = pc;
		free_slot->rewrites_left = cfg.rewrites;
	}
	return create ? free_slot : NULL;
}

void sim_userpage__forget(const struct perf_event_mmap_page *pc)
{
	struct page_state *st = state_of(pc, false);

	if (st)
		st->pc = NULL;
}

static void barrier(void)
{
	__asm__ __volatile__("" ::: "memory");
}

/*
 * As a sampling counter the kernel programs to -period (the value that
 * tests sign extension), or 0 for TopDown's slots (a metric's page has
 * its count folded at the last reset: PERF_METRICS holds the rest); a rewrite starts the
 * hardware counter afresh, as a context switch does, so a reader that
 * mixes the old offset with the new value is off by far.
 */
void sim_userpage__update(struct perf_event_mmap_page *pc, const struct sim_counter_now *c,
			  uint64_t now_ns)
{
	struct page_state *st = state_of(pc, true);
	int64_t period;

	if (!st)
		return;
	period = (int64_t)((1ULL << (cfg.width - 2)) >> (st->writes++ % 4));
	st->hw_start = c->zero_start ? 0 : (0 - period) & width_mask();
	st->count_at_start = c->count;
	pc->lock++;
	barrier();
	pc->cap_user_rdpmc = cfg.rdpmc;
	pc->cap_user_time = cfg.time;
	pc->pmc_width = (uint16_t)cfg.width;
	pc->index = c->on_counter ? c->rdpmc + 1 : 0;
	/* offset + the counter's sign-extended value is the count */
	pc->offset = (int64_t)c->count + (c->zero_start ? 0 : period);
	if (!c->on_counter || c->metric)
		pc->offset = (int64_t)c->count;	/* a metric's counter is PERF_METRICS */
	pc->time_enabled = c->enabled;
	pc->time_running = c->running;
	pc->time_mult = TIME_MULT;
	pc->time_shift = TIME_SHIFT;
	/* time_offset + ns(cycles now) is the time since this update */
	pc->time_offset = 0 - ((sim_userpage__cycles(now_ns) >> TIME_SHIFT) * TIME_MULT +
			       (((sim_userpage__cycles(now_ns) & ((1ULL << TIME_SHIFT) - 1)) *
				 TIME_MULT) >> TIME_SHIFT));
	barrier();
	pc->lock++;
}

uint64_t sim_userpage__rdpmc(struct perf_event_mmap_page *pc, const struct sim_counter_now *c,
			     uint64_t now_ns)
{
	struct page_state *st = state_of(pc, false);

	if (!st)
		return 0;
	if (st->rewrites_left) {
		st->rewrites_left--;
		sim_userpage__update(pc, c, now_ns);
	}
	return (st->hw_start + (c->count - st->count_at_start)) & width_mask();
}
