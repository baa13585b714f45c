/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EVLIST_H
#define PM_EVLIST_H

/*
 * The ordered list of events a command works on, with their groups.
 * Ownership: the evlist owns its evsels; evlist__delete() frees them.
 */
#include "evsel.h"

struct evlist {
	struct evsel **entries;
	int nr;
	int alloc;
	int last_spec_first;	/* the first event the last -e spec added */
	int nr_cgroups;		/* -G: cgroups named so far, empty ones too */
	const char *cgroup_option;	/* what named them, for errors: NULL is -G */
};

struct evlist *evlist__new(void);
void evlist__delete(struct evlist *evlist);
/* Takes over @evsel and sets its idx. */
void evlist__add(struct evlist *evlist, struct evsel *evsel);
/* Remove and free the entries from @idx on (undo a failed parse). */
void evlist__truncate(struct evlist *evlist, int idx);

#define evlist__for_each(evlist, pos, i) \
	for ((i) = 0; (i) < (evlist)->nr && ((pos) = (evlist)->entries[(i)]); (i)++)

/* Make entries [first, last] one group led by entries[first]. */
void evlist__make_group(struct evlist *evlist, int first, int last);

/* Move @member to the front of its group and make it the leader. */
void evlist__set_leader(struct evlist *evlist, struct evsel *member);

/*
 * --no-merge: each instance of a PMU named by its stem shown as perf
 * shows it, "uncore_imc_0/cas_count_read/" for "uncore_imc/cas_count_read/"
 * (and "name [uncore_imc_0]" for a name without terms).
 */
void evlist__name_instances(struct evlist *evlist);

/* --filter @filter on the tracepoints the last -e spec added, ANDed with
 * a filter already there, as perf. Returns how many it applies to. */
int evlist__append_filter(struct evlist *evlist, const char *filter);

#endif
