/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACEPOINT_H
#define PM_TRACEPOINT_H

/*
 * Tracepoints from tracefs: <tracefs>/events/<subsystem>/<event>/id.
 * The directory is found (and mounted when it is not, as perf does) through
 * libtracefs, unless the caller names one (tests use a fake tree).
 */
#include <stddef.h>
#include <stdint.h>

struct strbuf;

/*
 * The tracefs directory: @override when set, else libtracefs's answer.
 * Returns NULL when tracefs is neither mounted nor mountable. Borrowed.
 */
const char *tracepoint_tracefs_dir(const char *override);

typedef int tracepoint_cb(const char *sys, const char *name, uint64_t id, void *data);

/*
 * Call @cb for each tracepoint matching the globs, sorted by subsystem then
 * name. Stops at the first negative return of @cb and returns it; returns the
 * number of matches otherwise, or a negative errno when the directory cannot
 * be read.
 */
int tracepoint_for_each(const char *tracefs_dir, const char *sys_glob, const char *name_glob,
			tracepoint_cb *cb, void *data);

/* 0 when the tracepoints of subsystem @sys under @tracefs_dir (NULL:
 * none found) can be read; else -1 with why and the way out in @err (a
 * normal user's tracefs is root's) */
int tracepoint_check_system(const char *tracefs_dir, const char *sys, struct strbuf *err);

/* <tracefs>/events/<sys>/<name>/format's text (malloc'ed, *@len bytes),
 * NULL when this machine has no such tracepoint or it cannot be read. */
char *tracepoint_format(const char *tracefs_dir, const char *sys, const char *name,
			size_t *len);

/* Whether <tracefs>/events/<sys> exists. */
int tracepoint_has_system(const char *tracefs_dir, const char *sys);

#endif
