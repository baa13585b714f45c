/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PROGRESS_H
#define PM_PROGRESS_H
/*
 * A progress line for long loads: offered only once the work has taken
 * over a second (the loads that end sooner show nothing), to the sink a
 * command sets (report: a terminal's stderr; never a file, a pipe or a
 * CI log), then taken back.
 */
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

/* Shows @text on one line in place of the last; "" takes the line away. */
typedef void progress_sink_fn(const char *text);

/* The program's sink; NULL (the default): progress is never shown. */
void progress__set_sink(progress_sink_fn *sink);

struct progress {
	const char *what;	/* "Processing events" */
	uint64_t total;		/* 0: unknown (a stream): shown in MB so far */
	uint64_t calls, mask;	/* the clock is read every mask + 1 updates */
	struct timespec start;
	bool on, shown;
	int last;		/* the last percentage or MB shown */
};

/* @allowed: the caller wants it (not -q). @every: updates between two
 * looks at the clock (a power of two). */
void progress__start(struct progress *p, const char *what, uint64_t total, bool allowed,
		     uint64_t every);
void progress__update(struct progress *p, uint64_t done);
void progress__end(struct progress *p);

#endif
