// SPDX-License-Identifier: GPL-2.0
/*
 * The browser's rows are the --stdio table's (hist_print__entry) and, under
 * an unfolded entry, its callchain as -g prints it; only the rows on screen
 * are formatted. What is shown is the entries the filters keep: '/' by
 * symbol, the zooms d/t/c by DSO, thread and command, undone in reverse
 * order by Esc or q.
 */
#include <curses.h>
#include <errno.h>
#include <time.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/strbuf.h"
#include "../base/xalloc.h"
#include "../report/hist-print.h"
#include "../report/report.h"
#include "../data/header-print.h"
#include "annotate-view.h"
#include "browser.h"
#include "menu.h"
#include "screen.h"
#include "text-view.h"

enum filter_kind { FILTER_SYMBOL, FILTER_DSO, FILTER_THREAD, FILTER_COMM };

struct filter {
	enum filter_kind kind;
	const void *what;	/* the dso, thread or comm; the text for FILTER_SYMBOL */
};

#define MAX_FILTERS 8

/* An entry's callchain as -g prints it, cut into lines. */
struct chain_text {
	char *text;
	uint32_t *start;
	uint32_t nr;
};

/* A row on screen: entry @entry's own line, or line @line of its chain. */
struct row {
	uint32_t entry;
	int32_t line;		/* -1: the entry's */
};

struct browser {
	struct report *r;
	struct hists *h;
	size_t idx;			/* the event's */
	struct hist_print_opts po;
	struct hist_columns cols;
	struct strbuf title, titles;
	bool *unfolded;			/* by entry (index into h->sorted) */
	struct chain_text *chains;	/* made on first unfolding */
	struct row *rows;
	size_t nr_rows, alloc_rows;
	size_t top, sel;		/* rows: the first on screen, the selected */
	struct filter filter[MAX_FILTERS];
	int nr_filters;
	char symbol[128];		/* '/''s text */
	char note[200];			/* on the status line until the next key */
	struct strbuf line;		/* scratch */
};

/* top's browser: the lock is let go while a key is awaited for long */
static const struct ui_live *live_now;
static const char *resort_to;	/* 's': the keys the report is to be read again by */

/* 's' goes through these, from the report's keys (perf's default first) */
static const char *const sort_presets[] = {
	"comm,dso,sym", "dso,sym", "sym", "comm,dso", "pid,sym", "dso",
};
#define NR_PRESETS (sizeof(sort_presets) / sizeof(sort_presets[0]))

static const char *next_preset(const char *current)
{
	for (size_t i = 0; current && i < NR_PRESETS; i++)
		if (!strcmp(current, sort_presets[i]))
			return sort_presets[(i + 1) % NR_PRESETS];
	return current ? sort_presets[0] : sort_presets[1];
}


bool ui_browser__usable(void)
{
	const char *term = getenv("TERM");

	return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term && *term &&
	       strcmp(term, "dumb");
}

/* --- the model --------------------------------------------------------- */

static const struct hist_entry *entry(const struct browser *b, uint32_t i)
{
	return b->h->sorted[i];
}

static bool passes(const struct browser *b, const struct hist_entry *he)
{
	for (int i = 0; i < b->nr_filters; i++) {
		const struct filter *f = &b->filter[i];

		if ((f->kind == FILTER_SYMBOL &&
		     (!he->sym || !strstr(he->sym->name, (const char *)f->what))) ||
		    (f->kind == FILTER_DSO && he->dso != f->what) ||
		    (f->kind == FILTER_THREAD && he->thread != f->what) ||
		    (f->kind == FILTER_COMM && strcmp(he->comm, (const char *)f->what)))
			return false;
	}
	return hist_print__shown(b->h, &b->po, he);
}

static struct chain_text *chain_of(struct browser *b, uint32_t i)
{
	struct chain_text *c = &b->chains[i];
	struct strbuf sb = STRBUF_INIT;

	if (c->text)
		return c;
	hist_print__chain(b->h, &b->po, entry(b, i), &sb);
	c->text = strbuf_detach(&sb, NULL);
	for (char *p = c->text; *p;) {
		char *nl = strchr(p, '\n');

		if (nl)
			*nl = '\0';
		if (*p) {	/* the blank line closing a chain is not a row */
			c->start = must_reallocarray(c->start, c->nr + 1, sizeof(*c->start));
			c->start[c->nr++] = (uint32_t)(p - c->text);
		}
		if (!nl)
			break;
		p = nl + 1;
	}
	return c;
}

static bool has_chain(struct browser *b, uint32_t i)
{
	return b->h->use_callchain && b->h->chain_mode != CHAIN_NONE && chain_of(b, i)->nr;
}

static void add_row(struct browser *b, uint32_t e, int32_t line)
{
	ALLOC_GROW(b->rows, b->nr_rows + 1, b->alloc_rows);
	b->rows[b->nr_rows++] = (struct row){ e, line };
}

/* The rows again after a fold or a filter, the selection kept on its entry. */
static void rebuild(struct browser *b)
{
	uint32_t keep = b->nr_rows ? b->rows[b->sel].entry : 0;
	bool found = false;

	b->nr_rows = 0;
	for (uint32_t i = 0; i < b->h->nr_sorted; i++) {
		if (!passes(b, entry(b, i)))
			continue;
		if (i == keep && !found) {
			b->sel = b->nr_rows;
			found = true;
		}
		add_row(b, i, -1);
		for (uint32_t l = 0; b->unfolded[i] && l < chain_of(b, i)->nr; l++)
			add_row(b, i, (int32_t)l);
	}
	if (!found)
		b->sel = 0;
}

/* --- the screen -------------------------------------------------------- */

static int list_height(void)
{
	return LINES > 3 ? LINES - 3 : 1;
}

static double share(const struct browser *b, const struct hist_entry *he)
{
	uint64_t total = b->h->member_total ? b->h->member_total[0] : b->h->total_period;
	uint64_t v = b->h->cumulate ? he->period_acc : he->period;

	return total ? 100.0 * v / total : 0;
}


/* Row @ri's text as the screen shows it (valid until the next call); *@pair
 * its colour. */
static const char *row_text(struct browser *b, size_t ri, int *pair)
{
	const struct row *rw = &b->rows[ri];
	const struct chain_text *c;

	*pair = 0;
	if (rw->line >= 0) {
		c = chain_of(b, rw->entry);
		return c->text + c->start[rw->line];
	}
	strbuf_reset(&b->line);
	hist_print__entry(b->h, &b->po, &b->cols, entry(b, rw->entry), &b->line);
	if (has_chain(b, rw->entry))
		b->line.buf[0] = b->unfolded[rw->entry] ? '-' : '+';
	*pair = ui_screen__share_pair(share(b, entry(b, rw->entry)));
	return b->line.buf;
}

static void draw_row(struct browser *b, int y, size_t ri)
{
	int pair;
	const char *text = row_text(b, ri, &pair);

	if (ri == b->sel)
		attron(A_REVERSE);
	else if (pair && has_colors())
		attron(COLOR_PAIR(pair));
	mvaddnstr(y, 0, text, COLS);
	clrtoeol();
	attrset(A_NORMAL);
}

static void draw_status(const struct browser *b)
{
	struct strbuf s = STRBUF_INIT;

	for (int i = 0; i < b->nr_filters; i++) {
		const struct filter *f = &b->filter[i];

		strbuf_addstr(&s, i ? ", " : "Zoomed into ");
		if (f->kind == FILTER_SYMBOL)
			strbuf_addf(&s, "symbol ~ '%s'", (const char *)f->what);
		else if (f->kind == FILTER_DSO)
			strbuf_addf(&s, "DSO %s", f->what ? ((const struct dso *)f->what)->short_name :
							    "[unknown]");
		else if (f->kind == FILTER_THREAD)
			strbuf_addf(&s, "thread %d", ((const struct thread *)f->what)->tid);
		else
			strbuf_addf(&s, "comm %s", (const char *)f->what);
	}
	strbuf_addstr(&s, s.len ? " (Esc: back)  " : "");
	if (*b->note) {
		strbuf_addstr(&s, b->note);
	} else {
		strbuf_addf(&s, "Sort: %s  ", b->r->o->sort ? b->r->o->sort : "default");
		strbuf_addstr(&s, "Press '?' for help on key bindings");
	}
	attron(A_REVERSE);
	mvaddnstr(LINES - 1, 0, s.buf, COLS);
	clrtoeol();
	attrset(A_NORMAL);
	strbuf_release(&s);
}

static void draw(struct browser *b)
{
	int height = list_height();

	if (b->sel < b->top)
		b->top = b->sel;
	if (b->sel >= b->top + (size_t)height)
		b->top = b->sel - (size_t)height + 1;
	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, b->title.buf, COLS);
	attrset(A_NORMAL);
	mvaddnstr(1, 0, b->titles.buf, COLS);
	for (int y = 0; y < height && b->top + (size_t)y < b->nr_rows; y++)
		draw_row(b, y + 2, b->top + (size_t)y);
	if (!b->nr_rows)
		mvaddnstr(2, 0, "  (no entry passes the filters)", COLS);
	draw_status(b);
	refresh();
}

static const char *const help_lines[] = {
	"Up/Down          move",
	"PgUp/PgDn        a page up or down",
	"Home/End         first or last row",
	"Enter            unfold or fold the entry's callchain; without one, the menu",
	"+, e             unfold or fold the entry's callchain",
	"E / C            unfold / fold every callchain",
	"m                the menu: annotate, zoom, header, print",
	"/                show symbols containing a text (empty: all)",
	"d                zoom into the entry's DSO (again: back)",
	"t                zoom into the entry's thread (again: back)",
	"c                zoom into the entry's command (again: back)",
	"k                zoom into the kernel (again: back)",
	"i                the file's header",
	"P                print the rows shown to perf.hist.N",
	"H                go to the hottest entry",
	"a                annotate the entry's symbol (q: back)",
	"s                read the report again by the next keys: comm,dso,sym,",
	"                 dso,sym, sym, comm,dso, pid,sym, dso",
	"Esc, q, Left     undo the last zoom or filter, else leave",
	"h, ?             this help",
	"",
	"Press any key to go back",
};

/* A key awaited for as long as the user takes: top's reader goes on. */
static int getch_blocking(void)
{
	int ch;

	if (live_now)
		live_now->unlock(live_now->ctx);
	timeout(-1);
	ch = getch();
	timeout(200);
	if (live_now)
		live_now->lock(live_now->ctx);
	return ch;
}

static void show_help(void)
{
	int n = (int)(sizeof(help_lines) / sizeof(help_lines[0]));
	int y = 2;

	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, live_now ? "perf-mini top: keys" : "perf-mini report: keys", COLS);
	attrset(A_NORMAL);
	for (int i = 0; i < n && y < LINES; i++) {
		/* top has no file to read again by other keys */
		if (live_now && (help_lines[i][0] == 's' || strstr(help_lines[i], "dso,sym, sym")))
			continue;
		if (live_now && !help_lines[i][0] && y + 1 < LINES)
			mvaddnstr(y++, 2, "z                toggle sample zeroing", COLS - 2);
		mvaddnstr(y++, 2, help_lines[i], COLS - 2);
	}
	refresh();
	getch_blocking();
}

/* A line typed on the status row; false when cancelled (Esc). */
static bool prompt(const char *label, char *buf, size_t size)
{
	size_t len = 0;
	int ch;

	buf[0] = '\0';
	curs_set(1);
	for (;;) {
		attron(A_REVERSE);
		mvprintw(LINES - 1, 0, "%s%s", label, buf);
		clrtoeol();
		attrset(A_NORMAL);
		refresh();
		ch = getch_blocking();
		if (ch == '\n' || ch == KEY_ENTER || ch == 27 || ui_quit_signal)
			break;
		if ((ch == KEY_BACKSPACE || ch == 127 || ch == 8) && len)
			buf[--len] = '\0';
		else if (ch >= 32 && ch < 127 && len + 1 < size) {
			buf[len++] = (char)ch;
			buf[len] = '\0';
		}
	}
	curs_set(0);
	return ch != 27 && !ui_quit_signal;
}

/* --- the keys ---------------------------------------------------------- */

static void push_filter(struct browser *b, enum filter_kind kind, const void *what)
{
	if (b->nr_filters < MAX_FILTERS)
		b->filter[b->nr_filters++] = (struct filter){ kind, what };
	rebuild(b);
}

/* d, t, c: zoom in on what the selected entry has, or out when zoomed so. */
static void toggle_zoom(struct browser *b, enum filter_kind kind)
{
	const struct hist_entry *he;
	const void *what;

	for (int i = 0; i < b->nr_filters; i++) {
		if (b->filter[i].kind != kind)
			continue;
		memmove(&b->filter[i], &b->filter[i + 1],
			(size_t)(b->nr_filters - i - 1) * sizeof(*b->filter));
		b->nr_filters--;
		rebuild(b);
		return;
	}
	if (!b->nr_rows)
		return;
	he = entry(b, b->rows[b->sel].entry);
	what = kind == FILTER_DSO ? (const void *)he->dso :
	       kind == FILTER_THREAD ? (const void *)he->thread : (const void *)he->comm;
	push_filter(b, kind, what);
}

static void symbol_filter(struct browser *b)
{
	char text[sizeof(b->symbol)];

	if (!prompt("Symbol contains: ", text, sizeof(text)))
		return;
	for (int i = 0; i < b->nr_filters; i++)	/* one symbol filter at a time */
		if (b->filter[i].kind == FILTER_SYMBOL) {
			memmove(&b->filter[i], &b->filter[i + 1],
				(size_t)(b->nr_filters - i - 1) * sizeof(*b->filter));
			b->nr_filters--;
			break;
		}
	memcpy(b->symbol, text, sizeof(text));
	if (*b->symbol)
		push_filter(b, FILTER_SYMBOL, b->symbol);
	else
		rebuild(b);
}

static void fold_all(struct browser *b, bool unfold)
{
	for (size_t i = 0; i < b->nr_rows; i++)
		if (b->rows[i].line < 0 && (!unfold || has_chain(b, b->rows[i].entry)))
			b->unfolded[b->rows[i].entry] = unfold;
	rebuild(b);
}

static void toggle_fold(struct browser *b)
{
	uint32_t e;

	if (!b->nr_rows)
		return;
	e = b->rows[b->sel].entry;
	if (!has_chain(b, e))
		return;
	b->unfolded[e] = !b->unfolded[e];
	rebuild(b);
}

static void go_hottest(struct browser *b)
{
	double best = -1;

	for (size_t i = 0; i < b->nr_rows; i++) {
		double pct = b->rows[i].line < 0 ? share(b, entry(b, b->rows[i].entry)) : -1;

		if (pct > best) {
			best = pct;
			b->sel = i;
		}
	}
}

static void move_sel(struct browser *b, long delta)
{
	long sel = (long)b->sel + delta;

	if (sel >= (long)b->nr_rows)
		sel = (long)b->nr_rows - 1;
	b->sel = sel < 0 ? 0 : (size_t)sel;
}

/* Esc, q: the last filter undone; true when there was none (leave). */
static bool back(struct browser *b)
{
	if (!b->nr_filters)
		return true;
	b->nr_filters--;
	rebuild(b);
	return false;
}

/* 'a': the selected entry's symbol annotated, or why not on the status line. */
static void annotate_selected(struct browser *b)
{
	struct strbuf why = STRBUF_INIT;

	if (!b->nr_rows)
		return;
	if (live_now)
		strbuf_addstr(&why, "not in top yet (perf-mini record, then annotate)");
	else
		ui_annotate__view(b->r, entry(b, b->rows[b->sel].entry), &ui_quit_signal, &why);
	if (why.len)
		snprintf(b->note, sizeof(b->note), "annotate: %.*s", (int)strcspn(why.buf, "\n"),
			 why.buf);
	strbuf_release(&why);
}

/* k: the kernel's entries alone, or all again when zoomed so. */
static void zoom_kernel(struct browser *b)
{
	for (int i = 0; i < b->nr_filters; i++)
		if (b->filter[i].kind == FILTER_DSO && b->filter[i].what &&
		    ((const struct dso *)b->filter[i].what)->kernel) {
			toggle_zoom(b, FILTER_DSO);
			return;
		}
	for (uint32_t i = 0; i < b->h->nr_sorted; i++) {
		const struct dso *d = entry(b, i)->dso;

		if (d && d->kernel && !d->is_module) {
			push_filter(b, FILTER_DSO, d);
			return;
		}
	}
	snprintf(b->note, sizeof(b->note), "no sample hit the kernel");
}

/* i: the header, as --header-only prints it. */
static void show_header(struct browser *b)
{
	char *text = NULL, title[300];
	size_t size;
	FILE *mem = open_memstream(&text, &size);

	if (!mem)
		return;
	perf_data__fprintf_header(&b->r->pd, mem);
	fclose(mem);
	snprintf(title, sizeof(title), "Header of %s", b->r->pd.path);
	ui_text__view(title, "Header: Up/Down/PgUp/PgDn/Home/End scroll, q/Esc/Left back", text,
		      &ui_quit_signal);
	free(text);
}

/* P: the rows shown, under the titles, into perf.hist.N (the first N
 * free), as perf's browser prints them. */
static void print_rows(struct browser *b)
{
	char path[32];
	FILE *f = NULL;
	int pair;

	for (int n = 0; n < 1000 && !f; n++) {
		snprintf(path, sizeof(path), "perf.hist.%d", n);
		f = fopen(path, "wx");
		if (!f && errno != EEXIST)
			break;
	}
	if (!f) {
		snprintf(b->note, sizeof(b->note), "cannot write perf.hist.N here: %s",
			 strerror(errno));
		return;
	}
	fprintf(f, "%s\n%s\n", b->title.buf, b->titles.buf);
	for (size_t i = 0; i < b->nr_rows; i++)
		fprintf(f, "%s\n", row_text(b, i, &pair));
	snprintf(b->note, sizeof(b->note), fclose(f) ? "%s: write failed" : "%s written", path);
}

enum menu_action { ACT_ANNOTATE, ACT_THREAD, ACT_DSO, ACT_KERNEL, ACT_FOLD, ACT_HEADER,
		   ACT_PRINT, ACT_EXIT };

/* m, or Enter on an entry without a callchain: perf's popup menu; true
 * to leave. */
static bool context_menu(struct browser *b)
{
	const struct hist_entry *he = b->nr_rows ? entry(b, b->rows[b->sel].entry) : NULL;
	char text[8][160];
	const char *items[8];
	enum menu_action act[8];
	size_t n = 0;
	int chosen;

#define ADD(a, ...) do { snprintf(text[n], sizeof(text[n]), __VA_ARGS__); \
			 items[n] = text[n]; act[n++] = (a); } while (0)
	if (he && he->sym)
		ADD(ACT_ANNOTATE, "Annotate %s", he->sym->name);
	if (he && he->thread)
		ADD(ACT_THREAD, "Zoom into %s(%d) thread", he->comm, he->thread->tid);
	if (he && he->dso)
		ADD(ACT_DSO, "Zoom into %s DSO", he->dso->short_name);
	ADD(ACT_KERNEL, "Zoom into the kernel");
	if (he && has_chain(b, b->rows[b->sel].entry))
		ADD(ACT_FOLD, "Expand/collapse the callchain");
	ADD(ACT_HEADER, "Show the header information");
	ADD(ACT_PRINT, "Print the rows to perf.hist.N");
	ADD(ACT_EXIT, "Exit");
#undef ADD
	chosen = ui_menu__choose("Options", items, n, &ui_quit_signal);
	switch (chosen < 0 ? -1 : (int)act[chosen]) {
	case ACT_ANNOTATE: annotate_selected(b); break;
	case ACT_THREAD: toggle_zoom(b, FILTER_THREAD); break;
	case ACT_DSO: toggle_zoom(b, FILTER_DSO); break;
	case ACT_KERNEL: zoom_kernel(b); break;
	case ACT_FOLD: toggle_fold(b); break;
	case ACT_HEADER: show_header(b); break;
	case ACT_PRINT: print_rows(b); break;
	case ACT_EXIT: return true;
	default: break;
	}
	return false;
}

/* Enter: perf's, a fold where the entry has a callchain, else the menu. */
static bool enter(struct browser *b)
{
	if (b->nr_rows && has_chain(b, b->rows[b->sel].entry)) {
		toggle_fold(b);
		return false;
	}
	return !live_now && context_menu(b);
}

/* One key; true to leave the table. */
static bool key(struct browser *b, int ch)
{
	long page = list_height();

	b->note[0] = '\0';
	switch (ch) {
	case KEY_UP: move_sel(b, -1); break;
	case KEY_DOWN: move_sel(b, 1); break;
	case KEY_PPAGE: move_sel(b, -page); break;
	case KEY_NPAGE: case ' ': move_sel(b, page); break;
	case KEY_HOME: b->sel = 0; break;
	case KEY_END: move_sel(b, (long)b->nr_rows); break;
	case '\n': case KEY_ENTER: return enter(b);
	case '+': case 'e': toggle_fold(b); break;
	case 'm': return !live_now && context_menu(b);
	case 'k': zoom_kernel(b); break;
	case 'i': if (!live_now) show_header(b); break;
	case 'P': print_rows(b); break;
	case 'E': fold_all(b, true); break;
	case 'C': fold_all(b, false); break;
	case '/': symbol_filter(b); break;
	case 'd': toggle_zoom(b, FILTER_DSO); break;
	case 't': toggle_zoom(b, FILTER_THREAD); break;
	case 'c': toggle_zoom(b, FILTER_COMM); break;
	case 'H': go_hottest(b); break;
	case 'a': annotate_selected(b); break;
	case 's':
		/* memory and branch entries have keys of their own; a stream
		 * on stdin cannot be read again */
		if (b->r->o->mem_mode || b->r->branch_mode || !strcmp(b->r->o->input, "-"))
			break;
		resort_to = next_preset(b->r->o->sort);
		return true;
	case 'h': case '?': show_help(); break;
	case 27: case 'q': case KEY_LEFT: return back(b);
	default: break;
	}
	return false;
}

/* --- one event's table ------------------------------------------------ */

static void browser_init(struct browser *b, struct report *r, size_t idx)
{
	struct strbuf dots = STRBUF_INIT;

	memset(b, 0, sizeof(*b));
	b->r = r;
	b->idx = idx;
	b->h = r->hists[idx];
	strbuf_init(&b->title, 0);
	strbuf_init(&b->titles, 0);
	strbuf_init(&b->line, 0);
	report__print_opts(r, &b->po, false);
	b->po.quiet = true;
	report__samples_title(r, b->h, idx, &b->title);
	hist_print__widths(b->h, &b->po, &b->cols);
	hist_print__titles(b->h, &b->po, &b->cols, &b->titles, &dots);
	if (b->titles.len >= 2)	/* "# Overhead" over the rows' "  45.00%" */
		b->titles.buf[0] = ' ';
	strbuf_release(&dots);
	b->unfolded = must_calloc(b->h->nr_sorted + 1, sizeof(*b->unfolded));
	b->chains = must_calloc(b->h->nr_sorted + 1, sizeof(*b->chains));
	rebuild(b);
}

static void browser_exit(struct browser *b)
{
	for (uint32_t i = 0; i < b->h->nr_sorted; i++) {
		free(b->chains[i].text);
		free(b->chains[i].start);
	}
	free(b->chains);
	free(b->unfolded);
	free(b->rows);
	strbuf_release(&b->title);
	strbuf_release(&b->titles);
	strbuf_release(&b->line);
}

static void browse_event(struct report *r, size_t idx)
{
	struct browser b;

	browser_init(&b, r, idx);
	for (;;) {
		int ch;

		draw(&b);
		ch = getch();
		if (ui_quit_signal)
			break;
		if (ch == ERR || ch == KEY_RESIZE)
			continue;
		if (key(&b, ch))
			break;
	}
	browser_exit(&b);
}

/* --- several events: a menu first ------------------------------------- */

static size_t events_shown(const struct report *r, size_t *which, size_t max)
{
	size_t n = 0;

	for (size_t i = 0; i < r->nr_hists && n < max; i++)
		if (r->hists[i] && r->hists[i]->nr_samples)
			which[n++] = i;
	return n;
}

static void draw_menu(const struct report *r, const size_t *which, size_t n, size_t sel)
{
	struct strbuf s = STRBUF_INIT;

	erase();
	attron(A_BOLD);
	mvaddnstr(0, 0, "Available samples", COLS);
	attrset(A_NORMAL);
	for (size_t i = 0; i < n && (int)i + 2 < LINES - 1; i++) {
		strbuf_reset(&s);
		report__samples_title(r, r->hists[which[i]], which[i], &s);
		if (i == sel)
			attron(A_REVERSE);
		mvaddnstr((int)i + 2, 0, s.buf, COLS);
		clrtoeol();
		attrset(A_NORMAL);
	}
	attron(A_REVERSE);
	mvaddnstr(LINES - 1, 0, "Enter: browse the event  q: quit", COLS);
	clrtoeol();
	attrset(A_NORMAL);
	refresh();
	strbuf_release(&s);
}

static void menu(struct report *r, const size_t *which, size_t n)
{
	size_t sel = 0;

	for (;;) {
		int ch;

		draw_menu(r, which, n, sel);
		ch = getch();
		if (ui_quit_signal || ch == 'q' || ch == 27)
			return;
		if ((ch == KEY_UP || ch == 'k') && sel)
			sel--;
		else if ((ch == KEY_DOWN || ch == 'j') && sel + 1 < n)
			sel++;
		else if (ch == '\n' || ch == KEY_ENTER || ch == KEY_RIGHT)
			browse_event(r, which[sel]);
		if (resort_to)
			return;
	}
}


int ui_browser__report(struct report *r, const char **resort)
{
	size_t which[64], n;

	for (size_t i = 0; i < r->nr_hists; i++) {
		if (r->hists[i] && r->hists[i]->nr_samples) {
			r->hists[i]->relative = r->o->relative;	/* --percentage */
			hists__output_resort(r->hists[i]);
		}
	}
	n = events_shown(r, which, sizeof(which) / sizeof(which[0]));
	ui_screen__start();
	if (n == 1)
		browse_event(r, which[0]);
	else if (n)
		menu(r, which, n);
	*resort = ui_quit_signal ? NULL : resort_to;
	resort_to = NULL;
	return ui_screen__stop();
}

/* --- top: the table refreshed ----------------------------------------- */

static uint64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* The refresh: the browser made again over the new entries, where the
 * user was (selection, filters) kept. */
static int live_rebuild(struct browser *b, struct report *r, const struct ui_live *live,
			bool again)
{
	struct browser keep = *b;
	struct strbuf title = STRBUF_INIT;
	int ret;

	if (again)
		browser_exit(b);
	ret = live->update(live->ctx, &title);
	browser_init(b, r, 0);
	strbuf_reset(&b->title);
	strbuf_addstr(&b->title, title.buf);
	strbuf_release(&title);
	if (again) {
		memcpy(b->filter, keep.filter, sizeof(b->filter));
		b->nr_filters = keep.nr_filters;
		memcpy(b->symbol, keep.symbol, sizeof(b->symbol));
		memcpy(b->note, keep.note, sizeof(b->note));	/* until the next key */
		rebuild(b);
		b->sel = keep.sel < b->nr_rows ? keep.sel : b->nr_rows ? b->nr_rows - 1 : 0;
		b->top = keep.top <= b->sel ? keep.top : b->sel;
	}
	return ret;
}

int ui_browser__live(struct report *r, const struct ui_live *live)
{
	struct browser b;
	uint64_t next = 0;
	int ret = 0, stop;
	bool built = false, leave = false;

	ui_screen__start();
	live_now = live;
	while (!leave && !ui_quit_signal && !ret) {
		int ch;

		live->lock(live->ctx);
		if (now_ms() >= next) {
			ret = live_rebuild(&b, r, live, built);
			built = true;
			next = now_ms() + (uint64_t)live->delay_ms;
		}
		draw(&b);
		live->unlock(live->ctx);
		ch = getch();
		if (ch == ERR || ch == KEY_RESIZE || ui_quit_signal)
			continue;
		if (ch == 'z') {
			live->zero(live->ctx);
			next = 0;
			continue;
		}
		if (ch == 's')	/* nothing to read again */
			continue;
		live->lock(live->ctx);
		leave = key(&b, ch);
		live->unlock(live->ctx);
	}
	if (built) {
		live->lock(live->ctx);
		browser_exit(&b);
		live->unlock(live->ctx);
	}
	live_now = NULL;
	stop = ui_screen__stop();
	return ret ? ret : stop;
}
