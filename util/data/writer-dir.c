// SPDX-License-Identifier: GPL-2.0
/*
 * perf record --threads' directory: PATH/data is the perf.data the writer
 * writes (header, attrs, the synthesized records, the features), and
 * PATH/data.N holds ring N's records alone, no header, as perf 6.1 writes
 * them (perf-data-load.c reads them back after data).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "../base/xalloc.h"
#include "internal.h"
#include "writer.h"

#define DIR_FLUSH_AT (256 << 10)

int perf_data_writer__open_dir(struct perf_data_writer *w, const char *path, int n,
			       struct strbuf *err)
{
	struct strbuf file = STRBUF_INIT;
	int ret = 0;

	w->dir = must_calloc((size_t)n, sizeof(*w->dir));
	w->dir_path = must_strdup(path);
	for (w->nr_dir = 0; w->nr_dir < n; w->nr_dir++) {
		struct pd_dir_file *f = &w->dir[w->nr_dir];

		strbuf_reset(&file);
		strbuf_addf(&file, "%s/data.%d", path, w->nr_dir);
		strbuf_init(&f->buf, 0);
		f->fd = open(file.buf, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
		if (f->fd < 0) {
			ret = -errno;
			strbuf_addf(err, "cannot create %s: %s", file.buf, strerror(errno));
			break;
		}
	}
	strbuf_release(&file);
	return ret;
}

void perf_data_writer__write_ring(struct perf_data_writer *w, int i, const void *data,
				  size_t len)
{
	if (i < 0 || i >= w->nr_dir) {
		perf_data_writer__write(w, data, len);
		return;
	}
	strbuf_add(&w->dir[i].buf, data, len);
	if (w->dir[i].buf.len >= DIR_FLUSH_AT)
		perf_data_writer__flush_ring(w, i);
}

int perf_data_writer__flush_ring(struct perf_data_writer *w, int i)
{
	struct pd_dir_file *f = &w->dir[i];
	int ret, none = 0;

	if (!f->buf.len || f->fd < 0)
		return 0;
	ret = writer__write_all(f->fd, f->buf.buf, f->buf.len, 0, false);
	if (ret) {	/* the first error stays, whichever thread met it */
		__atomic_compare_exchange_n(&w->error, &none, ret, false, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED);
		return ret;
	}
	__atomic_store_n(&f->size, f->size + f->buf.len, __ATOMIC_RELAXED);
	strbuf_reset(&f->buf);
	return 0;
}

int writer_dir__flush(struct perf_data_writer *w)
{
	for (int i = 0; i < w->nr_dir; i++) {
		int ret = perf_data_writer__flush_ring(w, i);

		if (ret)
			return ret;
	}
	return 0;
}

uint64_t perf_data_writer__dir_size(const struct perf_data_writer *w)
{
	uint64_t size = w->dir_closed_size;

	for (int i = 0; i < w->nr_dir; i++)
		size += __atomic_load_n(&w->dir[i].size, __ATOMIC_RELAXED);
	return size;
}

void writer_dir__close(struct perf_data_writer *w, bool remove)
{
	struct strbuf file = STRBUF_INIT;

	w->dir_closed_size = remove ? 0 : perf_data_writer__dir_size(w);
	for (int i = 0; i < w->nr_dir; i++) {
		if (w->dir[i].fd >= 0)
			close(w->dir[i].fd);
		strbuf_release(&w->dir[i].buf);
		if (remove) {
			strbuf_reset(&file);
			strbuf_addf(&file, "%s/data.%d", w->dir_path, i);
			unlink(file.buf);
		}
	}
	if (remove && w->dir_path)
		rmdir(w->dir_path);
	strbuf_release(&file);
	zfree(&w->dir);
	zfree(&w->dir_path);
	w->nr_dir = 0;
}
