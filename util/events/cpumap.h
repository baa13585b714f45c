/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CPUMAP_H
#define PM_CPUMAP_H

/*
 * Sets of CPU numbers: the online CPUs, or a user's -C list ("0-3,6").
 * A cpu_map with the single entry -1 means "any CPU" (per-task counting).
 * Ownership: the caller owns what the constructors return (cpu_map__delete).
 */
#include <stdbool.h>

#include "../base/strbuf.h"

struct cpu_map {
	int nr;
	int cpus[];
};

/* The per-task map {-1}. */
struct cpu_map *cpu_map__any(void);

/* Online CPUs from @online_path ("/sys/devices/system/cpu/online"). */
int cpu_map__online(struct cpu_map **out, const char *online_path, struct strbuf *err);

/*
 * Parse @list ("0-3,6") against @online: every CPU named must be online.
 * Returns 0, -EINVAL for a list that does not parse, or -ENODEV for a CPU
 * that is not online, with a message naming it and the valid ones.
 */
int cpu_map__parse(struct cpu_map **out, const char *list, const struct cpu_map *online,
		   struct strbuf *err);

/* Parse a CPU list without validation (also reads sysfs "online" text). */
int cpu_map__parse_list(struct cpu_map **out, const char *list);

bool cpu_map__has(const struct cpu_map *map, int cpu);

/* Write @map as a compact list ("0-3,6"). */
void cpu_map__print(const struct cpu_map *map, struct strbuf *sb);

void cpu_map__delete(struct cpu_map *map);

#endif
