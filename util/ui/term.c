// SPDX-License-Identifier: GPL-2.0
/* The size of the terminal stdout writes to, as perf's get_term_dimensions()
 * finds it: the terminal's own, else $LINES and $COLUMNS, else 25 x 80. */
#include <curses.h>
#include <stdlib.h>
#include <term.h>
#include <unistd.h>

#include "term.h"

void ui_term_size(int *rows, int *cols)
{
	const char *l = getenv("LINES"), *c = getenv("COLUMNS");
	int err;

	*rows = l && atoi(l) > 0 ? atoi(l) : 25;
	*cols = c && atoi(c) > 0 ? atoi(c) : 80;
	if (!isatty(STDOUT_FILENO) || setupterm(NULL, STDOUT_FILENO, &err) != OK)
		return;
	/* terminfo's lines and cols: the window's size when a terminal */
	if (tigetnum("lines") > 0)
		*rows = tigetnum("lines");
	if (tigetnum("cols") > 0)
		*cols = tigetnum("cols");
	del_curterm(cur_term);
}
