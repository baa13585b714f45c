// SPDX-License-Identifier: GPL-2.0
/*
 * top's display: perf top --stdio's screens (a clear, the PerfTop header,
 * a dashed line, the entries cut to the terminal), redrawn every -d
 * seconds and on a key; or the browser, refreshed as often.
 */
#include <errno.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include "../report/hist-print.h"
#include "../ui/browser.h"
#include "../ui/term.h"
#include "internal.h"

#define HEADER_LINES 5		/* perf's: what the screen holds beside the entries */

static volatile sig_atomic_t quit_signal;

static void on_signal(int sig)
{
	quit_signal = sig;
}

/* Print @text's lines cut to @width until @rows are used up; the rows
 * left. */
static int put_lines(const char *text, int width, int rows)
{
	while (*text && rows > 0) {
		size_t len = strcspn(text, "\n");

		printf("%.*s\n", (int)(len < (size_t)width ? len : (size_t)width), text);
		rows--;
		text += len + !!text[len];
	}
	return rows;
}

static void print_entries(struct top *t, int rows, int width)
{
	struct hists *h = t->r.hists[0];
	struct strbuf line = STRBUF_INIT;
	struct hist_print_opts po;
	struct hist_columns c;

	report__print_opts(&t->r, &po, isatty(STDOUT_FILENO));
	memset(po.elide, 0, sizeof(po.elide));
	po.quiet = true;
	po.width_rows = rows > 0 ? (size_t)rows : 1;	/* perf: the rows shown */
	hist_print__widths(h, &po, &c);
	for (size_t i = 0; i < h->nr_sorted && rows > 0; i++) {
		const struct hist_entry *he = h->sorted[i];

		if (!hist_print__shown(h, &po, he))
			continue;
		strbuf_reset(&line);
		hist_print__entry(h, &po, &c, he, &line);
		strbuf_addch(&line, '\n');
		hist_print__chain(h, &po, he, &line);
		rows = put_lines(line.buf, width, rows);
	}
	strbuf_release(&line);
}

static void print_screen(struct top *t, const struct top_opts *o, uint64_t *lost_warned)
{
	struct strbuf header = STRBUF_INIT;
	uint64_t lost = t->r.stats.nr_events[PERF_RECORD_LOST];
	int rows, cols, entries;

	ui_term_size(&rows, &cols);
	entries = o->entries ? o->entries : rows - HEADER_LINES;
	top__header(t, o->target, &header);
	fputs("\033[H\033[2J\n", stdout);
	printf("%s\n", header.buf);
	for (int i = 0; i < cols - 1; i++)
		putchar('-');
	putchar('\n');
	if (lost != *lost_warned) {
		*lost_warned = lost;
		printf("WARNING: LOST %" PRIu64 " chunks, Check IO/CPU overload", lost);
		entries--;
	}
	putchar('\n');
	print_entries(t, entries, cols - 1);
	fflush(stdout);
	strbuf_release(&header);
}

/* --- keys (stdin a terminal) ----------------------------------------- */

static struct termios saved_tty;
static bool tty_raw;

static void tty_restore(void)
{
	if (tty_raw)
		tcsetattr(STDIN_FILENO, TCSAFLUSH, &saved_tty);
	tty_raw = false;
}

static void tty_keys(void)
{
	struct termios tc;

	if (!isatty(STDIN_FILENO) || tcgetattr(STDIN_FILENO, &saved_tty))
		return;
	tc = saved_tty;
	tc.c_lflag &= ~(ICANON | ECHO);
	tc.c_cc[VMIN] = 0;
	tc.c_cc[VTIME] = 0;
	tty_raw = !tcsetattr(STDIN_FILENO, TCSANOW, &tc);
}

/* A number typed after @prompt (the terminal cooked for it); @old when
 * nothing or not a number. */
static int ask_number(const char *prompt, int old, int min)
{
	char buf[32];
	int v;

	tty_restore();
	printf("\n%s: ", prompt);
	fflush(stdout);
	v = fgets(buf, sizeof(buf), stdin) ? atoi(buf) : old;
	tty_keys();
	return v >= min ? v : old;
}

static void show_keys(const struct top_opts *o)
{
	printf("\nMapped keys:\n"
	       "\t[d]     display refresh delay.             \t(%d)\n"
	       "\t[e]     display entries (lines).           \t(%d)\n"
	       "\t[K]     hide kernel symbols.             \t(%s)\n"
	       "\t[U]     hide user symbols.               \t(%s)\n"
	       "\t[z]     toggle sample zeroing.             \t(%d)\n"
	       "\t[qQ]    quit.\n\nEnter selection, or unmapped key to continue: ",
	       o->delay_s, o->entries, o->hide_kernel ? "yes" : "no",
	       o->hide_user ? "yes" : "no", o->zero);
	fflush(stdout);
}

/* Wait for a key (or a signal); 0 when none came. */
static int wait_key(int timeout_ms)
{
	struct pollfd p = { .fd = STDIN_FILENO, .events = POLLIN };
	char c;

	if (poll(&p, tty_raw ? 1 : 0, timeout_ms) <= 0)
		return 0;
	return read(STDIN_FILENO, &c, 1) == 1 ? (unsigned char)c : 0;
}

/* perf top's keys: true to quit. */
static bool handle_key(struct top *t, struct top_opts *o, int c)
{
	switch (c) {
	case 'q': case 'Q':
		return true;
	case 'd':
		o->delay_s = ask_number("Enter display delay", o->delay_s, 1);
		break;
	case 'e':
		o->entries = ask_number("Enter display entries (lines)", o->entries, 0);
		break;
	case 'K':
		t->hide_kernel = o->hide_kernel = !o->hide_kernel;
		break;
	case 'U':
		t->hide_user = o->hide_user = !o->hide_user;
		break;
	case 'z':
		t->zero = o->zero = !o->zero;
		break;
	default:
		show_keys(o);
		c = wait_key(-1);
		putchar('\n');	/* the prompt's line ends */
		return c && c != '\n' && handle_key(t, o, c == '?' ? ' ' : c);
	}
	return false;
}

static int reader_failed(struct top *t, struct strbuf *err)
{
	int ret;

	pthread_mutex_lock(&t->lock);
	ret = t->reader_err;
	if (ret)
		strbuf_addstr(err, t->reader_msg.buf);
	pthread_mutex_unlock(&t->lock);
	return ret;
}

static int stdio_loop(struct top *t, struct top_opts *o)
{
	uint64_t lost_warned = 0;
	bool quit = false;
	int ret = 0;

	tty_keys();
	while (!quit && !quit_signal && !ret) {
		int c;

		top__show_begin(t);
		ret = top__refresh(t);
		if (!ret)
			print_screen(t, o, &lost_warned);
		top__show_end(t);
		c = wait_key(o->delay_s * 1000);
		if (c)
			quit = handle_key(t, o, c);
		if (!ret && reader_failed(t, &t->r.err))
			ret = -EINVAL;
	}
	tty_restore();
	return ret;
}

/* --- the browser ----------------------------------------------------- */

static void live_lock(void *ctx)
{
	top__show_begin(ctx);
}

static void live_unlock(void *ctx)
{
	top__show_end(ctx);
}

static int live_refresh(void *ctx, struct strbuf *title)
{
	struct top *t = ctx;
	int ret = top__refresh(t);

	top__title(t, 0, title);
	return ret;
}

static void live_zero(void *ctx)
{
	struct top *t = ctx;

	t->zero = !t->zero;
}

int top_display(struct top *t, struct top_opts *o)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa = { .sa_handler = on_signal };
	int ret;

	/* Kept until top ends: a signal to the process group (timeout's, the
	 * terminal's) can come twice, and the second must not kill top while
	 * it stops its recorder. */
	for (int i = 0; i < 3; i++)
		sigaction(sigs[i], &sa, NULL);
	if (!o->ro.stdio && ui_browser__usable()) {
		struct ui_live live = {
			.delay_ms = o->delay_s * 1000, .ctx = t, .lock = live_lock,
			.unlock = live_unlock, .update = live_refresh, .zero = live_zero,
		};

		ret = ui_browser__live(&t->r, &live);
		ret = ret > 0 ? 0 : ret;	/* a signal ends top as q does */
		if (!ret && reader_failed(t, &t->r.err))
			ret = -EINVAL;
	} else {
		ret = stdio_loop(t, o);
	}
	return ret;
}
