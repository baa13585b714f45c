// SPDX-License-Identifier: GPL-2.0
#include <pthread.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include "handoff.h"
#include "util.h"

/*
 * A giver that catches up with the ring sleeps until half of it is free:
 * waking it (or the taker) is a futex call and, in a VM, an IPI; waking
 * for every single batch was a tenth of a report.
 */
#define NR_BATCHES 8

/*
 * A taker that runs dry polls for the next batch a while (some 50 us)
 * before it sleeps: the giver then passes without a wake-up call, and
 * the taker starts at once. Only with a CPU each: on one, the polling
 * would take the giver's time.
 */
#define SPIN_PAUSES 6400

struct handoff {
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t changed;
	handoff_fn *fn;
	void *ctx;
	size_t batch_size;
	char *batches;		/* NR_BATCHES of batch_size */
	unsigned long passed;	/* batches handed over, ever */
	unsigned long done;	/* batches the thread is through with */
	bool finishing;		/* no more will come */
	bool taker_waits, giver_waits;	/* wake only who sleeps */
	bool taker_spins;
	int error;
};

static void *slot(struct handoff *h, unsigned long n)
{
	return h->batches + (n % NR_BATCHES) * h->batch_size;
}

/* Called and returns with the lock held, which it drops meanwhile: the
 * giver must never find it taken by a poller. */
static void poll_for_batch(struct handoff *h)
{
	unsigned long done = h->done;

	pthread_mutex_unlock(&h->lock);
	for (int i = 0; i < SPIN_PAUSES && __atomic_load_n(&h->passed, __ATOMIC_ACQUIRE) == done &&
			!__atomic_load_n(&h->finishing, __ATOMIC_ACQUIRE); i++)
		__builtin_ia32_pause();
	pthread_mutex_lock(&h->lock);
}

static void *taker(void *arg)
{
	struct handoff *h = arg;

	pthread_mutex_lock(&h->lock);
	for (;;) {
		int err = 0;

		if (h->taker_spins && h->done == h->passed && !h->finishing)
			poll_for_batch(h);
		while (h->done == h->passed && !h->finishing) {
			h->taker_waits = true;
			pthread_cond_wait(&h->changed, &h->lock);
			h->taker_waits = false;
		}
		if (h->done == h->passed)
			break;
		pthread_mutex_unlock(&h->lock);
		if (!h->error)	/* after an error the rest is only drained */
			err = h->fn(slot(h, h->done), h->ctx);
		pthread_mutex_lock(&h->lock);
		if (err && !h->error)
			h->error = err;
		h->done++;
		if (h->giver_waits && (h->passed - h->done <= NR_BATCHES / 2 || h->error))
			pthread_cond_broadcast(&h->changed);
	}
	pthread_mutex_unlock(&h->lock);
	return NULL;
}

struct handoff *handoff__start(size_t batch_size, handoff_fn *fn, void *ctx)
{
	/* in cache lines of its own: the taker writes it all along, and a
	 * neighbour on the heap (the giver's state) would bounce with it */
	size_t size = (sizeof(struct handoff) + 63) & ~(size_t)63;
	struct handoff *h = aligned_alloc(64, size);

	if (!h)
		return NULL;
	memset(h, 0, size);
	h->batches = malloc(NR_BATCHES * batch_size);
	h->fn = fn;
	h->ctx = ctx;
	h->batch_size = batch_size;
	h->taker_spins = cpus_available() > 1;
	pthread_mutex_init(&h->lock, NULL);
	pthread_cond_init(&h->changed, NULL);
	if (!h->batches || pthread_create(&h->thread, NULL, taker, h)) {
		pthread_mutex_destroy(&h->lock);
		pthread_cond_destroy(&h->changed);
		free(h->batches);
		free(h);
		return NULL;
	}
	return h;
}

void *handoff__batch(struct handoff *h)
{
	return slot(h, h->passed);
}

int handoff__pass(struct handoff *h)
{
	int err;

	pthread_mutex_lock(&h->lock);
	__atomic_store_n(&h->passed, h->passed + 1, __ATOMIC_RELEASE);
	if (h->taker_waits)
		pthread_cond_broadcast(&h->changed);
	if (h->passed - h->done == NR_BATCHES) {
		h->giver_waits = true;
		while (h->passed - h->done > NR_BATCHES / 2 && !h->error)
			pthread_cond_wait(&h->changed, &h->lock);
		h->giver_waits = false;
	}
	err = h->error;
	pthread_mutex_unlock(&h->lock);
	return err;
}

bool handoff__behind(struct handoff *h)
{
	return h->passed - __atomic_load_n(&h->done, __ATOMIC_ACQUIRE) > NR_BATCHES / 2;
}

int handoff__finish(struct handoff *h, bool pass_current)
{
	int err;

	pthread_mutex_lock(&h->lock);
	if (pass_current)
		__atomic_store_n(&h->passed, h->passed + 1, __ATOMIC_RELEASE);
	__atomic_store_n(&h->finishing, true, __ATOMIC_RELEASE);
	pthread_cond_broadcast(&h->changed);
	pthread_mutex_unlock(&h->lock);
	pthread_join(h->thread, NULL);
	err = h->error;
	pthread_mutex_destroy(&h->lock);
	pthread_cond_destroy(&h->changed);
	free(h->batches);
	free(h);
	return err;
}
