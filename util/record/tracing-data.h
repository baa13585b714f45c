/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TRACING_DATA_H
#define PM_TRACING_DATA_H

/*
 * The TRACING_DATA header feature: what a reader needs to decode the raw
 * payload of tracepoint samples (the ring-buffer page and event headers and
 * the format file of every recorded tracepoint), in perf's "0.6" layout.
 */
#include "../base/strbuf.h"
#include "../events/evlist.h"

/* Append the feature for the tracepoints of @evlist found under
 * @tracefs_dir. Returns 0, or -ENOENT when a format file is missing. */
int tracing_data__build(struct strbuf *out, const struct evlist *evlist,
			const char *tracefs_dir);

/* Does @evlist hold a tracepoint? */
bool evlist__has_tracepoint(const struct evlist *evlist);

#endif
