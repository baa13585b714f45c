// SPDX-License-Identifier: GPL-2.0
/* Finding and naming entries of perf's build-id cache. */
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buildid-cache.h"

void buildid_cache__dir(struct strbuf *out)
{
	const char *dir = getenv("PERF_BUILDID_DIR"), *home = getenv("HOME");

	strbuf_reset(out);
	if (dir && *dir)
		strbuf_addstr(out, dir);
	else
		strbuf_addf(out, "%s/.debug", home && *home ? home : "");
}

static void add_hex(struct strbuf *out, const uint8_t *id, size_t size, size_t from)
{
	for (size_t i = from; i < size; i++)
		strbuf_addf(out, "%02x", id[i]);
}

bool buildid_cache__find(const uint8_t *id, size_t size, const char *what, struct strbuf *out)
{
	struct stat st;
	size_t base;

	if (!size)
		return false;
	buildid_cache__dir(out);
	strbuf_addf(out, "/.build-id/%02x/", id[0]);
	add_hex(out, id, size, 1);
	base = out->len;
	/* perf's layout: the link names a directory; older perf linked the file */
	strbuf_addf(out, "/%s", what);
	if (!stat(out->buf, &st) && S_ISREG(st.st_mode) && !access(out->buf, R_OK))
		return true;
	strbuf_setlen(out, base);
	return !stat(out->buf, &st) && S_ISREG(st.st_mode) && !access(out->buf, R_OK);
}

void buildid_cache__names(const uint8_t *id, size_t size, const char *name, struct strbuf *link,
			  struct strbuf *dir)
{
	strbuf_reset(link);
	strbuf_reset(dir);
	strbuf_addf(link, ".build-id/%02x/", size ? id[0] : 0);
	add_hex(link, id, size, 1);
	strbuf_addf(dir, "%s/", name[0] == '/' ? name + 1 : name);
	add_hex(dir, id, size, 0);
}
