/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CPU_MAP_EVENT_H
#define PM_CPU_MAP_EVENT_H

/*
 * The payload of PERF_RECORD_CPU_MAP (after the header), in perf's three
 * encodings: a list of u16 CPUs (0xffff: any), a bit mask of 4- or 8-byte
 * words, a range (with "any CPU" first when its flag is set).
 */
#include <stddef.h>
#include <stdint.h>

#define CPU_MAP_EVENT_MAX 4096

/* The CPUs into @cpus (room for CPU_MAP_EVENT_MAX, -1 for any): how many,
 * or -1 with the reason in @why. */
int cpu_map_event__decode(const uint8_t *p, size_t len, int *cpus, const char **why);

#endif
