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
		writer_dir__flush(w);
}

int writer_dir__flush(struct perf_data_writer *w)
{
	for (int i = 0; i < w->nr_dir; i++) {
		struct pd_dir_file *f = &w->dir[i];
		int ret;

		if (!f->buf.len || f->fd < 0)
			continue;
		ret = writer__write_all(f->fd, f->buf.buf, f->buf.len, 0, false);
		if (ret) {
			if (!w->error)
				w->error = ret;
			return ret;
		}
		w->dir_size += f->buf.len;
		strbuf_reset(&f->buf);
	}
	return 0;
}

void writer_dir__close(struct perf_data_writer *w, bool remove)
{
	struct strbuf file = STRBUF_INIT;

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
