/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SELFMON_INTERNAL_H
#define PM_SELFMON_INTERNAL_H

/* What the parts of the self-monitoring library share (selfmon.h is the
 * public side). */
#include <stdarg.h>

#include "selfmon.h"

struct pm_self_event {
	char *name;
	struct perf_event_attr attr;
	int leader;		/* index of its group's leader; itself when alone */
	int fd;
	struct perf_event_mmap_page *page;	/* NULL when it could not be mapped */
};

struct pm_self {
	int nr;
	bool topdown;		/* opened by pm_self_topdown_open */
	struct pm_self_event ev[];
};

/* One event to open: @leader is the index of its group's leader. */
struct selfmon_spec {
	const char *name;
	struct perf_event_attr attr;
	int leader;
};

int selfmon__open(const struct selfmon_spec *specs, int nr, struct pm_self **out);

/* The most members a group read returns here (TopDown's five, and room). */
#define SELFMON_MAX_GROUP 16

/* read(2) of group leader @leader: the first @nr members' counts, from
 * one instant, into @counts; the leader's own in @v */
int selfmon__read_group(const struct pm_self *s, int leader, uint64_t *counts, int nr,
			struct pm_self_value *v);

/* Set this thread's message; returns @err. */
int selfmon__fail(int err, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The page's offset field, read consistently. */
int64_t selfmon__page_offset(const volatile struct perf_event_mmap_page *pc);

#endif
