// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/handoff.h"
#include "../base/hash.h"
#include "../base/util.h"
#include "chain-feed.h"
#include "hist-feed.h"

/* A frame as a batch carries it: two thirds of a fold_frame (what a
 * fed report's keys do not read left out), copied for every sample. */
struct chain_frame {
	uint64_t ip;
	struct dso *dso;
	const struct symbol *sym;
	uint8_t mode;
};

enum item_kind { ITEM_CHAIN, ITEM_PLAIN, ITEM_FILTERED };

/* Copied for every sample, so kept small. */
struct chain_item {
	struct hists *h;
	struct feed_keys keys;
	uint64_t period;
	uint32_t first, n;		/* its frames in the batch */
	int32_t member;
	uint8_t cpumode;
	uint8_t kind;
};

/* A batch goes over when either fills: some 200 KB each, so that a small
 * report touches little of them. */
#define ITEMS 1024
#define FRAMES 4096
_Static_assert(FRAMES >= REPORT_MAX_FRAMES, "a batch holds any chain");

struct chain_batch {
	int n;
	uint32_t nr_frames;
	struct chain_item item[ITEMS];
	struct chain_frame frame[FRAMES];
};

/* The samples seen last, direct-mapped by task, address and callchain;
 * chains up to SEEN_DEPTH entries long (context markers included). Made
 * at the SEEN_AFTER-th sample: writing its 400 KB was a tenth of a small
 * report. */
#define SEEN_SLOTS 512
#define SEEN_DEPTH 16
#define SEEN_AFTER 4096
_Static_assert(SEEN_DEPTH <= UINT8_MAX, "a slot counts its frames in a byte");

struct seen_slot {
	uint32_t gen;		/* the machine's */
	uint64_t ip;
	int32_t pid, tid;
	uint8_t cpumode;
	uint8_t nr_raw, n;
	struct feed_keys keys;
	uint64_t raw[SEEN_DEPTH];
	struct chain_frame frames[SEEN_DEPTH];
};

/* What the folding thread works with, apart from what the reading
 * thread writes for every sample (struct chain_feed): not to share a
 * cache line with it. */
struct fold_ctx {
	struct report *r;	/* its srclines are not read: no srcline keys here */
	struct fold_frame frames[REPORT_MAX_FRAMES];	/* scratch */
	struct cc_frame cc[REPORT_MAX_FRAMES];
};

struct chain_feed {
	struct handoff *handoff;
	struct chain_batch *b;		/* being filled */
	struct fold_ctx *fold;
	struct seen_slot *seen;
	uint32_t nr_unseen;		/* samples before it was made */
	struct seen_slot *missed;	/* the last add_seen()'s slot to fill, or NULL */
	uint32_t missed_gen;
};

/* --- the folding thread ---------------------------------------------- */

static int fold_item(struct fold_ctx *f, const struct chain_item *it,
		     const struct chain_frame *frames, struct hist_entry *tmpl)
{
	feed_keys__set(&it->keys, tmpl);
	tmpl->cpumode = it->cpumode;
	tmpl->period = it->period;
	if (it->kind == ITEM_PLAIN)
		return hists__add(it->h, tmpl, it->member);
	for (uint32_t i = 0; i < it->n; i++)
		f->frames[i] = (struct fold_frame){ .ip = frames[i].ip, .dso = frames[i].dso,
						    .sym = frames[i].sym, .mode = frames[i].mode };
	return report__fold_chain(f->r, it->h, tmpl, f->frames, it->n, it->member, f->cc);
}

static int fold(void *batch, void *ctx)
{
	struct chain_batch *b = batch;
	struct fold_ctx *f = ctx;
	struct hist_entry tmpl;
	struct hist_rare rare;

	memset(&tmpl, 0, sizeof(tmpl));
	memset(&rare, 0, sizeof(rare));
	tmpl.rare = &rare;
	tmpl.socket = -1;
	for (int i = 0; i < b->n; i++) {
		const struct chain_item *it = &b->item[i];
		int err;

		if (it->member < 0 || it->member >= it->h->nr_members)
			return -EINVAL;
		if (it->kind == ITEM_FILTERED) {
			hists__add_filtered(it->h, it->period, it->member);
			continue;
		}
		err = fold_item(f, it, &b->frame[it->first], &tmpl);
		if (err)
			return err;
	}
	return 0;
}

/* --- the reading thread ---------------------------------------------- */

static void new_batch(struct chain_feed *f)
{
	f->b = handoff__batch(f->handoff);
	f->b->n = 0;
	f->b->nr_frames = 0;
}

struct chain_feed *chain_feed__start(struct report *r)
{
	struct chain_feed *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	f->fold = malloc(sizeof(*f->fold));	/* pages of its own, at its size */
	if (f->fold)
		f->fold->r = r;
	f->handoff = f->fold ? handoff__start(sizeof(struct chain_batch), fold, f->fold) : NULL;
	if (!f->handoff) {
		free(f->fold);
		free(f);
		return NULL;
	}
	new_batch(f);
	return f;
}

/* A new item with room for @n frames after it, in a new batch if need be. */
static int new_item(struct chain_feed *f, size_t n, struct chain_item **it)
{
	struct chain_batch *b = f->b;

	if (b->n == ITEMS || n > FRAMES - b->nr_frames) {
		int err = handoff__pass(f->handoff);

		new_batch(f);
		if (err)
			return err;
		b = f->b;
	}
	*it = &b->item[b->n++];
	(*it)->first = b->nr_frames;
	(*it)->n = (uint32_t)n;
	b->nr_frames += (uint32_t)n;
	return 0;
}

static struct seen_slot *seen_slot(const struct chain_feed *f, const struct perf_sample *s)
{
	uint64_t k = s->ip ^ ((uint64_t)s->tid << 40) ^ ((uint64_t)s->cpumode << 60);

	for (uint64_t i = 0; i < s->callchain_nr; i++)
		k = hash_combine(k, s->callchain[i]);
	k = hash_mix(k, 0);
	return &f->seen[(k >> 32) & (SEEN_SLOTS - 1)];
}

static bool seen_matches(const struct seen_slot *c, const struct perf_sample *s, uint32_t gen)
{
	return c->gen == gen && c->ip == s->ip && c->tid == (int32_t)s->tid &&
	       c->pid == (int32_t)s->pid && c->cpumode == s->cpumode &&
	       c->nr_raw == s->callchain_nr &&
	       !memcmp(c->raw, s->callchain, s->callchain_nr * sizeof(*s->callchain));
}

int chain_feed__add_seen(struct chain_feed *f, struct hists *h, const struct perf_sample *s,
			 uint32_t gen, int member)
{
	struct seen_slot *c;
	struct chain_item *it;
	int err;

	f->missed = NULL;
	if (!f->seen && ++f->nr_unseen == SEEN_AFTER)
		f->seen = zalloc_written(SEEN_SLOTS * sizeof(*f->seen));	/* NULL: none kept */
	/* a dwarf sample's frames come from its stack copy, not its chain */
	if (!f->seen || !s->callchain_nr || s->callchain_nr > SEEN_DEPTH || unwind__possible(s))
		return 0;
	c = seen_slot(f, s);
	if (!seen_matches(c, s, gen)) {
		f->missed = c;
		f->missed_gen = gen;
		return 0;
	}
	err = new_item(f, c->n, &it);
	if (err)
		return err;
	it->h = h;
	it->keys = c->keys;
	it->period = s->period;
	it->member = member;
	it->cpumode = s->cpumode;
	it->kind = ITEM_CHAIN;
	memcpy(&f->b->frame[it->first], c->frames, c->n * sizeof(*c->frames));
	return 1;
}

static void remember(struct chain_feed *f, const struct perf_sample *s,
		     const struct chain_item *it, const struct chain_frame *frames)
{
	struct seen_slot *c = f->missed;

	c->gen = f->missed_gen;
	c->ip = s->ip;
	c->pid = (int32_t)s->pid;
	c->tid = (int32_t)s->tid;
	c->cpumode = s->cpumode;
	c->nr_raw = (uint8_t)s->callchain_nr;
	c->n = (uint8_t)it->n;
	c->keys = it->keys;
	memcpy(c->raw, s->callchain, s->callchain_nr * sizeof(*s->callchain));
	memcpy(c->frames, frames, it->n * sizeof(*frames));
}

int chain_feed__add(struct chain_feed *f, struct hists *h, const struct perf_sample *s,
		    const struct hist_entry *tmpl, const struct fold_frame *frames, size_t n,
		    uint32_t gen, int member)
{
	struct chain_item *it;
	struct chain_frame *out;
	int err = new_item(f, frames ? n : 0, &it);

	if (err)
		return err;
	*it = (struct chain_item){
		.h = h, .keys = feed_keys__of(tmpl),
		.period = tmpl->period, .first = it->first, .n = it->n, .member = member,
		.cpumode = tmpl->cpumode, .kind = frames ? ITEM_CHAIN : ITEM_PLAIN,
	};
	out = &f->b->frame[it->first];
	for (size_t i = 0; frames && i < n; i++)
		out[i] = (struct chain_frame){ frames[i].ip, frames[i].dso, frames[i].sym,
					       frames[i].mode };
	/* not when resolving it changed the machine (a kernel map's first
	 * load): the samples after it may resolve otherwise */
	if (frames && f->missed && gen == f->missed_gen && n <= SEEN_DEPTH)
		remember(f, s, it, out);
	f->missed = NULL;
	return 0;
}

int chain_feed__add_filtered(struct chain_feed *f, struct hists *h, uint64_t period, int member)
{
	struct chain_item *it;
	int err = new_item(f, 0, &it);

	if (err)
		return err;
	*it = (struct chain_item){ .h = h, .period = period, .first = it->first, .member = member,
				   .kind = ITEM_FILTERED };
	return 0;
}

int chain_feed__finish(struct chain_feed *f)
{
	int err = handoff__finish(f->handoff, f->b->n > 0);

	free(f->fold);
	free(f->seen);
	free(f);
	return err;
}
