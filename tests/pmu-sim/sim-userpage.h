/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SIM_USERPAGE_H
#define PM_SIM_USERPAGE_H

/*
 * pmu-sim's perf_event_mmap_page for a simulated counter, written as the
 * kernel's perf_event_update_userpage() writes it (lock, fields, lock),
 * with a simulated rdpmc and TSC behind it, so util/selfmon's whole page
 * path runs on any machine. Profile lines: `user-rdpmc 0|1` and
 * `user-time 0|1` (cap_user_rdpmc, cap_user_time; both 1 by default),
 * `pmc-width N` (48), `page-rewrites N`: the page of each counter is
 * rewritten during its first N user reads, as a kernel updating it on
 * another CPU would (a reader that does not retry reads garbage).
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

/* The counter behind a page, now. */
struct sim_counter_now {
	uint64_t count;
	uint64_t enabled, running;	/* ns */
	bool on_counter;		/* scheduled: the page gets an index */
	uint32_t rdpmc;			/* its rdpmc selector (index - 1) */
	bool zero_start;		/* the counter starts at 0 (TopDown's slots) */
	bool metric;			/* a TopDown metric: rdpmc reads PERF_METRICS */
};

/* A profile line this file takes: true when it took it. */
bool sim_userpage__profile(const char *name, double v);

/* Write @pc for @c as at @now_ns (its first write, or an update). */
void sim_userpage__update(struct perf_event_mmap_page *pc, const struct sim_counter_now *c,
			  uint64_t now_ns);
void sim_userpage__forget(const struct perf_event_mmap_page *pc);

/* rdpmc of a simulated counter: its raw @width-bit value for @c; may first
 * rewrite the page (page-rewrites). */
uint64_t sim_userpage__rdpmc(struct perf_event_mmap_page *pc, const struct sim_counter_now *c,
			     uint64_t now_ns);

/* The simulated TSC at @now_ns (2.5 GHz). */
uint64_t sim_userpage__cycles(uint64_t now_ns);

#endif
