/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DATA_INTERNAL_H
#define PM_DATA_INTERNAL_H

/* Declarations shared by util/data's files only (never included outside). */
struct perf_data;

/* Name every event of @pd (util/data/evsel-name.c). */
void perf_data__name_evsels(struct perf_data *pd);

#endif
