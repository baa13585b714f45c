/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_FIELDS_H
#define PM_FIELDS_H

/*
 * report's columns (-F/--fields) and the sort list perf derives from them
 * and from --sort. perf's rules:
 *   - without -F (or with -F +a,b, which only adds columns) the entries
 *     sort by overhead first (children first under --children) unless
 *     --sort names it, and the columns are [Children] Overhead (titled
 *     Self under --children), sys/usr (--show-cpu-utilization), Samples
 *     (-n), Period (--show-total-period), the added ones, then the keys;
 *   - with -F a,b the columns are exactly those and nothing is prefixed:
 *     the entries sort by --sort's keys if given, then by the columns;
 *   - every key sorted on is a column, every column is sorted on.
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "sort.h"

struct fields_spec {
	const char *sort;	/* --sort (perf's additions included) or the default */
	bool user_sort;		/* --sort was given */
	const char *fields;	/* -F, or NULL */
	bool mem_mode;
	bool cumulate;		/* --children */
	bool show_nr_samples, show_cpu_utilization, show_total_period;
	bool sym_by_name;	/* perf diff's: symbols collapse by name */
};

struct fields {
	struct sort_list sort;		/* what tells entries apart and orders them */
	struct sort_list columns;
	bool self_header;		/* the overhead column is titled Self */
	bool need_collapse;		/* a --sort key perf collapses by (comm;
					 * sym for diff) */
};

/* 0, or -EINVAL with the cause in @err. */
int fields__setup(const struct fields_spec *spec, struct fields *f, struct strbuf *err);

/* Whether -F @fields replaces perf's default columns (not "+a,b"). */
bool fields__strict(const char *fields);

#endif
