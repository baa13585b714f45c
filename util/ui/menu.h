/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_MENU_H
#define PM_UI_MENU_H

#include <signal.h>
#include <stddef.h>

/*
 * perf's popup menu: @items in a box over the screen under @title, the
 * first selected; Up/Down (j/k) move, Enter or Right chooses. The index
 * chosen, or -1 for Esc, q, Left (or *@quit, a signal). Curses on.
 */
int ui_menu__choose(const char *title, const char *const *items, size_t n,
		    volatile sig_atomic_t *quit);

#endif
