/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HOST_MEMORY_H
#define PM_HOST_MEMORY_H

/*
 * The CACHE and MEM_TOPOLOGY features as perf writes them, from sysfs
 * (@sysfs is "/sys", or a test's copy): what perf's header -I shows as
 * "CPU cache info" and "memory nodes".
 */
#include <stdbool.h>

#include "../base/strbuf.h"

/*
 * Version 1, the count, then each distinct cache of CPUs 0..@nr_cpus-1
 * (index0-3 of each): level, line size, sets, ways, then type, size and
 * CPU list as strings; ordered by level. False (nothing written) where a
 * cache's description cannot be read, as perf leaves the feature out.
 */
bool host_memory__caches(struct strbuf *sb, const char *sysfs, int nr_cpus);

/*
 * Version 1, the memory block size, the number of nodes, then each node's
 * number, its bitmap's size and the bitmap of its memory blocks. False
 * where sysfs has no memory blocks or nodes.
 */
bool host_memory__topology(struct strbuf *sb, const char *sysfs);

#endif
