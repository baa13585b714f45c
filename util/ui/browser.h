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

/*
 * top's browser: the first event's table, made again every @delay_ms.
 * The report's histograms are the ones to show only between lock() and
 * unlock(); update() (called locked) folds the new samples in and gives
 * the title line; zero() is the 'z' key.
 */
struct strbuf;
struct ui_live {
	int delay_ms;
	void *ctx;
	void (*lock)(void *ctx);
	void (*unlock)(void *ctx);
	int (*update)(void *ctx, struct strbuf *title);
	void (*zero)(void *ctx);
};

/* Browse until the user quits: 0, 128 + the signal that ended it, or
 * update()'s error (the terminal restored in each case). */
int ui_browser__live(struct report *r, const struct ui_live *live);

#endif
