// SPDX-License-Identifier: GPL-2.0
/* report --flamegraph (util/report/flamegraph): its options and its file. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/pending-file.h"
#include "../util/report/flamegraph.h"
#include "report.h"

int report_flamegraph_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	const char **file = opt->value;

	(void)err;
	*file = unset ? NULL : arg && *arg ? arg : "flamegraph.html";
	return 0;
}

/*
 * The flame graph is of the callchains alone: entries by command and
 * function, the chains outermost first (unless -g callee), not
 * accumulated, every event its own graph.
 */
int report_flamegraph_setup(struct report_opts *o, struct strbuf *err)
{
	if (o->mem_mode || o->branch_stack > 0 || o->hierarchy) {
		strbuf_addf(err, "--flamegraph draws callchains, not %s\nhint: drop %s",
			    o->mem_mode ? "memory accesses" : o->hierarchy ? "a hierarchy" :
			    "branches", o->mem_mode ? "--mem-mode" : o->hierarchy ? "--hierarchy" :
			    "-b");
		return -EINVAL;
	}
	o->sort = "comm,sym";
	o->fields = NULL;
	o->children = 0;
	o->branch_stack = 0;
	o->group = 0;
	o->chain.mode = CHAIN_GRAPH;
	if (!o->chain.order && !o->inverted)
		o->chain.order = "caller";
	return 0;
}

int report_flamegraph_write(struct report *r)
{
	const char *path = r->o->flamegraph;
	bool to_stdout = !strcmp(path, "-"), html = !to_stdout && flamegraph__is_html(path);
	struct pending_file pf;
	FILE *f = stdout;
	int ret = 0;

	if (!to_stdout && (ret = pending_file__fopen(&pf, path, &f))) {
		strbuf_addf(&r->err, "cannot write %s: %s", path, strerror(-ret));
		return 1;
	}
	ret = flamegraph__write(r, html, r->pd.path, f);
	if (to_stdout)
		fflush(stdout);
	else
		ret = pending_file__fclose(&pf, f, ret);
	if (ret == -ENODATA)
		strbuf_addf(&r->err, "%s has no samples to draw", r->pd.path);
	else if (ret)
		strbuf_addf(&r->err, "cannot write %s: %s", path, strerror(-ret));
	else if (!to_stdout && !r->o->quiet)
		fprintf(stderr, "perf-mini report: flame graph written to %s%s\n", path,
			html ? " (open it in a browser)" : "");
	return ret ? 1 : 0;
}
