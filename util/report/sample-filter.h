/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SAMPLE_FILTER_H
#define PM_SAMPLE_FILTER_H

/*
 * Which samples a report or script keeps, as perf's options say:
 * --time, -C/--cpu on the sample itself; --comms, --pid, --tid on its
 * thread; --dsos, -S/--symbols on where its ip resolves. The lists are
 * comma separated; a DSO matches by its short or long name.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"
#include "../symbols/machine.h"
#include "time-ranges.h"

struct cpu_map;

struct sample_filter {
	const char *comms, *pids, *tids, *dsos, *symbols;	/* NULL: any */
	struct cpu_map *cpus;		/* NULL: any */
	struct time_ranges time;
	int addr_range;	/* --addr-range: an -S address takes in this many bytes */
};

/* The syntax of -C @cpu_list and --time @time_str alone, before a file is
 * read: 0, or -EINVAL with a message in @err (a usage error). */
int sample_filter__check_args(const char *cpu_list, const char *time_str, struct strbuf *err);

/*
 * Parse -C @cpu_list and --time @time_str (either may be NULL) for @pd's
 * samples; @relative_time as script --reltime. Returns 0 or -EINVAL with
 * a message in @err.
 */
int sample_filter__setup(struct sample_filter *f, const char *cpu_list, const char *time_str,
			 const struct perf_data *pd, bool relative_time, struct strbuf *err);

/* Outside --time or -C: perf does not count it at all. */
bool sample_filter__skip(const struct sample_filter *f, uint64_t time, uint32_t cpu);

/* Whether the thread, DSO or symbol filters are set. */
bool sample_filter__by_location(const struct sample_filter *f);

/*
 * Left out by the thread, DSO or symbol filters (@dso, @sym NULL: none).
 * @addr is the sampled address, @mapped whether a map holds it: an -S
 * entry perf reads as a hex number ("0x4005d0") names an address, not a
 * symbol.
 */
bool sample_filter__rejects(const struct sample_filter *f, const struct thread *t,
			    const char *comm, const struct dso *dso, const struct symbol *sym,
			    uint64_t addr, bool mapped);

/* Whether -S entry @entry (@len bytes) is an address, as perf parses it. */
bool sample_filter__is_address(const char *entry, size_t len);

void sample_filter__exit(struct sample_filter *f);

#endif
