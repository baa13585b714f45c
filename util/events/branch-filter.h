/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BRANCH_FILTER_H
#define PM_BRANCH_FILTER_H

/*
 * record -j: which taken branches a branch stack keeps, as
 * PERF_SAMPLE_BRANCH_* bits (perf_event_open(2) branch_sample_type), from
 * perf's names: "any_call,u". Privilege levels alone mean any branch,
 * as in perf (whose -j u records every branch: the event's own :u/:k
 * decide the level then).
 */
#include <stdint.h>

#include "../base/strbuf.h"

/* Returns 0, or -EINVAL with a message naming the bad filter in @err. */
int parse_branch_filter(const char *spec, uint64_t *mode, struct strbuf *err);

#endif
