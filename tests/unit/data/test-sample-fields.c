// SPDX-License-Identifier: GPL-2.0
/*
 * The table of sample fields: one entry per PERF_SAMPLE_* bit, in the
 * order perf_event_open(2) lists them. Hand-laid samples, each field's
 * place and length written down here, are measured by the table's shapes
 * alone, decoded to those places, and turned to big-endian as the shapes
 * say (and back to the very same bytes, even when cut short).
 */
#include <byteswap.h>
#include <errno.h>
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/data/sample-fields.h"
#include "../../../util/data/sample.h"
#include "../../../util/data/swap.h"

#define NR_FIELDS SAMPLE_FIELD__NR

static void test_sample_fields__one_entry_per_bit_in_kernel_order(void **state)
{
	static const struct {
		uint64_t bits;
		enum sample_shape shape;
	} want[NR_FIELDS] = {
		{ PERF_SAMPLE_IDENTIFIER, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_IP, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_TID, SAMPLE_SHAPE_U32_PAIR },
		{ PERF_SAMPLE_TIME, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_ADDR, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_ID, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_STREAM_ID, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_CPU, SAMPLE_SHAPE_U32_PAIR },
		{ PERF_SAMPLE_PERIOD, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_READ, SAMPLE_SHAPE_READ },
		{ PERF_SAMPLE_CALLCHAIN, SAMPLE_SHAPE_CHAIN },
		{ PERF_SAMPLE_RAW, SAMPLE_SHAPE_RAW },
		{ PERF_SAMPLE_BRANCH_STACK, SAMPLE_SHAPE_BRANCHES },
		{ PERF_SAMPLE_REGS_USER, SAMPLE_SHAPE_REGS },
		{ PERF_SAMPLE_STACK_USER, SAMPLE_SHAPE_STACK },
		{ PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_DATA_SRC, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_TRANSACTION, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_REGS_INTR, SAMPLE_SHAPE_REGS },
		{ PERF_SAMPLE_PHYS_ADDR, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_CGROUP, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_DATA_PAGE_SIZE, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_CODE_PAGE_SIZE, SAMPLE_SHAPE_U64 },
		{ PERF_SAMPLE_AUX, SAMPLE_SHAPE_BLOB },
	};
	uint64_t seen = 0;

	(void)state;
	for (int i = 0; i < NR_FIELDS; i++) {
		assert_int_equal(sample_fields[i].bits, want[i].bits);
		assert_int_equal(sample_fields[i].shape, want[i].shape);
		assert_int_equal(seen & sample_fields[i].bits, 0);
		seen |= sample_fields[i].bits;
	}
	assert_int_equal(seen, PERF_SAMPLE_MAX - 1);
}

/* Where a field lies: in u64 words after the record header. */
struct span {
	enum sample_field_idx idx;
	unsigned int at, words;
};

struct layout {
	const char *what;
	uint64_t sample_type, read_format, branch_sample_type;
	uint64_t regs_user, regs_intr;
	uint64_t w[40];		/* the sample after its header */
	struct span spans[NR_FIELDS];	/* ends at a span of no words */
};

#define RF_GROUP (PERF_FORMAT_GROUP | PERF_FORMAT_ID | PERF_FORMAT_TOTAL_TIME_ENABLED)
#define HW_IDX (PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_HW_INDEX)

static const struct layout layouts[] = {
	{ "record's default",
	  PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_PERIOD, 0, 0, 0, 0,
	  { 0x401000, 7ULL << 32 | 6, 123456789, 4000 },
	  { { SAMPLE_FIELD_IP, 0, 1 }, { SAMPLE_FIELD_TID, 1, 1 }, { SAMPLE_FIELD_TIME, 2, 1 },
	    { SAMPLE_FIELD_PERIOD, 3, 1 } } },
	{ "ids and a chain",
	  PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ADDR |
	  PERF_SAMPLE_ID | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | PERF_SAMPLE_CALLCHAIN |
	  PERF_SAMPLE_CGROUP, 0, 0, 0, 0,
	  { 0x1d, 0x401000, 7ULL << 32 | 6, 0xdead0000, 0x1d, 3, 1, 3, 0xa, 0xb, 0xc, 42 },
	  { { SAMPLE_FIELD_IDENTIFIER, 0, 1 }, { SAMPLE_FIELD_IP, 1, 1 },
	    { SAMPLE_FIELD_TID, 2, 1 }, { SAMPLE_FIELD_ADDR, 3, 1 }, { SAMPLE_FIELD_ID, 4, 1 },
	    { SAMPLE_FIELD_CPU, 5, 1 }, { SAMPLE_FIELD_PERIOD, 6, 1 },
	    { SAMPLE_FIELD_CALLCHAIN, 7, 4 }, { SAMPLE_FIELD_CGROUP, 11, 1 } } },
	{ "every variable shape",
	  PERF_SAMPLE_IP | PERF_SAMPLE_READ | PERF_SAMPLE_RAW | PERF_SAMPLE_BRANCH_STACK |
	  PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER | PERF_SAMPLE_WEIGHT |
	  PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_TRANSACTION | PERF_SAMPLE_REGS_INTR |
	  PERF_SAMPLE_PHYS_ADDR | PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE |
	  PERF_SAMPLE_AUX, RF_GROUP, HW_IDX, 0x5, 0x1,
	  { 0x401000,
	    2, 777, 11, 0x1d, 22, 0x1e,				/* READ */
	    0xaabbccdd0000000cULL, 0x1122334455667788ULL,	/* RAW: 4 + 12 bytes */
	    1, 9, 0xa0, 0xb0, 0x4,				/* BRANCH_STACK */
	    PERF_SAMPLE_REGS_ABI_64, 0x10, 0x20,		/* REGS_USER */
	    16, 0xf00d, 0xbeef, 8,				/* STACK_USER */
	    300, 0x68100142, 0x6,
	    PERF_SAMPLE_REGS_ABI_64, 0x30,			/* REGS_INTR */
	    0x1234000, 4096, 2097152,
	    8, 0xaa },						/* AUX */
	  { { SAMPLE_FIELD_IP, 0, 1 }, { SAMPLE_FIELD_READ, 1, 6 }, { SAMPLE_FIELD_RAW, 7, 2 },
	    { SAMPLE_FIELD_BRANCH_STACK, 9, 5 }, { SAMPLE_FIELD_REGS_USER, 14, 3 },
	    { SAMPLE_FIELD_STACK_USER, 17, 4 }, { SAMPLE_FIELD_WEIGHT, 21, 1 },
	    { SAMPLE_FIELD_DATA_SRC, 22, 1 }, { SAMPLE_FIELD_TRANSACTION, 23, 1 },
	    { SAMPLE_FIELD_REGS_INTR, 24, 2 }, { SAMPLE_FIELD_PHYS_ADDR, 26, 1 },
	    { SAMPLE_FIELD_DATA_PAGE_SIZE, 27, 1 }, { SAMPLE_FIELD_CODE_PAGE_SIZE, 28, 1 },
	    { SAMPLE_FIELD_AUX, 29, 2 } } },
	{ "the short forms: no registers, no stack, one read value",
	  PERF_SAMPLE_TIME | PERF_SAMPLE_READ | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER |
	  PERF_SAMPLE_WEIGHT_STRUCT | PERF_SAMPLE_REGS_INTR | PERF_SAMPLE_AUX,
	  PERF_FORMAT_TOTAL_TIME_RUNNING, 0, 0xff, 0x3,
	  { 99, 5000, 60, 0, 0, 7ULL << 48 | 5ULL << 32 | 300, 0, 0 },
	  { { SAMPLE_FIELD_TIME, 0, 1 }, { SAMPLE_FIELD_READ, 1, 2 },
	    { SAMPLE_FIELD_REGS_USER, 3, 1 }, { SAMPLE_FIELD_STACK_USER, 4, 1 },
	    { SAMPLE_FIELD_WEIGHT, 5, 1 }, { SAMPLE_FIELD_REGS_INTR, 6, 1 },
	    { SAMPLE_FIELD_AUX, 7, 1 } } },
};

static void attr_of(const struct layout *l, struct perf_event_attr *a)
{
	memset(a, 0, sizeof(*a));
	a->size = PERF_ATTR_SIZE_VER7;
	a->sample_type = l->sample_type;
	a->read_format = l->read_format;
	a->branch_sample_type = l->branch_sample_type;
	a->sample_regs_user = l->regs_user;
	a->sample_regs_intr = l->regs_intr;
	a->sample_period = 4000;
	a->sample_id_all = 1;
}

static unsigned int layout_words(const struct layout *l)
{
	const struct span *last = l->spans;

	while (last[1].words)
		last++;
	return last->at + last->words;
}

/* A walker that only measures, from the shapes and the words read. */
struct measure {
	const uint64_t *w;
	const struct perf_event_attr *attr;
	unsigned int at, nr;
	struct span spans[NR_FIELDS];
};

static unsigned int shape_words(const struct measure *m, const struct sample_field *f)
{
	uint64_t v = m->w[m->at], rf = m->attr->read_format;

	switch (f->shape) {
	case SAMPLE_SHAPE_U64:
	case SAMPLE_SHAPE_U32_PAIR:
		return sample_fields__fixed_size(f->shape) / 8;
	case SAMPLE_SHAPE_READ:
		return perf_sample__read_words(rf, rf & PERF_FORMAT_GROUP ? v : 0);
	case SAMPLE_SHAPE_CHAIN:
		return 1 + v;
	case SAMPLE_SHAPE_RAW:
		return (4 + (uint32_t)v) / 8;
	case SAMPLE_SHAPE_BRANCHES:
		return 1 + sample_fields__has_hw_idx(m->attr) + 3 * v;
	case SAMPLE_SHAPE_REGS:
		return 1 + (v ? __builtin_popcountll(sample_field__regs_mask(f, m->attr)) : 0);
	case SAMPLE_SHAPE_STACK:
		return 1 + (v ? v / 8 + 1 : 0);
	case SAMPLE_SHAPE_BLOB:
		return 1 + v / 8;
	case SAMPLE_SHAPE__NR:
		break;
	}
	return 0;
}

static void measure_field(void *ctx, const struct sample_field *f)
{
	struct measure *m = ctx;
	unsigned int words = shape_words(m, f);

	m->spans[m->nr++] = (struct span){ f - sample_fields, m->at, words };
	m->at += words;
}

static void test_sample_fields__shapes_measure_hand_laid_samples(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++) {
		const struct layout *l = &layouts[i];
		struct perf_event_attr a;
		struct measure m = { .w = l->w, .attr = &a };

		print_message("%s\n", l->what);
		attr_of(l, &a);
		sample_fields__walk(l->sample_type, measure_field, &m);
		for (unsigned int k = 0; k < m.nr; k++) {
			assert_int_equal(m.spans[k].idx, l->spans[k].idx);
			assert_int_equal(m.spans[k].at, l->spans[k].at);
			assert_int_equal(m.spans[k].words, l->spans[k].words);
		}
		assert_int_equal(l->spans[m.nr].words, 0);
		assert_int_equal(m.at, layout_words(l));
	}
}

/* The offset of a field after fixed ones only; -1 after a variable one. */
static void test_sample_fields__fixed_offsets(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++) {
		const struct layout *l = &layouts[i];
		bool fixed = true;

		for (const struct span *s = l->spans; s->words; s++) {
			int want = fixed ? (int)s->at * 8 : -1;

			assert_int_equal(sample_fields__offset(l->sample_type, s->idx), want);
			fixed = fixed && sample_fields__fixed_size(sample_fields[s->idx].shape);
		}
	}
	assert_int_equal(sample_fields__offset(PERF_SAMPLE_IP, SAMPLE_FIELD_ID), -1);
	assert_int_equal(sample_fields__offset(PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_ID,
					       SAMPLE_FIELD_ID), 8);
}

/* A record of @l's sample, cut to @words after the header. */
static size_t lay_record(const struct layout *l, unsigned int words, uint64_t *rec)
{
	struct pm_event_header h = { .type = PERF_RECORD_SAMPLE, .misc = PERF_RECORD_MISC_USER,
				     .size = 8 * (1 + words) };

	memcpy(rec, &h, sizeof(h));
	memcpy(rec + 1, l->w, 8 * words);
	return 8 * (1 + words);
}

/* The decoder puts each fixed field where the table says, from its place. */
static void test_sample_fields__decoded_where_the_table_says(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++) {
		const struct layout *l = &layouts[i];
		struct strbuf err = STRBUF_INIT;
		struct perf_event_attr a;
		struct perf_sample s;
		uint64_t rec[64];

		attr_of(l, &a);
		lay_record(l, layout_words(l), rec);
		assert_int_equal(perf_sample__parse((void *)rec, &a, &s, &err), 0);
		for (const struct span *sp = l->spans; sp->words; sp++) {
			const struct sample_field *f = &sample_fields[sp->idx];

			bool split = f->bits & l->sample_type & PERF_SAMPLE_WEIGHT_STRUCT;

			if (f->shape == SAMPLE_SHAPE_U64 && !split)	/* decoded in three */
				assert_int_equal(*sample_field__u64(f, &s), l->w[sp->at]);
			if (f->shape == SAMPLE_SHAPE_REGS && l->w[sp->at])
				assert_ptr_equal(sample_field__regs(f, &s)->regs, rec + 2 + sp->at);
		}
		/* one word short: the decoder's error, whatever the last field */
		lay_record(l, layout_words(l) - 1, rec);
		assert_int_equal(perf_sample__parse((void *)rec, &a, &s, &err), -EINVAL);
		strbuf_release(&err);
	}
}

/* TID, TIME, ID, STREAM_ID, CPU, then IDENTIFIER, whatever else is set. */
static void test_sample_fields__id_trailer(void **state)
{
	static const enum sample_field_idx want[] = {
		SAMPLE_FIELD_TID, SAMPLE_FIELD_TIME, SAMPLE_FIELD_ID, SAMPLE_FIELD_STREAM_ID,
		SAMPLE_FIELD_CPU, SAMPLE_FIELD_IDENTIFIER,
	};
	uint64_t all = (PERF_SAMPLE_MAX - 1), some = PERF_SAMPLE_TIME | PERF_SAMPLE_IDENTIFIER;
	uint64_t w[6] = { 0 };
	struct perf_event_attr a = { .sample_type = all };
	struct measure m = { .w = w, .attr = &a };

	(void)state;
	sample_fields__walk_id(all, measure_field, &m);
	assert_int_equal(m.nr, ARRAY_SIZE(want));
	for (unsigned int k = 0; k < m.nr; k++) {
		assert_int_equal(m.spans[k].idx, want[k]);
		assert_int_equal(m.spans[k].at, k);
	}
	assert_int_equal(sample_fields__id_words(all), 6);
	assert_int_equal(sample_fields__id_words(some), 2);
	assert_int_equal(sample_fields__id_words(PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN), 0);
}

/* A stream of @l's attr (one id, 0x1d), its sample cut to @words, and a
 * LOST_SAMPLES record with its trailer. */
static void lay_stream(const struct layout *l, unsigned int words, struct strbuf *out)
{
	struct { uint64_t magic, size; } h = { PERF_MAGIC2, 16 };
	struct pm_event_header ah = { .type = PERF_RECORD_HEADER_ATTR,
				      .size = 8 + PERF_ATTR_SIZE_VER7 + 8 };
	struct pm_event_header lh = { .type = PERF_RECORD_LOST_SAMPLES };
	uint64_t id = 0x1d, lost = 5, rec[64], trailer[6] = { 1, 2, 3, 4, 5, 6 };
	unsigned int tw = sample_fields__id_words(l->sample_type);
	struct perf_event_attr a;

	attr_of(l, &a);
	strbuf_add(out, &h, sizeof(h));
	strbuf_add(out, &ah, sizeof(ah));
	strbuf_add(out, &a, PERF_ATTR_SIZE_VER7);
	strbuf_add(out, &id, 8);
	strbuf_add(out, rec, lay_record(l, words, rec));
	lh.size = 16 + 8 * tw;
	strbuf_add(out, &lh, sizeof(lh));
	strbuf_add(out, &lost, 8);
	strbuf_add(out, trailer, 8 * tw);
}

static void swap(struct strbuf *img, bool to_native)
{
	struct strbuf err = STRBUF_INIT;

	assert_int_equal(perf_data__swap_image((uint8_t *)img->buf, img->len, to_native, &err), 0);
	strbuf_release(&err);
}

/* Turned, each U64 is its bytes reversed, each u32 of a pair likewise. */
static void assert_turned_by_shape(const struct layout *l, const uint8_t *native,
				   const uint8_t *big)
{
	for (const struct span *sp = l->spans; sp->words; sp++) {
		enum sample_shape shape = sample_fields[sp->idx].shape;
		uint64_t n, b;
		uint32_t n32[2], b32[2];

		memcpy(&n, native + 8 * sp->at, 8);
		memcpy(&b, big + 8 * sp->at, 8);
		memcpy(n32, &n, 8);
		memcpy(b32, &b, 8);
		if (shape == SAMPLE_SHAPE_U64)
			assert_int_equal(b, bswap_64(n));
		if (shape == SAMPLE_SHAPE_U32_PAIR) {
			assert_int_equal(b32[0], bswap_32(n32[0]));
			assert_int_equal(b32[1], bswap_32(n32[1]));
		}
	}
}

/* swap(swap(x)) == x, for every sample whole and cut at every word. */
static void test_sample_fields__swapped_twice_is_the_same(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(layouts); i++) {
		const struct layout *l = &layouts[i];
		unsigned int whole = layout_words(l);

		for (int words = whole; words >= 0; words--) {
			struct strbuf img = STRBUF_INIT, orig = STRBUF_INIT;
			size_t at = 16 + 8 + PERF_ATTR_SIZE_VER7 + 8 + 8;

			lay_stream(l, words, &img);
			strbuf_add(&orig, img.buf, img.len);
			swap(&img, false);
			assert_memory_not_equal(img.buf, orig.buf, img.len);
			if (words == (int)whole)
				assert_turned_by_shape(l, (const uint8_t *)orig.buf + at,
						       (const uint8_t *)img.buf + at);
			swap(&img, true);
			assert_memory_equal(img.buf, orig.buf, img.len);
			strbuf_release(&img);
			strbuf_release(&orig);
		}
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_fields__one_entry_per_bit_in_kernel_order),
		cmocka_unit_test(test_sample_fields__shapes_measure_hand_laid_samples),
		cmocka_unit_test(test_sample_fields__fixed_offsets),
		cmocka_unit_test(test_sample_fields__decoded_where_the_table_says),
		cmocka_unit_test(test_sample_fields__id_trailer),
		cmocka_unit_test(test_sample_fields__swapped_twice_is_the_same),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
