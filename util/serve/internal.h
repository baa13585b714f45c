/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SERVE_INTERNAL_H
#define PM_SERVE_INTERNAL_H
/*
 * util/serve's own: a profile recorded by a child perf-mini record and
 * converted by another (recording.c), shared by the requests (serve.c)
 * and the pushes (push.c); the pusher.
 */
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

#include "serve.h"
#include "../base/strbuf.h"

/* the recording's private directory and files, named for any TMPDIR */
struct scratch {
	char dir[PATH_MAX - 32], data[PATH_MAX], pprof[PATH_MAX], log[PATH_MAX];
};

struct recording {
	struct scratch t;
	pid_t pid;			/* the child record, 0 once reaped */
	int status;			/* its wait status, once reaped */
	bool ended_itself;		/* not by our SIGINT: an error, or the target gone */
};

/* 0, a child record of @o's target started; else the cause in @why */
int recording__start(struct recording *r, const struct serve_opts *o, struct strbuf *why);

/* whether the child has ended by itself (an error, or the target gone) */
bool recording__has_ended(struct recording *r);

/* the child killed (nobody wants its profile), the directory removed */
void recording__abandon(struct recording *r);

/*
 * Stop the child as a Ctrl-C would (it writes its file), convert what it
 * wrote to gzipped pprof onto @body (a child perf-mini data convert) and
 * its sample count to *@nr: 0; -EINTR when *@stop (may be NULL) is set or
 * the client on @client (may be -1) hangs up meanwhile; else an error with
 * the child's own message in @why. The directory is removed either way.
 */
int recording__finish(struct recording *r, const struct serve_opts *o, int client,
		      volatile sig_atomic_t *stop, struct strbuf *body, uint64_t *nr,
		      struct strbuf *why);

/*
 * A request's profile of @o's target for @seconds into @body: the HTTP
 * status to answer with (499: the client left, 503: serve is stopping),
 * the cause or what was sent in @why.
 */
int serve_profile(const struct serve_opts *o, int seconds, int client,
		  volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why);

/*
 * Pushing (--push): every interval a recording of the target is ended,
 * queued, and POSTed to Pyroscope's /ingest by an upload thread, which
 * retries with backoff; the queue is bounded, its oldest dropped. Only
 * the serving loop calls push__tick, push__wait_ms and push__delete.
 */
struct push;

/* 0, @o->push_url parsed and the upload thread started; else -EINVAL in @err */
int push__new(struct push **out, const struct serve_opts *o, struct strbuf *err);

/* start or end a recording whose time has come; never waits on the network */
void push__tick(struct push *p);

/* how long the serving loop may wait before push__tick has work */
int push__wait_ms(const struct push *p);

/* the recording under way discarded, the thread stopped, the queue freed */
void push__delete(struct push *p);

#endif
