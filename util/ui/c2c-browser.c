// SPDX-License-Identifier: GPL-2.0
/*
 * c2c report's browser, laid out as perf's: a title line, the table's two
 * header lines, its rows (the selected one in reverse), and "? - help" at
 * the bottom. The rows are the --stdio tables' (c2c_screens), made again
 * when a key changes the options.
 */
#include <curses.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../base/array.h"
#include "../base/util.h"
#include "../base/strbuf.h"
#include "../base/xalloc.h"
#include "c2c-browser.h"
#include "screen.h"

struct c2c_view {
	char title[96];
	struct strbuf header, text;
	const char **row;	/* into text */
	size_t nr, alloc, top, sel;
};

static void view_split(struct c2c_view *v)
{
	v->nr = 0;
	for (char *p = v->text.buf; p && *p;) {
		char *nl = strchr(p, '\n');

		ALLOC_GROW(v->row, v->nr + 1, v->alloc);
		v->row[v->nr++] = p;
		if (!nl)
			break;
		*nl = '\0';
		p = nl + 1;
	}
	if (v->sel >= v->nr)
		v->sel = v->nr ? v->nr - 1 : 0;
}

static void view_release(struct c2c_view *v)
{
	strbuf_release(&v->header);
	strbuf_release(&v->text);
	free(v->row);
}

static int rows_height(void)
{
	return LINES > 4 ? LINES - 4 : 1;
}

static void draw(struct c2c_view *v)
{
	int height = rows_height(), y = 1;
	const char *h = v->header.buf;

	if (v->sel < v->top)
		v->top = v->sel;
	if (v->sel >= v->top + (size_t)height)
		v->top = v->sel - (size_t)height + 1;
	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, v->title, COLS);
	attrset(A_NORMAL);
	for (const char *nl; h && *h && y < 3; h = nl + 1, y++) {
		nl = strchr(h, '\n');
		mvaddnstr(y, 0, h, nl ? (int)(nl - h) < COLS ? (int)(nl - h) : COLS : COLS);
		if (!nl)
			break;
	}
	for (int i = 0; i < height && v->top + (size_t)i < v->nr; i++) {
		if (v->top + (size_t)i == v->sel)
			attron(A_REVERSE);
		mvaddnstr(3 + i, 0, v->row[v->top + (size_t)i], COLS);
		attrset(A_NORMAL);
	}
	mvaddnstr(LINES - 1, 0, "? - help", COLS);
	refresh();
}

/* a key, waiting as long as it takes (a signal ends the wait: ERR) */
static int next_key(void)
{
	int ch;

	do
		ch = getch();
	while (ch == ERR && !ui_quit_signal);
	return ch;
}

/* perf's help window: the keys in a box, until any key */
static void help_box(const char *const *lines, size_t n)
{
	int width = 20, height = (int)n + 5, y0, x0;

	for (size_t i = 0; i < n; i++)
		width = (int)strlen(lines[i]) + 2 > width ? (int)strlen(lines[i]) + 2 : width;
	width = width < COLS ? width : COLS;
	height = height < LINES ? height : LINES;
	y0 = (LINES - height + 1) / 2;	/* perf's rounding */
	x0 = (COLS - width) / 2;
	for (int r = 0; r < height; r++)
		mvhline(y0 + r, x0, ' ', width);
	mvhline(y0, x0, ACS_HLINE, width);
	mvhline(y0 + height - 1, x0, ACS_HLINE, width);
	mvvline(y0, x0, ACS_VLINE, height);
	mvvline(y0, x0 + width - 1, ACS_VLINE, height);
	mvaddch(y0, x0, ACS_ULCORNER);
	mvaddch(y0, x0 + width - 1, ACS_URCORNER);
	mvaddch(y0 + height - 1, x0, ACS_LLCORNER);
	mvaddch(y0 + height - 1, x0 + width - 1, ACS_LRCORNER);
	mvaddnstr(y0, x0 + 2, "Help", width - 3);
	for (size_t i = 0; i < n && (int)i + 2 < height; i++)
		mvaddnstr(y0 + 1 + (int)i, x0 + 1, lines[i], width - 2);
	mvaddnstr(y0 + height - 2, x0 + 1, "Press any key...", width - 2);
	refresh();
	next_key();
}

/* Moves the selection; true for a key it took. */
static bool move_key(struct c2c_view *v, int ch)
{
	size_t page = (size_t)rows_height(), last = v->nr ? v->nr - 1 : 0;

	switch (ch) {
	case KEY_UP: case 'k':
		v->sel -= v->sel > 0;
		return true;
	case KEY_DOWN: case 'j':
		v->sel += v->sel < last;
		return true;
	case KEY_PPAGE:
		v->sel = v->sel > page ? v->sel - page : 0;
		return true;
	case KEY_NPAGE: case ' ':
		v->sel = v->sel + page < last ? v->sel + page : last;
		return true;
	case KEY_HOME:
		v->sel = 0;
		return true;
	case KEY_END:
		v->sel = last;
		return true;
	}
	return false;
}

static void cacheline_fill(struct c2c_view *v, const struct c2c_screens *sc, uint32_t i)
{
	strbuf_reset(&v->header);
	strbuf_reset(&v->text);
	c2c_screens__cacheline(sc, i, &v->header, &v->text);
	view_split(v);
}

/* 'd': the line's offsets, until q */
static void browse_cacheline(const struct c2c_screens *sc, struct c2c_opts *o, uint32_t i)
{
	static const char *const help[] = {
		" ENTER         Toggle callchains (if present) ",
		" n             Toggle Node details info ",
		" s             Toggle full length of symbol and source line columns ",
		" q             Return back to cacheline list ",
	};
	struct c2c_view v = { .header = STRBUF_INIT, .text = STRBUF_INIT };
	bool full = o->full_symbols;
	int ch;

	o->full_symbols = false;	/* perf: the compact symbols first */
	snprintf(v.title, sizeof(v.title), "Cacheline %#" PRIx64, sc->r->lines[sc->lines[i]].addr);
	cacheline_fill(&v, sc, i);
	for (draw(&v); (ch = next_key()) != 'q' && ch != 27 && ch != KEY_LEFT &&
		       !ui_quit_signal; draw(&v)) {
		if (ch == 's' || ch == 'n') {
			if (ch == 's')
				o->full_symbols = !o->full_symbols;
			else
				o->node_info = (o->node_info + 1) % 3;
			cacheline_fill(&v, sc, i);
		} else if (ch == '?') {
			help_box(help, ARRAY_SIZE(help));
		} else {
			move_key(&v, ch);
		}
	}
	o->full_symbols = full;	/* -N's step stays, as perf's does */
	view_release(&v);
}

int ui_c2c__browse(struct c2c_screens *sc, struct c2c_opts *o, const char *sorted_on)
{
	static const char *const help[] = {
		" d             Display cacheline details ",
		" ENTER         Toggle callchains (if present) ",
		" q             Quit ",
	};
	struct c2c_view v = { .header = STRBUF_INIT, .text = STRBUF_INIT };
	int ch;

	snprintf(v.title, sizeof(v.title), "Shared Data Cache Line Table     (%" PRIu32
		 " entries, sorted on %s)", sc->nr, sorted_on);
	c2c_screens__list(sc, &v.header, &v.text);
	view_split(&v);
	ui_screen__start();
	for (draw(&v); (ch = next_key()) != 'q' && ch != 27 && !ui_quit_signal; draw(&v)) {
		if (ch == 'd' && v.nr)
			browse_cacheline(sc, o, (uint32_t)v.sel);
		else if (ch == '?')
			help_box(help, ARRAY_SIZE(help));
		else
			move_key(&v, ch);
	}
	view_release(&v);
	return ui_screen__stop();
}
