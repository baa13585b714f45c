/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ARRAY_H
#define PM_ARRAY_H
/*
 * Growable arrays, git's ALLOC_GROW: an array, its count and its
 * allocation, grown by half again (at least to 16) when @nr elements must
 * fit, so n appends cost O(n). The engine's form cannot fail (xalloc.h).
 * And the binary search of a sorted array.
 */
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "xalloc.h"

static inline size_t alloc_nr(size_t alloc, size_t nr)
{
	size_t n = alloc + alloc / 2 + 16;

	return n < nr ? nr : n;
}

/* @nr elements fit in @x (of @alloc) afterwards; @alloc is any unsigned lvalue. */
#define ALLOC_GROW(x, nr, alloc) \
	do { \
		if ((size_t)(nr) > (size_t)(alloc)) { \
			size_t alloc_grow_n_ = alloc_nr((alloc), (nr)); \
			(x) = must_reallocarray((x), alloc_grow_n_, sizeof(*(x))); \
			(alloc) = alloc_grow_n_; \
		} \
	} while (0)

/*
 * The first index in [0, @n) at which @pred, an expression of the index
 * variable @i, holds; @n where it never does. @pred must be false up to
 * some index and true from there on (a sorted array's lower bound).
 */
#define partition_point(n, i, pred) \
	({ \
		size_t pp_lo_ = 0, pp_hi_ = (n); \
		while (pp_lo_ < pp_hi_) { \
			size_t i = pp_lo_ + (pp_hi_ - pp_lo_) / 2; \
			if (pred) \
				pp_hi_ = i; \
			else \
				pp_lo_ = i + 1; \
		} \
		pp_lo_; \
	})

/*
 * The fallible form, for code that must not stop its program (the
 * preloaded profviz.so): -ENOMEM leaves *@p and *@alloc as they were.
 */
static inline int array_reserve(void **p, size_t *alloc, size_t nr, size_t size)
{
	size_t n = alloc_nr(*alloc, nr);
	void *q;

	if (nr <= *alloc)
		return 0;
	if (size && n > SIZE_MAX / size)
		return -ENOMEM;
	q = realloc(*p, n * size);
	if (!q)
		return -ENOMEM;
	*p = q;
	*alloc = n;
	return 0;
}

#endif
