/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ARCHIVE_H
#define PM_ARCHIVE_H

/*
 * perf archive: the binaries a recording's samples hit (and the kernel's
 * symbols), by build-id, in perf's build-id cache layout
 * (util/symbols/buildid-cache), packed into a tar.bz2 that another
 * machine unpacks into its cache (tar xf FILE -C ~/.debug), where report
 * (perf-mini's or perf's) then finds them.
 */
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

/* Write the archive of @pd to @out. The DSOs packed, or -1 with @err;
 * what was left out, and why, one line each in @skipped. */
int archive__write(struct perf_data *pd, FILE *out, struct strbuf *skipped, struct strbuf *err);

#endif
