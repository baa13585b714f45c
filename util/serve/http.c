// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http.h"
#include "../base/util.h"

/* a client gets this long to send its whole request */
#define REQUEST_TIMEOUT_MS 10000

static int read_head(int fd, char *buf, size_t size, size_t *len)
{
	uint64_t deadline = clock_now_ns() + (uint64_t)REQUEST_TIMEOUT_MS * 1000000;

	*len = 0;
	while (!memmem(buf, *len, "\r\n\r\n", 4) && !memmem(buf, *len, "\n\n", 2)) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		uint64_t now = clock_now_ns();
		ssize_t n;

		if (*len + 1 >= size)
			return 413;
		if (now >= deadline || poll(&p, 1, (int)((deadline - now) / 1000000) + 1) <= 0)
			return 408;
		n = read(fd, buf + *len, size - 1 - *len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 400;
		*len += (size_t)n;
	}
	buf[*len] = '\0';
	return 0;
}

/* the next word of @*p (up to a blank or the line's end), and its length */
static const char *word(const char **p, size_t *len)
{
	const char *w = *p + strspn(*p, " ");

	*len = strcspn(w, " \r\n");
	*p = w + *len;
	return w;
}

/* "GET /path?query HTTP/1.1": the path and query kept even when refused,
 * for the log */
static int parse_request_line(const char *line, struct http_request *req)
{
	size_t mlen, tlen, vlen, plen;
	const char *p = line, *m = word(&p, &mlen), *target = word(&p, &tlen);
	const char *version = word(&p, &vlen);

	plen = strcspn(target, "?\r\n ");
	if (plen > tlen)
		plen = tlen;
	if (tlen && target[0] == '/') {
		snprintf(req->path, sizeof(req->path), "%.*s", (int)plen, target);
		if (plen < tlen)
			snprintf(req->query, sizeof(req->query), "%.*s", (int)(tlen - plen - 1),
				 target + plen + 1);
	}
	if (mlen < sizeof(req->method))
		snprintf(req->method, sizeof(req->method), "%.*s", (int)mlen, m);
	if (!mlen || mlen >= sizeof(req->method) || !tlen || target[0] != '/' || vlen < 7 ||
	    strncmp(version, "HTTP/1.", 7))
		return 400;
	if (plen >= sizeof(req->path) || tlen - plen >= sizeof(req->query))
		return 414;
	return strcmp(req->method, "GET") ? 405 : 0;
}

int http_read_request(int fd, struct http_request *req)
{
	char buf[HTTP_MAX_REQUEST];
	size_t len;
	int status;

	memset(req, 0, sizeof(*req));
	status = read_head(fd, buf, sizeof(buf), &len);
	return status ? status : parse_request_line(buf, req);
}

const char *http_query_value(const struct http_request *req, const char *key, char *buf,
			     size_t size)
{
	size_t klen = strlen(key);

	for (const char *p = req->query; *p; p += strcspn(p, "&"), p += *p == '&') {
		size_t n = strcspn(p, "&");

		if (n > klen && !strncmp(p, key, klen) && p[klen] == '=') {
			snprintf(buf, size, "%.*s", (int)(n - klen - 1), p + klen + 1);
			return buf;
		}
	}
	return NULL;
}

static const char *reason(int status)
{
	switch (status) {
	case 200: return "OK";
	case 400: return "Bad Request";
	case 404: return "Not Found";
	case 405: return "Method Not Allowed";
	case 408: return "Request Timeout";
	case 413: return "Request Entity Too Large";
	case 414: return "URI Too Long";
	case 503: return "Service Unavailable";
	default: return "Internal Server Error";
	}
}

static int write_all(int fd, const void *data, size_t len)
{
	const char *p = data;

	while (len) {
		/* not write(): a client gone is EPIPE here, not SIGPIPE */
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

int http_respond(int fd, int status, const char *content_type, const void *body, size_t len)
{
	char head[256];
	int n = snprintf(head, sizeof(head),
			 "HTTP/1.1 %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
			 "Connection: close\r\n\r\n", status, reason(status), content_type, len);
	int ret = write_all(fd, head, (size_t)n);

	return ret ? ret : write_all(fd, body, len);
}

int http_respond_text(int fd, int status, const char *text)
{
	return http_respond(fd, status, "text/plain; charset=utf-8", text, strlen(text));
}
