/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TWO_THREADS_H
#define PM_TWO_THREADS_H

/*
 * Work the caller's thread shares with a second one, for the passes of a
 * report over millions of entries, each waiting on its entry's memory.
 * The work functions must be safe to run at once on different parts.
 * With one CPU, or when the thread cannot be started, the caller's
 * thread does it all, in the same parts.
 */
#include <stddef.h>
#include <stdio.h>

#include "strbuf.h"

/* Items [@from, @to) as part @part (0 or 1) of two. */
typedef void two_threads_part_fn(size_t from, size_t to, int part, void *ctx);

/* Items 0 to @n - 1 in two parts, the first half on the second thread
 * (a few thousand items and more: fewer cost less than a thread). */
void two_threads__split(size_t n, two_threads_part_fn *fn, void *ctx);

typedef void two_threads_block_fn(size_t block, struct strbuf *text, void *ctx);

/*
 * Blocks of text 0 to @nr_blocks - 1 made by @fn, written to @out in
 * order: each thread takes the next block not yet taken, the caller's
 * writes them out as they come due. A few are made ahead at most. Write
 * errors are left in @out's error flag, as fputs leaves them.
 */
void two_threads__write_in_order(size_t nr_blocks, two_threads_block_fn *fn, void *ctx,
				 FILE *out);

#endif
