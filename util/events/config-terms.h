/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CONFIG_TERMS_H
#define PM_CONFIG_TERMS_H

#include <stdbool.h>
#include <stddef.h>

#include "evsel.h"
#include "../base/strbuf.h"

/*
 * One term NAME[=VAL] (@val NUL-terminated, or NULL) of @e, if it is one
 * of perf's sampling terms: call-graph=fp|dwarf|lbr|no, stack-size=N,
 * max-stack=N, inherit, no-inherit, time=0|1, branch_type=FILTER, and
 * nr=N and percore, which perf record accepts and ignores. @counting
 * (stat): each is refused, as perf does. Returns 1 when @name is not
 * such a term (nor freq, which the caller handles), 0 when applied, or
 * -EINVAL with the message in @err.
 */
int config_term__apply(struct evsel *e, const char *name, size_t nlen, const char *val,
		       bool counting, struct strbuf *err);

#endif
