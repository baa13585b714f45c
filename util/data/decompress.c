// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <zstd.h>

#include "decompress.h"

/* A hostile frame must not make us allocate without bound. */
#define MAX_ARENA (1ULL << 34)

static int reserve(struct pd_arena *a, size_t extra)
{
	size_t na;
	uint8_t *nb;

	if (a->len + extra <= a->alloc)
		return 0;
	na = a->alloc ? a->alloc : 1 << 20;
	while (na < a->len + extra)
		na *= 2;
	if (na > MAX_ARENA)
		return -EFBIG;
	nb = realloc(a->buf, na);
	if (!nb)
		return -ENOMEM;
	a->buf = nb;
	a->alloc = na;
	return 0;
}

int64_t pd_arena__decompress(struct pd_arena *a, const void *src, size_t len,
			     struct strbuf *err)
{
	ZSTD_inBuffer in = { src, len, 0 };
	size_t start = a->len;

	if (!a->dctx && !(a->dctx = ZSTD_createDCtx()))
		return -ENOMEM;
	while (in.pos < in.size) {
		ZSTD_outBuffer out;
		size_t ret;

		if (reserve(a, 1 << 16)) {
			strbuf_addstr(err, "compressed records expand beyond 16 GiB");
			return -EFBIG;
		}
		out = (ZSTD_outBuffer){ a->buf + a->len, a->alloc - a->len, 0 };
		ret = ZSTD_decompressStream(a->dctx, &out, &in);
		if (ZSTD_isError(ret)) {
			strbuf_addf(err, "corrupt compressed data (%s)", ZSTD_getErrorName(ret));
			ZSTD_DCtx_reset(a->dctx, ZSTD_reset_session_only);
			a->len = start;
			return -EINVAL;
		}
		a->len += out.pos;
		if (!ret && in.pos == in.size)
			break;
		if (!out.pos && in.pos == in.size)
			break;
	}
	return (int64_t)start;
}

void pd_arena__exit(struct pd_arena *a)
{
	free(a->buf);
	if (a->dctx)
		ZSTD_freeDCtx(a->dctx);
	memset(a, 0, sizeof(*a));
}

int compressor__init(struct compressor *c, int level)
{
	c->level = level;
	c->cctx = ZSTD_createCCtx();
	if (!c->cctx)
		return -ENOMEM;
	ZSTD_CCtx_setParameter(c->cctx, ZSTD_c_compressionLevel, level);
	return 0;
}

int compressor__frames(struct compressor *c, const void *src, size_t len, size_t max_frame,
		       int (*emit)(void *ctx, const void *frame, size_t size), void *ctx)
{
	uint8_t *dst = malloc(max_frame);
	ZSTD_inBuffer in = { src, len, 0 };
	int err = 0;

	if (!dst)
		return -ENOMEM;
	/* one complete frame per record: each can be read on its own */
	while (!err && in.pos < in.size) {
		size_t chunk = in.size - in.pos;
		ZSTD_inBuffer part;
		ZSTD_outBuffer out = { dst, max_frame, 0 };
		size_t left;

		/* keep each frame's input small enough for its output to fit */
		if (chunk > max_frame / 2)
			chunk = max_frame / 2;
		part = (ZSTD_inBuffer){ (const uint8_t *)src + in.pos, chunk, 0 };
		left = ZSTD_compressStream2(c->cctx, &out, &part, ZSTD_e_end);
		if (ZSTD_isError(left) || left) {
			err = -EOVERFLOW;
			break;
		}
		in.pos += part.pos;
		err = emit(ctx, dst, out.pos);
	}
	free(dst);
	return err;
}

void compressor__exit(struct compressor *c)
{
	if (c->cctx)
		ZSTD_freeCCtx(c->cctx);
	c->cctx = NULL;
}
