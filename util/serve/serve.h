/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SERVE_H
#define PM_SERVE_H
/*
 * perf-mini serve: profiles over HTTP at Go's paths, for go tool pprof,
 * Parca's scraper and Pyroscope's pull mode. GET
 * /debug/pprof/profile?seconds=N records the target (record -g, the
 * given event and frequency, system-wide or a pid) for N seconds in a
 * child perf-mini, and answers with the samples as gzipped pprof
 * (util/convert/pprof). One request at a time: a second waits in the
 * listen queue, as a profile takes the machine's whole attention anyway.
 *
 * With a push URL it also records the target continuously, one profile
 * an interval, and POSTs each to Pyroscope's /ingest from a thread of its
 * own (push.c), so that a server down never holds the requests.
 */
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>

#include "../base/strbuf.h"

struct serve_opts {
	const char *listen;	/* HOST:PORT, [V6ADDR]:PORT, :PORT (loopback); "none" */
	const char *self;	/* the perf-mini that records */
	const char *event, *freq;
	const char *pid;	/* NULL: system-wide */
	int max_seconds;	/* the longest profile a request may ask */
	const char *push_url;	/* http://HOST[:PORT][/PREFIX], or NULL */
	int push_interval;	/* seconds a pushed profile spans */
	const char *app;	/* the name pushed profiles are under */
	/* told the address served, then each request's outcome */
	void (*listening)(void *ctx, const char *url);
	void (*served)(void *ctx, const char *request, int status, const char *note);
	/* told each push's outcome (from the upload thread too), one line */
	void (*pushing)(void *ctx, const char *msg);
	void *ctx;
};

struct serve {
	const struct serve_opts *o;
	int fd;			/* -1 with --http none */
	char url[128];
	struct push *push;	/* NULL without a push URL */
};

/*
 * 0, bound and listening, and pushing where asked; else an error with the
 * cause in @err: -EINVAL for a malformed address or push URL
 */
int serve_open(struct serve *s, const struct serve_opts *o, struct strbuf *err);

/* answer requests until *@stop is set; 0, or an error in @err */
int serve_run(struct serve *s, volatile sig_atomic_t *stop, struct strbuf *err);

void serve_close(struct serve *s);

#endif
