/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EVENT_NAMES_H
#define PM_EVENT_NAMES_H

/*
 * The kernel's generic event names: PERF_TYPE_HARDWARE, PERF_TYPE_SOFTWARE
 * and PERF_TYPE_HW_CACHE, spelled as Linux perf spells them (with its
 * aliases), so that every perf command line names the same event here.
 */
#include <stdbool.h>
#include <stdint.h>

#define EVENT_NAMES_MAX_ALIASES 4

/* perf's tool events: values stat knows itself, opened as dummy events. */
enum tool_event {
	TOOL_NONE,
	TOOL_DURATION_TIME,	/* wall time of the measurement, ns */
	TOOL_USER_TIME,		/* the workload's user CPU time, ns */
	TOOL_SYSTEM_TIME,	/* and its system time */
};

struct event_name {
	const char *names[EVENT_NAMES_MAX_ALIASES];	/* canonical first */
	uint32_t type;
	uint64_t config;
	const char *unit;	/* NULL or "msec" */
	double scale;		/* 0 means 1 */
	enum tool_event tool;
};

/* Generic hardware events, then software events, in perf list order. */
extern const struct event_name event_names_hw[];
extern const unsigned int event_names_nr_hw;
extern const struct event_name event_names_sw[];
extern const unsigned int event_names_nr_sw;
extern const struct event_name event_names_tool[];
extern const unsigned int event_names_nr_tool;

/* Look up a hardware, software or tool name or alias; NULL when unknown. */
const struct event_name *event_names_find(const char *name, size_t len);

/*
 * Parse a hardware-cache event name such as "L1-dcache-load-misses" or
 * "LLC-loads" into its PERF_TYPE_HW_CACHE config. Returns 0, -ENOENT when
 * the name is not a cache event, -EINVAL for a combination the kernel does
 * not define (e.g. an iTLB store).
 */
int event_names_parse_cache(const char *name, size_t len, uint64_t *config);

/* Enumerate the valid cache event names (canonical spelling), for list. */
typedef void event_names_cache_cb(const char *name, void *data);
void event_names_for_each_cache(event_names_cache_cb *cb, void *data);

/* Name of a generic hardware/software config, or NULL. */
const char *event_names_generic(uint32_t type, uint64_t config);

#endif
