/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TOP_INTERNAL_H
#define PM_TOP_INTERNAL_H

/* Declarations shared by util/top's files only (never included outside). */
#include <stddef.h>
#include <sys/types.h>

#include "../report/top.h"
#include "top-live.h"

/* The recorder started (top-record.c): a child running @record on
 * record's command line for @o, its stdout a pipe. The pipe's read end,
 * or a negative errno with @err; *@child its pid. */
int top_start_recorder(struct top_opts *o, top_recorder_fn *record, struct pm_env *env,
		       pid_t *child, struct strbuf *err);

/* Tell the recorder to stop and wait for it: its wait status. */
int top_stop_recorder(pid_t child);

/* The header's "(all, 2 CPUs)" part, as perf words it. */
void top_describe_target(const struct top_opts *o, struct pm_env *env, char *buf, size_t size);

/* Refresh and show until the user quits (q, ^C, SIGTERM): the browser on
 * a terminal, else perf top --stdio's screens (top-display.c). 0, -ENOMEM,
 * or -EINVAL when the reader failed (its message in @t->r.err). */
int top_display(struct top *t, struct top_opts *o);

#endif
