/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EVSWITCH_H
#define PM_EVSWITCH_H

/*
 * perf's --switch-on/--switch-off: the samples of every event count only
 * from a sample of the "on" event until one of the "off" event (the
 * switching samples themselves only with --show-on-off-events). With an
 * "on" event the report starts switched off.
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

struct evswitch {
	const struct pd_evsel *on, *off;	/* NULL: not asked */
	bool discarding;
	bool show;		/* --show-on-off-events */
};

/* Find events @on and @off (either NULL) by name in @pd (a pipe's are
 * read first). Returns 0 or -EINVAL naming the one missing. */
int evswitch__setup(struct evswitch *s, struct perf_data *pd, const char *on, const char *off,
		    bool show, struct strbuf *err);

/* The same, from the events @pd knows already (a stream's, once its
 * first sample has come: its events are described before) */
int evswitch__lookup(struct evswitch *s, const struct perf_data *pd, const char *on,
		     const char *off, bool show, struct strbuf *err);

/* Whether a sample of @e is left out (and switch on or off at it). */
bool evswitch__discard(struct evswitch *s, const struct pd_evsel *e);

#endif
