// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/strbuf.h"
#include "../base/util.h"
#include "../events/perf-sys.h"
#include "ring.h"
#include "../base/xalloc.h"

int ring__mmap(struct ring *r, int fd, size_t data_pages, bool backward)
{
	size_t page = sysconf(_SC_PAGESIZE);

	if (!data_pages || (data_pages & (data_pages - 1)))
		return -EINVAL;
	r->fd = fd;
	r->map_size = (data_pages + 1) * page;
	r->mask = data_pages * page - 1;
	r->backward = backward;
	r->prev = 0;
	/* read-only tells the kernel no reader frees space: it overwrites */
	r->base = NULL;
	return perf_sys_mmap(fd, r->map_size, !backward, &r->base);
}

void ring__munmap(struct ring *r)
{
	if (r->base)
		perf_sys_munmap(r->base, r->map_size);
	r->base = NULL;
}

uint64_t ring__load_head(const void *control_page)
{
	const struct perf_event_mmap_page *pc = control_page;

	/* pairs with the kernel's store of data_head after writing records */
	return __atomic_load_n(&pc->data_head, __ATOMIC_ACQUIRE);
}

void ring__store_tail(void *control_page, uint64_t tail)
{
	struct perf_event_mmap_page *pc = control_page;

	/* our reads of the records happen before the kernel may reuse them */
	__atomic_store_n(&pc->data_tail, tail, __ATOMIC_RELEASE);
}

size_t ring__copy(const uint8_t *data, uint64_t mask, uint64_t tail, uint64_t head,
		  struct strbuf *out)
{
	uint64_t len = head - tail, start = tail & mask;
	uint64_t first = len;

	if (len > mask + 1)	/* cannot happen unless data_tail was not honoured */
		len = first = mask + 1;
	if (start + len > mask + 1)
		first = mask + 1 - start;
	strbuf_add(out, data + start, first);
	if (first < len)
		strbuf_add(out, data, len - first);
	return len;
}

uint64_t ring__pending(const struct ring *r)
{
	const struct perf_event_mmap_page *pc = r->base;

	return ring__load_head(pc) - pc->data_tail;
}

size_t ring__read(struct ring *r, struct strbuf *out)
{
	struct perf_event_mmap_page *pc = r->base;
	const uint8_t *data = (const uint8_t *)r->base + (r->map_size - (r->mask + 1));
	uint64_t head = ring__load_head(pc);
	uint64_t tail = pc->data_tail;
	size_t n;

	if (head == tail)
		return 0;
	n = ring__copy(data, r->mask, tail, head, out);
	ring__store_tail(pc, head);
	return n;
}

/*
 * A full backward ring: from the newest record (@start) up, the records
 * that fit in the buffer (perf's overwrite_rb_find_range()). A zero size
 * is where the kernel never wrote.
 */
uint64_t ring__backward_end(const uint8_t *data, uint64_t mask, uint64_t start)
{
	uint64_t at = start;

	for (;;) {
		struct perf_event_header h;

		for (size_t i = 0; i < sizeof(h); i++)
			((uint8_t *)&h)[i] = data[(at + i) & mask];
		if (h.size < sizeof(h) || at - start + h.size > mask + 1)
			return at;
		at += h.size;
	}
}

/* @buf's records, newest first as a backward ring holds them, appended
 * to @out oldest first. A torn record ends them. */
void ring__reverse_records(const void *buf, size_t len, struct strbuf *out)
{
	const uint8_t *p = buf;
	size_t *offs = NULL, nr = 0, alloc = 0;

	for (size_t at = 0; len - at >= sizeof(struct perf_event_header);) {
		struct perf_event_header h;

		memcpy(&h, p + at, sizeof(h));
		if (h.size < sizeof(h) || h.size > len - at)
			break;
		ALLOC_GROW(offs, nr + 1, alloc);
		offs[nr++] = at;
		at += h.size;
	}
	while (nr--) {
		struct perf_event_header h;

		memcpy(&h, p + offs[nr], sizeof(h));
		strbuf_add(out, p + offs[nr], h.size);
	}
	free(offs);
}

size_t ring__read_backward(struct ring *r, struct strbuf *out)
{
	const uint8_t *data = (const uint8_t *)r->base + (r->map_size - (r->mask + 1));
	uint64_t head = ring__load_head(r->base), end = r->prev;
	struct strbuf raw = STRBUF_INIT;
	size_t before = out->len;

	if (head == end)
		return 0;
	if (end - head > r->mask + 1)	/* wrapped: the newest that survive */
		end = ring__backward_end(data, r->mask, head);
	ring__copy(data, r->mask, head, end, &raw);
	ring__reverse_records(raw.buf, raw.len, out);
	strbuf_release(&raw);
	r->prev = head;
	return out->len - before;
}
