/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EXPR_H
#define PM_EXPR_H

/*
 * Metric expressions, in the syntax of perf's pmu-events JSON:
 *
 *   numbers (1, 0.5, 1e6), event and metric names (a '\' escapes the next
 *   character: branch\-misses), #constants (#slots), + - * / %, unary -,
 *   comparisons < > <= >= == !=, & and | (non-zero is true), parentheses,
 *   min(a, b), max(a, b), d_ratio(a, b) (a / b, 0 when b is 0),
 *   and "a if cond else b".
 *
 * A division by zero gives NaN (perf prints it as nan), not an error.
 */
#include <stdbool.h>

#include "../base/strbuf.h"

/* The value of @id (an event or metric name, or "#constant"); false when
 * there is none. */
typedef bool expr_lookup_fn(void *ctx, const char *id, double *val);

/*
 * Evaluate @text. Returns 0 with *@val set, or -EINVAL with a message
 * naming the position of a syntax error or the unknown name.
 */
int expr__eval(const char *text, expr_lookup_fn *lookup, void *ctx, double *val,
	       struct strbuf *err);

/* Call @fn for each name @text references (constants with their '#'),
 * in order, repeats included. Returns 0 or -EINVAL on a syntax error. */
int expr__for_each_id(const char *text, void (*fn)(void *ctx, const char *id), void *ctx,
		      struct strbuf *err);

#endif
