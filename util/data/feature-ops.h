/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_FEATURE_OPS_H
#define PM_FEATURE_OPS_H

/*
 * One entry per perf.data header feature, indexed by its HEADER_* id (perf's
 * struct feature_ops in tools/perf/util/header.c is the model): how the
 * reader parses its payload (header-features.c), how --header prints it
 * (header-print.c) and how a foreign-endian file's copy is turned
 * (swap.c). The reader, the printer and the swapper walk this table; none
 * has a switch of its own. Record's writers are util/record's table
 * (host_feature_writers in host-features.c), by the same ids: util/data
 * sits below it.
 *
 * Adding a feature: its id in perf-data-format.h, an entry here with its
 * functions (in the file of each concern, declared in internal.h), and,
 * where record writes it, an entry in util/record's table.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "perf-data-format.h"

struct perf_data;
struct pd_features;
struct reader;
struct swapper;
struct swap_cursor;

struct pd_feature_ops {
	const char *name;	/* perf's upper-case name, "HOSTNAME" */
	/*
	 * Parse the payload at @r into @f; a short or malformed payload sets
	 * @r->bad. NULL: perf-mini keeps nothing of it (the bit is enough).
	 */
	void (*read)(struct pd_features *f, int feat, struct reader *r);
	/* --header's lines for it; NULL where perf prints nothing either. */
	void (*print)(const struct perf_data *pd, int feat, bool full, FILE *out);
	/*
	 * Turn the payload at @c in place; false where it cannot be (the
	 * feature is then left out of a big-endian image).
	 */
	bool (*swap)(struct swapper *s, struct swap_cursor *c);
	/* string features: where in struct pd_features, and print's label */
	size_t str_field;
	const char *label;
	/* perf prints it only with -I; the reader keeps the payload raw */
	bool full_only;
	/* perf has no process op for it: a stream's copy is not printed */
	bool no_process;
};

/* The table, HEADER_LAST_FEATURE entries; [HEADER_RESERVED] is empty. */
extern const struct pd_feature_ops pd_feature_ops[HEADER_LAST_FEATURE];

/* @feat's entry, NULL for an id outside perf 6.1's (0 included). */
const struct pd_feature_ops *pd_feature__ops(int feat);

#endif
