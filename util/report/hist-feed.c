// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "hist-feed.h"

/* What identifies an entry under the keys a fed report may sort by
 * (comm, pid, dso, sym), and what it counts. */
struct feed_item {
	struct hists *h;
	const char *comm;
	struct thread *thread;
	struct dso *dso;
	const struct symbol *sym;
	uint64_t ip;
	uint64_t period;
	uint64_t hash;		/* hists__hash(), computed by the reader */
	int32_t member;
	char level;
};

#define BATCH 4096
#define NR_BATCHES 4	/* the reader may run this far ahead */

struct batch {
	struct feed_item item[BATCH];
	int n;
};

struct hist_feed {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	struct batch batches[NR_BATCHES];
	unsigned long filled;	/* batches handed over, ever */
	unsigned long folded;	/* batches the thread is done with */
	bool done;		/* no more batches will come */
	bool folder_waits, reader_waits;	/* wake only who sleeps */
	int error;
};

/* How far ahead slots, then entries, are fetched: lookups into a large
 * histogram miss the cache, and a batch knows its next keys. */
#define SLOT_AHEAD 16
#define ENTRY_AHEAD 8

static int fold(struct batch *b)
{
	struct hist_entry tmpl;

	memset(&tmpl, 0, sizeof(tmpl));
	for (int i = 0; i < b->n; i++) {
		const struct feed_item *it = &b->item[i];
		struct hist_entry *he;

		if (i + SLOT_AHEAD < b->n)
			hists__prefetch(it[SLOT_AHEAD].h, it[SLOT_AHEAD].hash, false);
		if (i + ENTRY_AHEAD < b->n)
			hists__prefetch(it[ENTRY_AHEAD].h, it[ENTRY_AHEAD].hash, true);
		tmpl.comm = it->comm;
		tmpl.thread = it->thread;
		tmpl.dso = it->dso;
		tmpl.sym = it->sym;
		tmpl.ip = it->ip;
		tmpl.level = it->level;
		tmpl.period = tmpl.period_key = it->period;
		if (it->member < 0 || it->member >= it->h->nr_members)
			return -EINVAL;
		he = hists__findnew_hashed(it->h, &tmpl, it->hash);
		if (!he)
			return -ENOMEM;
		hists__account(it->h, he, it->period, it->member);
	}
	return 0;
}

static void *feed_main(void *arg)
{
	struct hist_feed *f = arg;

	pthread_mutex_lock(&f->lock);
	for (;;) {
		struct batch *b;
		int err;

		while (f->folded == f->filled && !f->done) {
			f->folder_waits = true;
			pthread_cond_wait(&f->changed, &f->lock);
			f->folder_waits = false;
		}
		if (f->folded == f->filled)
			break;
		b = &f->batches[f->folded % NR_BATCHES];
		pthread_mutex_unlock(&f->lock);
		err = fold(b);
		pthread_mutex_lock(&f->lock);
		if (err && !f->error)
			f->error = err;
		f->folded++;
		if (f->reader_waits)
			pthread_cond_broadcast(&f->changed);
	}
	pthread_mutex_unlock(&f->lock);
	return NULL;
}

struct hist_feed *hist_feed__start(void)
{
	struct hist_feed *f = calloc(1, sizeof(*f));

	if (!f)
		return NULL;
	pthread_mutex_init(&f->lock, NULL);
	pthread_cond_init(&f->changed, NULL);
	if (pthread_create(&f->thread, NULL, feed_main, f)) {
		pthread_mutex_destroy(&f->lock);
		pthread_cond_destroy(&f->changed);
		free(f);
		return NULL;
	}
	return f;
}

/* Hand the batch being filled over; wait while all the others are full. */
static int hand_over(struct hist_feed *f)
{
	int err;

	pthread_mutex_lock(&f->lock);
	f->filled++;
	if (f->folder_waits)
		pthread_cond_broadcast(&f->changed);
	while (f->filled - f->folded == NR_BATCHES && !f->error) {
		f->reader_waits = true;
		pthread_cond_wait(&f->changed, &f->lock);
		f->reader_waits = false;
	}
	err = f->error;
	pthread_mutex_unlock(&f->lock);
	f->batches[f->filled % NR_BATCHES].n = 0;
	return err;
}

int hist_feed__add(struct hist_feed *f, struct hists *h, const struct hist_entry *tmpl,
		   int member)
{
	struct batch *b = &f->batches[f->filled % NR_BATCHES];

	b->item[b->n++] = (struct feed_item){
		.h = h, .comm = tmpl->comm, .thread = tmpl->thread, .dso = tmpl->dso,
		.sym = tmpl->sym, .ip = tmpl->ip, .period = tmpl->period, .member = member,
		.level = tmpl->level, .hash = hists__hash(h, tmpl),
	};
	return b->n == BATCH ? hand_over(f) : 0;
}

int hist_feed__finish(struct hist_feed *f)
{
	int err;

	pthread_mutex_lock(&f->lock);
	if (f->batches[f->filled % NR_BATCHES].n)
		f->filled++;
	f->done = true;
	pthread_cond_broadcast(&f->changed);
	pthread_mutex_unlock(&f->lock);
	pthread_join(f->thread, NULL);
	err = f->error;
	pthread_mutex_destroy(&f->lock);
	pthread_cond_destroy(&f->changed);
	free(f);
	return err;
}
