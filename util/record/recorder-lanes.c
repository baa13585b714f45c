// SPDX-License-Identifier: GPL-2.0
/*
 * record --threads: the rings read by threads of their own, each a lane
 * that polls, drains and writes its rings' files (PATH/data.N) as the one
 * recorder does all of them otherwise. A lane is a recorder over some of
 * the rings; its counts join the recording's when it stops.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/xalloc.h"
#include "recorder.h"

struct lane {
	struct recorder r;
	struct recorder_lanes *all;
	pthread_t thread;
	bool started;
	int ret;
	struct strbuf err;
};

struct recorder_lanes {
	struct lane *lane;
	int nr;
	int stop[2];		/* a pipe: readable once the lanes should stop */
	int stopping;		/* the same, for a lane between waits (atomic) */
	int failed;		/* a lane stopped on an error (atomic) */
};

static void *lane_run(void *arg)
{
	struct lane *l = arg;
	struct recorder *r = &l->r;

	for (;;) {
		bool stop = recorder__wait(r, l->all->stop[0], 100) ||
			    __atomic_load_n(&l->all->stopping, __ATOMIC_ACQUIRE);

		l->ret = recorder__drain(r, &l->err);
		if (stop || l->ret)
			break;
	}
	/* the events are disabled now: the rest, however little */
	r->flush = 0;
	if (!l->ret)
		l->ret = recorder__drain(r, &l->err);
	if (l->ret)
		__atomic_store_n(&l->all->failed, 1, __ATOMIC_RELEASE);
	return NULL;
}

/* Lane @l over the rings @lane_of gives it. */
static void lane_init(struct lane *l, const struct recorder *r, const int *lane_of, int id)
{
	struct recorder *lr = &l->r;

	lr->evlist = r->evlist;
	lr->w = r->w;
	lr->flush = r->flush;
	lr->time_word = r->time_word;
	strbuf_init(&lr->chunk, 1 << 16);
	strbuf_init(&lr->kept_maps, 0);
	strbuf_init(&l->err, 0);
	lr->rings = must_calloc((size_t)r->nr_rings, sizeof(*lr->rings));
	lr->pollfds = must_calloc((size_t)r->nr_rings + 1, sizeof(*lr->pollfds));
	lr->ring_ids = must_calloc((size_t)r->nr_rings, sizeof(*lr->ring_ids));
	for (int i = 0; i < r->nr_rings; i++) {
		if (lane_of[i] != id)
			continue;
		lr->rings[lr->nr_rings] = r->rings[i];
		lr->pollfds[lr->nr_rings] = r->pollfds[i];
		lr->ring_ids[lr->nr_rings++] = i;
	}
}

/* What lane_init() made; the rings stay mapped (the recorder's). */
static void lane_exit(struct lane *l)
{
	struct recorder *lr = &l->r;

	for (size_t i = 0; i < lr->nr_dsos; i++)
		free(lr->dsos[i]);
	free(lr->dsos);
	free(lr->rings);
	free(lr->pollfds);
	free(lr->ring_ids);
	strbuf_release(&lr->chunk);
	strbuf_release(&lr->kept_maps);
	strbuf_release(&l->err);
}

int recorder__start_lanes(struct recorder *r, const int *lane_of, int nr_lanes,
			  struct strbuf *err)
{
	struct recorder_lanes *all = must_calloc(1, sizeof(*all));
	sigset_t every, was;
	int ret = 0;

	r->lanes = all;
	all->lane = must_calloc((size_t)nr_lanes, sizeof(*all->lane));
	all->nr = nr_lanes;
	if (pipe(all->stop)) {
		all->stop[0] = all->stop[1] = -1;
		strbuf_addf(err, "cannot start --threads: %s", strerror(errno));
		return -errno;
	}
	/* the lanes take no signal: ^C and the workload's end reach the
	 * thread that waits for them */
	sigfillset(&every);
	pthread_sigmask(SIG_BLOCK, &every, &was);
	for (int k = 0; k < nr_lanes && !ret; k++) {
		struct lane *l = &all->lane[k];

		l->all = all;
		lane_init(l, r, lane_of, k);
		if (!l->r.nr_rings)
			continue;	/* a lane whose CPUs are not recorded */
		ret = pthread_create(&l->thread, NULL, lane_run, l);
		if (ret)
			strbuf_addf(err, "cannot start a --threads thread: %s", strerror(ret));
		l->started = !ret;
	}
	pthread_sigmask(SIG_SETMASK, &was, NULL);
	return -ret;
}

bool recorder__lanes_failed(const struct recorder *r)
{
	return r->lanes && __atomic_load_n(&r->lanes->failed, __ATOMIC_ACQUIRE);
}

int recorder__stop_lanes(struct recorder *r, struct strbuf *err)
{
	struct recorder_lanes *all = r->lanes;
	int ret = 0;

	if (!all)
		return 0;
	__atomic_store_n(&all->stopping, 1, __ATOMIC_RELEASE);
	if (all->stop[1] >= 0)	/* wakes them now; the flag does within a wait */
		(void)!write(all->stop[1], "", 1);
	for (int k = 0; k < all->nr; k++) {
		struct lane *l = &all->lane[k];

		if (l->started)
			pthread_join(l->thread, NULL);
		recorder__absorb(r, &l->r);
		if (l->ret && !ret) {
			ret = l->ret;
			strbuf_add(err, l->err.buf, l->err.len);
		}
		lane_exit(l);
	}
	for (int i = 0; i < 2; i++)
		if (all->stop[i] >= 0)
			close(all->stop[i]);
	free(all->lane);
	free(all);
	r->lanes = NULL;
	return ret;
}
