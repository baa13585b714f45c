/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_NAME_RANK_H
#define PM_NAME_RANK_H

/*
 * Names ranked for the output order: every distinct object (a comm, dso,
 * symbol or source line, known by its pointer) gets the rank of its name
 * among all the names added, equal names equal ranks. Sorting entries then
 * compares integers, never strings, and looking a rank up is one probe.
 */
#include <stddef.h>
#include <stdint.h>

#include "../base/hmap.h"

struct name_rank_name;

struct name_rank {
	struct hmap by_ptr;		/* index + 1 into names */
	struct name_rank_name *names;
	size_t nr, alloc;
};

/* Add @ptr named @name (again is fine). Aborts when out of memory, as the
 * output sort does. */
void name_rank__add(struct name_rank *r, const void *ptr, const char *name);

/* Rank the names added; then name_rank__of() answers. */
void name_rank__finish(struct name_rank *r);

/* @ptr's rank; INT64_MAX for NULL or a pointer never added (missing sorts
 * last, as perf's cmp_null has it). */
int64_t name_rank__of(const struct name_rank *r, const void *ptr);

void name_rank__exit(struct name_rank *r);

#endif
