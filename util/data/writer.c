// SPDX-License-Identifier: GPL-2.0
/*
 * perf.data writing. File layout (file mode), as perf writes it:
 *   header | ids of every event | attrs (attr + section of its ids) |
 *   data | feature section table | feature payloads
 */
#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "perf-data-format.h"
#include "internal.h"
#include "writer.h"

#define FLUSH_AT (1 << 20)

int writer__write_all(int fd, const void *buf, size_t len, off_t at, bool positioned)
{
	const char *p = buf;

	while (len) {
		ssize_t n = positioned ? pwrite(fd, p, len, at) : write(fd, p, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			return -ENOSPC;
		p += n;
		len -= n;
		at += n;
	}
	return 0;
}

static void fail(struct perf_data_writer *w, int e, struct strbuf *err)
{
	if (!w->error)
		w->error = e;
	if (err && !err->len) {
		strbuf_addf(err, "cannot write %s: %s", w->path, strerror(-w->error));
		if (w->error == -ENOSPC)
			strbuf_addstr(err, "\nhint: the disk is full; what was written so far "
					   "stays readable");
	}
}

static void attr_bytes(struct strbuf *sb, const struct perf_event_attr *attr)
{
	struct perf_event_attr a = *attr;

	a.size = sizeof(a);
	strbuf_add(sb, &a, sizeof(a));
}

/* --- file mode ------------------------------------------------------- */

static void build_header(const struct perf_data_writer *w, struct perf_file_header *h,
			 const struct pd_write_feature *features, int nr_features)
{
	memset(h, 0, sizeof(*h));
	h->magic = PERF_MAGIC2;
	h->size = sizeof(*h);
	h->attr_size = sizeof(struct perf_event_attr) + sizeof(struct perf_file_section);
	h->attrs.offset = w->attr_offset;
	h->attrs.size = w->attr_size;
	h->data.offset = w->data_offset;
	h->data.size = w->data_size;
	for (int i = 0; i < nr_features; i++)
		h->adds_features[features[i].id / 64] |= 1ULL << (features[i].id % 64);
}

static int open_file_mode(struct perf_data_writer *w, const struct pd_write_event *ev, int nr)
{
	struct strbuf sb = STRBUF_INIT;
	struct perf_file_header h;
	uint64_t *id_offsets = calloc(nr ? nr : 1, sizeof(*id_offsets));
	int ret;

	if (!id_offsets)
		return -ENOMEM;
	strbuf_addchars(&sb, 0, sizeof(h));
	for (int i = 0; i < nr; i++) {
		id_offsets[i] = sb.len;
		strbuf_add(&sb, ev[i].ids, ev[i].nr_ids * sizeof(uint64_t));
	}
	w->attr_offset = sb.len;
	for (int i = 0; i < nr; i++) {
		struct perf_file_section ids = { id_offsets[i], ev[i].nr_ids * sizeof(uint64_t) };

		attr_bytes(&sb, ev[i].attr);
		strbuf_add(&sb, &ids, sizeof(ids));
	}
	w->attr_size = sb.len - w->attr_offset;
	w->data_offset = sb.len;
	build_header(w, &h, NULL, 0);
	memcpy(sb.buf, &h, sizeof(h));
	ret = writer__write_all(w->fd, sb.buf, sb.len, 0, false);
	strbuf_release(&sb);
	free(id_offsets);
	return ret;
}

/* --- pipe mode ------------------------------------------------------- */

/* false, writing nothing, for what one record's 16-bit size cannot hold */
static bool pipe_record(struct strbuf *sb, uint32_t type, const void *a, size_t alen,
			const void *b, size_t blen)
{
	struct pm_event_header h = { .type = type, .size = sizeof(h) + alen + blen };

	if (sizeof(h) + alen + blen > UINT16_MAX)
		return false;
	strbuf_add(sb, &h, sizeof(h));
	strbuf_add(sb, a, alen);
	if (blen)
		strbuf_add(sb, b, blen);
	return true;
}

/* Tracing data travels after its record, outside header.size (as perf). */
static void pipe_tracing_data(struct strbuf *sb, const struct strbuf *data)
{
	uint32_t size[2] = { (data->len + 7) & ~7u, 0 };

	pipe_record(sb, PERF_RECORD_HEADER_TRACING_DATA, size, sizeof(size), NULL, 0);
	strbuf_add(sb, data->buf, data->len);
	strbuf_addchars(sb, 0, size[0] - data->len);
}

static int open_pipe_mode(struct perf_data_writer *w, const struct pd_write_event *ev, int nr,
			  const struct pd_write_feature *features, int nr_features)
{
	struct perf_pipe_file_header ph = { PERF_MAGIC2, sizeof(ph) };
	struct strbuf sb = STRBUF_INIT;
	int ret;

	strbuf_add(&sb, &ph, sizeof(ph));
	for (int i = 0; i < nr; i++) {
		struct strbuf a = STRBUF_INIT;

		attr_bytes(&a, ev[i].attr);
		ret = pipe_record(&sb, PERF_RECORD_HEADER_ATTR, a.buf, a.len, ev[i].ids,
				  ev[i].nr_ids * sizeof(uint64_t)) ? 0 : -E2BIG;	/* as perf */
		strbuf_release(&a);
		if (ret) {
			strbuf_release(&sb);
			return ret;
		}
	}
	for (int i = 0; i < nr_features; i++) {
		uint64_t id = features[i].id;
		struct strbuf f = STRBUF_INIT;

		if (id == HEADER_TRACING_DATA) {
			pipe_tracing_data(&sb, &features[i].payload);
			continue;
		}
		strbuf_add(&f, &id, 8);
		strbuf_add(&f, features[i].payload.buf, features[i].payload.len);
		/* records stay 8-byte aligned */
		strbuf_addchars(&f, 0, (8 - (f.len + 8) % 8) % 8);
		/* a feature too big for a record is left out of the stream, as
		 * perf leaves it (EVENT_DESC of hundreds of events): the
		 * EVENT_UPDATE records still name the events */
		pipe_record(&sb, PERF_RECORD_HEADER_FEATURE, f.buf, f.len, NULL, 0);
		strbuf_release(&f);
	}
	ret = writer__write_all(w->fd, sb.buf, sb.len, 0, false);
	strbuf_release(&sb);
	return ret;
}

/* --- the API --------------------------------------------------------- */

/*
 * Only a regular file that this run made may be removed on failure: an
 * existing path (a device such as /dev/null, a FIFO, a file record moved
 * aside or not) is opened as it is, never created anew nor unlinked.
 */
static int create_output(const char *path, bool *created)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	struct stat st;

	*created = fd >= 0;
	if (fd < 0 && errno == EEXIST)
		fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0 && !*created && !fstat(fd, &st) && S_ISREG(st.st_mode) &&
	    ftruncate(fd, 0) < 0) {
		int e = errno;

		close(fd);
		errno = e;
		return -1;
	}
	return fd;
}

int perf_data_writer__open(struct perf_data_writer *w, const char *path,
			   const struct pd_write_event *events, int nr_events,
			   const struct pd_write_feature *pipe_features, int nr_pipe_features,
			   struct strbuf *err)
{
	int ret;

	memset(w, 0, sizeof(*w));
	strbuf_init(&w->buf, FLUSH_AT + 65536);
	w->path = strdup(path);
	w->pipe = !strcmp(path, "-");
	w->fd = w->pipe ? STDOUT_FILENO : create_output(path, &w->created);
	if (!w->path || w->fd < 0) {
		ret = w->path ? -errno : -ENOMEM;
		strbuf_addf(err, "cannot create %s: %s", path, strerror(-ret));
		if (ret == -EACCES)
			strbuf_addstr(err, "\nhint: write somewhere you may (-o DIR/perf.data)");
		w->fd = -1;
		return ret;
	}
	ret = w->pipe ? open_pipe_mode(w, events, nr_events, pipe_features, nr_pipe_features)
		      : open_file_mode(w, events, nr_events);
	if (ret)
		fail(w, ret, err);
	return ret;
}

void perf_data_writer__write(struct perf_data_writer *w, const void *data, size_t len)
{
	strbuf_add(&w->buf, data, len);
	if (w->buf.len >= FLUSH_AT)
		perf_data_writer__flush(w, NULL);
}

static int emit_compressed(void *ctx, const void *frame, size_t size)
{
	struct perf_data_writer *w = ctx;
	struct pm_event_header h = {
		.type = PERF_RECORD_COMPRESSED, .size = (uint16_t)(sizeof(h) + size),
	};

	/* no padding: the zstd frame is the whole payload (as perf writes it) */
	perf_data_writer__write(w, &h, sizeof(h));
	perf_data_writer__write(w, frame, size);
	w->bytes_out += sizeof(h) + size;
	return 0;
}

int perf_data_writer__write_records(struct perf_data_writer *w, const void *data, size_t len)
{
	if (!w->zstd) {
		perf_data_writer__write(w, data, len);
		return 0;
	}
	w->bytes_in += len;
	return compressor__frames(w->zstd, data, len, 65535 - sizeof(struct pm_event_header),
				  emit_compressed, w);
}

int perf_data_writer__flush(struct perf_data_writer *w, struct strbuf *err)
{
	int ret;

	if (w->error) {
		fail(w, w->error, err);
		return w->error;
	}
	if (w->nr_dir && (ret = writer_dir__flush(w))) {
		fail(w, ret, err);
		return ret;
	}
	if (!w->buf.len)
		return 0;
	ret = writer__write_all(w->fd, w->buf.buf, w->buf.len, 0, false);
	if (ret) {
		fail(w, ret, err);
		return ret;
	}
	w->data_size += w->buf.len;
	strbuf_reset(&w->buf);
	if (!w->pipe) {
		/* keep the file readable if we are killed before finishing */
		uint64_t size = w->data_size;

		writer__write_all(w->fd, &size, sizeof(size), offsetof(struct perf_file_header, data) +
			  offsetof(struct perf_file_section, size), true);
	}
	return 0;
}

int perf_data_writer__finish(struct perf_data_writer *w, const struct pd_write_event *events,
			     int nr_events, const struct pd_write_feature *features,
			     int nr_features, struct strbuf *err)
{
	struct strbuf sb = STRBUF_INIT;
	struct perf_file_header h;
	uint64_t off;
	int ret = perf_data_writer__flush(w, err);

	(void)events, (void)nr_events;
	if (ret || w->pipe)
		goto out;
	/* table of sections first, then the payloads, in feature order */
	off = w->data_offset + w->data_size + nr_features * sizeof(struct perf_file_section);
	for (int i = 0; i < nr_features; i++) {
		struct perf_file_section s = { off, features[i].payload.len };

		strbuf_add(&sb, &s, sizeof(s));
		off += s.size;
	}
	for (int i = 0; i < nr_features; i++)
		strbuf_add(&sb, features[i].payload.buf, features[i].payload.len);
	ret = writer__write_all(w->fd, sb.buf, sb.len, w->data_offset + w->data_size, true);
	build_header(w, &h, features, nr_features);
	if (!ret)
		ret = writer__write_all(w->fd, &h, sizeof(h), 0, true);
	if (ret)
		fail(w, ret, err);
out:
	strbuf_release(&sb);
	perf_data_writer__abort(w);
	return ret;
}

void perf_data_writer__discard(struct perf_data_writer *w)
{
	if (w->fd >= 0 && w->created)
		unlink(w->path);
	writer_dir__close(w, w->fd >= 0 && w->created);
	perf_data_writer__abort(w);
}

void perf_data_writer__abort(struct perf_data_writer *w)
{
	writer_dir__close(w, false);
	if (w->fd >= 0 && !w->pipe)
		close(w->fd);
	w->fd = -1;
	strbuf_release(&w->buf);
	zfree(&w->path);
}
