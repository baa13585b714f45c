// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "strbuf.h"
#include "util.h"
#include "xalloc.h"

char strbuf_slopbuf[1];


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

void strbuf_grow_slow(struct strbuf *sb, size_t extra)
{
	size_t need = sb->len + extra + 1;
	int fresh = sb->alloc == 0;

	if (need <= sb->alloc && need > sb->len)
		return;
	BUG_ON(need < sb->len);	/* size_t overflow */
	sb->alloc = need < 64 ? 64 : need + need / 2;
	sb->buf = must_reallocarray(fresh ? NULL : sb->buf, sb->alloc, 1);
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

void strbuf_add_slow(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;	/* @data may be NULL then */
	strbuf_grow(sb, len);
	memcpy(sb->buf + sb->len, data, len);
	sb->len += len;
	sb->buf[sb->len] = '\0';
}

void strbuf_addch_slow(struct strbuf *sb, int c)
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

/*
 * Numbers are written straight into the buffer: room for the widest is
 * made once, then the digits, the sign and the padding are stored, no call
 * per byte (script prints several per sample, millions of samples).
 */
static void add_digits(struct strbuf *sb, const char *digits, size_t n, bool neg, int width,
		       char pad, bool left)
{
	size_t len = n + neg;
	size_t fill = width > 0 && (size_t)width > len ? (size_t)width - len : 0;
	char *p;

	strbuf_grow(sb, len + fill + 1);
	p = sb->buf + sb->len;
	if (!left && pad == ' ')
		for (size_t i = 0; i < fill; i++)
			*p++ = ' ';
	if (neg)
		*p++ = '-';
	if (!left && pad == '0')
		for (size_t i = 0; i < fill; i++)
			*p++ = '0';
	strbuf_copy_small(p, digits, n);	/* at most 24 */
	p += n;
	if (left)
		for (size_t i = 0; i < fill; i++)
			*p++ = ' ';
	*p = '\0';
	sb->len = (size_t)(p - sb->buf);
}

static const char digit_pairs[] =
	"00010203040506070809101112131415161718192021222324252627282930313233343536373839"
	"40414243444546474849505152535455565758596061626364656667686970717273747576777879"
	"8081828384858687888990919293949596979899";

/* @u's decimal digits, ending at @end: where they start */
static char *u64_digits(uint64_t u, char *end)
{
	while (u >= 100) {
		unsigned d = (unsigned)(u % 100) * 2;

		u /= 100;
		*--end = digit_pairs[d + 1];
		*--end = digit_pairs[d];
	}
	if (u >= 10) {
		*--end = digit_pairs[u * 2 + 1];
		*--end = digit_pairs[u * 2];
	} else {
		*--end = (char)('0' + u);
	}
	return end;
}

void strbuf_addint(struct strbuf *sb, int64_t v, int width, char pad, bool left)
{
	char buf[24];
	char *start = u64_digits(v < 0 ? -(uint64_t)v : (uint64_t)v, buf + sizeof(buf));

	add_digits(sb, start, (size_t)(buf + sizeof(buf) - start), v < 0, width, pad, left);
}

void strbuf_adduint(struct strbuf *sb, uint64_t v, int width)
{
	char buf[24];
	char *start = u64_digits(v, buf + sizeof(buf));

	add_digits(sb, start, (size_t)(buf + sizeof(buf) - start), false, width, ' ', false);
}

void strbuf_addhex(struct strbuf *sb, uint64_t v, int width)
{
	static const char hex[] = "0123456789abcdef";
	char buf[16];
	size_t n = sizeof(buf);

	do {
		buf[--n] = hex[v & 15];
		v >>= 4;
	} while (v);
	add_digits(sb, buf + n, sizeof(buf) - n, false, width, ' ', false);
}

/*
 * v = m * 2^e exactly (m a 53-bit integer); v * 100 = m * 100 * 2^e, whose
 * integer part and remainder are exact in 64 bits while -e < 64 and
 * m * 100 < 2^60. Below 1/2048 every value prints 0.00; at 2^52 and
 * above, negative or not finite, printf itself does it.
 */
void strbuf_addfixed2(struct strbuf *sb, double v, int width)
{
	char buf[32];
	size_t n = sizeof(buf);
	uint64_t m, q, r, half;
	int e;

	if (!(v >= 0) || v >= 4503599627370496.0) {
		strbuf_addf(sb, "%*.2f", width, v);
		return;
	}
	if (v < 1.0 / 2048)	/* the shift below would pass 63 */
		v = 0;
	m = (uint64_t)ldexp(frexp(v, &e), 53);
	e -= 53;
	if (e >= 0) {
		q = (m * 100) << e;
	} else {
		q = (m * 100) >> -e;
		r = (m * 100) & ((1ULL << -e) - 1);
		half = 1ULL << (-e - 1);
		q += r > half || (r == half && (q & 1));
	}
	buf[--n] = '0' + q % 10;
	buf[--n] = '0' + q / 10 % 10;
	buf[--n] = '.';
	q /= 100;
	do {
		buf[--n] = '0' + q % 10;
		q /= 10;
	} while (q);
	add_digits(sb, buf + n, sizeof(buf) - n, false, width, ' ', false);
}

void strbuf_addrpad(struct strbuf *sb, const char *s, size_t width)
{
	size_t len = strlen(s);

	if (len < width)
		strbuf_addchars(sb, ' ', width - len);
	strbuf_add(sb, s, len);
}

void strbuf_add_json_string(struct strbuf *sb, const char *s)
{
	strbuf_addch(sb, '"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			strbuf_addf(sb, "\\%c", ch);
		else if (ch < 0x20 || ch == '<' || ch == '>' || ch == '&')
			strbuf_addf(sb, "\\u%04x", ch);
		else
			strbuf_addch(sb, (char)ch);
	}
	strbuf_addch(sb, '"');
}
