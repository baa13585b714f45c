// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "ring.h"

int ring__mmap(struct ring *r, int fd, size_t data_pages)
{
	size_t page = sysconf(_SC_PAGESIZE);

	if (!data_pages || (data_pages & (data_pages - 1)))
		return -EINVAL;
	r->fd = fd;
	r->map_size = (data_pages + 1) * page;
	r->mask = data_pages * page - 1;
	r->base = mmap(NULL, r->map_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (r->base == MAP_FAILED) {
		r->base = NULL;
		return -errno;
	}
	return 0;
}

void ring__munmap(struct ring *r)
{
	if (r->base)
		munmap(r->base, r->map_size);
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
