/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PARSE_EVENTS_H
#define PM_PARSE_EVENTS_H

/*
 * Linux perf's event grammar:
 *
 *   list     := item (',' item)*
 *   item     := '{' event (',' event)* '}' [':' mods] | event
 *   event    := name [':' mods]                 hw, sw, cache, raw rNNN, sysfs alias
 *             | pmu '/' terms '/' [[':'] mods]   terms from the PMU's format/ and events/
 *             | hwsw '/' terms '/' [[':'] mods]  generic terms only (period=...)
 *             | subsys ':' name [':' mods]       tracepoints, globs allowed
 *   terms    := term (',' term)*,  term := name ['=' value]
 *   mods     := [ukhIGHpPSDeWb]+
 *
 * Every event gets exclude_guest=1 unless a G/H modifier says otherwise, as
 * perf does. A bad spec leaves the evlist as it was and puts a perf-style
 * message with a caret under the bad token (and a hint) into @err.
 */
#include <stdbool.h>

#include "evlist.h"
#include "pmu.h"
#include "../base/strbuf.h"

struct parse_events_ctx {
	struct pmus *pmus;		/* borrowed */
	const char *tracefs_dir;	/* NULL: found through libtracefs on first use */
	const char *tool;		/* "stat" or "record", for messages */
};

/* Returns 0, or -EINVAL with the message in @err. */
int parse_events(struct evlist *evlist, const char *spec, const struct parse_events_ctx *ctx,
		 struct strbuf *err);

/*
 * Apply a modifier string (without the ':') to @evsel as perf does;
 * @group_mod is true for a group's modifiers applied to a member. Returns
 * the offset of the first invalid character, or -1 when all are valid.
 */
int parse_events_apply_modifiers(struct evsel *evsel, const char *mods, size_t len,
				 bool group_mod);

#endif
