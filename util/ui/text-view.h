/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_TEXT_VIEW_H
#define PM_UI_TEXT_VIEW_H

#include <signal.h>

/*
 * @text (its newlines made line ends) paged under @title, @keys on the
 * last row, with curses on: Up/Down/PgUp/PgDn/Home/End scroll, H the
 * hottest annotation row; q, Esc or Left (or *@quit, a signal) leave.
 */
void ui_text__view(const char *title, const char *keys, char *text, volatile sig_atomic_t *quit);

#endif
