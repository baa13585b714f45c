/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REPORT_BROWSE_H
#define PM_REPORT_BROWSE_H

/* report on a terminal: the browser, the file read again for its 's'. */
#include <stdbool.h>

#include "../report/report.h"

/* Whether the browser shows this report: a terminal, not --stdio, nor an
 * output it does not show. */
bool report_wants_browser(const struct report_opts *o);

/*
 * After report__process(): browse @r until the user quits, reading the
 * file again by the keys 's' asks for. The browser's exit status (0, or
 * 128 + the signal that ended it); -ENODATA when no event has samples
 * (nothing is shown: the table says so); -EIO when the file could not be
 * read again (@r->err says why).
 */
int report_browse(struct report *r);

#endif
