/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_XALLOC_H
#define PM_XALLOC_H

/*
 * The one way util/ may stop the program. The engine's hot structures
 * (histogram entries, callchain nodes, symbol tables, sort scratch) are
 * allocated where an -ENOMEM would have to unwind through every caller
 * of a sample's delivery; they use these allocators, which cannot return
 * NULL. So do broken invariants (BUG_ON). Either way the handler the
 * program installed runs (perf-mini.c's prints the cause and exits);
 * without one, or when it returns, abort(). util/ itself never prints
 * to the user, exits or aborts anywhere else (a lint in make check).
 */
#include <stdbool.h>
#include <stddef.h>

enum pm_fatal { PM_FATAL_OOM, PM_FATAL_BUG };

/* @what: "N bytes" for PM_FATAL_OOM, "file:line: condition" for a bug. */
typedef void pm_fatal_fn(enum pm_fatal kind, const char *what);

void pm_set_fatal_handler(pm_fatal_fn *fn);
_Noreturn void pm_fatal(enum pm_fatal kind, const char *what);

void *must_malloc(size_t size);
void *must_calloc(size_t nmemb, size_t size);
/* @nmemb elements of @size: the product checked for overflow */
void *must_reallocarray(void *p, size_t nmemb, size_t size);
char *must_strdup(const char *s);
char *must_strndup(const char *s, size_t n);

#endif
