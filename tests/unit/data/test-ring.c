// SPDX-License-Identifier: GPL-2.0
/* The ring-buffer reader on a fake control page: wrap-around, partial
 * reads, and the data_tail it hands back. */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/base/strbuf.h"
#include "../../../util/record/ring.h"

#define PAGE 4096
#define DATA 64		/* a tiny buffer: records wrap quickly */

struct fake {
	uint8_t mem[PAGE + DATA];
	struct ring ring;
};

static struct fake *fake_new(void)
{
	struct fake *f = calloc(1, sizeof(*f));

	f->ring.base = f->mem;
	f->ring.map_size = sizeof(f->mem);
	f->ring.mask = DATA - 1;
	return f;
}

static struct perf_event_mmap_page *pc(struct fake *f)
{
	return (struct perf_event_mmap_page *)f->mem;
}

/* The kernel's side: write @len bytes at @head (wrapping), publish. */
static void produce(struct fake *f, const void *src, size_t len)
{
	uint64_t head = pc(f)->data_head;

	for (size_t i = 0; i < len; i++)
		f->mem[PAGE + ((head + i) & (DATA - 1))] = ((const uint8_t *)src)[i];
	pc(f)->data_head = head + len;
}

static void test_ring__empty_reads_nothing(void **state)
{
	struct fake *f = fake_new();
	struct strbuf out = STRBUF_INIT;

	(void)state;
	assert_int_equal(ring__read(&f->ring, &out), 0);
	assert_int_equal(out.len, 0);
	strbuf_release(&out);
	free(f);
}

static void test_ring__wrapped_record_comes_out_whole(void **state)
{
	struct fake *f = fake_new();
	struct strbuf out = STRBUF_INIT;
	uint8_t rec[40];

	(void)state;
	for (size_t i = 0; i < sizeof(rec); i++)
		rec[i] = (uint8_t)i;
	/* start 16 bytes before the end: the record wraps after 16 bytes */
	pc(f)->data_head = pc(f)->data_tail = DATA - 16;
	produce(f, rec, sizeof(rec));
	assert_int_equal(ring__read(&f->ring, &out), sizeof(rec));
	assert_memory_equal(out.buf, rec, sizeof(rec));
	assert_int_equal(pc(f)->data_tail, DATA - 16 + sizeof(rec));
	strbuf_release(&out);
	free(f);
}

static void test_ring__reads_only_what_was_published(void **state)
{
	struct fake *f = fake_new();
	struct strbuf out = STRBUF_INIT;
	uint8_t a[24] = { 1 }, b[16] = { 2 };

	(void)state;
	produce(f, a, sizeof(a));
	assert_int_equal(ring__read(&f->ring, &out), sizeof(a));
	/* the next record is half written: data_head not moved yet */
	f->mem[PAGE + sizeof(a)] = 0xee;
	assert_int_equal(ring__read(&f->ring, &out), 0);
	produce(f, b, sizeof(b));
	assert_int_equal(ring__read(&f->ring, &out), sizeof(b));
	assert_int_equal(out.len, sizeof(a) + sizeof(b));
	assert_int_equal((uint8_t)out.buf[sizeof(a)], 2);
	strbuf_release(&out);
	free(f);
}

static void test_ring__copy_never_exceeds_the_buffer(void **state)
{
	uint8_t data[DATA];
	struct strbuf out = STRBUF_INIT;

	(void)state;
	memset(data, 7, sizeof(data));
	/* a corrupt head far ahead of tail copies at most one buffer */
	assert_int_equal(ring__copy(data, DATA - 1, 10, 10 + 5 * DATA, &out), DATA);
	assert_int_equal(out.len, DATA);
	strbuf_release(&out);
}

/* The kernel's side of a backward ring: each record below the last. */
static void produce_backward(struct fake *f, uint8_t tag, uint16_t size)
{
	struct perf_event_header h = { .type = tag, .size = size };
	uint64_t head = pc(f)->data_head - size;

	for (size_t i = 0; i < size; i++)
		f->mem[PAGE + ((head + i) & (DATA - 1))] = i < sizeof(h) ? ((uint8_t *)&h)[i] : tag;
	pc(f)->data_head = head;
}

static void test_ring__backward_gives_records_oldest_first(void **state)
{
	struct fake *f = fake_new();
	struct strbuf out = STRBUF_INIT;

	(void)state;
	f->ring.backward = true;
	produce_backward(f, 1, 16);
	produce_backward(f, 2, 24);
	assert_int_equal(ring__read_backward(&f->ring, &out), 40);
	assert_int_equal(out.buf[0], 1);
	assert_int_equal(out.buf[16], 2);
	assert_int_equal(out.buf[23 + 16], 2);
	/* the next read has only what came since */
	produce_backward(f, 3, 8);
	strbuf_reset(&out);
	assert_int_equal(ring__read_backward(&f->ring, &out), 8);
	assert_int_equal(out.buf[0], 3);
	strbuf_release(&out);
	free(f);
}

static void test_ring__backward_wrapped_keeps_the_newest_whole(void **state)
{
	struct fake *f = fake_new();
	struct strbuf out = STRBUF_INIT;

	(void)state;
	f->ring.backward = true;
	/* 6 records of 24 bytes into 64: the two newest fit whole */
	for (uint8_t i = 1; i <= 6; i++)
		produce_backward(f, i, 24);
	assert_int_equal(ring__read_backward(&f->ring, &out), 48);
	assert_int_equal(out.buf[0], 5);
	assert_int_equal(out.buf[24], 6);
	strbuf_release(&out);
	free(f);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_ring__empty_reads_nothing),
		cmocka_unit_test(test_ring__wrapped_record_comes_out_whole),
		cmocka_unit_test(test_ring__reads_only_what_was_published),
		cmocka_unit_test(test_ring__copy_never_exceeds_the_buffer),
		cmocka_unit_test(test_ring__backward_gives_records_oldest_first),
		cmocka_unit_test(test_ring__backward_wrapped_keeps_the_newest_whole),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
