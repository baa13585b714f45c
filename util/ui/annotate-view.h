/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_ANNOTATE_VIEW_H
#define PM_UI_ANNOTATE_VIEW_H

/*
 * The browser's 'a': the selected entry's symbol annotated (util/report/
 * annotate, its --stdio text) in a scrolling view of its own, hot rows in
 * perf's colours; q, Esc or Left go back.
 */
#include <signal.h>
#include <stdbool.h>

#include "../base/strbuf.h"

struct report;
struct hist_entry;

/* Called with curses on; leaves when *@quit (a signal) is set too. False
 * with @why when there is nothing to show (no symbol, a stream that
 * cannot be read again, no binary). */
bool ui_annotate__view(struct report *r, const struct hist_entry *he,
		       volatile sig_atomic_t *quit, struct strbuf *why);

#endif
