/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_SCREEN_H
#define PM_UI_SCREEN_H

/*
 * The whole terminal for a browser (report's, top's, c2c's): curses on,
 * keys raw, the colours of perf's percentages. While it is on, SIGINT,
 * SIGTERM, SIGHUP and SIGQUIT only set ui_quit_signal, which the key loops
 * watch (getch wakes every 200 ms), so the terminal is given back before
 * the program ends; an exit() on the way (out of memory) gives it back too.
 */
#include <signal.h>

enum { UI_PAIR_RED = 1, UI_PAIR_GREEN, UI_PAIR_BAR };

extern volatile sig_atomic_t ui_quit_signal;

void ui_screen__start(void);

/* Curses off, the signals as they were: 0, or 128 + the signal that ended it. */
int ui_screen__stop(void);

/* perf's colour for a share: red from 5%, green from 0.5% (0: none) */
int ui_screen__share_pair(double pct);

#endif
