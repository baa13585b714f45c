/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SELFMON_LAUNCH_H
#define PM_SELFMON_LAUNCH_H

/*
 * What perf-mini profviz needs before it runs a program under
 * profviz.so: the events in the form the preloaded hooks read
 * (PERF_MINI_PROFVIZ_EVENTS, see profviz.h), where profviz.so is, and
 * whether the program calls the -finstrument-functions hooks at all.
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "../events/evlist.h"

/* At most this many events weigh a profviz graph (profviz.h's limit). */
#define PROFVIZ_EVENTS_MAX 4

/* @evlist's events as "type:config:config1:config2:excludes:name;...".
 * -E2BIG when there are more than PROFVIZ_EVENTS_MAX. */
int profviz__events_env(const struct evlist *evlist, struct strbuf *out);

/*
 * profviz.so: $PERF_MINI_PROFVIZ_SO, else beside @exe, its build/ (a
 * source tree's ./perf-mini) or ../lib/perf-mini/ (make install). 0 with
 * the path in @out, or -ENOENT with the places looked at in @err.
 */
int profviz__find_so(const char *exe, struct strbuf *out, struct strbuf *err);

enum profviz_target {
	PROFVIZ_INSTRUMENTED,	/* calls __cyg_profile_func_enter through the dynamic linker */
	PROFVIZ_NOT_INSTRUMENTED,
	PROFVIZ_STATIC,		/* instrumented, but LD_PRELOAD cannot reach it */
	PROFVIZ_UNKNOWN,	/* not an ELF file (a script): let it run */
};

/* What the program at @path (found through $PATH like exec) is. */
enum profviz_target profviz__inspect(const char *prog);

#endif
