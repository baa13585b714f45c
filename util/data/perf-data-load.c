// SPDX-License-Identifier: GPL-2.0
/*
 * A perf.data into memory: a file mapped, a pipe (or what cannot be
 * mapped) read whole, and who may read it, as perf decides.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/progress.h"
#include "../base/util.h"
#include "internal.h"
#include "perf-data.h"
#include "stream-check.h"

/* A stream is kept whole in memory: at most half of it, so that a pipe
 * that never ends is refused, not followed until the machine swaps. */
static size_t stream_limit(void)
{
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);

	if (pages <= 0 || page <= 0)
		return (size_t)1 << 32;
	return (size_t)pages / 2 * (size_t)page;
}

/* Twice the room for the stream, unless it has reached @limit. */
static int make_room(struct perf_data *pd, size_t *alloc, size_t limit, struct strbuf *err)
{
	if (pd->size >= limit) {
		strbuf_addf(err, "%s: the stream is over %zu MiB, half of this machine's memory, "
			    "which is all perf-mini keeps of a pipe\nhint: write it to a file "
			    "first (perf-mini record -o FILE) and report that", pd->path,
			    limit >> 20);
		return -EFBIG;
	}
	return array_reserve((void **)&pd->buf, alloc, 2 * *alloc, 1);
}

/* A pipe, a device or a file whose size is unknown: read it all, checking
 * what arrives as it arrives (util/data/stream-check.h). */
volatile sig_atomic_t perf_data_stop_requested;

void perf_data__stop(void)
{
	perf_data_stop_requested = 1;
}

static int read_all(int fd, struct perf_data *pd, size_t alloc, struct progress *prog,
		    struct strbuf *err)
{
	struct stream_check sc = { 0 };
	size_t limit = stream_limit();
	int ret;

	for (;;) {
		ssize_t n;

		if (perf_data_stop_requested) {
			perf_data_stop_requested = 0;	/* served: what came is all read */
			return 0;	/* the stream so far, as if it ended here */
		}
		if (pd->size == alloc && (ret = make_room(pd, &alloc, limit, err)))
			return ret;
		n = read(fd, pd->buf + pd->size, alloc - pd->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			strbuf_addf(err, "cannot read %s: %s", pd->path, strerror(errno));
			return -errno;
		}
		if (n == 0)
			return 0;
		pd->size += n;
		progress__update(prog, pd->size);
		if (stream_check__feed(&sc, pd->buf, pd->size, pd->path, err))
			return -EINVAL;
	}
}

static int slurp(int fd, struct perf_data *pd, struct strbuf *err)
{
	size_t alloc = 1 << 16;
	struct progress prog;
	int ret;

	pd->buf = malloc(alloc);
	if (!pd->buf)
		return -ENOMEM;
	progress__start(&prog, "Reading the stream", 0, pd->show_progress, 1);
	ret = read_all(fd, pd, alloc, &prog, err);
	progress__end(&prog);
	return ret;
}

static bool trust_any_owner;

void perf_data__trust_any_owner(bool trust)
{
	trust_any_owner = trust;
}

static bool owner_ok(const struct perf_data *pd, const char *path, const struct stat *st,
		     struct strbuf *err)
{
	if (trust_any_owner || st->st_uid == geteuid() || st->st_uid == 0)
		return true;
	/* perf's words: scripts look for them */
	strbuf_addf(err, "File %s not owned by current user or root (use -f to override)",
		    path ? path : pd->path);
	return false;
}

/* The whole of @path appended to @pd->buf (@alloc bytes so far). */
static int append_file(struct perf_data *pd, const char *path, size_t *alloc,
		       struct strbuf *err)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int ret = 0;

	if (fd < 0 || fstat(fd, &st) < 0) {
		strbuf_addf(err, "cannot read %s: %s", path, strerror(errno));
		ret = -errno;
	} else if (!owner_ok(pd, path, &st, err)) {
		ret = -EPERM;
	}
	while (!ret) {
		ssize_t n;

		if (pd->size == *alloc && (ret = make_room(pd, alloc, SIZE_MAX, err)))
			break;
		n = read(fd, pd->buf + pd->size, *alloc - pd->size);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0) {
				strbuf_addf(err, "cannot read %s: %s", path, strerror(errno));
				ret = -errno;
			}
			break;
		}
		pd->size += (size_t)n;
	}
	if (fd >= 0)
		close(fd);
	return ret;
}

/*
 * perf record --threads writes a directory: PATH/data holds the header,
 * the features and the first writer's records, PATH/data.0, data.1, ...
 * each another writer's records alone. All are read into one buffer, the
 * others after the first file; the walk goes on into them (dir_extra).
 */
static int load_dir(struct perf_data *pd, struct strbuf *err)
{
	struct strbuf file = STRBUF_INIT;
	size_t alloc = 1 << 16;
	int ret;

	pd->buf = malloc(alloc);
	if (!pd->buf)
		return -ENOMEM;
	strbuf_addf(&file, "%s/data", pd->path);
	ret = append_file(pd, file.buf, &alloc, err);
	if (ret == -ENOENT)
		strbuf_addf(err, "\nhint: %s is a directory without perf record --threads' "
			    "data file", pd->path);
	pd->dir_extra_off = pd->dir_extra_end = pd->size;
	for (int i = 0; !ret; i++) {
		strbuf_reset(&file);
		strbuf_addf(&file, "%s/data.%d", pd->path, i);
		if (access(file.buf, F_OK))
			break;
		ret = append_file(pd, file.buf, &alloc, err);
		pd->dir_extra_end = pd->size;
	}
	strbuf_release(&file);
	return ret;
}

int perf_data__load(struct perf_data *pd, struct strbuf *err)
{
	bool is_stdin = !strcmp(pd->path, "-");
	int fd = is_stdin ? STDIN_FILENO : open(pd->path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	int ret = 0;

	if (fd < 0) {
		int e = errno;

		strbuf_addf(err, "cannot open %s: %s", pd->path, strerror(e));
		if (e == ENOENT)
			strbuf_addstr(err, "\nhint: record one first (perf-mini record -- <command>) "
					   "or name it with -i");
		return -e;
	}
	if (!is_stdin && !fstat(fd, &st) && S_ISDIR(st.st_mode)) {
		ret = load_dir(pd, err);
	} else if (fstat(fd, &st) < 0 || (!S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode) &&
					  !S_ISCHR(st.st_mode) && !S_ISSOCK(st.st_mode))) {
		strbuf_addf(err, "%s is not a regular file", pd->path);
		ret = -EINVAL;
	} else if (!is_stdin && !owner_ok(pd, NULL, &st, err)) {
		ret = -EPERM;
	} else if (S_ISREG(st.st_mode) && st.st_size > 0) {
		pd->buf = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
		if (pd->buf == MAP_FAILED) {
			/* no address space for it (ulimit -v), or a file that
			 * cannot be mapped: read it, from its first byte */
			pd->buf = NULL;
			ret = slurp(fd, pd, err);
		} else {
			pd->size = st.st_size;
			pd->mapped = true;
		}
	} else {
		ret = slurp(fd, pd, err);
	}
	if (!is_stdin)
		close(fd);
	return ret;
}

