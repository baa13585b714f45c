/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ATTR_PRINT_H
#define PM_ATTR_PRINT_H

/*
 * perf_event_attr as Linux perf prints it under -vv: the non-zero fields,
 * in perf's order and spelling, one "  %-32s %s" line each, so that the
 * two tools' dumps can be compared line by line.
 */
#include <linux/perf_event.h>

#include "../base/strbuf.h"

void attr_print(struct strbuf *sb, const struct perf_event_attr *attr);

/* The same fields as ", name = value" runs, as perf.data header dumps
 * print them after "# event : name = X, ". */
void attr_print_inline(struct strbuf *sb, const struct perf_event_attr *attr);

/* The same fields as "name: value" runs joined by ", ", as perf evlist -v
 * prints them after "event: ". */
void attr_print_pairs(struct strbuf *sb, const struct perf_event_attr *attr);

/* "SAMPLE_A|SAMPLE_B" names of sample_type, read_format, branch_sample_type. */
void attr_print_sample_type(struct strbuf *sb, unsigned long long v);
void attr_print_read_format(struct strbuf *sb, unsigned long long v);
void attr_print_branch_type(struct strbuf *sb, unsigned long long v);

#endif
