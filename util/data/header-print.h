/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HEADER_PRINT_H
#define PM_HEADER_PRINT_H

/* report --header / --header-only: the header in perf's "# key : value"
 * layout (the features perf-mini decodes; others are named as present). */
#include <stdio.h>

#include "perf-data.h"

void perf_data__fprintf_header(const struct perf_data *pd, FILE *out);

/* The same with -I's details of the features perf otherwise only names
 * ("CPU_TOPOLOGY info available, use -I to display"). */
void perf_data__fprintf_header_full(const struct perf_data *pd, bool full, FILE *out);

#endif
