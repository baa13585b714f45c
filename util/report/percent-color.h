/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PERCENT_COLOR_H
#define PM_PERCENT_COLOR_H

/*
 * perf's colors for a percentage under --stdio-color (report's and its
 * callchains'): red from 5%, green above 0.5%, none below. The escape
 * wraps the value as printed, padding included.
 */
#define PERCENT_COLOR_RESET "\033[m"

static inline const char *percent_color(double pct)
{
	return pct >= 5.0 ? "\033[31m" : pct > 0.5 ? "\033[32m" : (const char *)0;
}

#endif
