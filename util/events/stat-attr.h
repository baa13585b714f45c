/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_ATTR_H
#define PM_STAT_ATTR_H

/*
 * perf stat's perf_event_attr for counting (perf's
 * create_perf_stat_counter()): the times enabled and running in every
 * read, a group read with ids for groups, inherit unless asked not to,
 * leaders disabled until enabled (or until the workload's exec).
 */
#include <stdbool.h>

#include "evlist.h"

struct stat_attr_opts {
	bool no_inherit;	/* -i */
	bool enable_on_exec;	/* a workload of ours, counted from its exec */
	bool all_user, all_kernel;	/* --all-user, --all-kernel */
};

void stat_attr__configure(struct evlist *evlist, const struct stat_attr_opts *o);

#endif
