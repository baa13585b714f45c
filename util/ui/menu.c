// SPDX-License-Identifier: GPL-2.0
/* The popup menu: a box drawn over the table, which is drawn again after. */
#include <curses.h>
#include <string.h>

#include "menu.h"

static void draw_box(const char *title, const char *const *items, size_t n, size_t sel)
{
	int width = (int)strlen(title) + 4, height = (int)n + 2, y, x;

	for (size_t i = 0; i < n; i++)
		if ((int)strlen(items[i]) + 4 > width)
			width = (int)strlen(items[i]) + 4;
	width = width < COLS ? width : COLS;
	height = height < LINES ? height : LINES;
	y = (LINES - height) / 2;
	x = (COLS - width) / 2;
	for (int r = 0; r < height; r++)
		mvhline(y + r, x, ' ', width);
	mvhline(y, x, '-', width);
	mvhline(y + height - 1, x, '-', width);
	attron(A_BOLD);
	mvaddnstr(y, x + 2, title, width - 4);
	attrset(A_NORMAL);
	for (size_t i = 0; i < n && (int)i + 2 < height; i++) {
		if (i == sel)
			attron(A_REVERSE);
		mvaddnstr(y + 1 + (int)i, x + 2, items[i], width - 4);
		attrset(A_NORMAL);
	}
	refresh();
}

int ui_menu__choose(const char *title, const char *const *items, size_t n,
		    volatile sig_atomic_t *quit)
{
	size_t sel = 0;

	for (;;) {
		int ch;

		draw_box(title, items, n, sel);
		ch = getch();
		if (*quit || ch == 27 || ch == 'q' || ch == KEY_LEFT)
			return -1;
		if ((ch == KEY_UP || ch == 'k') && sel)
			sel--;
		else if ((ch == KEY_DOWN || ch == 'j') && sel + 1 < n)
			sel++;
		else if (ch == '\n' || ch == KEY_ENTER || ch == KEY_RIGHT)
			return (int)sel;
	}
}
