// SPDX-License-Identifier: GPL-2.0
/* report --flamegraph (flamegraph.c): its options and its file. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../base/parse-options.h"
#include "../base/pending-file.h"
#include "flamegraph.h"
#include "report-flamegraph.h"

int report_flamegraph_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	const char **file = opt->value;

	(void)err;
	*file = unset ? NULL : arg && *arg ? arg : "flamegraph.html";
	return 0;
}

int report_flamegraph_opts_option(const struct option *opt, const char *arg, int unset,
				  struct strbuf *err)
{
	unsigned int *opts = opt->value;

	if (unset) {
		*opts = 0;
		return 0;
	}
	return flamegraph__parse_opts(arg, opts, err);
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
	/* --flamegraph-opts pid, tid: the stacks of each thread apart */
	o->sort = o->flamegraph_opts & (FLAME_PID | FLAME_TID) ? "pid,comm,sym" : "comm,sym";
	o->fields = NULL;
	o->children = 0;
	o->branch_stack = 0;
	o->group = 0;
	o->chain.mode = CHAIN_GRAPH;
	if (!o->chain.order && !o->inverted)
		o->chain.order = "caller";
	return 0;
}

typedef int flame_writer(void *ctx, bool html, FILE *f);

/* @path written by @write: stdout for -, else under a temporary name. */
static int write_to(const char *path, const char *what, flame_writer *write, void *ctx,
		    struct strbuf *err)
{
	bool to_stdout = !strcmp(path, "-"), html = !to_stdout && flamegraph__is_html(path);
	struct pending_file pf;
	FILE *f = stdout;
	int ret = 0;

	if (!to_stdout && (ret = pending_file__fopen(&pf, path, &f))) {
		strbuf_addf(err, "cannot write %s: %s", path, strerror(-ret));
		return ret;
	}
	ret = write(ctx, html, f);
	if (to_stdout)
		fflush(stdout);
	else
		ret = pending_file__fclose(&pf, f, ret);
	if (ret == -ENODATA)
		strbuf_addf(err, "%s has no samples to draw", what);
	else if (ret)
		strbuf_addf(err, "cannot write %s: %s", path, strerror(-ret));
	return ret;
}

static int write_report(void *ctx, bool html, FILE *f)
{
	struct report *r = ctx;

	return flamegraph__write(r, html, r->pd.path, f);
}

int report_flamegraph_write(struct report *r)
{
	return write_to(r->o->flamegraph, r->pd.path, write_report, r, &r->err);
}

struct diff_pair {
	struct report *old, *new;
	struct strbuf title;
};

static int write_diff(void *ctx, bool html, FILE *f)
{
	struct diff_pair *d = ctx;

	return flamegraph__write_diff(d->old, d->new, html, d->title.buf, f);
}

int report_flamegraph_write_diff(struct report *old, struct report *new, const char *path,
				 struct strbuf *err)
{
	struct diff_pair d = { old, new, STRBUF_INIT };
	int ret;

	strbuf_addf(&d.title, "%s vs %s", new->pd.path, old->pd.path);
	ret = write_to(path, "one of the files", write_diff, &d, err);
	strbuf_release(&d.title);
	return ret;
}
