/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TASKS_H
#define PM_TASKS_H

/*
 * perf report --tasks and --mmaps: every thread a recording knows, as the
 * tree its FORK records make ("pid tid ppid comm", a child one space
 * further in than its parent), with --mmaps each thread's memory maps
 * under it. Threads come in perf's order: its thread table's, 256 buckets
 * by tid, each by tid.
 */
#include <stdbool.h>
#include <stdio.h>

#include "../symbols/machine.h"

void tasks__fprintf(struct machine *m, bool mmaps, FILE *out);

#endif
