/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STRBUF_H
#define PM_STRBUF_H

/*
 * A growable, always NUL-terminated byte string.
 *
 * Invariants: buf is never NULL (an empty strbuf points at a shared ""),
 * buf[len] == '\0', and len < alloc whenever alloc != 0.
 *
 * Ownership: the strbuf owns buf. strbuf_release() frees it and leaves the
 * strbuf ready for reuse; strbuf_detach() hands it to the caller (free()).
 * Allocation failure aborts: a profiler that cannot grow a message buffer
 * has nothing useful left to say.
 */
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct strbuf {
	size_t alloc;
	size_t len;
	char *buf;
};

extern char strbuf_slopbuf[];
#define STRBUF_INIT { .alloc = 0, .len = 0, .buf = strbuf_slopbuf }

void strbuf_init(struct strbuf *sb, size_t hint);
void strbuf_release(struct strbuf *sb);
/* Returns the buffer (caller frees) and re-initialises @sb. */
char *strbuf_detach(struct strbuf *sb, size_t *len);
void strbuf_grow_slow(struct strbuf *sb, size_t extra);

/* Room for @extra more bytes; inline because output paths call it per field. */
static inline void strbuf_grow(struct strbuf *sb, size_t extra)
{
	if (sb->alloc && extra < sb->alloc - sb->len)
		return;
	strbuf_grow_slow(sb, extra);
}
void strbuf_setlen(struct strbuf *sb, size_t len);
#define strbuf_reset(sb) strbuf_setlen((sb), 0)

void strbuf_add_slow(struct strbuf *sb, const void *data, size_t len);

/*
 * Up to 32 bytes (names, mostly) copied inline as two overlapping fixed-size
 * moves: a call to memcpy per name was a tenth of `script`.
 */
static inline void strbuf_copy_small(char *dst, const char *src, size_t len)
{
	if (len >= 16) {
		__builtin_memcpy(dst, src, 16);
		__builtin_memcpy(dst + len - 16, src + len - 16, 16);
	} else if (len >= 8) {
		__builtin_memcpy(dst, src, 8);
		__builtin_memcpy(dst + len - 8, src + len - 8, 8);
	} else if (len >= 4) {
		__builtin_memcpy(dst, src, 4);
		__builtin_memcpy(dst + len - 4, src + len - 4, 4);
	} else {
		for (size_t i = 0; i < len; i++)
			dst[i] = src[i];
	}
}

static inline void strbuf_add(struct strbuf *sb, const void *data, size_t len)
{
	if (!len)
		return;	/* @data may be NULL then */
	if (sb->alloc && len < sb->alloc - sb->len) {
		if (len <= 32)
			strbuf_copy_small(sb->buf + sb->len, data, len);
		else
			__builtin_memcpy(sb->buf + sb->len, data, len);
		sb->len += len;
		sb->buf[sb->len] = '\0';
		return;
	}
	strbuf_add_slow(sb, data, len);
}

static inline void strbuf_addstr(struct strbuf *sb, const char *s)
{
	strbuf_add(sb, s, __builtin_strlen(s));
}
void strbuf_addch_slow(struct strbuf *sb, int c);

/* One byte; inline because output paths add millions of them. */
static inline void strbuf_addch(struct strbuf *sb, int c)
{
	if (sb->len + 2 <= sb->alloc) {
		sb->buf[sb->len++] = (char)c;
		sb->buf[sb->len] = '\0';
		return;
	}
	strbuf_addch_slow(sb, c);
}
void strbuf_addchars(struct strbuf *sb, int c, size_t n);
__attribute__((format(printf, 2, 3)))
void strbuf_addf(struct strbuf *sb, const char *fmt, ...);
void strbuf_vaddf(struct strbuf *sb, const char *fmt, va_list ap);
/* Append @s padded with spaces on the right to at least @width columns. */
void strbuf_addpad(struct strbuf *sb, const char *s, size_t width);
/*
 * Numbers without printf, for hot output paths: printf's "%*d" (or "%-*d",
 * "%0*d") and "%*x" semantics, padding to @width.
 */
void strbuf_addint(struct strbuf *sb, int64_t v, int width, char pad, bool left);
/* printf's "%*" PRIu64 for a @width of 0 or more */
void strbuf_adduint(struct strbuf *sb, uint64_t v, int width);
void strbuf_addhex(struct strbuf *sb, uint64_t v, int width);
/*
 * "%*.2f" of @v, digit for digit what printf prints: the double's exact
 * binary value rounded half to even. Reports print one per line.
 */
void strbuf_addfixed2(struct strbuf *sb, double v, int width);
/* @s right-aligned in @width columns ("%*s"). */
void strbuf_addrpad(struct strbuf *sb, const char *s, size_t width);

/* @s as a JSON string, quoted; <, > and & escaped too, so that it may
 * sit inside an HTML <script>. */
void strbuf_add_json_string(struct strbuf *sb, const char *s);

/* Remove trailing whitespace. */
void strbuf_rtrim(struct strbuf *sb);

#endif
