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

/*
 * A whole entry's template, for a report whose keys read more of the
 * sample than feed_keys hold (a memory report's): what the template
 * points to travels with it.
 */
struct entry_item {
	struct hists *h;
	struct hist_entry tmpl;
	struct hist_rare rare;
	struct hist_mem mem;
	uint64_t hash;
	int32_t member;
	bool totals_only;
};

#define ENTRY_BATCH 256

struct entry_batch {
	int n;
	struct entry_item item[ENTRY_BATCH];
};

struct hist_feed {
	struct handoff *handoff;
	bool entries;		/* of entry_items */
	struct batch *b;	/* being filled */
	struct entry_batch *eb;	/* the same, for entries */
};

/* How far ahead the symbols hashing reads, then slots, then entries are
 * fetched: lookups into a large histogram miss the cache, and so does a
 * symbol of a large table (the kernel's), and a batch knows its next
 * keys. */
#define SYM_AHEAD 32
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
	for (int i = 0; i < SYM_AHEAD && i < b->n; i++)
		__builtin_prefetch(b->item[i].keys.sym);
	for (int i = 0; i < b->n; i++) {
		struct feed_item *it = &b->item[i];
		struct hist_entry *he;

		if (i + SYM_AHEAD < b->n)
			__builtin_prefetch(it[SYM_AHEAD].keys.sym);
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

/* An entry item's template, pointing at its own parts. */
static struct hist_entry *entry_tmpl(struct entry_item *it)
{
	it->tmpl.rare = &it->rare;
	if (it->tmpl.mem)
		it->tmpl.mem = &it->mem;
	return &it->tmpl;
}

static int fold_entries(void *batch, void *ctx)
{
	struct entry_batch *b = batch;

	(void)ctx;
	for (int i = 0; i < SLOT_AHEAD && i < b->n; i++)
		b->item[i].hash = hists__hash(b->item[i].h, entry_tmpl(&b->item[i]));
	for (int i = 0; i < b->n; i++) {
		struct entry_item *it = &b->item[i];
		struct hist_entry *he;

		if (i + SLOT_AHEAD < b->n) {
			struct entry_item *next = &it[SLOT_AHEAD];

			next->hash = hists__hash(next->h, entry_tmpl(next));
			hists__prefetch(next->h, next->hash, false);
		}
		if (i + ENTRY_AHEAD < b->n)
			hists__prefetch(it[ENTRY_AHEAD].h, it[ENTRY_AHEAD].hash, true);
		if (it->member < 0 || it->member >= it->h->nr_members)
			return -EINVAL;
		if (it->totals_only) {
			hists__add_filtered(it->h, it->tmpl.period, it->member);
			continue;
		}
		he = hists__findnew_hashed(it->h, &it->tmpl, it->hash);
		if (!he)
			return -ENOMEM;
		hists__account(it->h, he, it->tmpl.period, it->member, it->tmpl.cpumode);
	}
	return 0;
}

/* The next batch to fill, empty. */
static void next_batch(struct hist_feed *f)
{
	if (f->entries) {
		f->eb = handoff__batch(f->handoff);
		f->eb->n = 0;
	} else {
		f->b = handoff__batch(f->handoff);
		f->b->n = 0;
	}
}

static struct hist_feed *start(size_t batch_size, handoff_fn *fn, bool entries)
{
	struct hist_feed *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->entries = entries;
	f->handoff = handoff__start(batch_size, fn, NULL);
	if (!f->handoff) {
		free(f);
		return NULL;
	}
	next_batch(f);
	return f;
}

struct hist_feed *hist_feed__start_entries(void)
{
	return start(sizeof(struct entry_batch), fold_entries, true);
}

/* The next entry item to fill, after passing a full batch on. */
static struct entry_item *next_entry_item(struct hist_feed *f, int *err)
{
	*err = 0;
	if (f->eb->n == ENTRY_BATCH) {
		*err = handoff__pass(f->handoff);
		next_batch(f);
	}
	return &f->eb->item[f->eb->n++];
}

int hist_feed__add_entry(struct hist_feed *f, struct hists *h, const struct hist_entry *tmpl,
			 int member)
{
	int err;
	struct entry_item *it = next_entry_item(f, &err);

	it->h = h;
	it->tmpl = *tmpl;
	it->rare = *tmpl->rare;
	if (tmpl->mem)
		it->mem = *tmpl->mem;
	it->member = member;
	it->totals_only = false;
	return err;
}

struct hist_feed *hist_feed__start(void)
{
	return start(sizeof(struct batch), fold, false);
}

static int queue(struct hist_feed *f, const struct feed_item *it)
{
	int err;

	f->b->item[f->b->n++] = *it;
	if (f->b->n < BATCH)
		return 0;
	err = handoff__pass(f->handoff);
	next_batch(f);
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
	if (f->entries) {
		int err;
		struct entry_item *it = next_entry_item(f, &err);

		*it = (struct entry_item){ .h = h, .member = member, .totals_only = true };
		it->tmpl.period = period;
		return err;
	}
	return queue(f, &(struct feed_item){ .h = h, .period = period, .member = member,
					     .totals_only = true });
}

int hist_feed__finish(struct hist_feed *f)
{
	int err = handoff__finish(f->handoff, f->entries ? f->eb->n > 0 : f->b->n > 0);

	free(f);
	return err;
}
