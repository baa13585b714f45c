/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PROGRESS_H
#define PM_PROGRESS_H
/*
 * A progress line on stderr for long loads: shown only when stderr is a
 * terminal and the work has taken over a second (never in pipes, files or
 * CI logs, never for the loads that end sooner), then cleared.
 */
#include <stdbool.h>
#include <stdint.h>
#include <time.h>

struct progress {
	const char *what;	/* "Processing events" */
	uint64_t total;		/* 0: unknown (a stream): shown in MB so far */
	uint64_t calls, mask;	/* the clock is read every mask + 1 updates */
	struct timespec start;
	bool on, shown;
	int last;		/* the last percentage or MB shown */
};

/* @allowed: the caller wants it (not -q); stderr must also be a terminal.
 * @every: updates between two looks at the clock (a power of two). */
void progress__start(struct progress *p, const char *what, uint64_t total, bool allowed,
		     uint64_t every);
void progress__update(struct progress *p, uint64_t done);
void progress__end(struct progress *p);

#endif
