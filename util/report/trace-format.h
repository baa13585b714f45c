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

/* A field of one tracepoint, found once by name, then read from each of
 * its samples' payloads (bounds checked: a short payload reads 0 or "") */
struct tp_field {
	uint32_t offset, size;
	bool is_signed, found;
};

/* @name of tracepoint @config; f->found false when the format lacks it */
void trace_format__field(const struct trace_format *tf, uint64_t config, const char *name,
			 struct tp_field *f);
uint64_t tp_field__u64(const struct tp_field *f, const struct perf_sample *s);
int64_t tp_field__s64(const struct tp_field *f, const struct perf_sample *s);
/* a char array field (a comm) into @buf, NUL-terminated */
const char *tp_field__str(const struct tp_field *f, const struct perf_sample *s, char *buf,
			  size_t size);

#endif
