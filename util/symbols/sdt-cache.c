// SPDX-License-Identifier: GPL-2.0
/*
 * The SDT (USDT) events perf's build-id cache knows: perf record and perf
 * buildid-cache --add write a "probes" file beside each cached binary that
 * has SDT notes, a "%group:event=event" line for each event followed by
 * the uprobe that would trace it. Those of binaries still installed count.
 */
#include <dirent.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "buildid-cache.h"
#include "dso.h"
#include "sdt-cache.h"

static void sdt_event__release(struct sdt_event *e)
{
	free(e->name);
	free(e->build_id);
	free(e->path);
	free(e->key);
	free(e->shown);
}

struct sdt_list {
	struct sdt_event *v;
	size_t nr, alloc;
};

static void add_event(struct sdt_list *l, const char *name, const char *build_id, const char *path)
{
	ALLOC_GROW(l->v, l->nr + 1, l->alloc);
	l->v[l->nr] = (struct sdt_event){ must_strdup(name), must_strdup(build_id), must_strdup(path),
					  NULL, NULL };
	l->v[l->nr].key = must_malloc(strlen(name) + strlen(build_id) + 2);
	snprintf(l->v[l->nr].key, strlen(name) + strlen(build_id) + 2, "%s@%s", name, build_id);
	l->nr++;
}

/* perf's rule: an entry counts while the binary it was cached from is
 * still there, with the same build-id. */
static bool still_there(const char *path, const char *id)
{
	uint8_t bid[64];
	char hex[2 * sizeof(bid) + 1];
	size_t n = path[0] == '/' ? elf_read_build_id(path, bid, sizeof(bid)) : 0;

	for (size_t i = 0; i < n; i++)
		snprintf(hex + 2 * i, 3, "%02x", bid[i]);
	return n && !strcmp(hex, id);
}

/* The binary's path from the cache link's target, "../../usr/bin/x/<id>". */
static bool original_path(const char *target, struct strbuf *out)
{
	const char *slash = strrchr(target, '/');

	if (strncmp(target, "../..", 5) || !slash || slash <= target + 5)
		return false;
	strbuf_reset(out);
	strbuf_add(out, target + 5, (size_t)(slash - target - 5));
	return true;
}

static void read_probes(struct sdt_list *l, const char *file, const char *build_id,
			const char *path)
{
	FILE *f = fopen(file, "re");
	char line[1024];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		char *eq = strchr(line, '=');

		/* '%': an SDT event; '#' marks perf probe --cache's own */
		if (line[0] != '%' || !eq || !memchr(line, ':', (size_t)(eq - line)))
			continue;
		*eq = '\0';
		add_event(l, line + 1, build_id, path);
	}
	fclose(f);
}

/* Each entry .build-id/xx/rest whose link leads to a directory of the
 * cache: its "probes" file, if it has one. */
static void read_bucket(struct sdt_list *l, const char *cache, const char *bucket)
{
	struct strbuf dir = STRBUF_INIT, link = STRBUF_INIT, path = STRBUF_INIT;
	char target[PATH_MAX], id[NAME_MAX + 8];
	struct dirent *de;
	DIR *d;

	strbuf_addf(&dir, "%s/.build-id/%s", cache, bucket);
	if (!(d = opendir(dir.buf)))
		goto out;
	while ((de = readdir(d))) {
		ssize_t n;
		struct stat st;

		if (de->d_name[0] == '.' || strlen(de->d_name) + 3 > sizeof(id))
			continue;
		strbuf_reset(&link);
		strbuf_addf(&link, "%s/%s", dir.buf, de->d_name);
		n = readlink(link.buf, target, sizeof(target) - 1);
		if (n <= 0 || stat(link.buf, &st) || !S_ISDIR(st.st_mode))
			continue;	/* an older perf's link to a file, or a dangling one */
		target[n] = '\0';
		if (!original_path(target, &path))
			continue;
		snprintf(id, sizeof(id), "%s%s", bucket, de->d_name);
		if (!still_there(path.buf, id))
			continue;
		strbuf_addstr(&link, "/probes");
		read_probes(l, link.buf, id, path.buf);
	}
	closedir(d);
out:
	strbuf_release(&dir);
	strbuf_release(&link);
	strbuf_release(&path);
}

/* perf's order: "group:event@build-id" as one string. */
static int cmp_event(const void *a, const void *b)
{
	return strcmp(((const struct sdt_event *)a)->key, ((const struct sdt_event *)b)->key);
}

void sdt_cache__read(struct sdt_event **events, size_t *nr)
{
	struct strbuf cache = STRBUF_INIT, ids = STRBUF_INIT;
	struct sdt_list l = { 0 };
	struct dirent *de;
	DIR *d;
	size_t kept = 0;

	buildid_cache__dir(&cache);
	strbuf_addf(&ids, "%s/.build-id", cache.buf);
	if ((d = opendir(ids.buf))) {
		while ((de = readdir(d)))
			if (strlen(de->d_name) == 2 && de->d_name[0] != '.')
				read_bucket(&l, cache.buf, de->d_name);
		closedir(d);
	}
	if (l.nr)
		qsort(l.v, l.nr, sizeof(*l.v), cmp_event);
	/* one of each, as perf's string list holds them */
	for (size_t i = 0; i < l.nr; i++) {
		if (kept && !cmp_event(&l.v[kept - 1], &l.v[i])) {
			sdt_event__release(&l.v[i]);
			continue;
		}
		l.v[kept++] = l.v[i];
	}
	/* an event more than one binary has is named for each, as perf does */
	for (size_t i = 0; i < kept; i++) {
		bool shared = (i && !strcmp(l.v[i - 1].name, l.v[i].name)) ||
			      (i + 1 < kept && !strcmp(l.v[i + 1].name, l.v[i].name));
		struct strbuf sb = STRBUF_INIT;

		strbuf_addstr(&sb, l.v[i].name);
		if (shared)
			strbuf_addf(&sb, "@%s(%.12s)", l.v[i].path, l.v[i].build_id);
		l.v[i].shown = strbuf_detach(&sb, NULL);
	}
	*events = l.v;
	*nr = kept;
	strbuf_release(&cache);
	strbuf_release(&ids);
}

void sdt_cache__free(struct sdt_event *events, size_t nr)
{
	for (size_t i = 0; i < nr; i++)
		sdt_event__release(&events[i]);
	free(events);
}
