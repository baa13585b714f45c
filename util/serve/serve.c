// SPDX-License-Identifier: GPL-2.0
/* serve's requests: the routes, one connection at a time. */
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include "http.h"
#include "internal.h"
#include "../base/util.h"

#define PROFILE_PATH "/debug/pprof/profile"
#define DEFAULT_SECONDS 30	/* Go's net/http/pprof default */
/* a client that stops reading its answer for this long is dropped */
#define SEND_TIMEOUT_S 30

static int seconds_asked(const struct serve *s, const struct http_request *req,
			 struct strbuf *why)
{
	char v[32];
	/* a client that names no length gets Go's, within what is allowed */
	int n = DEFAULT_SECONDS < s->o->max_seconds ? DEFAULT_SECONDS : s->o->max_seconds;

	if (http_query_value(req, "seconds", v, sizeof(v)) && (str_to_int(v, &n) || n < 1)) {
		strbuf_addf(why, "seconds=%s is not a whole number of seconds above 0\n", v);
		return -1;
	}
	if (n > s->o->max_seconds) {
		strbuf_addf(why, "seconds=%d is more than this server records (--max-seconds %d)\n",
			    n, s->o->max_seconds);
		return -1;
	}
	return n;
}

static int route(const struct serve *s, const struct http_request *req, int client,
		 volatile sig_atomic_t *stop, struct strbuf *body, struct strbuf *why)
{
	int seconds;

	if (!strcmp(req->path, PROFILE_PATH)) {
		if ((seconds = seconds_asked(s, req, why)) < 0)
			return 400;
		return serve_profile(s->o, seconds, client, stop, body, why);
	}
	if (!strcmp(req->path, "/debug/pprof/") || !strcmp(req->path, "/debug/pprof")) {
		strbuf_addf(body, "perf-mini serve: profiles of %s%s\n\n"
			    "profile: a CPU profile (record -g -e %s -F %s), gzipped pprof;\n"
			    "         ?seconds=N, %d by default, at most %d\n",
			    s->o->pid ? "pid " : "the whole system", s->o->pid ?: "", s->o->event,
			    s->o->freq, DEFAULT_SECONDS, s->o->max_seconds);
		return 200;
	}
	strbuf_addf(why, "no such profile: %s\nhint: " PROFILE_PATH "?seconds=N\n", req->path);
	return 404;
}

/* @text as the log shows it: bytes a terminal would act on as %XX */
static void add_printable(struct strbuf *sb, const char *text)
{
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p < 0x20 || *p >= 0x7f || *p == '%')
			strbuf_addf(sb, "%%%02X", *p);
		else
			strbuf_addch(sb, (char)*p);
	}
}

static void log_request(const struct serve *s, const struct http_request *req, int status,
			const char *note)
{
	struct strbuf line = STRBUF_INIT;

	strbuf_addf(&line, "%s ", req->method[0] ? req->method : "?");
	add_printable(&line, req->path[0] ? req->path : "/");
	if (req->query[0]) {
		strbuf_addch(&line, '?');
		add_printable(&line, req->query);
	}
	if (s->o->served)
		s->o->served(s->o->ctx, line.buf, status, note);
	strbuf_release(&line);
}

static int respond(const struct http_request *req, int fd, int status,
		   const struct strbuf *body, const struct strbuf *why)
{
	if (status == 200 && !strcmp(req->path, PROFILE_PATH))
		return http_respond(fd, 200, "application/octet-stream", body->buf, body->len);
	if (status == 200)
		return http_respond_text(fd, 200, body->buf);
	if (status == 499)
		return 0;	/* nobody to answer */
	return http_respond_text(fd, status, why->len ? why->buf : "bad request\n");
}

static void answer(const struct serve *s, int fd, volatile sig_atomic_t *stop)
{
	struct strbuf body = STRBUF_INIT, why = STRBUF_INIT;
	struct timeval limit = { .tv_sec = SEND_TIMEOUT_S };
	struct http_request req;
	int status, err;

	setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, sizeof(limit));
	status = http_read_request(fd, &req);
	if (!status)
		status = route(s, &req, fd, stop, &body, &why);
	err = respond(&req, fd, status, &body, &why);
	if (err) {
		strbuf_reset(&why);
		strbuf_addf(&why, "not sent: %s\n", strerror(-err));
	}
	log_request(s, &req, status, why.buf);
	strbuf_release(&body);
	strbuf_release(&why);
}

/* how long to wait for a connection: a push due sooner shortens it */
static int wait_ms(const struct serve *s)
{
	int ms = s->push ? push__wait_ms(s->push) : 500;

	return ms < 500 ? ms : 500;
}

/*
 * One loop: a request is answered whole (a profile its N seconds), the
 * push recording running on meanwhile, so a push round can end late by
 * as much, never early.
 */
int serve_run(struct serve *s, volatile sig_atomic_t *stop, struct strbuf *err)
{
	if (s->o->listening && s->fd >= 0)
		s->o->listening(s->o->ctx, s->url);
	while (!*stop) {
		struct pollfd p = { .fd = s->fd, .events = POLLIN };
		int fd;

		if (s->push)
			push__tick(s->push);
		if (poll(&p, 1, wait_ms(s)) <= 0 || !(p.revents & POLLIN))
			continue;	/* a timeout, or a signal: look at *stop */
		fd = accept4(s->fd, NULL, NULL, SOCK_CLOEXEC);
		if (fd < 0) {
			if (errno == EINTR || errno == ECONNABORTED || errno == EAGAIN)
				continue;
			strbuf_addf(err, "cannot accept a connection: %s", strerror(errno));
			return -errno;
		}
		answer(s, fd, stop);
		close(fd);
	}
	return 0;
}
