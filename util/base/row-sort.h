/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ROW_SORT_H
#define PM_ROW_SORT_H

/*
 * Stable sort of rows of unsigned words, compared lexicographically (the
 * first word most significant): report's output order once every sort key
 * is an integer. Rows whose columns, less their minimum, fit together in
 * 64 bits (the usual case: a period and a few ranks) are radix sorted on
 * the packed value; wider ones are merged bottom-up.
 */
#include <stddef.h>
#include <stdint.h>

/* Fill @order with the indices of the @n rows of @stride words at @rows,
 * ascending, equal rows in index order. Aborts when out of memory. */
void row_sort(const uint64_t *rows, size_t n, int stride, uint32_t *order);

/* The same through the merge path only, whatever the widths (for tests). */
void row_sort_merge(const uint64_t *rows, size_t n, int stride, uint32_t *order);

/*
 * Rows made narrower before they are stored, where many rows would
 * otherwise hold mostly empty bits: measure every row, then pack each into
 * row_packer__words() words that sort (row_sort) as the rows would.
 */
struct row_packer;

struct row_packer *row_packer__new(int stride);
void row_packer__measure(struct row_packer *p, const uint64_t *row);
/* @p as if it had measured @q's rows too (both of the same stride) */
void row_packer__add(struct row_packer *p, const struct row_packer *q);
int row_packer__words(struct row_packer *p);
void row_packer__pack(const struct row_packer *p, const uint64_t *row, uint64_t *out);
void row_packer__free(struct row_packer *p);

#endif
