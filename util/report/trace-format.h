/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACE_FORMAT_H
#define PM_TRACE_FORMAT_H

/*
 * Printing tracepoint payloads (PERF_SAMPLE_RAW) the way the kernel's
 * format files describe them, through libtraceevent, from the formats the
 * perf.data carries in its TRACING_DATA.
 */
#include <stdbool.h>
#include <stdio.h>

#include "../data/perf-data.h"

struct trace_format;

/* NULL when the file has no usable tracing data. */
struct trace_format *trace_format__new(const struct perf_data *pd);
void trace_format__delete(struct trace_format *tf);

/*
 * Tracepoints nothing named (a pipe stream of an older perf, without
 * event descriptions) get "system:event" from the tracing data's format
 * with their id, as perf names them, in place of "unknown:unknown".
 */
void trace_format__name_evsels(const struct trace_format *tf, struct perf_data *pd);
/* Whether any tracepoint of @pd waits for that name. */
bool trace_format__names_missing(const struct perf_data *pd);

/* The fields of tracepoint @config (its own, not the common_ ones) as
 * "a,b,c", perf evlist's trace_fields; false when the format lacks it. */
bool trace_format__field_names(const struct trace_format *tf, uint64_t config,
			       struct strbuf *out);

/* "prev_comm=... ==> next_comm=..." for a tracepoint sample. */
void trace_format__print(void *tf, const struct perf_sample *s, struct strbuf *out);
/* " prev_comm=swapper/0 prev_pid=0 ...": every field, unformatted (perf's
 * --raw-trace). */
void trace_format__print_raw(struct trace_format *tf, const struct perf_sample *s,
			     struct strbuf *out);

#endif
