// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/hash.h"
#include "../base/util.h"
#include "srccode.h"
#include "../base/xalloc.h"

struct srccode_file {
	char *path;
	char *text;		/* NULL: unreadable (remembered as such) */
	size_t size;
	size_t *line_off;	/* where each line starts */
	size_t nr_lines;
	struct srccode_file *next;
};

static char *read_file(const char *path, size_t *size)
{
	struct stat st;
	char *buf = NULL;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) || !S_ISREG(st.st_mode) || (uint64_t)st.st_size > SRCCODE_MAX_FILE ||
	    !(buf = malloc((size_t)st.st_size + 1)))
		goto fail;
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;		/* shrank while read: what is there */
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	*size = got;
	return buf;
fail:
	close(fd);
	free(buf);
	return NULL;
}

static void index_lines(struct srccode_file *f)
{
	size_t alloc = 64;

	f->line_off = must_malloc(alloc * sizeof(*f->line_off));
	for (size_t at = 0; at < f->size;) {
		const char *nl = memchr(f->text + at, '\n', f->size - at);

		if (f->nr_lines == alloc) {
			alloc *= 2;
			f->line_off = must_reallocarray(f->line_off, alloc, sizeof(*f->line_off));
		}
		f->line_off[f->nr_lines++] = at;
		at = nl ? (size_t)(nl - f->text) + 1 : f->size;
	}
}

static size_t bucket_of(const struct srccode *sc, const char *path)
{
	return (size_t)(fnv1a_64_str(path) >> 17) & (sc->nr_buckets - 1);
}

static void grow(struct srccode *sc)
{
	size_t old_nb = sc->nr_buckets;
	struct srccode_file **old = sc->buckets;

	sc->nr_buckets = old_nb ? 2 * old_nb : 64;
	sc->buckets = zalloc_written(sc->nr_buckets * sizeof(*sc->buckets));
	if (!sc->buckets)
		pm_fatal(PM_FATAL_OOM, __func__);
	for (size_t i = 0; i < old_nb; i++)
		for (struct srccode_file *f = old[i], *next; f; f = next) {
			size_t b = bucket_of(sc, f->path);

			next = f->next;
			f->next = sc->buckets[b];
			sc->buckets[b] = f;
		}
	free(old);
}

static struct srccode_file *file_of(struct srccode *sc, const char *path)
{
	struct srccode_file *f;
	size_t b;

	if (2 * (sc->nr + 1) > sc->nr_buckets)
		grow(sc);
	b = bucket_of(sc, path);
	for (f = sc->buckets[b]; f; f = f->next)
		if (!strcmp(f->path, path))
			return f;
	f = must_calloc(1, sizeof(*f));
	f->path = must_strdup(path);
	f->text = read_file(path, &f->size);
	if (f->text)
		index_lines(f);
	f->next = sc->buckets[b];
	sc->buckets[b] = f;
	sc->nr++;
	return f;
}

const char *srccode__line(struct srccode *sc, const char *path, unsigned int line, int *len)
{
	struct srccode_file *f = file_of(sc, path);
	size_t start, end;

	if (!f->text || !line || line > f->nr_lines)
		return NULL;
	start = f->line_off[line - 1];
	end = line < f->nr_lines ? f->line_off[line] - 1 : f->size;
	if (end > start && f->text[end - 1] == '\n')
		end--;		/* the last line's own newline */
	*len = (int)(end - start);
	return f->text + start;
}

void srccode__exit(struct srccode *sc)
{
	for (size_t i = 0; i < sc->nr_buckets; i++)
		for (struct srccode_file *f = sc->buckets[i], *next; f; f = next) {
			next = f->next;
			free(f->path);
			free(f->text);
			free(f->line_off);
			free(f);
		}
	free(sc->buckets);
	memset(sc, 0, sizeof(*sc));
}
