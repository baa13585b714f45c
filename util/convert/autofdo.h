/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_AUTOFDO_H
#define PM_AUTOFDO_H

/*
 * data convert --to-autofdo: the sample profile AutoFDO's create_llvm_prof
 * writes (--format=text) for clang -fprofile-sample-use, from a perf.data
 * with branch stacks directly. Each code range the program ran between
 * two taken branches counts once for every byte in it; a source line
 * gets the largest count of its instructions, each function the sum; a
 * branch to a function's first byte is a call of it from its line.
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

struct autofdo_opts {
	const char *binary;	/* NULL: the recording's main executable */
};

/* Write @pd's profile of the binary into @out; *@nr_samples: the samples
 * whose branches ran it. -ENODATA (with @err) when none did. */
int autofdo_convert(struct perf_data *pd, const struct autofdo_opts *o, FILE *out,
		    uint64_t *nr_samples, struct strbuf *err);

#endif
