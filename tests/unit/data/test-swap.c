// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data from a big-endian machine: each record type below is written
 * here field by field twice, in our byte order and as a big-endian perf
 * writes it (numbers byte-reversed, strings, raw data and stack copies as
 * they are, attr flag bits mirrored within each byte, branch flags moved
 * as perf moves them), and the swap must turn one image into the other
 * exactly, both ways (perf 6.1's report -D of these records in a file, and
 * of the big-endian file made from it, print the same, but for the fields
 * perf itself does not turn: MMAP2's prot and flags, an attr's
 * sample_regs_intr). Any cut of an image is turned without a read
 * past it; compressed records are refused; a file's features perf-mini
 * cannot turn are left out of the big-endian image it writes.
 */
#include <byteswap.h>
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/data/header-features.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/data/swap.h"

/*
 * A field: q u64, l u32, w u16, c u8 (numbers, turned); b raw bytes and s
 * a string padded to 8 (kept); f attr flag bits (each byte mirrored); r a
 * branch entry's flags; n a u64 in our order in both images (left alone).
 */
struct field {
	char kind;
	uint64_t v;
	const char *s;
};

#define Q(x) { 'q', (x), NULL }
#define L(x) { 'l', (x), NULL }
#define W(x) { 'w', (x), NULL }
#define C(x) { 'c', (x), NULL }
#define B(n, x) { 'b', (n), (x) }
#define S(x) { 's', 0, (x) }
#define F(x) { 'f', (x), NULL }
#define R(x) { 'r', (x), NULL }
#define N(x) { 'n', (x), NULL }

#define ZEROS "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0"

struct image {
	struct strbuf native, big;
};

static uint8_t mirror(uint8_t b)
{
	uint8_t m = 0;

	for (int i = 0; i < 8; i++)
		m |= (uint8_t)(((b >> i) & 1) << (7 - i));
	return m;
}

static void put(struct image *img, const struct field *f)
{
	uint64_t v = f->v, be;
	uint8_t bytes[8];
	int n = f->kind == 'l' ? 4 : f->kind == 'w' ? 2 : f->kind == 'c' ? 1 : 8;

	switch (f->kind) {
	case 'b':
	case 's':
		n = f->kind == 'b' ? (int)f->v : (int)(strlen(f->s) + 8) / 8 * 8;
		strbuf_add(&img->native, f->s, f->kind == 'b' ? (size_t)n : strlen(f->s));
		strbuf_add(&img->big, f->s, f->kind == 'b' ? (size_t)n : strlen(f->s));
		if (f->kind == 's') {
			strbuf_addchars(&img->native, 0, n - strlen(f->s));
			strbuf_addchars(&img->big, 0, n - strlen(f->s));
		}
		return;
	case 'f':
		memcpy(bytes, &v, 8);
		strbuf_add(&img->native, bytes, 8);
		for (int i = 0; i < 8; i++)
			bytes[i] = mirror(bytes[i]);
		strbuf_add(&img->big, bytes, 8);
		return;
	case 'n':
		strbuf_add(&img->native, &v, 8);
		strbuf_add(&img->big, &v, 8);
		return;
	case 'r':
		be = bswap_64(swap_branch_flags(v, false));
		strbuf_add(&img->native, &v, 8);
		strbuf_add(&img->big, &be, 8);
		return;
	default:
		memcpy(bytes, &v, 8);		/* little-endian: the low bytes first */
		strbuf_add(&img->native, bytes, n);
		for (int i = 0; i < n; i++)
			strbuf_addch(&img->big, bytes[n - 1 - i]);
		return;
	}
}

static void put_fields(struct image *img, const struct field *f)
{
	for (; f->kind; f++)
		put(img, f);
}

/* A record: its header, its fields, and what follows it outside its size. */
struct record {
	const char *what;
	uint32_t type;
	uint16_t misc;
	struct field f[72];
	struct field after[2];
};

static void put_record(struct image *img, const struct record *r)
{
	struct image body = { STRBUF_INIT, STRBUF_INIT };
	struct field h[] = { L(r->type), W(r->misc), W(0), { 0 } };

	put_fields(&body, r->f);
	h[2].v = 8 + body.native.len;
	put_fields(img, h);
	strbuf_add(&img->native, body.native.buf, body.native.len);
	strbuf_add(&img->big, body.big.buf, body.big.len);
	put_fields(img, r->after);
	strbuf_release(&body.native);
	strbuf_release(&body.big);
}

/* the event of every sample_type field, and a small one found by its id */
#define ST_A (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	      PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | \
	      PERF_SAMPLE_PERIOD | PERF_SAMPLE_READ | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_RAW | \
	      PERF_SAMPLE_BRANCH_STACK | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | \
	      PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | \
	      PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_CGROUP | \
	      PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE | PERF_SAMPLE_AUX)
#define ST_B (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | \
	      PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD)
#define RF (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED | \
	    PERF_FORMAT_LOST)
/* disabled, mmap, comm, sample_id_all, and a high bit: bits a mirror moves */
#define ATTR_FLAGS (1ULL | 1ULL << 8 | 1ULL << 9 | 1ULL << 18 | 1ULL << 37)

/* perf_event_attr of 128 bytes (PERF_ATTR_SIZE_VER7), field by field */
#define ATTR(st, flags) L(PERF_TYPE_HARDWARE), L(128), Q(0x1234), Q(4000), Q(st), Q(RF), \
	F(flags), L(0x01020304), L(0), Q(0x1111), Q(0x2222), \
	Q(PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HW_INDEX), Q(0x7), L(16), L(1), Q(0x3), \
	L(0x10000), W(127), W(0), L(8), L(0), Q(0x5150)

/* the sample_id trailer of every kernel record: TID, TIME, ID, STREAM_ID,
 * CPU, IDENTIFIER */
#define TRAILER(id) L(1234), L(1235), Q(0x0102030405060708ULL), Q(id), Q(0x99), L(3), L(0), \
	Q(id)

static const struct record records[] = {
	{ "HEADER_ATTR, every sample field", PERF_RECORD_HEADER_ATTR, 0,
	  { ATTR(ST_A, ATTR_FLAGS), Q(100), Q(101) } },
	{ "HEADER_ATTR, a second event", PERF_RECORD_HEADER_ATTR, 0,
	  { ATTR(ST_B, ATTR_FLAGS), Q(200) } },
	{ "MMAP", PERF_RECORD_MMAP, 0,
	  { L(1234), L(1235), Q(0x400000), Q(0x1000), Q(0x200), S("/bin/cat"), TRAILER(100) } },
	{ "MMAP2", PERF_RECORD_MMAP2, 0,
	  { L(1234), L(1235), Q(0x400000), Q(0x1000), Q(0x200), L(0xfd), L(1), Q(41038), Q(7),
	    L(5), L(2), S("/bin/cat"), TRAILER(100) } },
	{ "MMAP2 with a build-id", PERF_RECORD_MMAP2, PERF_RECORD_MISC_MMAP_BUILD_ID,
	  { L(1234), L(1235), Q(0x7f0000), Q(0x2000), Q(0), B(24, "\x14\0\0\0\x01\x02\x03\x04\x05"
	    "\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f\x10\x11\x12\x13\x14"), L(5), L(2),
	    S("/lib/x.so"), TRAILER(100) } },
	{ "COMM", PERF_RECORD_COMM, PERF_RECORD_MISC_COMM_EXEC,
	  { L(1234), L(1235), S("cat"), TRAILER(100) } },
	{ "FORK", PERF_RECORD_FORK, 0,
	  { L(1235), L(1234), L(1236), L(1234), Q(0x5000), TRAILER(100) } },
	{ "EXIT", PERF_RECORD_EXIT, 0,
	  { L(1235), L(1234), L(1236), L(1234), Q(0x6000), TRAILER(100) } },
	{ "LOST", PERF_RECORD_LOST, 0, { Q(100), Q(17), TRAILER(100) } },
	{ "THROTTLE", PERF_RECORD_THROTTLE, 0, { Q(0x7000), Q(100), Q(0x99), TRAILER(100) } },
	{ "UNTHROTTLE", PERF_RECORD_UNTHROTTLE, 0, { Q(0x7100), Q(100), Q(0x99), TRAILER(100) } },
	{ "READ", PERF_RECORD_READ, 0,
	  { L(1234), L(1235), Q(1), Q(0x3000), Q(0x4242), Q(100), Q(2), TRAILER(100) } },
	{ "AUX", PERF_RECORD_AUX, 0, { Q(0x1000), Q(0x2000), Q(1), TRAILER(100) } },
	{ "ITRACE_START", PERF_RECORD_ITRACE_START, 0, { L(1234), L(1235), TRAILER(100) } },
	{ "LOST_SAMPLES", PERF_RECORD_LOST_SAMPLES, 0, { Q(5), TRAILER(100) } },
	{ "SWITCH", PERF_RECORD_SWITCH, PERF_RECORD_MISC_SWITCH_OUT, { TRAILER(100) } },
	{ "SWITCH_CPU_WIDE", PERF_RECORD_SWITCH_CPU_WIDE, 0, { L(77), L(78), TRAILER(100) } },
	{ "NAMESPACES", PERF_RECORD_NAMESPACES, 0,
	  { L(1234), L(1235), Q(2), Q(4), Q(0xf0000098), Q(4), Q(0xeffffffe), TRAILER(100) } },
	{ "KSYMBOL", PERF_RECORD_KSYMBOL, 0,
	  { Q(0xffffffffc0a01000ULL), L(336), W(1), W(2), S("bpf_prog_x"), TRAILER(100) } },
	{ "BPF_EVENT", PERF_RECORD_BPF_EVENT, 0,
	  { W(1), W(2), L(42), B(8, "\x01\x02\x03\x04\x05\x06\x07\x08"), TRAILER(100) } },
	{ "CGROUP", PERF_RECORD_CGROUP, 0, { Q(7), S("/user.slice"), TRAILER(100) } },
	{ "TEXT_POKE", PERF_RECORD_TEXT_POKE, 0,
	  { Q(0xffffffff81000000ULL), W(2), W(2), B(8, "\x90\x90\xcc\xcc\0\0\0\0"),
	    TRAILER(100) } },
	{ "COMM of the second event", PERF_RECORD_COMM, 0,
	  { L(1), L(1), S("init"), TRAILER(200) } },
	{ "SAMPLE, every field", PERF_RECORD_SAMPLE, 0,
	  { Q(100), Q(0x401234), L(1234), L(1235), Q(0x0102030405060708ULL), Q(0x7ffc1000),
	    Q(100), Q(0x99), L(3), L(0), Q(4000),
	    Q(2), Q(0x3000), Q(0x4242), Q(100), Q(0), Q(0x4343), Q(101), Q(1),	/* read */
	    Q(3), Q(-512ULL), Q(0x401234), Q(0x401000),			/* callchain */
	    L(12), B(12, "raw tp data!"),					/* raw */
	    Q(2), Q(7), Q(0x401000), Q(0x402000), R(0x12345d),		/* branches */
	    Q(0x402000), Q(0x403000), R(0xa00001ULL << 20 | 0x3),
	    Q(2), Q(0x1111), Q(0x2222), Q(0x3333),			/* user regs */
	    Q(16), B(16, "stack copy bytes"), Q(16),			/* user stack */
	    Q(0x0000002a00000100ULL), Q(0x10268100142ULL), Q(0x5),	/* weight, src, tx */
	    Q(2), Q(0x4444), Q(0x5555),					/* intr regs */
	    Q(0x12345000), Q(0x6789), Q(4096), Q(2097152),		/* phys, cgroup, pages */
	    Q(8), B(8, "aux data") } },
	{ "SAMPLE of the second event, found by its id", PERF_RECORD_SAMPLE, 0,
	  { Q(200), Q(0x501234), L(1), L(1), Q(0x0102030405060709ULL), Q(200), Q(0x98), L(1),
	    L(0), Q(1000) } },
	{ "FINISHED_ROUND", PERF_RECORD_FINISHED_ROUND, 0, { { 0 } } },
	{ "HEADER_FEATURE, HOSTNAME", PERF_RECORD_HEADER_FEATURE, 0,
	  { Q(HEADER_HOSTNAME), L(64), B(64, "pm-host" ZEROS ZEROS), B(4, ZEROS) } },
	{ "HEADER_FEATURE, NRCPUS", PERF_RECORD_HEADER_FEATURE, 0,
	  { Q(HEADER_NRCPUS), L(4), L(2) } },
	{ "HEADER_TRACING_DATA and the data after it", PERF_RECORD_HEADER_TRACING_DATA, 0,
	  { L(16), L(0) }, { B(16, "\x17\x08\x44tracing0.6" ZEROS) } },
	{ "HEADER_BUILD_ID", PERF_RECORD_HEADER_BUILD_ID, 0,
	  { L(1234), B(24, "\x01\x02\x03\x04" ZEROS), B(28, "/bin/true" ZEROS) } },
	{ "AUXTRACE and its data", PERF_RECORD_AUXTRACE, 0,
	  { Q(8), Q(0x1000), Q(0xabcdef), L(1), L(1235), L(3), L(0) }, { B(8, "PT bytes") } },
	{ "AUXTRACE_INFO", PERF_RECORD_AUXTRACE_INFO, 0, { L(1), L(0), Q(0x10), Q(0x20) } },
	{ "ID_INDEX", PERF_RECORD_ID_INDEX, 0, { Q(1), Q(100), Q(0), Q(3), Q(1235) } },
	{ "THREAD_MAP", PERF_RECORD_THREAD_MAP, 0,
	  { Q(1), Q(1235), B(16, "cat" ZEROS) } },
	{ "CPU_MAP, a list", PERF_RECORD_CPU_MAP, 0,
	  { W(0), W(3), W(0), W(1), W(0x102), B(6, ZEROS) } },
	{ "CPU_MAP, a mask of 4-byte words", PERF_RECORD_CPU_MAP, 0,
	  { W(1), W(2), W(4), L(0x80000005), L(1), B(2, ZEROS) } },
	{ "CPU_MAP, a mask of 8-byte words", PERF_RECORD_CPU_MAP, 0,
	  { W(1), W(1), W(8), B(4, ZEROS), Q(0x8000000000000010ULL), B(6, ZEROS) } },
	{ "CPU_MAP, a range", PERF_RECORD_CPU_MAP, 0,
	  { W(2), C(1), C(0), W(3), W(0x106) } },
	{ "STAT_CONFIG", PERF_RECORD_STAT_CONFIG, 0, { Q(1), Q(0), Q(2) } },
	{ "STAT", PERF_RECORD_STAT, 0,
	  { Q(100), L(3), L(1), Q(0x123456), Q(0x2000), Q(0x1000) } },
	{ "STAT_ROUND", PERF_RECORD_STAT_ROUND, 0, { Q(1), Q(0x0102030405060708ULL) } },
	{ "EVENT_UPDATE, a scale", PERF_RECORD_EVENT_UPDATE, 0,
	  { Q(1), Q(100), Q(0x3fe0000000000000ULL) } },
	{ "EVENT_UPDATE, a unit", PERF_RECORD_EVENT_UPDATE, 0, { Q(0), Q(100), S("msec") } },
	{ "TIME_CONV", PERF_RECORD_TIME_CONV, 0,
	  { Q(31), Q(0x80000000), Q(0x1000), Q(0x2000), Q(0xffffffffffff),
	    B(8, "\x01\x01" ZEROS) } },
	{ "FINISHED_INIT", PERF_RECORD_FINISHED_INIT, 0, { { 0 } } },
};

static void pipe_images(struct image *img)
{
	const struct field h[] = { Q(PERF_MAGIC2), Q(16), { 0 } };

	strbuf_init(&img->native, 0);
	strbuf_init(&img->big, 0);
	put_fields(img, h);
	for (size_t i = 0; i < sizeof(records) / sizeof(records[0]); i++)
		put_record(img, &records[i]);
}

static void image_release(struct image *img)
{
	strbuf_release(&img->native);
	strbuf_release(&img->big);
}

/* Where the two images first differ, by record, for the message. */
static const char *first_difference(const uint8_t *a, const uint8_t *b, size_t len)
{
	size_t off = 16;

	for (size_t i = 0; i < sizeof(records) / sizeof(records[0]); i++) {
		struct image one = { STRBUF_INIT, STRBUF_INIT };
		size_t end;

		put_record(&one, &records[i]);
		end = off + one.native.len;
		image_release(&one);
		if (end > len || memcmp(a + off, b + off, end - off))
			return records[i].what;
		off = end;
	}
	return memcmp(a, b, 16) ? "the header" : "none";
}

static void swap_to(const struct strbuf *from, const struct strbuf *want, bool to_native)
{
	struct strbuf err = STRBUF_INIT;
	uint8_t *buf = malloc(from->len);

	assert_non_null(buf);
	memcpy(buf, from->buf, from->len);
	assert_int_equal(perf_data__swap_image(buf, from->len, to_native, &err), 0);
	assert_int_equal(err.len, 0);
	if (memcmp(buf, want->buf, want->len))
		print_message("%s: first wrong in %s\n", to_native ? "to ours" : "to big-endian",
			      first_difference(buf, (const uint8_t *)want->buf, want->len));
	assert_memory_equal(buf, want->buf, want->len);
	free(buf);
	strbuf_release(&err);
}

static void test_swap__every_record_both_ways(void **state)
{
	struct image img;

	(void)state;
	pipe_images(&img);
	swap_to(&img.native, &img.big, false);
	swap_to(&img.big, &img.native, true);
	image_release(&img);
}

/* A stream cut anywhere: what is whole is turned, nothing past the cut read. */
static void test_swap__any_cut(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct image img;

	(void)state;
	pipe_images(&img);
	for (size_t len = 0; len < img.native.len; len++) {
		for (int way = 0; way < 2; way++) {
			const struct strbuf *from = way ? &img.big : &img.native;
			uint8_t *buf = malloc(len ? len : 1);	/* exactly the cut's bytes */

			assert_non_null(buf);
			memcpy(buf, from->buf, len);
			assert_int_equal(perf_data__swap_image(buf, len, way, &err), 0);
			free(buf);
		}
	}
	assert_int_equal(err.len, 0);
	image_release(&img);
}

/* perf's evsel__bitfield_swap_branch_flags(): mispred, predicted, in_tx,
 * abort, cycles (16 bits), type (4), the 40 bits left, each field at the
 * other end of the word. */
static void test_swap__branch_flags(void **state)
{
	static const struct {
		uint64_t native, big;
	} flags[] = {
		{ 0, 0 },
		{ 1, 1ULL << 63 },			/* mispred */
		{ 2, 1ULL << 62 },			/* predicted */
		{ 4, 1ULL << 61 },			/* in_tx */
		{ 8, 1ULL << 60 },			/* abort */
		{ 0xabcdULL << 4, 0xabcdULL << 44 },	/* cycles */
		{ 0x9ULL << 20, 0x9ULL << 40 },		/* type */
		{ 0x123456789aULL << 24, 0x123456789aULL },	/* the rest */
		{ 0x5ULL << 20 | 0x1234ULL << 4 | 1, 0x5ULL << 40 | 0x1234ULL << 44 | 1ULL << 63 },
		{ ~0ULL, ~0ULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(flags) / sizeof(flags[0]); i++) {
		assert_int_equal(swap_branch_flags(flags[i].native, false), flags[i].big);
		assert_int_equal(swap_branch_flags(flags[i].big, true), flags[i].native);
	}
}

static void test_swap__compressed_refused(void **state)
{
	const struct record z = { "COMPRESSED", PERF_RECORD_COMPRESSED, 0,
				  { B(8, "\x28\xb5\x2f\xfd\0\0\0\0") } };
	const struct field h[] = { Q(PERF_MAGIC2), Q(16), { 0 } };
	struct strbuf err = STRBUF_INIT;
	struct image img = { STRBUF_INIT, STRBUF_INIT };

	(void)state;
	put_fields(&img, h);
	put_record(&img, &records[0]);
	put_record(&img, &z);
	for (int way = 0; way < 2; way++) {
		struct strbuf *from = way ? &img.big : &img.native;

		assert_int_equal(perf_data__swap_image((uint8_t *)from->buf, from->len, way, &err),
				 -ENOTSUP);
		assert_string_equal(err.buf, "byte-swapped files with compressed records "
					     "(record -z) are not supported");
		strbuf_reset(&err);
	}
	strbuf_release(&err);
	image_release(&img);
}

/*
 * A file: header, an id, an attr, a record of data, and three features:
 * HOSTNAME, NRCPUS, and BPF_PROG_INFO, which perf-mini does not turn: the
 * big-endian image leaves it out (bit cleared, the table closed up: its
 * old entry and payload stay as they were, after what the table lists).
 */
#define FILE_HEADER(bits) Q(PERF_MAGIC2), Q(104), Q(144), Q(112), Q(144), Q(256), Q(8), Q(0), \
	Q(0), Q(bits), Q(0), Q(0), Q(0)
#define FEAT_BITS (1ULL << HEADER_HOSTNAME | 1ULL << HEADER_NRCPUS | \
		   1ULL << HEADER_BPF_PROG_INFO)
#define KEPT_BITS (1ULL << HEADER_HOSTNAME | 1ULL << HEADER_NRCPUS)
#define FILE_BODY Q(100), ATTR(ST_B, ATTR_FLAGS), Q(104), Q(8), \
	L(PERF_RECORD_FINISHED_ROUND), W(0), W(8)
#define FEAT_PAYLOADS L(64), B(64, "pm-host" ZEROS ZEROS), L(4), L(2)
#define BPF_PAYLOAD B(16, "\x01\0\0\0bpf prog info")

static void test_swap__file_features(void **state)
{
	const struct field native[] = {
		FILE_HEADER(FEAT_BITS), FILE_BODY, Q(312), Q(68), Q(380), Q(8), N(388), N(16),
		FEAT_PAYLOADS, BPF_PAYLOAD, { 0 } };
	const struct field big_kept[] = {
		FILE_HEADER(KEPT_BITS), FILE_BODY, Q(312), Q(68), Q(380), Q(8), N(388), N(16),
		FEAT_PAYLOADS, BPF_PAYLOAD, { 0 } };
	struct image in = { STRBUF_INIT, STRBUF_INIT }, out = { STRBUF_INIT, STRBUF_INIT };
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;

	(void)state;
	put_fields(&in, native);
	put_fields(&out, big_kept);
	assert_int_equal(in.native.len, 404);
	swap_to(&in.native, &out.big, false);
	swap_to(&out.big, &out.native, true);	/* ours again, less BPF_PROG_INFO */

	/* and the reader turns a big-endian file as it opens it */
	assert_int_equal(perf_data__open_buffer(&pd, "big.data", out.big.buf, out.big.len, &err),
			 0);
	assert_int_equal(pd.nr_evsels, 1);
	assert_int_equal(pd.evsels[0]->attr.sample_type, ST_B);
	assert_true(pd.evsels[0]->attr.sample_id_all);
	assert_int_equal(pd.evsels[0]->ids[0], 100);
	assert_string_equal(pd.feat.hostname, "pm-host");
	assert_int_equal(pd.feat.nr_cpus_avail, 4);
	assert_false(perf_data__has_feat(&pd, HEADER_BPF_PROG_INFO));
	perf_data__close(&pd);
	image_release(&in);
	image_release(&out);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swap__every_record_both_ways),
		cmocka_unit_test(test_swap__any_cut),
		cmocka_unit_test(test_swap__branch_flags),
		cmocka_unit_test(test_swap__compressed_refused),
		cmocka_unit_test(test_swap__file_features),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
