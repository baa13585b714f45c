/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PERF_MINI_SELFMON_H
#define PERF_MINI_SELFMON_H

/*
 * perf-mini's self-monitoring library (libperf-mini-self.a, installed as
 * <perf-mini/selfmon.h>): a program counts events in its own thread and
 * reads them without a system call where the machine allows it.
 *
 * Each counter's perf_event_mmap_page is mapped; a read follows the
 * kernel's protocol (the `lock` seqcount loop; rdpmc of index - 1,
 * sign-extended by pmc_width; enabled and running time extrapolated from
 * the TSC by time_offset/time_mult/time_shift) and falls back to read(2)
 * when the page cannot answer: no user rdpmc (cap_user_rdpmc 0, a VM,
 * software events, not x86), or the event is not on a counter now.
 *
 *	struct pm_self *s;
 *	struct pm_self_value v[2];
 *
 *	if (pm_self_open("{cycles,instructions}", &s))
 *		errx(1, "%s", pm_self_errmsg());
 *	... pm_self_read(s, v); region; pm_self_read(s, v + 1) ...
 *	pm_self_close(s);
 *
 * A handle belongs to the thread that opened it (the counters count that
 * thread); read it from that thread. Functions return 0 or a negative
 * enum pm_self_error; pm_self_errmsg() says why in words, with the fix.
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

enum pm_self_error {
	PM_SELF_OK = 0,
	PM_SELF_E_SPEC = -1,		/* the event spec does not parse */
	PM_SELF_E_NO_EVENT = -2,	/* no such event (or PMU) on this machine */
	PM_SELF_E_ACCESS = -3,		/* not allowed: kernel.perf_event_paranoid */
	PM_SELF_E_UNSUPPORTED = -4,	/* the PMU cannot count it so (group too big, ...) */
	PM_SELF_E_NOMEM = -5,
	PM_SELF_E_SYS = -6,		/* another system error (too many fds, ...) */
	PM_SELF_E_ARG = -7,		/* a NULL handle, no events, a bad index */
};

struct pm_self;

struct pm_self_value {
	uint64_t value;		/* the count, scaled to enabled time when multiplexed */
	uint64_t raw;		/* the count as counted (while running) */
	uint64_t enabled;	/* ns the event was enabled, and on the PMU */
	uint64_t running;
	bool fast;		/* read from the mmap page: no system call */
	unsigned int retries;	/* times the kernel rewrote the page during the read */
};

/* Open the events of @spec (perf's -e grammar: "cycles", "{a,b}",
 * "cpu/event=0x3c/u") counting the calling thread from now. As perf does
 * for a normal user, an event refused for its kernel part is opened for
 * user space alone (its name gets perf's "u" suffix). */
int pm_self_open(const char *spec, struct pm_self **out);

/* The same from perf_event_attrs (type, config, exclude_* are used;
 * read_format, disabled and inherit are set here); @names may be NULL.
 * @group: one group led by the first, else independent counters. */
int pm_self_open_attrs(const struct perf_event_attr *attrs, const char *const *names, int nr,
		       bool group, struct pm_self **out);

int pm_self_nr(const struct pm_self *s);
/* Event @i's name, as opened ("cycles:u"), or NULL. */
const char *pm_self_name(const struct pm_self *s, int i);
/* Event @i's perf fd (for ioctl(2) or poll(2)), or -1. */
int pm_self_fd(const struct pm_self *s, int i);
/* Event @i's mapped perf_event_mmap_page, or NULL (for a reader of
 * one's own; the library's reads follow its protocol). */
const struct perf_event_mmap_page *pm_self_page(const struct pm_self *s, int i);
/* Whether event @i can be read from its page (rdpmc) right now. */
bool pm_self_fast(const struct pm_self *s, int i);

/* Read every event into @values (pm_self_nr() of them). */
int pm_self_read(struct pm_self *s, struct pm_self_value *values);
/* Read event @i alone. */
int pm_self_read_one(struct pm_self *s, int i, struct pm_self_value *value);
/* Counts back to 0 (times go on). */
int pm_self_reset(struct pm_self *s);
void pm_self_close(struct pm_self *s);

/* The code's meaning ("permission denied by kernel.perf_event_paranoid"). */
const char *pm_self_strerror(int err);
/* This thread's last failure in full: what, why, and the fix. */
const char *pm_self_errmsg(void);

/*
 * TopDown level 1 (Intel Ice Lake and later): slots and the PERF_METRICS
 * register. A snapshot holds slots and the slots of each category so far;
 * the ratios of a region are the differences of two snapshots, as the
 * kernel's Documentation/topdown.txt describes. Read through rdpmc where
 * allowed (the fixed slots counter and 1 << 29), else read(2) of the
 * group (the kernel resets PERF_METRICS at each read, keeping precision).
 */
enum { PM_SELF_RETIRING, PM_SELF_BAD_SPEC, PM_SELF_FE_BOUND, PM_SELF_BE_BOUND,
       PM_SELF_TOPDOWN_NR };

struct pm_self_topdown {
	uint64_t slots;
	uint64_t level1[PM_SELF_TOPDOWN_NR];	/* slots of each category */
	bool fast;
};

/* {slots,topdown-retiring,topdown-bad-spec,topdown-fe-bound,topdown-be-bound} */
int pm_self_topdown_open(struct pm_self **out);
int pm_self_topdown_read(struct pm_self *s, struct pm_self_topdown *snap);
/* Each category's share (0..1) of the slots between @a and @b; all 0
 * when no slot passed. */
void pm_self_topdown_ratios(const struct pm_self_topdown *a, const struct pm_self_topdown *b,
			    double ratio[PM_SELF_TOPDOWN_NR]);

#endif
