/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UI_C2C_BROWSER_H
#define PM_UI_C2C_BROWSER_H

#include "../c2c/c2c-stats.h"

/*
 * perf c2c report on a terminal: the Shared Data Cache Line Table, and
 * with 'd' the selected line's offsets ("Cacheline 0x..."), where 's'
 * toggles full symbols and 'n' steps through -N's node details; '?' help,
 * 'q' back or out. @sc was made with @o, which the keys change;
 * @sorted_on is what the title says the lines are sorted on ("Total
 * HITMs"). 0, or 128 + the signal that ended it.
 */
int ui_c2c__browse(struct c2c_screens *sc, struct c2c_opts *o, const char *sorted_on);

#endif
