/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HTTP_CLIENT_H
#define PM_HTTP_CLIENT_H
/*
 * The little of an HTTP/1.1 client that pushing a profile needs: an
 * http:// URL parsed, and one POST with a Content-Length whose answer's
 * status line is read, all within a deadline, so that a server that is
 * down or slow costs a bounded wait. Plain http only: perf-mini links no
 * TLS library.
 */
#include <stddef.h>

#include "../base/strbuf.h"

struct http_url {
	char host[256];		/* a name, or an address (IPv6 without brackets) */
	char port[8];		/* "80" when the URL does not say */
	char prefix[256];	/* the path before what is posted to, no trailing '/' */
};

/* 0, @url parsed into @u; else -EINVAL with what is wrong in @err */
int http_url_parse(const char *url, struct http_url *u, struct strbuf *err);

/*
 * POST @body (@len bytes of @content_type) to @u's prefix + @target
 * (a path and a query, already URL-encoded) within @timeout_ms: the
 * status the server answered, or a negative errno with the cause in @err
 * (cannot resolve, connect, write, read, or a reply that is not HTTP).
 */
int http_post(const struct http_url *u, const char *target, const char *content_type,
	      const void *body, size_t len, int timeout_ms, struct strbuf *err);

#endif
