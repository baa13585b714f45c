/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_MEM_EVENTS_H
#define PM_MEM_EVENTS_H

/*
 * perf mem's events on the machine sysfs describes (perf's
 * perf_mem_events__init() and the choice in its record): the arch/
 * table's loads, stores and loads-and-stores events, each on the PMUs
 * that have it (every hybrid core PMU for Intel's), and which of them a
 * recording of the asked operations takes.
 */
#include "../base/strbuf.h"
#include "pmu-arch.h"

#define MEM_EVENTS_MAX_PMUS 4

enum { MEM_OP_LOAD = 1, MEM_OP_STORE = 2 };

struct mem_events {
	struct arch_mem_event ev[ARCH_MEM_MAX];
	const char *pmus[ARCH_MEM_MAX][MEM_EVENTS_MAX_PMUS];	/* where each is described */
	bool aux[ARCH_MEM_MAX][MEM_EVENTS_MAX_PMUS];		/* that PMU has ev.aux */
	int nr_pmus[ARCH_MEM_MAX];	/* 0: not supported here */
};

void mem_events__init(struct mem_events *me, struct pmus *pmus);

/* perf's -e list: each event by its tag, "available" or not (with -v
 * the event it records). */
void mem_events__list(const struct mem_events *me, unsigned int ldlat, bool verbose,
		      struct strbuf *out);

/*
 * Which kinds to record (@record[ARCH_MEM_MAX]): the one named @event (a
 * tag), or those of @ops (MEM_OP_*), loads and stores by one event where
 * the machine has one. -EINVAL for a name that is none of this machine's
 * or one kind where its event takes both; -EOPNOTSUPP where an event is
 * not described. The message in @err.
 */
int mem_events__choose(const struct mem_events *me, const char *event, int ops,
		       bool *record, struct strbuf *err);

/* The event of @kind on its @i-th PMU, with load latency @ldlat. */
void mem_events__name(const struct mem_events *me, int kind, int i, unsigned int ldlat,
		      struct strbuf *sb);

#endif
