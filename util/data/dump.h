/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DUMP_H
#define PM_DUMP_H

/*
 * script -D: every record in file order (report -D: in delivery order), in Linux perf's dump
 * layout: "0xOFF@FILE [0xSIZE]: event: TYPE", the raw bytes, then
 * "[TIME ]0xOFF [0xSIZE]: PERF_RECORD_NAME details".
 */
#include <stdio.h>

#include "perf-data.h"
#include "session.h"

/*
 * A perf tool as its -D shows it: perf prints a record's details from the
 * tool's handler of its type, and ": unhandled!" where the tool has none
 * (THREAD_MAP and CPU_MAP: the details, then that line). A silent type's
 * handler prints nothing, not even the line's end.
 */
struct dump_tool {
	uint64_t unhandled[2];	/* a bit per record type */
	uint64_t silent[2];
};

extern const struct dump_tool dump_tool_report;
extern const struct dump_tool dump_tool_script;
extern const struct dump_tool dump_tool_sched;		/* sched latency, map */
extern const struct dump_tool dump_tool_timehist;	/* sched timehist */

int perf_data__dump(struct perf_data *pd, FILE *out, const struct dump_tool *tool,
		    struct session_stats *stats, struct strbuf *err);

/* What a dump has seen so far: a pipe declares its events as it goes,
 * and perf stamps its own records by those declared before them. */
struct dump_state {
	size_t nr_attrs;
	/* records delivered in file order (report --disable-order): perf's
	 * tool then has no taker of a round's end */
	bool unordered;
};

/* One record in that layout (report -D shows each as it is delivered). */
void perf_data__dump_record(struct perf_data *pd, struct dump_state *st,
			    const struct pm_event_header *ev, uint64_t off, FILE *out,
			    const struct dump_tool *tool);

#endif
