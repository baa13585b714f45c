// SPDX-License-Identifier: GPL-2.0
#include <pthread.h>
#include <stdbool.h>

#include "two-threads.h"
#include "util.h"

/* Blocks made ahead of the writing, at most: the memory a few take. */
#define SLOTS 8

struct slot {
	struct strbuf text;
	bool done;
};

struct ordered {
	pthread_mutex_t lock;
	pthread_cond_t changed;
	two_threads_block_fn *fn;
	void *ctx;
	size_t nr, taken, written;
	struct slot slot[SLOTS];
};

/* Called locked: a block's slot is free once the one SLOTS before it is
 * written. */
static bool can_take(const struct ordered *o)
{
	return o->taken < o->nr && o->taken < o->written + SLOTS;
}

/* Called locked, returns locked; makes block @b unlocked. */
static void make(struct ordered *o, size_t b)
{
	struct slot *s = &o->slot[b % SLOTS];

	pthread_mutex_unlock(&o->lock);
	strbuf_reset(&s->text);
	o->fn(b, &s->text, o->ctx);
	pthread_mutex_lock(&o->lock);
	s->done = true;
	pthread_cond_broadcast(&o->changed);
}

static void *second_thread(void *arg)
{
	struct ordered *o = arg;

	pthread_mutex_lock(&o->lock);
	for (;;) {
		while (!can_take(o) && o->taken < o->nr)
			pthread_cond_wait(&o->changed, &o->lock);
		if (o->taken >= o->nr)
			break;
		make(o, o->taken++);
	}
	pthread_mutex_unlock(&o->lock);
	return NULL;
}

/* The caller's thread: writes the next block when it is made, makes one
 * itself when it may, waits otherwise. */
static void write_in_order(struct ordered *o, FILE *out)
{
	pthread_mutex_lock(&o->lock);
	while (o->written < o->nr) {
		struct slot *s = &o->slot[o->written % SLOTS];

		if (s->done) {
			pthread_mutex_unlock(&o->lock);
			fwrite(s->text.buf, 1, s->text.len, out);
			pthread_mutex_lock(&o->lock);
			s->done = false;
			o->written++;
			pthread_cond_broadcast(&o->changed);
		} else if (can_take(o)) {
			make(o, o->taken++);
		} else {
			pthread_cond_wait(&o->changed, &o->lock);
		}
	}
	pthread_mutex_unlock(&o->lock);
}

static void write_alone(size_t nr_blocks, two_threads_block_fn *fn, void *ctx, FILE *out)
{
	struct strbuf text = STRBUF_INIT;

	for (size_t b = 0; b < nr_blocks; b++) {
		strbuf_reset(&text);
		fn(b, &text, ctx);
		fwrite(text.buf, 1, text.len, out);
	}
	strbuf_release(&text);
}

void two_threads__write_in_order(size_t nr_blocks, two_threads_block_fn *fn, void *ctx,
				 FILE *out)
{
	struct ordered o = { .fn = fn, .ctx = ctx, .nr = nr_blocks };
	pthread_t thread;

	if (nr_blocks < 2 || cpus_available() < 2) {
		write_alone(nr_blocks, fn, ctx, out);
		return;
	}
	pthread_mutex_init(&o.lock, NULL);
	pthread_cond_init(&o.changed, NULL);
	for (int i = 0; i < SLOTS; i++)
		strbuf_init(&o.slot[i].text, 0);
	if (pthread_create(&thread, NULL, second_thread, &o)) {
		write_alone(nr_blocks, fn, ctx, out);
	} else {
		write_in_order(&o, out);
		pthread_join(thread, NULL);
	}
	for (int i = 0; i < SLOTS; i++)
		strbuf_release(&o.slot[i].text);
	pthread_cond_destroy(&o.changed);
	pthread_mutex_destroy(&o.lock);
}

/* Fewer items cost less than starting a thread. */
#define SPLIT_MIN 4096

struct split {
	size_t n;
	two_threads_part_fn *fn;
	void *ctx;
};

static void *first_half(void *arg)
{
	const struct split *s = arg;

	s->fn(0, s->n / 2, 0, s->ctx);
	return NULL;
}

void two_threads__split(size_t n, two_threads_part_fn *fn, void *ctx)
{
	struct split s = { n, fn, ctx };
	pthread_t thread;

	if (n < SPLIT_MIN || cpus_available() < 2 ||
	    pthread_create(&thread, NULL, first_half, &s)) {
		fn(0, n / 2, 0, ctx);
		fn(n / 2, n, 1, ctx);
		return;
	}
	fn(n / 2, n, 1, ctx);
	pthread_join(thread, NULL);
}
