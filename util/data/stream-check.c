// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "perf-data-format.h"
#include "stream-check.h"

/* perf's file header before adds_features existed, and since */
#define FILE_HEADER_V2_OLD offsetof(struct perf_file_header, adds_features)

static bool is_header_size(uint64_t size)
{
	return size == sizeof(struct perf_pipe_file_header) || size == FILE_HEADER_V2_OLD ||
	       size == sizeof(struct perf_file_header);
}

static int check_header(struct stream_check *sc, const uint8_t *buf, size_t len,
			const char *path, struct strbuf *err)
{
	uint64_t magic, size;

	if (len < 8)
		return 0;
	memcpy(&magic, buf, 8);
	if (magic != PERF_MAGIC2 && magic != PERF_MAGIC2_SWAPPED && magic != PERF_MAGIC1) {
		strbuf_addf(err, "%s is not a perf.data file (bad magic at offset 0)", path);
		return -EINVAL;
	}
	if (len < 16)
		return 0;
	memcpy(&size, buf + 8, 8);
	if (magic == PERF_MAGIC2_SWAPPED)
		size = __builtin_bswap64(size);
	if (magic != PERF_MAGIC1 && !is_header_size(size)) {
		strbuf_addf(err, "%s: its header claims %llu bytes, which no perf.data header has "
			    "(16 in a pipe, 104 in a file): not a perf.data stream", path,
			    (unsigned long long)size);
		return -EINVAL;
	}
	sc->header_done = true;
	sc->walk = magic == PERF_MAGIC2 && size == sizeof(struct perf_pipe_file_header);
	sc->next = size;
	return 0;
}

uint64_t pipe_record__payload(const struct pm_event_header *h, const uint8_t *rec)
{
	uint64_t size = 0;
	uint32_t size32;

	if (h->type == PERF_RECORD_HEADER_TRACING_DATA && h->size >= 12) {
		memcpy(&size32, rec + 8, 4);
		size = size32;
	} else if (h->type == PERF_RECORD_AUXTRACE && h->size >= 16) {
		memcpy(&size, rec + 8, 8);
	}
	return size;
}

int stream_check__feed(struct stream_check *sc, const uint8_t *buf, size_t len,
		       const char *path, struct strbuf *err)
{
	if (!sc->header_done && check_header(sc, buf, len, path, err))
		return -EINVAL;
	while (sc->walk && sc->next + sizeof(struct pm_event_header) <= len) {
		struct pm_event_header h;
		uint64_t payload;

		memcpy(&h, buf + sc->next, sizeof(h));
		if (h.size < sizeof(h)) {
			strbuf_addf(err, "%s: record at offset %#llx has size %u (smaller than "
				    "its 8-byte header): not a perf.data stream", path,
				    (unsigned long long)sc->next, h.size);
			return -EINVAL;
		}
		if (sc->next + h.size > len)
			break;
		payload = pipe_record__payload(&h, buf + sc->next);
		if (payload > UINT64_MAX - sc->next - h.size)
			break;	/* a payload no stream holds: the walk reports it */
		sc->next += h.size + payload;
	}
	return 0;
}
