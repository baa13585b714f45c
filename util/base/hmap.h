/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HMAP_H
#define PM_HMAP_H
/*
 * The one hash table: an open-addressed index (linear probing, a power of
 * two of slots, at most half full) from a 64-bit hash to a value, an
 * entry's index + 1 or a pointer. The caller owns the entries and decides
 * equality; the map keeps each value's hash, so growing never calls back.
 * Lookup and insert share one probe:
 *
 *	hmap_must_reserve(&m, 1);
 *	hmap_for_each_probe(&m, hash, s)
 *		if (s->hash == hash && same(s->val, key))
 *			return s->val;
 *	hmap_fill(&m, s, hash, val);	(s is the empty slot the probe ended on)
 *
 * Lookup alone works on a map never reserved (no slots: the probe is empty).
 * The core allocates with malloc and reports failure, so the preloaded
 * self-monitoring library can use it; perf-mini's engine uses the must_
 * form, which cannot fail.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "xalloc.h"

struct hmap_slot {
	uint64_t hash;
	uintptr_t val;		/* 0: empty */
};

struct hmap {
	struct hmap_slot *slot;
	size_t mask;		/* slots - 1; 0 with no slots */
	size_t nr;
};

/* Room for @n more values at most half full; -ENOMEM leaves @m as it was. */
int hmap_reserve(struct hmap *m, size_t n);

static inline void hmap_must_reserve(struct hmap *m, size_t n)
{
	if (hmap_reserve(m, n))
		pm_fatal(PM_FATAL_OOM, "hash table");
}

/*
 * Keeps the values @keep says yes to (it may free the others' entries)
 * and lays them out again; the number let go, or -ENOMEM before any was.
 */
ssize_t hmap_filter(struct hmap *m, bool (*keep)(uintptr_t val, void *ctx), void *ctx);
void hmap_release(struct hmap *m);

/* A never-reserved map probes this one empty slot. */
extern const struct hmap_slot hmap_empty_slot;

static inline struct hmap_slot *hmap_home(const struct hmap *m, uint64_t hash)
{
	return m->slot ? &m->slot[hash & m->mask] : (struct hmap_slot *)&hmap_empty_slot;
}

static inline struct hmap_slot *hmap_step(const struct hmap *m, struct hmap_slot *s)
{
	return s == &m->slot[m->mask] ? m->slot : s + 1;
}

/* Each used slot from @hash's home on; @s ends on the empty slot after them. */
#define hmap_for_each_probe(m, hash, s) \
	for ((s) = hmap_home((m), (hash)); (s)->val; (s) = hmap_step((m), (s)))

/* @s: the empty slot a probe ended on, after a reserve for this value. */
static inline void hmap_fill(struct hmap *m, struct hmap_slot *s, uint64_t hash, uintptr_t val)
{
	s->hash = hash;
	s->val = val;
	m->nr++;
}

/* Each used slot, in slot order. */
#define hmap_for_each(m, s) \
	for ((s) = (m)->slot; (m)->slot && (s) <= &(m)->slot[(m)->mask]; (s)++) \
		if ((s)->val)

#endif
