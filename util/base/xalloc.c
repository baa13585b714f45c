// SPDX-License-Identifier: GPL-2.0
/* Allocation that cannot fail, and the program's fatal hook: see xalloc.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "xalloc.h"
#include "util.h"

static pm_fatal_fn *fatal_handler;

void pm_set_fatal_handler(pm_fatal_fn *fn)
{
	fatal_handler = fn;
}

_Noreturn void pm_fatal(enum pm_fatal kind, const char *what)
{
	if (fatal_handler)
		fatal_handler(kind, what);
	abort();
}

static _Noreturn void out_of_memory(size_t nmemb, size_t size)
{
	char what[64];

	snprintf(what, sizeof(what), "%zu x %zu bytes", nmemb, size);
	pm_fatal(PM_FATAL_OOM, what);
}

void *must_malloc(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		out_of_memory(1, size);
	return p;
}

void *must_calloc(size_t nmemb, size_t size)
{
	void *p = calloc(nmemb ? nmemb : 1, size ? size : 1);

	if (!p)
		out_of_memory(nmemb, size);
	return p;
}

void *must_reallocarray(void *p, size_t nmemb, size_t size)
{
	void *n = reallocarray(p, nmemb ? nmemb : 1, size ? size : 1);

	if (!n)
		out_of_memory(nmemb, size);
	return n;
}

char *must_strdup(const char *s)
{
	char *d = strdup(s);

	if (!d)
		out_of_memory(1, strlen(s) + 1);
	return d;
}

char *must_strndup(const char *s, size_t n)
{
	char *d = strndup(s, n);

	if (!d)
		out_of_memory(1, n + 1);
	return d;
}

void pm_bug_on(bool cond, const char *file, int line, const char *what)
{
	char where[512];

	if (!cond)
		return;
	snprintf(where, sizeof(where), "%s:%d: %s", file, line, what);
	pm_fatal(PM_FATAL_BUG, where);
}
