/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REPORT_FLAMEGRAPH_H
#define PM_REPORT_FLAMEGRAPH_H

/* report --flamegraph and diff --flamegraph: their options, what the
 * flame graph reads of a report, and its file written whole (flamegraph.h
 * draws it). */
#include "../report/report.h"

struct option;

/* --flamegraph[=FILE] (report, diff; a parse-options callback): the file
 * it names, flamegraph.html when bare. */
int report_flamegraph_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err);

/* --flamegraph-opts=pid,tid,kernel,jit,all: stackcollapse's flags. */
int report_flamegraph_opts_option(const struct option *opt, const char *arg, int unset,
				  struct strbuf *err);

/* What the flame graph reads of the report, set over the user's options;
 * -EINVAL with @err for those it cannot draw. */
int report_flamegraph_setup(struct report_opts *o, struct strbuf *err);

/* After report__process(): @r->o->flamegraph (- for stdout) written
 * whole. 0, or a negative errno (-ENODATA: no samples to draw) with
 * @r->err. */
int report_flamegraph_write(struct report *r);

/* diff --flamegraph: @new's stacks against @old's into @path (- for
 * stdout), written whole. 0, or a negative errno with @err. */
int report_flamegraph_write_diff(struct report *old, struct report *new, const char *path,
				 struct strbuf *err);

#endif
