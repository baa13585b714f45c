/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STREAM_CHECK_H
#define PM_STREAM_CHECK_H

/*
 * Checking a perf.data stream while it arrives from a pipe or a device,
 * before it is all in memory: a bad magic, a header of no perf.data size,
 * or a record smaller than its own header is refused as soon as its bytes
 * are there, so `report -i /dev/zero` fails at once instead of reading
 * forever. Only what cannot be valid is refused; a stream that ends
 * early is the reader's to judge.
 *
 * Records are walked in pipe-mode streams in our byte order; a file-mode
 * image or a big-endian stream gets the magic and header checks only.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

/* The bytes a pipe-mode record carries after itself, outside its size
 * (TRACING_DATA's tracing data, AUXTRACE's trace data); @rec its first
 * bytes, readable once the record is whole. */
struct pm_event_header;
uint64_t pipe_record__payload(const struct pm_event_header *h, const uint8_t *rec);

struct stream_check {
	uint64_t next;		/* offset of the next record header to check */
	bool header_done;	/* magic and header size checked */
	bool walk;		/* a native pipe-mode stream: records are walked */
};

/*
 * Check @buf[0, @len), the whole stream read so far (it only grows between
 * calls). Returns 0 to read on, or -EINVAL with one message naming @path
 * in @err.
 */
int stream_check__feed(struct stream_check *sc, const uint8_t *buf, size_t len,
		       const char *path, struct strbuf *err);

#endif
