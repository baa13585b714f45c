// SPDX-License-Identifier: GPL-2.0
/*
 * The annotation is made as perf-mini annotate makes it, from the file
 * read again (for this symbol of this DSO alone), into memory, then paged.
 */
#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../report/annotate.h"
#include "../report/report.h"
#include "annotate-view.h"

struct pager {
	char *text;
	char **line;
	size_t nr, top;
	const char *title;
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
	mvaddnstr(LINES - 1, 0, "Annotate: Up/Down/PgUp/PgDn/Home/End scroll, H the hottest row, "
		  "q/Esc/Left back", COLS);
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

/* The annotation of @he's symbol, as annotate --stdio prints it. */
static bool annotate_text(struct report *r, const struct hist_entry *he, char **text,
			  struct strbuf *why)
{
	struct annotate_opts o = {
		.input = r->o->input, .symbol = he->sym->name, .dsos = he->dso->short_name,
		.symfs = r->o->symfs, .kallsyms = r->o->kallsyms, .vmlinux = r->o->vmlinux,
		.source = r->o->annotate.source, .asm_raw = r->o->annotate.asm_raw,
		.intel = r->o->annotate.intel, .percent_type = r->o->annotate.percent_type,
		.demangle = r->o->demangle, .demangle_kernel = r->o->demangle_kernel,
	};
	struct annotate a = { .o = &o, .err = STRBUF_INIT };
	size_t size;
	FILE *mem = open_memstream(text, &size);
	bool ok = mem && !perf_data__open(&a.pd, o.input, &a.err) && !annotate__process(&a) &&
		  !annotate__fprintf(&a, mem);

	if (mem)
		fclose(mem);
	if (!ok)
		strbuf_addstr(why, a.err.len ? a.err.buf : "the annotation could not be made");
	if (!ok && a.nr_kernel && !a.err.len)
		strbuf_addstr(why, ": kernel code is not annotated yet");
	annotate__exit(&a);
	return ok;
}

bool ui_annotate__view(struct report *r, const struct hist_entry *he,
		       volatile sig_atomic_t *quit, struct strbuf *why)
{
	struct pager pg = { 0 };
	char title[256];

	if (!he->sym || !he->dso) {
		strbuf_addstr(why, "no symbol to annotate here");
		return false;
	}
	if (he->dso->kernel) {
		strbuf_addstr(why, "kernel code is not annotated yet (/proc/kcore is not read)");
		return false;
	}
	if (!r->o->input || !strcmp(r->o->input, "-")) {
		strbuf_addstr(why, "a stream on stdin cannot be read again to annotate");
		return false;
	}
	if (!annotate_text(r, he, &pg.text, why)) {
		free(pg.text);
		return false;
	}
	snprintf(title, sizeof(title), "Annotate %s (%s)", he->sym->name, he->dso->short_name);
	pg.title = title;
	split(&pg);
	page(&pg, quit);
	free(pg.line);
	free(pg.text);
	return true;
}
