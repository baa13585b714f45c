// SPDX-License-Identifier: GPL-2.0
/* Address pairs counted (see addr-pairs.h). */
#include <stdlib.h>

#include "../base/xalloc.h"
#include "addr-pairs.h"

static int pair_cmp(const void *a, const void *b)
{
	const struct pair *x = a, *y = b;

	if (x->from != y->from)
		return x->from < y->from ? -1 : 1;
	return x->to < y->to ? -1 : x->to > y->to;
}

/* Sort and sum equal pairs (kept small: done whenever the tail grows). */
void pairs_merge(struct pairs *p)
{
	size_t w = 0;

	if (p->nr > 1)
		qsort(p->v, p->nr, sizeof(*p->v), pair_cmp);
	for (size_t r = 0; r < p->nr; r++) {
		if (w && !pair_cmp(&p->v[w - 1], &p->v[r])) {
			p->v[w - 1].n += p->v[r].n;
			p->v[w - 1].n2 += p->v[r].n2;
		} else {
			p->v[w++] = p->v[r];
		}
	}
	p->nr = p->merged = w;
}

void pairs_add(struct pairs *p, uint64_t from, uint64_t to, uint64_t n2)
{
	if (p->nr == p->alloc && p->nr - p->merged > p->merged)
		pairs_merge(p);
	if (p->nr == p->alloc)	/* still more than half full */
		p->v = must_reallocarray(p->v, p->alloc = p->alloc ? 2 * p->alloc : 4096,
					 sizeof(*p->v));
	p->v[p->nr++] = (struct pair){ from, to, 1, n2 };
}
