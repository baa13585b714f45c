// SPDX-License-Identifier: GPL-2.0
/*
 * Layout: "\027\010\104tracing" "0.6\0", endianness, sizeof(long), page
 * size; header_page and header_event files; ftrace formats (none); per
 * system its name and event format files; kallsyms, printk formats and
 * saved cmdlines (empty, as perf leaves kallsyms).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../base/util.h"
#include "tracing-data.h"

bool evlist__has_tracepoint(const struct evlist *evlist)
{
	for (int i = 0; i < evlist->nr; i++)
		if (evlist->entries[i]->attr.type == PERF_TYPE_TRACEPOINT)
			return true;
	return false;
}

static void put_u32(struct strbuf *sb, uint32_t v)
{
	strbuf_add(sb, &v, 4);
}

static void put_u64(struct strbuf *sb, uint64_t v)
{
	strbuf_add(sb, &v, 8);
}

/* u64 size then the file's contents. */
static int put_file(struct strbuf *sb, const char *path)
{
	FILE *f = fopen(path, "re");
	size_t at = sb->len, n;
	char buf[4096];

	if (!f)
		return -ENOENT;
	put_u64(sb, 0);
	while ((n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(sb, buf, n);
	fclose(f);
	n = sb->len - at - 8;
	memcpy(sb->buf + at, &(uint64_t){ n }, 8);
	return 0;
}

/* "sched:sched_switch:u" -> system "sched", event "sched_switch". */
static void split_name(const char *name, char *sys, char *ev, size_t size)
{
	size_t s = strcspn(name, ":");

	snprintf(sys, size, "%.*s", (int)s, name);
	name += s + (name[s] == ':');
	snprintf(ev, size, "%.*s", (int)strcspn(name, ":/"), name);
}

static int put_system(struct strbuf *sb, const struct evlist *evlist, int first,
		      const char *dir)
{
	char sys[128], ev[128], path[512];
	uint32_t nr = 0;
	size_t count_at;
	int ret = 0;

	split_name(evlist->entries[first]->name, sys, ev, sizeof(sys));
	strbuf_add(sb, sys, strlen(sys) + 1);
	count_at = sb->len;
	put_u32(sb, 0);
	for (int i = first; i < evlist->nr && !ret; i++) {
		char s2[128], e2[128];

		if (evlist->entries[i]->attr.type != PERF_TYPE_TRACEPOINT)
			continue;
		split_name(evlist->entries[i]->name, s2, e2, sizeof(s2));
		if (strcmp(s2, sys))
			continue;
		snprintf(path, sizeof(path), "%s/events/%s/%s/format", dir, s2, e2);
		ret = put_file(sb, path);
		nr++;
	}
	memcpy(sb->buf + count_at, &nr, 4);
	return ret;
}

/* Is @idx the first tracepoint of its system in the list? */
static bool first_of_system(const struct evlist *evlist, int idx)
{
	char sys[128], ev[128], s2[128], e2[128];

	split_name(evlist->entries[idx]->name, sys, ev, sizeof(sys));
	for (int i = 0; i < idx; i++) {
		if (evlist->entries[i]->attr.type != PERF_TYPE_TRACEPOINT)
			continue;
		split_name(evlist->entries[i]->name, s2, e2, sizeof(s2));
		if (!strcmp(s2, sys))
			return false;
	}
	return true;
}

int tracing_data__build(struct strbuf *out, const struct evlist *evlist, const char *dir)
{
	static const char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	char path[512];
	uint32_t nr_systems = 0;
	size_t count_at;
	int ret;

	strbuf_add(out, magic, sizeof(magic));
	strbuf_add(out, "0.6", 4);
	strbuf_addch(out, 0);			/* little-endian */
	strbuf_addch(out, sizeof(long));
	put_u32(out, sysconf(_SC_PAGESIZE));
	strbuf_add(out, "header_page", 12);
	snprintf(path, sizeof(path), "%s/events/header_page", dir);
	ret = put_file(out, path);
	strbuf_add(out, "header_event", 13);
	snprintf(path, sizeof(path), "%s/events/header_event", dir);
	ret = ret ?: put_file(out, path);
	put_u32(out, 0);			/* ftrace formats */
	count_at = out->len;
	put_u32(out, 0);
	for (int i = 0; i < evlist->nr && !ret; i++) {
		if (evlist->entries[i]->attr.type != PERF_TYPE_TRACEPOINT ||
		    !first_of_system(evlist, i))
			continue;
		ret = put_system(out, evlist, i, dir);
		nr_systems++;
	}
	memcpy(out->buf + count_at, &nr_systems, 4);
	put_u32(out, 0);			/* kallsyms */
	put_u32(out, 0);			/* printk formats */
	put_u64(out, 0);			/* saved cmdlines */
	return ret;
}
