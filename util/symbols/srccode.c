// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/array.h"
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
	size_t alloc = 0;

	for (size_t at = 0; at < f->size;) {
		const char *nl = memchr(f->text + at, '\n', f->size - at);

		ALLOC_GROW(f->line_off, f->nr_lines + 1, alloc);
		f->line_off[f->nr_lines++] = at;
		at = nl ? (size_t)(nl - f->text) + 1 : f->size;
	}
}

static struct srccode_file *file_of(struct srccode *sc, const char *path)
{
	uint64_t hash = fnv1a_64_str(path);
	struct srccode_file *f;
	struct hmap_slot *s;

	hmap_must_reserve(&sc->by_path, 1);
	hmap_for_each_probe(&sc->by_path, hash, s) {
		f = (struct srccode_file *)s->val;
		if (s->hash == hash && !strcmp(f->path, path))
			return f;
	}
	f = must_calloc(1, sizeof(*f));
	f->path = must_strdup(path);
	f->text = read_file(path, &f->size);
	if (f->text)
		index_lines(f);
	hmap_fill(&sc->by_path, s, hash, (uintptr_t)f);
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
	struct hmap_slot *s;

	hmap_for_each(&sc->by_path, s) {
		struct srccode_file *f = (struct srccode_file *)s->val;

		free(f->path);
		free(f->text);
		free(f->line_off);
		free(f);
	}
	hmap_release(&sc->by_path);
	memset(sc, 0, sizeof(*sc));
}
