// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../base/array.h"
#include "../base/util.h"
#include "../data/header-features.h"
#include "host-memory.h"
#include "../base/xalloc.h"

#define MAX_CACHE_INDEX 4	/* perf's MAX_CACHE_LVL: index0 to index3 */

struct cache_desc {
	uint32_t level, line_size, sets, ways;
	char type[32], size[32], map[256];
};

/* A sysfs value's first line, trimmed; false when unreadable. */
static bool read_line(const char *dir, const char *name, char *out, size_t size)
{
	char path[PATH_MAX];
	size_t start;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	if (read_small_file(path, out, size) < 0)
		return false;
	out[strcspn(out, "\n")] = '\0';
	start = strspn(out, " \t");
	memmove(out, out + start, strlen(out + start) + 1);
	for (size_t n = strlen(out); n && (out[n - 1] == ' ' || out[n - 1] == '\t'); n--)
		out[n - 1] = '\0';
	return true;
}

static bool read_u32(const char *dir, const char *name, uint32_t *v)
{
	char text[32];
	int n;

	if (!read_line(dir, name, text, sizeof(text)) || str_to_int(text, &n))
		return false;
	*v = (uint32_t)n;
	return true;
}

/* 1: no such cache, 0: read, -1: unreadable (perf then writes no CACHE). */
static int read_cache(const char *sysfs, int cpu, int index, struct cache_desc *c)
{
	char dir[PATH_MAX];
	struct stat st;

	snprintf(dir, sizeof(dir), "%s/devices/system/cpu/cpu%d/cache/index%d", sysfs, cpu, index);
	if (stat(dir, &st))
		return 1;
	if (!read_u32(dir, "level", &c->level) || !read_u32(dir, "coherency_line_size", &c->line_size) ||
	    !read_u32(dir, "number_of_sets", &c->sets) ||
	    !read_u32(dir, "ways_of_associativity", &c->ways) ||
	    !read_line(dir, "type", c->type, sizeof(c->type)) ||
	    !read_line(dir, "size", c->size, sizeof(c->size)) ||
	    !read_line(dir, "shared_cpu_list", c->map, sizeof(c->map)))
		return -1;
	return 0;
}

static bool same_cache(const struct cache_desc *a, const struct cache_desc *b)
{
	return a->level == b->level && a->line_size == b->line_size && a->sets == b->sets &&
	       a->ways == b->ways && !strcmp(a->type, b->type) && !strcmp(a->size, b->size) &&
	       !strcmp(a->map, b->map);
}

/* Each cache once, in the order the CPUs show them. Returns how many, or
 * -1 when one cannot be read. */
static int collect_caches(const char *sysfs, int nr_cpus, struct cache_desc **out)
{
	struct cache_desc *v = NULL, c;
	int nr = 0, alloc = 0;

	for (int cpu = 0; cpu < nr_cpus; cpu++)
		for (int index = 0; index < MAX_CACHE_INDEX; index++) {
			int ret = read_cache(sysfs, cpu, index, &c), i;

			if (ret < 0) {
				free(v);
				return -1;
			}
			if (ret)
				break;
			for (i = 0; i < nr && !same_cache(&v[i], &c); i++)
				;
			if (i < nr)
				continue;
			if (nr == alloc) {
				alloc = alloc ? 2 * alloc : 16;
				v = must_reallocarray(v, (size_t)alloc, sizeof(*v));
			}
			v[nr++] = c;
		}
	*out = v;
	return nr;
}

bool host_memory__caches(struct strbuf *sb, const char *sysfs, int nr_cpus)
{
	struct cache_desc *v = NULL;
	int nr = collect_caches(sysfs, nr_cpus, &v);
	uint32_t word;

	if (nr < 0)
		return false;
	/* by level, the CPUs' order kept within one */
	for (int i = 1; i < nr; i++)
		for (int j = i; j > 0 && v[j - 1].level > v[j].level; j--) {
			struct cache_desc tmp = v[j];

			v[j] = v[j - 1];
			v[j - 1] = tmp;
		}
	word = 1;
	strbuf_add(sb, &word, 4);
	word = (uint32_t)nr;
	strbuf_add(sb, &word, 4);
	for (int i = 0; i < nr; i++) {
		strbuf_add(sb, &v[i].level, 4);
		strbuf_add(sb, &v[i].line_size, 4);
		strbuf_add(sb, &v[i].sets, 4);
		strbuf_add(sb, &v[i].ways, 4);
		pd_features__put_string(sb, v[i].type);
		pd_features__put_string(sb, v[i].size);
		pd_features__put_string(sb, v[i].map);
	}
	free(v);
	return true;
}

/* "memory12" -> 12, else -1 */
static long block_number(const char *name)
{
	char *end;
	long n;

	if (strncmp(name, "memory", 6) || !name[6] || name[6] < '0' || name[6] > '9')
		return -1;
	n = strtol(name + 6, &end, 10);
	return *end ? -1 : n;
}

/* One node's bitmap of memory blocks, sized as perf: the highest + 1. */
static void put_node(struct strbuf *sb, const char *sysfs, uint64_t node)
{
	char dir[PATH_MAX];
	uint64_t nbits = 1, *words;
	struct dirent *d;
	DIR *dh;

	snprintf(dir, sizeof(dir), "%s/devices/system/node/node%" PRIu64, sysfs, node);
	dh = opendir(dir);
	while (dh && (d = readdir(dh)))
		if (block_number(d->d_name) >= 0 && (uint64_t)block_number(d->d_name) + 1 > nbits)
			nbits = (uint64_t)block_number(d->d_name) + 1;
	words = must_calloc((nbits + 63) / 64, sizeof(*words));
	if (dh)
		rewinddir(dh);
	while (dh && (d = readdir(dh))) {
		long b = block_number(d->d_name);

		if (b >= 0)
			words[b / 64] |= 1ULL << (b % 64);
	}
	if (dh)
		closedir(dh);
	strbuf_add(sb, &node, 8);
	strbuf_add(sb, &nbits, 8);	/* perf's node size: the bitmap's */
	strbuf_add(sb, &nbits, 8);
	strbuf_add(sb, words, (nbits + 63) / 64 * 8);
	free(words);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

bool host_memory__topology(struct strbuf *sb, const char *sysfs)
{
	char path[PATH_MAX], text[64];
	uint64_t version = 1, bsize, nr = 0, *nodes = NULL;
	size_t alloc = 0;
	struct dirent *d;
	DIR *dh;
	char *end;

	snprintf(path, sizeof(path), "%s/devices/system/memory/block_size_bytes", sysfs);
	if (read_small_file(path, text, sizeof(text)) < 0)
		return false;
	bsize = strtoull(text, &end, 16);
	snprintf(path, sizeof(path), "%s/devices/system/node", sysfs);
	if (end == text || !(dh = opendir(path)))
		return false;
	while ((d = readdir(dh))) {
		unsigned long n;

		if (strncmp(d->d_name, "node", 4) || d->d_name[4] < '0' || d->d_name[4] > '9')
			continue;
		n = strtoul(d->d_name + 4, &end, 10);
		if (*end)
			continue;
		ALLOC_GROW(nodes, nr + 1, alloc);
		nodes[nr++] = n;
	}
	closedir(dh);
	qsort(nodes, nr, sizeof(*nodes), cmp_u64);
	strbuf_add(sb, &version, 8);
	strbuf_add(sb, &bsize, 8);
	strbuf_add(sb, &nr, 8);
	for (uint64_t i = 0; i < nr; i++)
		put_node(sb, sysfs, nodes[i]);
	free(nodes);
	return true;
}
