// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cpumap.h"
#include "../base/util.h"
#include "../base/xalloc.h"

#define CPU_MAX 8192

static struct cpu_map *cpu_map__alloc(int nr)
{
	struct cpu_map *map = must_calloc(1, sizeof(*map) + (size_t)nr * sizeof(int));

	map->nr = nr;
	return map;
}

struct cpu_map *cpu_map__any(void)
{
	struct cpu_map *map = cpu_map__alloc(1);

	map->cpus[0] = -1;
	return map;
}

void cpu_map__delete(struct cpu_map *map)
{
	free(map);
}

static int read_cpu_number(const char **p, long *out)
{
	char *end;

	if (!isdigit((unsigned char)**p))
		return -EINVAL;
	*out = strtol(*p, &end, 10);
	if (*out >= CPU_MAX)
		return -ERANGE;
	*p = end;
	return 0;
}

int cpu_map__parse_list(struct cpu_map **out, const char *list)
{
	unsigned char *seen = must_calloc(CPU_MAX, 1);
	const char *p = list;
	int nr = 0, ret = 0;

	while (*p && !ret) {
		long lo, hi;

		ret = read_cpu_number(&p, &lo);
		hi = lo;
		if (!ret && *p == '-') {
			p++;
			ret = read_cpu_number(&p, &hi);
		}
		if (!ret && (hi < lo || (*p && *p != ',')))
			ret = -EINVAL;
		for (long c = lo; !ret && c <= hi; c++)
			seen[c] = 1;
		if (*p == ',' && !*++p)
			ret = -EINVAL;
	}
	if (!ret && !*list)
		ret = -EINVAL;
	if (!ret) {
		for (int c = 0; c < CPU_MAX; c++)
			nr += seen[c];
		*out = cpu_map__alloc(nr);
		nr = 0;
		for (int c = 0; c < CPU_MAX; c++)
			if (seen[c])
				(*out)->cpus[nr++] = c;
	}
	free(seen);
	return ret;
}

int cpu_map__online(struct cpu_map **out, const char *online_path, struct strbuf *err)
{
	char text[4096];
	int ret = read_small_file(online_path, text, sizeof(text));

	if (ret < 0) {
		strbuf_addf(err, "cannot read '%s': %s", online_path, strerror(-ret));
		return ret;
	}
	ret = cpu_map__parse_list(out, text);
	if (ret)
		strbuf_addf(err, "cannot parse the CPU list in '%s'", online_path);
	return ret;
}

bool cpu_map__has(const struct cpu_map *map, int cpu)
{
	for (int i = 0; i < map->nr; i++)
		if (map->cpus[i] == cpu)
			return true;
	return false;
}

int cpu_map__parse(struct cpu_map **out, const char *list, const struct cpu_map *online,
		   struct strbuf *err)
{
	struct strbuf valid = STRBUF_INIT;
	struct cpu_map *map;
	int ret = cpu_map__parse_list(&map, list);

	cpu_map__print(online, &valid);
	if (ret) {
		strbuf_addf(err, "invalid CPU list '%s'\nhint: write CPUs as '0-3,6'; this "
			    "machine has CPUs %s", list, valid.buf);
		strbuf_release(&valid);
		return -EINVAL;
	}
	for (int i = 0; i < map->nr; i++) {
		if (cpu_map__has(online, map->cpus[i]))
			continue;
		strbuf_addf(err, "CPU %d in '%s' does not exist or is offline\nhint: this "
			    "machine has CPUs %s", map->cpus[i], list, valid.buf);
		strbuf_release(&valid);
		cpu_map__delete(map);
		return -ENODEV;
	}
	strbuf_release(&valid);
	*out = map;
	return 0;
}

void cpu_map__print(const struct cpu_map *map, struct strbuf *sb)
{
	size_t start_len = sb->len;

	for (int i = 0; i < map->nr; i++) {
		int start = map->cpus[i];

		while (i + 1 < map->nr && map->cpus[i + 1] == map->cpus[i] + 1)
			i++;
		if (sb->len > start_len)
			strbuf_addch(sb, ',');
		if (start == map->cpus[i])
			strbuf_addf(sb, "%d", start);
		else
			strbuf_addf(sb, "%d-%d", start, map->cpus[i]);
	}
}
