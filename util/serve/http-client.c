// SPDX-License-Identifier: GPL-2.0
/* One HTTP POST, its answer's status line read, all within a deadline. */
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "http-client.h"
#include "../base/util.h"

static int bad_url(const char *url, struct strbuf *err)
{
	strbuf_addf(err, "--push '%s' is not an http:// URL\nhint: --push http://HOST:PORT "
		    "(Pyroscope listens on 4040)", url);
	return -EINVAL;
}

/* HOST, HOST:PORT, [V6]:PORT */
static int split_authority(const char *a, size_t len, struct http_url *u)
{
	const char *colon = NULL;
	int port = 80;

	if (len && a[0] == '[') {
		const char *end = memchr(a, ']', len);

		if (!end || (end + 1 < a + len && end[1] != ':'))
			return -EINVAL;
		snprintf(u->host, sizeof(u->host), "%.*s", (int)(end - a - 1), a + 1);
		colon = end + 1 < a + len ? end + 1 : NULL;
	} else {
		colon = memchr(a, ':', len);
		snprintf(u->host, sizeof(u->host), "%.*s",
			 (int)(colon ? colon - a : (long)len), a);
	}
	if (!u->host[0] || strlen(u->host) >= sizeof(u->host) - 1 || strpbrk(u->host, "@ "))
		return -EINVAL;
	if (colon) {
		char digits[8];
		size_t n = (size_t)(a + len - colon - 1);

		if (!n || n >= sizeof(digits))
			return -EINVAL;
		snprintf(digits, sizeof(digits), "%.*s", (int)n, colon + 1);
		if (str_to_int(digits, &port) || port < 1 || port > 65535)
			return -EINVAL;
	}
	snprintf(u->port, sizeof(u->port), "%d", port);
	return 0;
}

int http_url_parse(const char *url, struct http_url *u, struct strbuf *err)
{
	const char *a, *path;
	size_t plen;

	memset(u, 0, sizeof(*u));
	if (!strncasecmp(url, "https://", 8)) {
		strbuf_addf(err, "--push '%s': https is not supported, as perf-mini links no TLS "
			    "library\nhint: push to an http:// URL (a Pyroscope on this machine or a "
			    "trusted network), or through a local TLS proxy such as stunnel", url);
		return -EINVAL;
	}
	if (strncasecmp(url, "http://", 7) || strpbrk(url, "?# \t\r\n"))
		return bad_url(url, err);
	a = url + 7;
	path = a + strcspn(a, "/");
	if (split_authority(a, (size_t)(path - a), u))
		return bad_url(url, err);
	plen = strlen(path);
	while (plen && path[plen - 1] == '/')
		plen--;
	if (plen >= sizeof(u->prefix))
		return bad_url(url, err);
	snprintf(u->prefix, sizeof(u->prefix), "%.*s", (int)plen, path);
	return 0;
}

static int ms_left(uint64_t deadline)
{
	uint64_t now = clock_now_ns();

	return now >= deadline ? 0 : (int)((deadline - now) / 1000000) + 1;
}

/* wait for @events on @fd until @deadline: 0, or -ETIMEDOUT */
static int wait_fd(int fd, short events, uint64_t deadline)
{
	struct pollfd p = { .fd = fd, .events = events };
	int n;

	do {
		n = poll(&p, 1, ms_left(deadline));
	} while (n < 0 && errno == EINTR);
	return n > 0 ? 0 : n < 0 ? -errno : -ETIMEDOUT;
}

/* a non-blocking connect, so that an address that drops packets costs the deadline only */
static int connect_one(const struct addrinfo *a, uint64_t deadline)
{
	int fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
			a->ai_protocol);
	int e = 0;
	socklen_t elen = sizeof(e);

	if (fd < 0)
		return -errno;
	if (connect(fd, a->ai_addr, a->ai_addrlen) && errno != EINPROGRESS)
		e = errno;
	else if ((e = -wait_fd(fd, POLLOUT, deadline)) == 0 &&
		 getsockopt(fd, SOL_SOCKET, SO_ERROR, &e, &elen))
		e = errno;
	if (e) {
		close(fd);
		return -e;
	}
	return fd;
}

static int connect_host(const struct http_url *u, uint64_t deadline, struct strbuf *err)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM }, *list = NULL;
	int fd = -EADDRNOTAVAIL, ret = getaddrinfo(u->host, u->port, &hints, &list);

	if (ret) {
		strbuf_addf(err, "cannot resolve '%s': %s", u->host, gai_strerror(ret));
		return -EHOSTUNREACH;
	}
	for (struct addrinfo *a = list; a && fd < 0 && ms_left(deadline); a = a->ai_next)
		fd = connect_one(a, deadline);
	freeaddrinfo(list);
	if (fd < 0)
		strbuf_addf(err, "cannot connect to %s:%s: %s", u->host, u->port, strerror(-fd));
	return fd;
}

static int send_all(int fd, const void *data, size_t len, uint64_t deadline)
{
	const char *p = data;

	while (len) {
		/* not write(): a server gone is EPIPE here, not SIGPIPE */
		ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
		int ret;

		if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
			if ((ret = wait_fd(fd, POLLOUT, deadline)))
				return ret;
			continue;
		}
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* "HTTP/1.1 200 OK\r\n": the status, or a negative errno */
static int read_status(int fd, uint64_t deadline)
{
	char buf[256];
	size_t len = 0;
	int status;

	while (!memchr(buf, '\n', len) && len + 1 < sizeof(buf)) {
		ssize_t n = recv(fd, buf + len, sizeof(buf) - 1 - len, 0);
		int ret;

		if (n < 0 && (errno == EAGAIN || errno == EINTR)) {
			if ((ret = wait_fd(fd, POLLIN, deadline)))
				return ret;
			continue;
		}
		if (n <= 0)
			return n < 0 ? -errno : -ECONNRESET;
		len += (size_t)n;
	}
	buf[len] = '\0';
	if (sscanf(buf, "HTTP/1.%*d %d", &status) != 1 || status < 100 || status > 999)
		return -EPROTO;
	return status;
}

int http_post(const struct http_url *u, const char *target, const char *content_type,
	      const void *body, size_t len, int timeout_ms, struct strbuf *err)
{
	uint64_t deadline = clock_now_ns() + (uint64_t)timeout_ms * 1000000;
	struct strbuf head = STRBUF_INIT;
	bool v6 = strchr(u->host, ':');
	int fd = connect_host(u, deadline, err), ret;

	if (fd < 0)
		return fd;
	strbuf_addf(&head, "POST %s%s HTTP/1.1\r\nHost: %s%s%s:%s\r\nUser-Agent: perf-mini\r\n"
		    "Content-Type: %s\r\nContent-Length: %zu\r\nConnection: close\r\n\r\n",
		    u->prefix, target, v6 ? "[" : "", u->host, v6 ? "]" : "", u->port,
		    content_type, len);
	ret = send_all(fd, head.buf, head.len, deadline);
	if (!ret)
		ret = send_all(fd, body, len, deadline);
	if (ret)
		strbuf_addf(err, "cannot send to %s:%s: %s", u->host, u->port, strerror(-ret));
	else if ((ret = read_status(fd, deadline)) < 0)
		strbuf_addf(err, "no HTTP answer from %s:%s: %s", u->host, u->port,
			    ret == -EPROTO ? "not an HTTP status line" : strerror(-ret));
	close(fd);
	strbuf_release(&head);
	return ret;
}
