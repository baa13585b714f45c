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
 *
 * A backward ring (attr.write_backward, record --overwrite) is mapped
 * read-only: the kernel writes each record below the one before,
 * data_head going down from 0, and overwrites the oldest when full. It is
 * read only when asked (ring__read_backward(), with the output paused).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct ring {
	void *base;		/* the control page; data follows */
	size_t map_size;
	uint64_t mask;		/* data size - 1 */
	int fd;
	bool backward;
	uint64_t prev;		/* backward: data_head at the last read */
};

/* Map @data_pages (a power of two) pages of @fd's buffer. */
int ring__mmap(struct ring *r, int fd, size_t data_pages, bool backward);
void ring__munmap(struct ring *r);

/*
 * Copy everything the kernel has written since the last call into @out
 * (grown as needed; the bytes are whole records, contiguous) and release
 * the space. Returns the number of bytes copied.
 */
struct strbuf;
size_t ring__read(struct ring *r, struct strbuf *out);

/* The bytes a forward ring holds that were not read yet. */
uint64_t ring__pending(const struct ring *r);

/*
 * A backward ring's records written since the last call (or the newest
 * that survived, when it wrapped) into @out, oldest first as a forward
 * ring gives them. Returns the number of bytes.
 */
size_t ring__read_backward(struct ring *r, struct strbuf *out);

/* The pieces ring__read() uses, exposed for tests on a fake page. */
uint64_t ring__load_head(const void *control_page);
void ring__store_tail(void *control_page, uint64_t tail);
size_t ring__copy(const uint8_t *data, uint64_t mask, uint64_t tail, uint64_t head,
		  struct strbuf *out);
uint64_t ring__backward_end(const uint8_t *data, uint64_t mask, uint64_t start);
void ring__reverse_records(const void *buf, size_t len, struct strbuf *out);

#endif
