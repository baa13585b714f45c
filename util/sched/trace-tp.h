/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_TP_H
#define PM_TRACE_TP_H

/*
 * A tracepoint's fields as perf trace 6.1 prints the other events it is
 * given (-e sched:sched_process_exec): "name: value" for each field of
 * its own (not the common_ ones), zeros left out, char arrays quoted, and
 * the field formats perf picks by type and name (a pid_t with its COMM,
 * an fd, a pointer), from this machine's tracefs format, as perf reads it.
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "../data/sample.h"
#include "trace-beauty.h"

struct tp_fields;

/* @name "system:event"; NULL when tracefs has no readable format for it */
struct tp_fields *tp_fields__read(const char *tracefs, const char *name);
void tp_fields__free(struct tp_fields *t);

/* the fields of @s, "a: 1, b: \"x\"", through @ctx's callbacks */
void tp_fields__print(const struct tp_fields *t, const struct perf_sample *s,
		      struct sca_ctx *ctx, struct strbuf *out);

/*
 * A syscalls:sys_enter_NAME sample as a system call: its number (the
 * first field, __syscall_nr) in @id and the fields after it in @args (up
 * to @max). false when @t's first field is no call number.
 */
bool tp_fields__syscall(const struct tp_fields *t, const struct perf_sample *s, int64_t *id,
			uint64_t *args, size_t max);

/* --libtraceevent_print: the event's own print format, as libtraceevent
 * prints it ("filename=/bin/true pid=1607 old_pid=1607") */
void tp_fields__print_tep(const struct tp_fields *t, const struct perf_sample *s,
			  struct strbuf *out);

#endif
