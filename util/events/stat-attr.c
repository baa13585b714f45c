// SPDX-License-Identifier: GPL-2.0
/* perf stat's attr for counting: see stat-attr.h. */
#include <linux/perf_event.h>

#include "stat-attr.h"

void stat_attr__configure(struct evlist *evlist, const struct stat_attr_opts *o)
{
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i) {
		struct perf_event_attr *a = &e->attr;

		a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		if (e->leader->nr_members > 1)
			a->read_format |= PERF_FORMAT_ID | PERF_FORMAT_GROUP;
		a->inherit = !o->no_inherit;
		a->sample_type = PERF_SAMPLE_IDENTIFIER;
		a->sample_period = 0;	/* counting: a period= term has no meaning here */
		a->freq = 0;
		if (evsel__is_leader(e)) {
			a->disabled = 1;
			a->enable_on_exec = o->enable_on_exec;
		}
		if (o->all_user || o->all_kernel) {
			a->exclude_kernel = o->all_user;
			a->exclude_user = o->all_kernel;
		}
		/* :P asks record for the most precise sampling; perf stat,
		 * which does not sample, leaves precise_ip as it is */
	}
}
