// SPDX-License-Identifier: GPL-2.0
/*
 * A stream is judged as it arrives: what can never be perf.data (a bad
 * magic, a header size no perf writes, a pipe-mode record smaller than
 * its own header) is refused as soon as its bytes are in, wherever the
 * reads happen to cut it; what might still turn out whole (a stream cut
 * short, a file-mode or big-endian image, trace data carried after a
 * record) is left for the reader. Each stream below is fed whole, one
 * byte at a time and in uneven pieces, with the same verdict each way.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/data/perf-data-format.h"
#include "../../../util/data/stream-check.h"

struct stream {
	uint8_t buf[512];
	size_t len;
};

static void put(struct stream *s, const void *p, size_t n)
{
	assert_true(s->len + n <= sizeof(s->buf));
	memcpy(s->buf + s->len, p, n);
	s->len += n;
}

static void put_u64(struct stream *s, uint64_t v)
{
	put(s, &v, 8);
}

static void put_record(struct stream *s, uint32_t type, uint16_t size)
{
	struct pm_event_header h = { .type = type, .size = size };

	put(s, &h, sizeof(h));
	for (size_t i = sizeof(h); i < size; i++)
		put(s, "", 1);
}

enum shape {
	PIPE_RECORDS,		/* pipe header, a few good records */
	PIPE_CUT,		/* ... the last one cut short */
	ZEROS,			/* /dev/zero */
	TEXT,			/* a text file */
	HEADER_SIZE_50,		/* the right magic, a header of no perf size */
	RECORD_SIZE_4,		/* a pipe record smaller than its header */
	TRACING_DATA,		/* a record with data after it, then a good one */
	TRACING_DATA_THEN_BAD,	/* ... then a bad one after the carried bytes */
	AUX_FAR,		/* payload sizes no stream holds: the reader's, */
	AUX_WRAP_TO_ITSELF,	/* ... also where offset + size + payload wraps */
	AUX_WRAP_FORWARD,	/* around to this record or just after it */
	FILE_HEADER,		/* file mode: the header checked only */
	OLD_FILE_HEADER,	/* file mode before adds_features */
	SWAPPED_PIPE,		/* big-endian pipe: its header swapped, no walk */
	SWAPPED_BAD_SIZE,	/* big-endian, a size no header has */
	PERFFILE_V1,		/* perf's first magic, any size */
};

static void make(struct stream *s, enum shape shape)
{
	memset(s, 0, sizeof(*s));
	switch (shape) {
	case ZEROS:
		s->len = 64;
		return;
	case TEXT:
		put(s, "# this is not perf.data\n", 24);
		return;
	case FILE_HEADER:
	case OLD_FILE_HEADER:
		put_u64(s, PERF_MAGIC2);
		put_u64(s, shape == FILE_HEADER ? 104 : 72);
		put_record(s, 0, 4);	/* file mode: no walk of these bytes */
		return;
	case SWAPPED_PIPE:
	case SWAPPED_BAD_SIZE:
		put_u64(s, PERF_MAGIC2_SWAPPED);
		put_u64(s, __builtin_bswap64(shape == SWAPPED_PIPE ? 16 : 17));
		put_record(s, 0, 4);
		return;
	case PERFFILE_V1:
		put_u64(s, PERF_MAGIC1);
		put_u64(s, 999);
		return;
	default:
		break;
	}
	put_u64(s, PERF_MAGIC2);
	put_u64(s, shape == HEADER_SIZE_50 ? 50 : 16);
	put_record(s, PERF_RECORD_HEADER_ATTR, 136);
	switch (shape) {
	case PIPE_CUT:
		put_record(s, PERF_RECORD_FINISHED_ROUND, 8);
		put_record(s, PERF_RECORD_COMM, 32);
		s->len -= 5;
		break;
	case RECORD_SIZE_4:
		put_record(s, PERF_RECORD_FINISHED_ROUND, 8);
		put_record(s, PERF_RECORD_MMAP, 4);
		break;
	case TRACING_DATA:
	case TRACING_DATA_THEN_BAD: {
		/* u32 size in the record; its bytes follow, outside it */
		struct { struct pm_event_header h; uint32_t size, pad; } td = {
			{ PERF_RECORD_HEADER_TRACING_DATA, 0, 16 }, 24, 0 };

		put(s, &td, sizeof(td));
		for (int i = 0; i < 24; i++)	/* zeros: no record's */
			put(s, "", 1);
		put_record(s, PERF_RECORD_FINISHED_ROUND, shape == TRACING_DATA ? 8 : 2);
		break;
	}
	case AUX_FAR:
	case AUX_WRAP_TO_ITSELF:
	case AUX_WRAP_FORWARD: {
		struct { struct pm_event_header h; uint64_t size; } aux = {
			{ PERF_RECORD_AUXTRACE, 0, 16 },
			shape == AUX_FAR ? UINT64_MAX - 100 :
			shape == AUX_WRAP_TO_ITSELF ? UINT64_MAX - 15 : UINT64_MAX - 8 };

		put(s, &aux, sizeof(aux));
		put_record(s, 0, 2);	/* beyond a payload no stream holds */
		break;
	}
	default:
		put_record(s, PERF_RECORD_FINISHED_ROUND, 8);
		put_record(s, PERF_RECORD_COMM, 32);
		break;
	}
}

static const struct stream_case {
	const char *what;
	enum shape shape;
	const char *err;	/* NULL: read on */
	bool walk;
} cases[] = {
	{ "pipe records", PIPE_RECORDS, NULL, true },
	{ "pipe records, cut short", PIPE_CUT, NULL, true },
	{ "/dev/zero", ZEROS, "'s' is not a perf.data file (bad magic at offset 0)" },
	{ "a text file", TEXT, "'s' is not a perf.data file (bad magic at offset 0)" },
	{ "a header of 50 bytes", HEADER_SIZE_50,
	  "'s': its header claims 50 bytes, which no perf.data header has (16 in a pipe, "
	  "104 in a file): not a perf.data stream" },
	{ "a record of 4 bytes", RECORD_SIZE_4,
	  "'s': record at offset 0xa0 has size 4 (smaller than its 8-byte header): "
	  "not a perf.data stream" },
	{ "tracing data carried after its record", TRACING_DATA, NULL, true },
	{ "a bad record after tracing data", TRACING_DATA_THEN_BAD,
	  "'s': record at offset 0xc0 has size 2 (smaller than its 8-byte header): "
	  "not a perf.data stream" },
	{ "an AUXTRACE payload past any stream", AUX_FAR, NULL, true },
	{ "... that wraps around to its own record", AUX_WRAP_TO_ITSELF, NULL, true },
	{ "... that wraps around to just after it", AUX_WRAP_FORWARD, NULL, true },
	{ "file mode", FILE_HEADER, NULL, false },
	{ "file mode, header before adds_features", OLD_FILE_HEADER, NULL, false },
	{ "big-endian pipe", SWAPPED_PIPE, NULL, false },
	{ "big-endian, a header of 17 bytes", SWAPPED_BAD_SIZE,
	  "'s': its header claims 17 bytes, which no perf.data header has (16 in a pipe, "
	  "104 in a file): not a perf.data stream" },
	{ "PERFFILE (perf's first format)", PERFFILE_V1, NULL, false },
};

/* Feed @s in pieces of @step bytes (0: whole); the first error, or 0. */
static int feed(const struct stream *s, size_t step, struct stream_check *sc,
		struct strbuf *err)
{
	size_t len = 0;
	int ret;

	memset(sc, 0, sizeof(*sc));
	do {
		len = step && len + step < s->len ? len + step : s->len;
		ret = stream_check__feed(sc, s->buf, len, "'s'", err);
	} while (!ret && len < s->len);
	return ret;
}

static void test_stream_check__verdicts(void **state)
{
	static const size_t steps[] = { 0, 1, 7, 13 };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct stream_case *c = &cases[i];
		struct stream s;

		print_message("stream check: %s\n", c->what);
		make(&s, c->shape);
		for (size_t k = 0; k < sizeof(steps) / sizeof(steps[0]); k++) {
			struct strbuf err = STRBUF_INIT;
			struct stream_check sc;
			int ret = feed(&s, steps[k], &sc, &err);

			assert_int_equal(ret, c->err ? -EINVAL : 0);
			assert_string_equal(err.buf, c->err ?: "");
			if (!c->err)
				assert_int_equal(sc.walk, c->walk);
			strbuf_release(&err);
		}
	}
}

/* Nothing is judged before its bytes are there. */
static void test_stream_check__waits_for_bytes(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct stream_check sc = { 0 };
	struct stream s;

	(void)state;
	make(&s, HEADER_SIZE_50);
	assert_int_equal(stream_check__feed(&sc, s.buf, 0, "x", &err), 0);
	assert_int_equal(stream_check__feed(&sc, s.buf, 7, "x", &err), 0);
	assert_int_equal(stream_check__feed(&sc, s.buf, 15, "x", &err), 0);	/* magic fine */
	assert_false(sc.header_done);
	assert_int_equal(stream_check__feed(&sc, s.buf, 16, "x", &err), -EINVAL);
	strbuf_release(&err);

	make(&s, PIPE_RECORDS);
	memset(&sc, 0, sizeof(sc));
	assert_int_equal(stream_check__feed(&sc, s.buf, 16, "x", &err), 0);
	assert_true(sc.header_done);
	assert_int_equal(sc.next, 16);
	assert_int_equal(stream_check__feed(&sc, s.buf, 16 + 135, "x", &err), 0);
	assert_int_equal(sc.next, 16);		/* the attr record is not whole yet */
	assert_int_equal(stream_check__feed(&sc, s.buf, 16 + 136, "x", &err), 0);
	assert_int_equal(sc.next, 16 + 136);
	assert_int_equal(stream_check__feed(&sc, s.buf, s.len, "x", &err), 0);
	assert_int_equal(sc.next, s.len);
	assert_int_equal(err.len, 0);
}

static void test_stream_check__payloads(void **state)
{
	struct { struct pm_event_header h; uint64_t size; } aux = {
		{ PERF_RECORD_AUXTRACE, 0, 48 }, 0x123456789ULL };
	struct { struct pm_event_header h; uint32_t size, pad; } td = {
		{ PERF_RECORD_HEADER_TRACING_DATA, 0, 16 }, 4096, 0 };
	struct pm_event_header comm = { PERF_RECORD_COMM, 0, 16 };

	(void)state;
	assert_int_equal(pipe_record__payload(&aux.h, (const uint8_t *)&aux), 0x123456789ULL);
	assert_int_equal(pipe_record__payload(&td.h, (const uint8_t *)&td), 4096);
	assert_int_equal(pipe_record__payload(&comm, (const uint8_t *)&comm), 0);
	aux.h.size = 8;		/* too small to hold the size: none read */
	td.h.size = 8;
	assert_int_equal(pipe_record__payload(&aux.h, (const uint8_t *)&aux), 0);
	assert_int_equal(pipe_record__payload(&td.h, (const uint8_t *)&td), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stream_check__verdicts),
		cmocka_unit_test(test_stream_check__waits_for_bytes),
		cmocka_unit_test(test_stream_check__payloads),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
