// SPDX-License-Identifier: GPL-2.0
/* ustar headers (POSIX.1-1988), pax ones for long names, compressed
 * through libbz2's stream API. */
#include <bzlib.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "tarball.h"

#define BLOCK 512

struct tarball {
	BZFILE *bz;
	FILE *f;
	int error;
	long mtime;
};

struct tarball *tarball__open(FILE *f, struct strbuf *err)
{
	struct tarball *t = calloc(1, sizeof(*t));
	int e;

	if (!t)
		return NULL;
	t->f = f;
	t->mtime = (long)time(NULL);
	t->bz = BZ2_bzWriteOpen(&e, f, 9, 0, 0);
	if (e != BZ_OK) {
		strbuf_addstr(err, "bzip2 cannot start compressing");
		free(t);
		return NULL;
	}
	return t;
}

static int put(struct tarball *t, const void *data, uint64_t len, struct strbuf *err)
{
	const char *p = data;
	int e = BZ_OK;

	while (!t->error && e == BZ_OK && len) {
		int n = len > (1u << 30) ? 1 << 30 : (int)len;

		BZ2_bzWrite(&e, t->bz, (void *)p, n);
		p += n;
		len -= (uint64_t)n;
	}
	if (e != BZ_OK && !t->error) {
		t->error = e;
		strbuf_addstr(err, "the archive could not be written (disk full?)");
	}
	return t->error ? -1 : 0;
}

/* ustar keeps 100 characters of name, and 155 more of the directories
 * before it in the prefix field: split, as GNU tar, at the last '/' with
 * at most 155 characters before it. False where no split fits. */
static bool set_name(char *h, const char *path)
{
	size_t len = strlen(path);
	const char *cut;

	if (len <= 100) {
		memcpy(h, path, len);
		return true;
	}
	for (cut = path + (len > 156 ? 155 : len - 2); cut > path && *cut != '/'; cut--)
		;
	if (*cut != '/' || cut - path > 155 || strlen(cut + 1) > 100)
		return false;
	memcpy(h + 345, path, (size_t)(cut - path));
	memcpy(h, cut + 1, strlen(cut + 1));
	return true;
}

static int ustar_header(struct tarball *t, const char *path, char type, uint64_t size,
			const char *link, struct strbuf *err)
{
	char h[BLOCK];
	unsigned int sum = 0;

	memset(h, 0, sizeof(h));
	if (!set_name(h, path))
		memcpy(h, path, 100);	/* a pax header before it has the whole */
	snprintf(h + 100, 8, "%07o", type == '5' ? 0755 : type == '2' ? 0777 : 0644);
	snprintf(h + 108, 8, "%07o", 0);
	snprintf(h + 116, 8, "%07o", 0);
	snprintf(h + 124, 12, "%011llo", (unsigned long long)size);
	snprintf(h + 136, 12, "%011lo", t->mtime);
	h[156] = type;
	if (link)
		memcpy(h + 157, link, strlen(link) > 100 ? 100 : strlen(link));
	memcpy(h + 257, "ustar", 6);
	memcpy(h + 263, "00", 2);
	memset(h + 148, ' ', 8);
	for (size_t i = 0; i < sizeof(h); i++)
		sum += (unsigned char)h[i];
	snprintf(h + 148, 8, "%06o", sum);
	h[155] = ' ';
	return put(t, h, sizeof(h), err);
}

/* A pax record, "LEN key=value\n", its length counting its own digits. */
static void add_pax_record(struct strbuf *sb, const char *key, const char *value)
{
	size_t base = strlen(key) + strlen(value) + 3, len = base + 1, digits;

	while (len != base + (digits = (size_t)snprintf(NULL, 0, "%zu", len)))
		len = base + digits;
	strbuf_addf(sb, "%zu %s=%s\n", len, key, value);
}

/*
 * The entry's ustar header, after a POSIX pax header (what GNU tar and
 * bsdtar read) where its path or link does not fit: the build-id cache
 * of a binary under a long directory has both.
 */
static int header(struct tarball *t, const char *path, char type, uint64_t size,
		  const char *link, struct strbuf *err)
{
	static const char zeros[BLOCK];
	struct strbuf pax = STRBUF_INIT;
	char probe[BLOCK] = { 0 };
	int ret = 0;

	if (!set_name(probe, path))
		add_pax_record(&pax, "path", path);
	if (link && strlen(link) > 100)
		add_pax_record(&pax, "linkpath", link);
	if (pax.len)
		ret = ustar_header(t, "PaxHeader", 'x', pax.len, NULL, err) ||
		      put(t, pax.buf, pax.len, err) ||
		      put(t, zeros, (BLOCK - pax.len % BLOCK) % BLOCK, err) ? -1 : 0;
	strbuf_release(&pax);
	return ret ? ret : ustar_header(t, path, type, size, link, err);
}

int tarball__dir(struct tarball *t, const char *path, struct strbuf *err)
{
	return header(t, path, '5', 0, NULL, err);
}

int tarball__symlink(struct tarball *t, const char *path, const char *target,
		     struct strbuf *err)
{
	return header(t, path, '2', 0, target, err);
}

int tarball__file(struct tarball *t, const char *path, const void *data, uint64_t size,
		  struct strbuf *err)
{
	static const char zeros[BLOCK];

	if (header(t, path, '0', size, NULL, err) || put(t, data, size, err))
		return -1;
	return put(t, zeros, (BLOCK - size % BLOCK) % BLOCK, err);
}

int tarball__close(struct tarball *t, struct strbuf *err)
{
	static const char end[2 * BLOCK];
	int e, ret = put(t, end, sizeof(end), err);

	BZ2_bzWriteClose(&e, t->bz, t->error != 0, NULL, NULL);
	if (e == BZ_IO_ERROR) {
		int again;

		/* bzip2 returns on a stream error before it frees its state:
		 * abandoned on a clean stream, it does */
		clearerr(t->f);
		BZ2_bzWriteClose(&again, t->bz, 1, NULL, NULL);
	}
	if (e != BZ_OK && !ret) {
		strbuf_addstr(err, "the archive could not be finished (disk full?)");
		ret = -1;
	}
	free(t);
	return ret;
}
