/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ADDR_PAIRS_H
#define PM_ADDR_PAIRS_H

/*
 * Address pairs counted, for the profiles made from branch stacks
 * (--to-bolt, --to-autofdo): (from, to) with a count and a second
 * counter (mispredictions, traces entered from elsewhere). Added as
 * they come, sorted and summed now and then so memory follows the
 * distinct pairs, not the samples.
 */
#include <stddef.h>
#include <stdint.h>

struct pair {
	uint64_t from, to;
	uint64_t n, n2;
};

struct pairs {
	struct pair *v;
	size_t nr, alloc, merged;	/* v[0..merged) sorted and unique */
};

void pairs_add(struct pairs *p, uint64_t from, uint64_t to, uint64_t n2);
/* Sorted by (from, to), equal pairs summed. */
void pairs_merge(struct pairs *p);

#endif
