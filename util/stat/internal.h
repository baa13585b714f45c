/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_INTERNAL_H
#define PM_STAT_INTERNAL_H

/* Declarations shared by util/stat's files only (never included outside). */
#include <stdint.h>

struct stat_display;
struct stat_opts;

/* stat-output.c: an interval's counts (-I; @t0 the start), the final
 * table and footer, to @o->out; -v's raw counts through @o->hooks.note. */
void stat_show_interval(struct stat_opts *o, struct stat_display *d, uint64_t t0);
void stat_show_final_counts(struct stat_opts *o, struct stat_display *d);
void stat_show_verbose_counts(struct stat_opts *o);

#endif
