/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HTTP_H
#define PM_HTTP_H
/*
 * The little of HTTP/1.1 that a profile endpoint needs: one GET request
 * read from a connection (its path and query), and one response with a
 * length, after which the connection is closed. Requests are bounded in
 * size and time, so a client that sends too much or nothing cannot hold
 * the server.
 */
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

#define HTTP_MAX_REQUEST 8192

struct http_request {
	char method[8];
	char path[256];		/* without the query */
	char query[256];	/* after '?', or "" */
};

/* 0, or the HTTP status to answer with (400, 405, 408, 413) */
int http_read_request(int fd, struct http_request *req);

/* the value of @key in the query (a=1&b=2), or NULL; @buf holds it */
const char *http_query_value(const struct http_request *req, const char *key, char *buf,
			     size_t size);

/* 0, or -errno of the write */
int http_respond(int fd, int status, const char *content_type, const void *body, size_t len);
int http_respond_text(int fd, int status, const char *text);

#endif
