// SPDX-License-Identifier: GPL-2.0
/* report on a terminal: the browser (browser.c), and its 's'. */
#include <errno.h>

#include "browser.h"
#include "report-browse.h"

/* perf's rule: the browser on a terminal unless --stdio, and not for the
 * outputs it does not show (--stats, -T, --hierarchy, --header). */
bool report_wants_browser(const struct report_opts *o)
{
	return !o->stdio && !o->stats && !o->show_threads && !o->hierarchy && !o->header &&
	       ui_browser__usable();
}

int report_browse(struct report *r)
{
	const char *resort = NULL;
	int ret;

	for (size_t i = 0; i < r->nr_hists; i++)
		if (r->hists[i] && r->hists[i]->nr_samples)
			goto browse;
	return -ENODATA;
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
			return -EIO;
	}
	return ret;
}
