// SPDX-License-Identifier: GPL-2.0
#include "hmap.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>


#define HMAP_MIN_SLOTS 64

const struct hmap_slot hmap_empty_slot;

/*
 * Zeroed slots whose pages are written now (zalloc_written's reason):
 * calloc's would map the shared zero page for the probes, and the first
 * fill would then fault again and, while another thread runs (report's
 * histogram thread), cost a TLB shootdown per page.
 */
static struct hmap_slot *new_slots(size_t n)
{
	struct hmap_slot *slot = reallocarray(NULL, n, sizeof(*slot));

	if (!slot)
		return NULL;
	/* without the barrier gcc merges malloc + memset into calloc */
	__asm__ volatile("" : : "r"(slot) : "memory");
	memset(slot, 0, n * sizeof(*slot));
	return slot;
}

static void place(struct hmap_slot *slot, size_t mask, const struct hmap_slot *s)
{
	size_t j = s->hash & mask;

	while (slot[j].val)
		j = (j + 1) & mask;
	slot[j] = *s;
}

/* Moves every value into @nr_slots fresh slots (a power of two). */
static int relay(struct hmap *m, size_t nr_slots)
{
	struct hmap_slot *slot = new_slots(nr_slots);

	if (!slot)
		return -ENOMEM;
	for (size_t i = 0; m->slot && i <= m->mask; i++)
		if (m->slot[i].val)
			place(slot, nr_slots - 1, &m->slot[i]);
	free(m->slot);
	m->slot = slot;
	m->mask = nr_slots - 1;
	return 0;
}

int hmap_reserve(struct hmap *m, size_t n)
{
	size_t have = m->slot ? m->mask + 1 : 0;
	size_t want = have ? have : HMAP_MIN_SLOTS;

	if (n > SIZE_MAX / 4 - m->nr)
		return -ENOMEM;
	while (want < 2 * (m->nr + n))
		want *= 2;
	return want == have ? 0 : relay(m, want);
}

ssize_t hmap_filter(struct hmap *m, bool (*keep)(uintptr_t val, void *ctx), void *ctx)
{
	struct hmap kept = { .mask = m->mask };
	ssize_t gone = 0;

	if (!m->slot)
		return 0;
	kept.slot = new_slots(m->mask + 1);	/* before any is let go */
	if (!kept.slot)
		return -ENOMEM;
	for (size_t i = 0; i <= m->mask; i++) {
		if (!m->slot[i].val)
			continue;
		if (keep(m->slot[i].val, ctx))
			place(kept.slot, kept.mask, &m->slot[i]);
		else
			gone++;
	}
	kept.nr = m->nr - gone;
	free(m->slot);
	*m = kept;
	return gone;
}

void hmap_release(struct hmap *m)
{
	free(m->slot);
	*m = (struct hmap){ 0 };
}
