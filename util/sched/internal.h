/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCHED_INTERNAL_H
#define PM_SCHED_INTERNAL_H

/* Declarations shared by util/sched's files only (never included outside). */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "trace-syscall.h"

struct sca_ctx;

/* The mount calls' flags and kcmp's arguments, as sca_print() prints them;
 * false for a format of another kind (util/sched/trace-beauty-fs.c). */
bool sca_print_fs(enum sca fmt, uint64_t val, struct sca_ctx *ctx, struct strbuf *out);

#endif
