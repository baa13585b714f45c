// SPDX-License-Identifier: GPL-2.0
/* The terminal for the browsers: see screen.h. */
#include <curses.h>
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>

#include "screen.h"

volatile sig_atomic_t ui_quit_signal;
static bool curses_on;

static const int quit_sigs[] = { SIGINT, SIGTERM, SIGHUP, SIGQUIT };
static struct sigaction saved_sigs[4];

static void restore_terminal(void)
{
	if (curses_on)
		endwin();
	curses_on = false;
}

static void on_quit_signal(int sig)
{
	ui_quit_signal = sig;
}

void ui_screen__start(void)
{
	struct sigaction sa = { .sa_handler = on_quit_signal };
	static bool registered;

	for (int i = 0; i < 4; i++)
		sigaction(quit_sigs[i], &sa, &saved_sigs[i]);
	if (!registered)
		registered = !atexit(restore_terminal);
	/* the terminal's character set: a UTF-8 one draws boxes as lines */
	setlocale(LC_CTYPE, "");
	initscr();
	curses_on = true;
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	timeout(200);	/* wakes to see a signal */
	if (has_colors()) {
		start_color();
		use_default_colors();
		init_pair(UI_PAIR_RED, COLOR_RED, -1);
		init_pair(UI_PAIR_GREEN, COLOR_GREEN, -1);
	}
}

int ui_screen__stop(void)
{
	int sig = ui_quit_signal;

	restore_terminal();
	for (int i = 0; i < 4; i++)
		sigaction(quit_sigs[i], &saved_sigs[i], NULL);
	ui_quit_signal = 0;
	return sig ? 128 + sig : 0;
}

int ui_screen__share_pair(double pct)
{
	return pct >= 5 ? UI_PAIR_RED : pct >= 0.5 ? UI_PAIR_GREEN : 0;
}
