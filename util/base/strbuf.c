// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"

char strbuf_slopbuf[1];

static void *xrealloc(void *p, size_t size)
{
	void *ret = realloc(p, size);

	if (!ret) {
		fputs("perf-mini: out of memory\n", stderr);
		abort();
	}
	return ret;
}

void strbuf_init(struct strbuf *sb, size_t hint)
{
	sb->alloc = sb->len = 0;
	sb->buf = strbuf_slopbuf;
	if (hint)
		strbuf_grow(sb, hint);
}

void strbuf_release(struct strbuf *sb)
{
	if (sb->alloc)
		free(sb->buf);
	strbuf_init(sb, 0);
}

char *strbuf_detach(struct strbuf *sb, size_t *len)
{
	char *ret;

	strbuf_grow(sb, 0);
	ret = sb->buf;
	if (len)
		*len = sb->len;
	strbuf_init(sb, 0);
	return ret;
}

void strbuf_grow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;
	int fresh = sb->alloc == 0;

	if (need < sb->len)
		BUG_ON(1);
	if (need <= sb->alloc)
		return;
	sb->alloc = need < 64 ? 64 : need + need / 2;
	sb->buf = xrealloc(fresh ? NULL : sb->buf, sb->alloc);
	if (fresh)
		sb->buf[0] = '\0';
}

void strbuf_setlen(struct strbuf *sb, size_t len)
{
	BUG_ON(len > (sb->alloc ? sb->alloc - 1 : 0));
	sb->len = len;
	if (sb->alloc)
		sb->buf[len] = '\0';
}

void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;	/* @data may be NULL then */
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	strbuf_setlen(sb, sb->len + len);
}

void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, strlen(s));
}

void strbuf_addch(struct strbuf *sb, int c)
{
	strbuf_grow(sb, 1);
	sb->buf[sb->len] = (char)c;
	strbuf_setlen(sb, sb->len + 1);
}

void strbuf_addchars(struct strbuf *sb, int c, size_t n)
{
	strbuf_grow(sb, n);
	memset(sb->buf + sb->len, c, n);
	strbuf_setlen(sb, sb->len + n);
}

void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap)
{
	va_list cp;
	int n;

	strbuf_grow(sb, 64);
	va_copy(cp, ap);
	n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, cp);
	va_end(cp);
	BUG_ON(n < 0);
	if ((size_t)n >= sb->alloc - sb->len) {
		strbuf_grow(sb, (size_t)n);
		n = vsnprintf(sb->buf + sb->len, sb->alloc - sb->len, fmt, ap);
	}
	strbuf_setlen(sb, sb->len + (size_t)n);
}

void strbuf_addf(struct strbuf *sb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	strbuf_vaddf(sb, fmt, ap);
	va_end(ap);
}

void strbuf_addpad(struct strbuf *sb, const char *s, size_t width)
{
	size_t len = strlen(s);

	strbuf_add(sb, s, len);
	if (len < width)
		strbuf_addchars(sb, ' ', width - len);
}

void strbuf_rtrim(struct strbuf *sb)
{
	size_t len = sb->len;

	while (len && isspace((unsigned char)sb->buf[len - 1]))
		len--;
	strbuf_setlen(sb, len);
}
