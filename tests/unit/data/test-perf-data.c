// SPDX-License-Identifier: GPL-2.0
/* perf.data writing and reading back: header, attrs and ids, features
 * (strings, counts, event descriptions, build-ids), records, pipe mode,
 * and damaged headers. */
#include <linux/perf_event.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/data/header-features.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/data/writer.h"
#include "../../../util/record/host-features.h"

static const uint64_t ids_a[] = { 11, 12 }, ids_b[] = { 21, 22 };

static void events(struct perf_event_attr *a, struct perf_event_attr *b,
		   struct pd_write_event *ev)
{
	memset(a, 0, sizeof(*a));
	memset(b, 0, sizeof(*b));
	a->type = PERF_TYPE_SOFTWARE;
	a->config = PERF_COUNT_SW_CPU_CLOCK;
	a->sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ID;
	a->sample_id_all = 1;
	*b = *a;
	b->config = PERF_COUNT_SW_PAGE_FAULTS;
	ev[0] = (struct pd_write_event){ a, ids_a, 2, "cpu-clock" };
	ev[1] = (struct pd_write_event){ b, ids_b, 2, "page-faults:u" };
}

/* One sample of event b: IP, TID, ID. */
static void write_sample(struct perf_data_writer *w)
{
	uint64_t rec[4] = { 0, 0x401000, (uint64_t)6 << 32 | 5, 21 };
	struct pm_event_header h = { .type = PERF_RECORD_SAMPLE, .size = sizeof(rec) };

	memcpy(rec, &h, sizeof(h));
	perf_data_writer__write(w, rec, sizeof(rec));
}

struct walk {
	int samples;
	const char *name;
};

static int count_samples(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off,
			 void *ctx)
{
	struct walk *w = ctx;
	struct pd_evsel *e;

	(void)off;
	if (ev->type != PERF_RECORD_SAMPLE)
		return 0;
	e = perf_data__evsel_of(pd, ev);
	w->samples++;
	w->name = e ? e->name : NULL;
	return 0;
}

static void test_perf_data__file_round_trip(void **state)
{
	char path[] = "/tmp/pm-unit-XXXXXX";
	const char *argv[] = { "perf-mini", "record", "--", "true" };
	struct build_id_entry bid = { "/bin/true", { 1, 2, 3, 4 }, 20, false };
	struct perf_event_attr a, b;
	struct pd_write_event ev[2];
	struct perf_data_writer w;
	struct host_features hf;
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	struct walk walk = { 0 };
	int fd = mkstemp(path);

	(void)state;
	close(fd);
	events(&a, &b, ev);
	assert_int_equal(perf_data_writer__open(&w, path, ev, 2, NULL, 0, &err), 0);
	write_sample(&w);
	host_features__build(&hf, &(struct host_features_src){ .argc = 4, .argv = argv, .events = ev,
				   .nr_events = 2, .build_ids = &bid, .nr_build_ids = 1 });
	assert_int_equal(perf_data_writer__finish(&w, ev, 2, hf.v, hf.nr, &err), 0);
	host_features__exit(&hf);

	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	assert_false(pd.pipe);
	assert_int_equal(pd.nr_evsels, 2);
	assert_int_equal(pd.evsels[1]->attr.config, PERF_COUNT_SW_PAGE_FAULTS);
	assert_int_equal(pd.evsels[1]->ids[1], 22);
	assert_string_equal(pd.evsels[1]->name, "page-faults:u");
	assert_true(perf_data__has_feat(&pd, HEADER_HOSTNAME));
	assert_non_null(pd.feat.hostname);
	assert_int_equal(pd.feat.nr_cmdline, 4);
	assert_string_equal(pd.feat.cmdline[3], "true");
	assert_int_equal(pd.feat.nr_build_ids, 1);
	assert_string_equal(pd.feat.build_ids[0].filename, "/bin/true");
	assert_int_equal(pd.feat.build_ids[0].size, 20);
	assert_int_equal(pd.feat.build_ids[0].id[3], 4);
	assert_int_equal(perf_data__for_each_record(&pd, count_samples, &walk, &err), 0);
	assert_int_equal(walk.samples, 1);
	assert_string_equal(walk.name, "page-faults:u");	/* found by id 21 */
	perf_data__close(&pd);
	unlink(path);
	strbuf_release(&err);
}

static void test_perf_data__pipe_round_trip(void **state)
{
	char path[] = "/tmp/pm-unit-XXXXXX";
	const char *argv[] = { "perf-mini" };
	struct perf_event_attr a, b;
	struct pd_write_event ev[2];
	struct perf_data_writer w;
	struct host_features hf;
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	struct walk walk = { 0 };
	int fd = mkstemp(path), saved = dup(STDOUT_FILENO);

	(void)state;
	events(&a, &b, ev);
	host_features__build(&hf, &(struct host_features_src){ .argc = 1, .argv = argv, .events = ev,
				   .nr_events = 2, .pipe = true });
	dup2(fd, STDOUT_FILENO);	/* pipe mode writes to stdout */
	assert_int_equal(perf_data_writer__open(&w, "-", ev, 2, hf.v, hf.nr, &err), 0);
	write_sample(&w);
	assert_int_equal(perf_data_writer__finish(&w, ev, 2, NULL, 0, &err), 0);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(fd);
	host_features__exit(&hf);

	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	assert_true(pd.pipe);
	assert_int_equal(perf_data__for_each_record(&pd, count_samples, &walk, &err), 0);
	assert_int_equal(pd.nr_evsels, 2);	/* learnt from HEADER_ATTR records */
	assert_string_equal(walk.name, "page-faults:u");	/* EVENT_DESC feature */
	assert_non_null(pd.feat.osrelease);
	perf_data__close(&pd);
	unlink(path);
	strbuf_release(&err);
}

/* A feature too big for a pipe record's 16-bit size is left out, not
 * written with a wrapped size that cuts the stream; an EVENT_UPDATE then
 * names the event. */
static void test_perf_data__pipe_drops_oversized_feature(void **state)
{
	char path[] = "/tmp/pm-unit-XXXXXX";
	struct perf_event_attr a, b;
	struct pd_write_event ev[2];
	struct pd_write_feature big = { HEADER_HOSTNAME, STRBUF_INIT };
	struct perf_data_writer w;
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	struct walk walk = { 0 };
	uint64_t update[6] = { 0, 2 /* NAME */, 21 };
	struct pm_event_header h = { .type = PERF_RECORD_EVENT_UPDATE, .size = sizeof(update) };
	int fd = mkstemp(path), saved = dup(STDOUT_FILENO);

	(void)state;
	events(&a, &b, ev);
	strbuf_addchars(&big.payload, 'x', 70000);
	memcpy(update, &h, sizeof(h));
	memcpy(&update[3], "renamed", 8);
	dup2(fd, STDOUT_FILENO);
	assert_int_equal(perf_data_writer__open(&w, "-", ev, 2, &big, 1, &err), 0);
	perf_data_writer__write(&w, update, sizeof(update));
	write_sample(&w);
	assert_int_equal(perf_data_writer__finish(&w, ev, 2, NULL, 0, &err), 0);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(fd);
	strbuf_release(&big.payload);

	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	assert_int_equal(perf_data__for_each_record(&pd, count_samples, &walk, &err), 0);
	assert_int_equal(walk.samples, 1);
	assert_null(pd.feat.hostname);
	assert_string_equal(walk.name, "renamed");
	perf_data__close(&pd);
	unlink(path);
	strbuf_release(&err);
}

static int open_bytes(const void *buf, size_t len, struct perf_data *pd, struct strbuf *err)
{
	char path[] = "/tmp/pm-unit-XXXXXX";
	int fd = mkstemp(path), ret;

	assert_int_equal(write(fd, buf, len), (ssize_t)len);
	close(fd);
	ret = perf_data__open(pd, path, err);
	unlink(path);
	return ret;
}

static void test_perf_data__damaged_headers(void **state)
{
	struct perf_file_header h = { .magic = PERF_MAGIC2, .size = sizeof(h) };
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	uint8_t big[512] = { 0 };

	(void)state;
	assert_int_not_equal(open_bytes("PERFILE2", 8, &pd, &err), 0);
	perf_data__close(&pd);
	strbuf_reset(&err);
	assert_int_not_equal(open_bytes("not a perf file at all!!", 24, &pd, &err), 0);
	assert_non_null(strstr(err.buf, "bad magic"));
	perf_data__close(&pd);
	strbuf_reset(&err);
	/* data section starting past the end (one that only ends past it is a
	 * cut file, read to its last whole record) */
	h.data.offset = 4096;
	h.data.size = 1 << 20;
	memcpy(big, &h, sizeof(h));
	assert_int_not_equal(open_bytes(big, sizeof(big), &pd, &err), 0);
	assert_non_null(strstr(err.buf, "does not fit"));
	perf_data__close(&pd);
	strbuf_reset(&err);
	/* a bogus attr count (attrs section not a multiple of attr_size) */
	h.data.offset = 200;
	h.data.size = 8;
	h.attr_size = 136;
	h.attrs.offset = 104;
	h.attrs.size = 100;
	memcpy(big, &h, sizeof(h));
	assert_int_not_equal(open_bytes(big, sizeof(big), &pd, &err), 0);
	assert_non_null(strstr(err.buf, "bad attr section"));
	perf_data__close(&pd);
	strbuf_release(&err);
}

static void test_features__strings_padded_to_64(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	struct pd_features f = { 0 };
	struct strbuf err = STRBUF_INIT;
	uint32_t len;

	(void)state;
	pd_features__put_string(&sb, "host");
	memcpy(&len, sb.buf, 4);
	assert_int_equal(len, 64);
	assert_int_equal(sb.len, 4 + 64);
	assert_int_equal(pd_features__parse(&f, HEADER_HOSTNAME, (uint8_t *)sb.buf, sb.len, &err),
			 0);
	assert_string_equal(f.hostname, "host");
	/* an event description claiming more events than bytes: an error */
	strbuf_reset(&sb);
	strbuf_add(&sb, &(uint32_t){ 1000000 }, 4);
	strbuf_add(&sb, &(uint32_t){ 128 }, 4);
	assert_int_not_equal(pd_features__parse(&f, HEADER_EVENT_DESC, (uint8_t *)sb.buf, sb.len,
						&err), 0);
	pd_features__exit(&f);
	strbuf_release(&sb);
	strbuf_release(&err);
}

struct frames {
	struct strbuf file;
	int nr;
};

static int keep_frame(void *ctx, const void *frame, size_t size)
{
	struct frames *f = ctx;
	struct pm_event_header h = { .type = PERF_RECORD_COMPRESSED, .size = 8 + size };

	strbuf_add(&f->file, &h, sizeof(h));
	strbuf_add(&f->file, frame, size);
	f->nr++;
	return 0;
}

static int count_all(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off,
		     void *ctx)
{
	(void)pd, (void)off;
	if (ev->type == PERF_RECORD_COMM)
		(*(int *)ctx)++;
	return 0;
}

/* Records split across compressed frames (tiny frames force it) come out
 * whole, and the frames themselves need not be 8-byte aligned. */
static void test_perf_data__compressed_records_span_frames(void **state)
{
	struct perf_pipe_file_header ph = { PERF_MAGIC2, sizeof(ph) };
	struct frames f = { .file = STRBUF_INIT };
	struct strbuf recs = STRBUF_INIT, err = STRBUF_INIT;
	struct compressor c;
	struct perf_data pd;
	int comms = 0;

	(void)state;
	for (int i = 0; i < 50; i++) {
		uint64_t rec[4] = { 0, (uint64_t)i << 32 | i, 0x6f6f66, 0 };
		struct pm_event_header h = { .type = PERF_RECORD_COMM, .size = sizeof(rec) };

		memcpy(rec, &h, sizeof(h));
		strbuf_add(&recs, rec, sizeof(rec));
	}
	strbuf_add(&f.file, &ph, sizeof(ph));
	assert_int_equal(compressor__init(&c, 1), 0);
	assert_int_equal(compressor__frames(&c, recs.buf, recs.len, 96, keep_frame, &f), 0);
	compressor__exit(&c);
	assert_true(f.nr > 10);
	assert_int_equal(perf_data__open_buffer(&pd, "z", f.file.buf, f.file.len, &err), 0);
	assert_int_equal(perf_data__for_each_record(&pd, count_all, &comms, &err), 0);
	assert_int_equal(comms, 50);
	perf_data__close(&pd);
	/* a corrupt frame: one clear error */
	f.file.buf[sizeof(ph) + 12] ^= 0x55;
	assert_int_equal(perf_data__open_buffer(&pd, "z", f.file.buf, f.file.len, &err), 0);
	assert_int_not_equal(perf_data__for_each_record(&pd, count_all, &comms, &err), 0);
	assert_non_null(strstr(err.buf, "COMPRESSED record at offset"));
	perf_data__close(&pd);
	strbuf_release(&f.file);
	strbuf_release(&recs);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_perf_data__file_round_trip),
		cmocka_unit_test(test_perf_data__pipe_round_trip),
		cmocka_unit_test(test_perf_data__pipe_drops_oversized_feature),
		cmocka_unit_test(test_perf_data__damaged_headers),
		cmocka_unit_test(test_features__strings_padded_to_64),
		cmocka_unit_test(test_perf_data__compressed_records_span_frames),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
