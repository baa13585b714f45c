/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_BROWSER_H
#define PM_UI_BROWSER_H
/*
 * report's interactive browser (ncurses): the --stdio table's rows, one
 * per entry, callchains unfolded under an entry on demand, filters and
 * zooms, perf report's keys. One event's table at a time; with several,
 * a menu of them first.
 */
#include <stdbool.h>

struct report;

/* Whether the browser can run here: stdin and stdout a terminal whose
 * TERM is known and not "dumb" (perf's rule: otherwise --stdio). */
bool ui_browser__usable(void);

/* After report__process(): browse until the user quits. 0, or the exit
 * status a signal asks for (128 + its number), the terminal restored.
 * *@resort: the sort keys 's' asked for (the caller reads the report
 * again by them and browses again), else NULL. */
int ui_browser__report(struct report *r, const char **resort);

#endif
