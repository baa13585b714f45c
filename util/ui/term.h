/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_TERM_H
#define PM_UI_TERM_H

/* The rows and columns top --stdio fills (perf's rule: the terminal's,
 * $LINES and $COLUMNS, or 25 x 80). */
void ui_term_size(int *rows, int *cols);

#endif
