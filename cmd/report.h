/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CMD_REPORT_H
#define PM_CMD_REPORT_H

#include "../util/base/parse-options.h"
#include "../util/report/report.h"

/* The options' values checked (sort keys, -g, --percent-limit, ...); -g's
 * parts set. 0 or -EINVAL with @err. (top checks its own with it.) */
int report_check_opts(struct report_opts *o, struct strbuf *err);

/* --flamegraph[=FILE] (cmd/report-flamegraph.c): the file it names. */
int report_flamegraph_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err);

/* --flamegraph-opts=pid,tid,kernel,jit,all: stackcollapse's flags. */
int report_flamegraph_opts_option(const struct option *opt, const char *arg, int unset,
				  struct strbuf *err);

/* What the flame graph reads of the report, set over the user's options;
 * -EINVAL with @err for those it cannot draw. */
int report_flamegraph_setup(struct report_opts *o, struct strbuf *err);

/* After report__process(): the file, written whole. The exit status. */
int report_flamegraph_write(struct report *r);

/* diff --flamegraph: @new's stacks against @old's into @path (- for
 * stdout), written whole; the exit status, the cause in @err. */
int report_flamegraph_write_diff(struct report *old, struct report *new, const char *path,
				 bool quiet, struct strbuf *err);

/* Whether the browser shows this report (a terminal, not --stdio, nor
 * an output it does not show), and showing it: the exit status, -1 when
 * no event has samples (the table says so). cmd/report-browse.c */
bool report_wants_browser(const struct report_opts *o);
int report_browse(struct report *r);

#endif
