// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/handoff.h"
#include "hist-feed.h"

/* An entry's keys and what it counts. */
struct feed_item {
	struct hists *h;
	struct feed_keys keys;
	uint64_t period;
	uint64_t hash;		/* hists__hash(), filled in by fold() */
	int32_t member;
	bool totals_only;	/* counted in the totals, no entry (a filtered guest sample) */
};

#define BATCH 2048

struct batch {
	int n;
	struct feed_item item[BATCH];
};

struct hist_feed {
	struct handoff *handoff;
	struct batch *b;	/* being filled */
};

/* How far ahead slots, then entries, are fetched: lookups into a large
 * histogram miss the cache, and a batch knows its next keys. */
#define SLOT_AHEAD 16
#define ENTRY_AHEAD 8

static void item_entry(const struct feed_item *it, struct hist_entry *tmpl)
{
	feed_keys__set(&it->keys, tmpl);
	tmpl->period = it->period;
}

/* The item's hash, from the objects its keys point to: reading those is
 * this thread's work, not the reader's. @tmpl is zeroed scratch. */
static void hash_item(struct feed_item *it, struct hist_entry *tmpl)
{
	item_entry(it, tmpl);
	it->hash = hists__hash(it->h, tmpl);
}

static int fold(void *batch, void *ctx)
{
	struct batch *b = batch;
	struct hist_entry tmpl;
	struct hist_rare rare;

	(void)ctx;
	memset(&tmpl, 0, sizeof(tmpl));
	memset(&rare, 0, sizeof(rare));
	tmpl.rare = &rare;
	for (int i = 0; i < SLOT_AHEAD && i < b->n; i++)
		hash_item(&b->item[i], &tmpl);
	for (int i = 0; i < b->n; i++) {
		struct feed_item *it = &b->item[i];
		struct hist_entry *he;

		if (i + SLOT_AHEAD < b->n) {
			hash_item(&it[SLOT_AHEAD], &tmpl);
			hists__prefetch(it[SLOT_AHEAD].h, it[SLOT_AHEAD].hash, false);
		}
		if (i + ENTRY_AHEAD < b->n)
			hists__prefetch(it[ENTRY_AHEAD].h, it[ENTRY_AHEAD].hash, true);
		if (it->member < 0 || it->member >= it->h->nr_members)
			return -EINVAL;
		if (it->totals_only) {
			hists__add_filtered(it->h, it->period, it->member);
			continue;
		}
		item_entry(it, &tmpl);
		he = hists__findnew_hashed(it->h, &tmpl, it->hash);
		if (!he)
			return -ENOMEM;
		hists__account(it->h, he, it->period, it->member, tmpl.cpumode);
	}
	return 0;
}

struct hist_feed *hist_feed__start(void)
{
	struct hist_feed *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->handoff = handoff__start(sizeof(struct batch), fold, NULL);
	if (!f->handoff) {
		free(f);
		return NULL;
	}
	f->b = handoff__batch(f->handoff);
	f->b->n = 0;
	return f;
}

static int queue(struct hist_feed *f, const struct feed_item *it)
{
	int err;

	f->b->item[f->b->n++] = *it;
	if (f->b->n < BATCH)
		return 0;
	err = handoff__pass(f->handoff);
	f->b = handoff__batch(f->handoff);
	f->b->n = 0;
	return err;
}

int hist_feed__add(struct hist_feed *f, struct hists *h, const struct hist_entry *tmpl,
		   int member)
{
	return queue(f, &(struct feed_item){ .h = h, .keys = feed_keys__of(tmpl),
					     .period = tmpl->period, .member = member });
}

int hist_feed__add_filtered(struct hist_feed *f, struct hists *h, uint64_t period, int member)
{
	return queue(f, &(struct feed_item){ .h = h, .period = period, .member = member,
					     .totals_only = true });
}

int hist_feed__finish(struct hist_feed *f)
{
	int err = handoff__finish(f->handoff, f->b->n > 0);

	free(f);
	return err;
}
