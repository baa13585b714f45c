/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DECOMPRESS_H
#define PM_DECOMPRESS_H

/*
 * PERF_RECORD_COMPRESSED (record -z): each record carries a zstd frame
 * whose contents are ordinary records. Decompressed records are kept in an
 * arena for the life of the file (ordered delivery refers back to them),
 * addressed by "virtual offsets" past the end of the file.
 */
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

struct pd_arena {
	uint8_t *buf;
	size_t len, alloc;
	size_t parsed;		/* records before this were handed out; a record
				 * may continue in the next frame */
	void *dctx;		/* ZSTD_DCtx, made on first use */
};

/*
 * Decompress @len bytes at @src and append them to @a. Returns the offset
 * in the arena where they start, or a negative errno with @err set.
 */
int64_t pd_arena__decompress(struct pd_arena *a, const void *src, size_t len,
			     struct strbuf *err);
void pd_arena__exit(struct pd_arena *a);

/* Compress @len bytes into zstd frames of at most @max_frame output bytes
 * each, calling @emit per frame. Returns 0 or a negative errno. */
struct compressor {
	void *cctx;
	int level;
};
int compressor__init(struct compressor *c, int level);
int compressor__frames(struct compressor *c, const void *src, size_t len, size_t max_frame,
		       int (*emit)(void *ctx, const void *frame, size_t size), void *ctx);
void compressor__exit(struct compressor *c);

#endif
