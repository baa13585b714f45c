// SPDX-License-Identifier: GPL-2.0
/*
 * A text in a scrolling view of the whole screen: the annotation of 'a',
 * the header of 'i'. Rows of an annotation (" 12.34 : ...") in the
 * report's colours; H goes to the hottest.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "text-view.h"

struct pager {
	char *text;
	char **line;
	size_t nr, top;
	const char *title, *keys;
};

static void split(struct pager *pg)
{
	for (char *p = pg->text; p && *p;) {
		char *nl = strchr(p, '\n');

		pg->line = must_reallocarray(pg->line, pg->nr + 1, sizeof(*pg->line));
		pg->line[pg->nr++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
}

/* the report's colours: red from 5%, green from 0.5% (pairs 1 and 2) */
static int row_pair(const char *line)
{
	char *end;
	double pct = strtod(line, &end);

	if (end == line || strncmp(end, " : ", 3))
		return 0;
	return pct >= 5 ? 1 : pct >= 0.5 ? 2 : 0;
}

static void draw(const struct pager *pg)
{
	int height = LINES > 2 ? LINES - 2 : 1;

	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, pg->title, COLS);
	attrset(A_NORMAL);
	for (int y = 0; y < height && pg->top + (size_t)y < pg->nr; y++) {
		const char *l = pg->line[pg->top + (size_t)y];
		int pair = row_pair(l);

		if (pair && has_colors())
			attron(COLOR_PAIR(pair));
		mvaddnstr(y + 1, 0, l, COLS);
		attrset(A_NORMAL);
	}
	attron(A_REVERSE);
	mvaddnstr(LINES - 1, 0, pg->keys, COLS);
	clrtoeol();
	attrset(A_NORMAL);
	refresh();
}

static size_t hottest(const struct pager *pg)
{
	size_t best = 0;
	double max = -1;

	for (size_t i = 0; i < pg->nr; i++) {
		char *end;
		double v = strtod(pg->line[i], &end);

		if (end != pg->line[i] && !strncmp(end, " : ", 3) && v > max) {
			max = v;
			best = i;
		}
	}
	return best;
}

static void page(struct pager *pg, volatile sig_atomic_t *quit)
{
	long height = LINES > 2 ? LINES - 2 : 1;

	/* the hottest row in view, the title too where it fits */
	pg->top = hottest(pg) < (size_t)height ? 0 : hottest(pg) - (size_t)height / 2;
	for (;;) {
		long top = (long)pg->top, last = (long)pg->nr - height;
		int ch;

		draw(pg);
		ch = getch();
		if (*quit || ch == 'q' || ch == 27 || ch == KEY_LEFT)
			return;
		if (ch == KEY_DOWN || ch == 'j')
			top++;
		else if (ch == KEY_UP || ch == 'k')
			top--;
		else if (ch == KEY_NPAGE || ch == ' ')
			top += height;
		else if (ch == KEY_PPAGE)
			top -= height;
		else if (ch == KEY_HOME)
			top = 0;
		else if (ch == KEY_END)
			top = last;
		else if (ch == 'H')
			top = (long)hottest(pg) - height / 2;
		if (top > last)
			top = last;
		pg->top = top < 0 ? 0 : (size_t)top;
	}
}

void ui_text__view(const char *title, const char *keys, char *text, volatile sig_atomic_t *quit)
{
	struct pager pg = { .text = text, .title = title, .keys = keys };

	split(&pg);
	page(&pg, quit);
	free(pg.line);
}
