/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_READ_VALUES_H
#define PM_READ_VALUES_H

/*
 * report -T: the counts READ records give (record -s, inherit_stat: one per
 * thread and event as each child exits), summed by thread and event and
 * printed as perf does: a "PID TID event..." table, or with --pretty=raw
 * one "PID TID Name Raw Count" row per thread and event.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

struct read_values {
	struct { int32_t pid, tid; } *threads;
	size_t nr_threads;
	struct { uint64_t rawid; const char *name; } *counters;	/* names not owned */
	size_t nr_counters;
	uint64_t **value;	/* [thread][counter] */
	size_t counters_alloc;
};

/* Add @value of counter @rawid (an event's index; @name lives as long as
 * @v) for thread @pid/@tid. */
void read_values__add(struct read_values *v, int32_t pid, int32_t tid, uint64_t rawid,
		      const char *name, uint64_t value);
void read_values__fprintf(const struct read_values *v, bool raw, FILE *out);
void read_values__exit(struct read_values *v);

#endif
