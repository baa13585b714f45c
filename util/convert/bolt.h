/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BOLT_H
#define PM_BOLT_H

/*
 * data convert --to-bolt: the profile perf2bolt writes for llvm-bolt
 * (its "fdata" text), from a perf.data directly. With branch stacks, one
 * line per taken branch and per fall-through edge the code between two
 * entries ran ("1 f 1a 1 f 1f 0 792": from f+0x1a to f+0x1f, mispredicted
 * 0 times in 792), each function's lines together, functions by name, as
 * perf2bolt aggregates and orders them; without, "no_lbr EVENT:" and the
 * samples' addresses with their counts (perf2bolt -nl).
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

struct bolt_opts {
	const char *binary;	/* the program to profile; NULL: the recording's
				 * main executable */
};

/* Write @pd's profile of the binary into @out; *@nr_samples: the samples
 * of it. -ENODATA (with @err) when no sample ran it. */
int bolt_convert(struct perf_data *pd, const struct bolt_opts *o, FILE *out,
		 uint64_t *nr_samples, struct strbuf *err);

#endif
