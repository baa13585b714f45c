// SPDX-License-Identifier: GPL-2.0
/*
 * record -z: the compressor cuts any input into zstd frames no larger
 * than the record that carries them, each readable on its own; the
 * arena gives back exactly the bytes that went in, appended frame after
 * frame at the offsets it returns, through a growth past its first
 * megabyte. A corrupt frame is refused with zstd's reason and leaves the
 * arena as it was, ready for the next good frame.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/data/decompress.h"

struct frames {
	uint8_t **frame;
	size_t *size;
	size_t nr;
	size_t max;		/* the largest a frame may be */
	int fail_at;		/* emit fails on this frame (1-based), 0: never */
};

static int keep_frame(void *ctx, const void *frame, size_t size)
{
	struct frames *f = ctx;

	if (f->fail_at && (int)f->nr + 1 == f->fail_at)
		return -ENOSPC;
	assert_true(size <= f->max);
	f->frame = realloc(f->frame, (f->nr + 1) * sizeof(*f->frame));
	f->size = realloc(f->size, (f->nr + 1) * sizeof(*f->size));
	assert_non_null(f->frame);
	assert_non_null(f->size);
	f->frame[f->nr] = malloc(size);
	assert_non_null(f->frame[f->nr]);
	memcpy(f->frame[f->nr], frame, size);
	f->size[f->nr++] = size;
	return 0;
}

static void frames_free(struct frames *f)
{
	for (size_t i = 0; i < f->nr; i++)
		free(f->frame[i]);
	free(f->frame);
	free(f->size);
}

enum fill { TEXT, RANDOM, ZEROS };

static void fill(uint8_t *p, size_t len, enum fill how)
{
	uint64_t x = 88172645463325252ULL;

	for (size_t i = 0; i < len; i++) {
		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		p[i] = how == ZEROS ? 0 : how == RANDOM ? (uint8_t)x : "perf-mini record "[i % 17];
	}
}

static const struct zstd_case {
	const char *what;
	size_t len;
	enum fill fill;
	size_t max_frame;
	size_t nr_frames;
} cases[] = {
	{ "nothing", 0, TEXT, 65527, 0 },
	{ "one byte", 1, TEXT, 65527, 1 },
	{ "text in one frame", 30000, TEXT, 65527, 1 },
	{ "text past one frame's input", 100000, TEXT, 65527, 4 },
	{ "random bytes, which do not compress", 200000, RANDOM, 65527, 7 },
	{ "zeros past the arena's first megabyte", 3 << 20, ZEROS, 65527, 97 },
	{ "small frames", 5000, RANDOM, 512, 20 },
};

static void run_case(const struct zstd_case *c)
{
	struct frames f = { .max = c->max_frame };
	struct compressor z;
	struct pd_arena a = { 0 };
	struct strbuf err = STRBUF_INIT;
	uint8_t *in = malloc(c->len ? c->len : 1);
	size_t at = 0;

	assert_non_null(in);
	fill(in, c->len, c->fill);
	assert_int_equal(compressor__init(&z, 3), 0);
	assert_int_equal(z.level, 3);
	assert_int_equal(compressor__frames(&z, in, c->len, c->max_frame, keep_frame, &f), 0);
	compressor__exit(&z);
	assert_null(z.cctx);
	assert_int_equal(f.nr, c->nr_frames);
	/* each frame on its own, appended where the last one ended */
	for (size_t i = 0; i < f.nr; i++) {
		assert_int_equal(pd_arena__decompress(&a, f.frame[i], f.size[i], &err), at);
		assert_true(a.len > at);
		at = a.len;
	}
	assert_int_equal(a.len, c->len);
	if (c->len)
		assert_memory_equal(a.buf, in, c->len);
	assert_int_equal(err.len, 0);
	pd_arena__exit(&a);
	assert_null(a.buf);
	assert_int_equal(a.len, 0);
	frames_free(&f);
	free(in);
}

static void test_decompress__round_trips(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_message("zstd: %s\n", cases[i].what);
		run_case(&cases[i]);
	}
}

/* Frames made and read one at a time: a frame is also whole on its own. */
static void compress_text(size_t len, struct frames *f)
{
	struct compressor z;
	uint8_t *in = malloc(len);

	assert_non_null(in);
	fill(in, len, TEXT);
	f->max = 65527;
	assert_int_equal(compressor__init(&z, 1), 0);
	assert_int_equal(compressor__frames(&z, in, len, 65527, keep_frame, f), 0);
	compressor__exit(&z);
	free(in);
}

static void test_decompress__corrupt_frame(void **state)
{
	struct frames f = { 0 };
	struct pd_arena a = { 0 };
	struct strbuf err = STRBUF_INIT;
	uint8_t junk[64];

	(void)state;
	compress_text(1000, &f);
	assert_int_equal(f.nr, 1);
	assert_int_equal(pd_arena__decompress(&a, f.frame[0], f.size[0], &err), 0);
	assert_int_equal(a.len, 1000);

	memset(junk, 0xa5, sizeof(junk));	/* no zstd magic */
	assert_int_equal(pd_arena__decompress(&a, junk, sizeof(junk), &err), -EINVAL);
	assert_int_equal(a.len, 1000);
	assert_int_equal(strncmp(err.buf, "corrupt compressed data (", 25), 0);
	assert_int_equal(err.buf[err.len - 1], ')');
	strbuf_reset(&err);

	/* the frame's magic, then its body damaged */
	memcpy(junk, f.frame[0], 8);
	assert_int_equal(pd_arena__decompress(&a, junk, sizeof(junk), &err), -EINVAL);
	assert_int_equal(a.len, 1000);
	assert_true(err.len > 0);
	strbuf_reset(&err);

	/* after the errors, the same good frame still reads, after the first */
	assert_int_equal(pd_arena__decompress(&a, f.frame[0], f.size[0], &err), 1000);
	assert_int_equal(a.len, 2000);
	assert_memory_equal(a.buf, a.buf + 1000, 1000);
	assert_int_equal(err.len, 0);
	pd_arena__exit(&a);
	pd_arena__exit(&a);	/* again: nothing left to free */
	frames_free(&f);
	strbuf_release(&err);
}

/* A frame handed over in two pieces reads as the whole frame. */
static void test_decompress__frame_in_pieces(void **state)
{
	struct frames f = { 0 };
	struct pd_arena a = { 0 };
	struct strbuf err = STRBUF_INIT;
	uint8_t *in = malloc(20000);
	int64_t second;

	(void)state;
	assert_non_null(in);
	fill(in, 20000, TEXT);
	compress_text(20000, &f);
	assert_int_equal(f.nr, 1);
	assert_int_equal(pd_arena__decompress(&a, f.frame[0], f.size[0] / 2, &err), 0);
	second = (int64_t)a.len;
	assert_true(second < 20000);
	assert_int_equal(pd_arena__decompress(&a, f.frame[0] + f.size[0] / 2,
					      f.size[0] - f.size[0] / 2, &err), second);
	assert_int_equal(a.len, 20000);
	assert_memory_equal(a.buf, in, 20000);
	pd_arena__exit(&a);
	frames_free(&f);
	free(in);
}

/* A frame cannot fit a record this small; an emit that fails stops it all. */
static void test_decompress__frames_refused(void **state)
{
	struct frames f = { .max = 16 };
	struct compressor z;
	uint8_t in[4096];

	(void)state;
	fill(in, sizeof(in), RANDOM);
	assert_int_equal(compressor__init(&z, 3), 0);
	assert_int_equal(compressor__frames(&z, in, sizeof(in), 16, keep_frame, &f), -EOVERFLOW);
	assert_int_equal(f.nr, 0);
	compressor__exit(&z);
	compressor__exit(&z);	/* again: a no-op */

	f = (struct frames){ .max = 512, .fail_at = 3 };
	assert_int_equal(compressor__init(&z, 3), 0);
	assert_int_equal(compressor__frames(&z, in, sizeof(in), 512, keep_frame, &f), -ENOSPC);
	assert_int_equal(f.nr, 2);	/* none after the failure */
	compressor__exit(&z);
	frames_free(&f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decompress__round_trips),
		cmocka_unit_test(test_decompress__corrupt_frame),
		cmocka_unit_test(test_decompress__frame_in_pieces),
		cmocka_unit_test(test_decompress__frames_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
