// SPDX-License-Identifier: GPL-2.0
/* serve's socket: the address parsed, bound and listened on. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "internal.h"
#include "../base/util.h"

/* HOST:PORT, [ADDR]:PORT or :PORT; an empty host is the loopback */
static int split_address(const char *spec, char *host, size_t hsize, char *port, size_t psize)
{
	const char *colon = strrchr(spec, ':');
	const char *h = spec;
	size_t hlen;

	if (!colon || !colon[1])
		return -EINVAL;
	hlen = (size_t)(colon - spec);
	if (hlen >= 2 && spec[0] == '[' && colon[-1] == ']')
		h = spec + 1, hlen -= 2;
	if (hlen >= hsize || strlen(colon + 1) >= psize)
		return -EINVAL;
	snprintf(host, hsize, "%.*s", (int)hlen, hlen ? h : "127.0.0.1");
	snprintf(port, psize, "%s", colon + 1);
	return 0;
}

static int bind_first(struct addrinfo *list, int *fd)
{
	int e = EADDRNOTAVAIL, one = 1;

	for (struct addrinfo *a = list; a; a = a->ai_next) {
		*fd = socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC, a->ai_protocol);
		if (*fd < 0) {
			e = errno;
			continue;
		}
		setsockopt(*fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
		if (!bind(*fd, a->ai_addr, a->ai_addrlen) && !listen(*fd, 8))
			return 0;
		e = errno;
		close(*fd);
	}
	*fd = -1;
	return -e;
}

/* the URL of what was bound, with the port the kernel chose for 0 */
static void bound_url(struct serve *s)
{
	struct sockaddr_storage ss;
	socklen_t len = sizeof(ss);
	char addr[INET6_ADDRSTRLEN] = "?";
	int port = 0;

	if (getsockname(s->fd, (struct sockaddr *)&ss, &len))
		return;
	if (ss.ss_family == AF_INET6) {
		struct sockaddr_in6 *a = (struct sockaddr_in6 *)&ss;

		inet_ntop(AF_INET6, &a->sin6_addr, addr, sizeof(addr));
		port = ntohs(a->sin6_port);
		snprintf(s->url, sizeof(s->url), "http://[%s]:%d/debug/pprof/", addr, port);
		return;
	}
	inet_ntop(AF_INET, &((struct sockaddr_in *)&ss)->sin_addr, addr, sizeof(addr));
	port = ntohs(((struct sockaddr_in *)&ss)->sin_port);
	snprintf(s->url, sizeof(s->url), "http://%s:%d/debug/pprof/", addr, port);
}

int serve_open(struct serve *s, const struct serve_opts *o, struct strbuf *err)
{
	struct addrinfo hints = { .ai_socktype = SOCK_STREAM, .ai_flags = AI_PASSIVE };
	struct addrinfo *list = NULL;
	char host[128], port[16];
	int ret;

	memset(s, 0, sizeof(*s));
	s->o = o;
	s->fd = -1;
	if (o->push_url && (ret = push__new(&s->push, o, err)))
		return ret;
	if (!strcmp(o->listen, "none"))
		return 0;
	if (split_address(o->listen, host, sizeof(host), port, sizeof(port))) {
		strbuf_addf(err, "--http '%s' is not HOST:PORT\nhint: --http 127.0.0.1:6060, or "
			    ":0 for any free port of the loopback", o->listen);
		ret = -EINVAL;
		goto out_push;
	}
	ret = getaddrinfo(host, port, &hints, &list);
	if (ret) {
		strbuf_addf(err, "--http '%s': %s", o->listen, gai_strerror(ret));
		ret = -EINVAL;
		goto out_push;
	}
	ret = bind_first(list, &s->fd);
	freeaddrinfo(list);
	if (ret) {
		strbuf_addf(err, "cannot listen on %s: %s\nhint: %s", o->listen, strerror(-ret),
			    ret == -EADDRINUSE ? "another program serves there: pick another port "
						 "(--http 127.0.0.1:0 takes a free one)" :
			    "check the address is one of this machine's");
		goto out_push;
	}
	bound_url(s);
	return 0;
out_push:
	push__delete(s->push);
	s->push = NULL;
	return ret;
}

void serve_close(struct serve *s)
{
	push__delete(s->push);
	s->push = NULL;
	if (s->fd >= 0)
		close(s->fd);
	s->fd = -1;
}
