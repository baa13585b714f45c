/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RING_H
#define PM_RING_H

/*
 * The kernel's sample ring buffer of one perf event fd: a control page
 * (struct perf_event_mmap_page) then 2^n data pages. The kernel advances
 * data_head; we read records from data_tail up to it (loading data_head
 * with acquire, so the record bytes are visible) and hand the space back
 * by storing data_tail with release. A record may wrap past the end of the
 * buffer; ring__read() hands out the bytes in order, unwrapped.
 */
#include <stddef.h>
#include <stdint.h>

struct ring {
	void *base;		/* the control page; data follows */
	size_t map_size;
	uint64_t mask;		/* data size - 1 */
	int fd;
};

/* Map @data_pages (a power of two) pages of @fd's buffer. */
int ring__mmap(struct ring *r, int fd, size_t data_pages);
void ring__munmap(struct ring *r);

/*
 * Copy everything the kernel has written since the last call into @out
 * (grown as needed; the bytes are whole records, contiguous) and release
 * the space. Returns the number of bytes copied.
 */
struct strbuf;
size_t ring__read(struct ring *r, struct strbuf *out);

/* The pieces ring__read() uses, exposed for tests on a fake page. */
uint64_t ring__load_head(const void *control_page);
void ring__store_tail(void *control_page, uint64_t tail);
size_t ring__copy(const uint8_t *data, uint64_t mask, uint64_t tail, uint64_t head,
		  struct strbuf *out);

#endif
