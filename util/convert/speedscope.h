/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SPEEDSCOPE_H
#define PM_SPEEDSCOPE_H
/*
 * data convert --to-speedscope: the samples in speedscope's own file
 * format (https://www.speedscope.app/file-format-schema.json), which
 * speedscope and tools built on it load directly. One sampled profile per
 * thread and event, its samples in the recording's order, each the stack
 * perf script prints for it (outermost frame first, one frame per
 * callchain entry, "[unknown]" where no symbol is known), weighted by its
 * period: nanoseconds for the clock events, a plain count for the others.
 * Frames carry their source file and line where the binary's DWARF knows
 * them, else the object's path.
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

/* 0, or an error with the cause in @err; *@nr_samples: those converted.
 * @name names the whole file (speedscope's title). */
int speedscope_convert(struct perf_data *pd, const char *name, FILE *out, uint64_t *nr_samples,
		       struct strbuf *err);

#endif
