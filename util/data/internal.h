/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DATA_INTERNAL_H
#define PM_DATA_INTERNAL_H

/* Declarations shared by util/data's files only (never included outside). */
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

struct perf_data;
struct strbuf;

/* Name every event of @pd (util/data/evsel-name.c). */
void perf_data__name_evsels(struct perf_data *pd);

/* @pd->path mapped or read whole into @pd->buf (util/data/perf-data-load.c). */
int perf_data__load(struct perf_data *pd, struct strbuf *err);

/* All of @buf to @fd (at @at when @positioned); 0 or a negative errno
 * (-ENOSPC for a write of nothing) (util/data/writer.c). */
int writer__write_all(int fd, const void *buf, size_t len, off_t at, bool positioned);

/* Set by perf_data__stop(): the record walk ends at the next record. */
extern volatile sig_atomic_t perf_data_stop_requested;

#endif
