// SPDX-License-Identifier: GPL-2.0
/* report on a terminal: the browser (util/ui/browser), and its 's'. */
#include "builtin.h"
#include "report.h"
#include "../util/ui/browser.h"

/* perf's rule: the browser on a terminal unless --stdio, and not for the
 * outputs it does not show (--stats, -T, --hierarchy, --header). */
bool report_wants_browser(const struct report_opts *o)
{
	return !o->stdio && !o->stats && !o->show_threads && !o->hierarchy && !o->header &&
	       ui_browser__usable();
}

/* The browser, then what --stdio says on stderr (it would have hidden it);
 * -1 when no event has samples (the --stdio path says so). */
int report_browse(struct report *r)
{
	const char *resort = NULL;
	int ret;

	for (size_t i = 0; i < r->nr_hists; i++)
		if (r->hists[i] && r->hists[i]->nr_samples)
			goto browse;
	return -1;
browse:
	while (!(ret = ui_browser__report(r, &resort)) && resort) {
		struct report_opts *o = r->o;

		/* 's': the file read again by the next keys */
		o->sort = resort;
		o->fields = NULL;
		report__exit(r);
		*r = (struct report){ .o = o, .err = STRBUF_INIT, .sort_order = STRBUF_INIT,
				      .trace_buf = STRBUF_INIT };
		if (perf_data__open_progress(&r->pd, o->input, !o->quiet, &r->err) ||
		    report__setup(r) || report__process(r))
			return 1;
	}
	cmd_warn_lost(&r->stats);
	cmd_warn_kernel("report", &r->machine);
	return ret;
}
