// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the perf.data reader: open the bytes as a file,
 * dump every record, and run the whole report pipeline (ordering, thread
 * and map tracking, sample decoding, histograms) over them. Any crash,
 * sanitizer report, leak or hang is a bug: hostile files must only ever
 * produce an error message.
 */
#include <stdint.h>
#include <stdio.h>

#include "../../util/base/strbuf.h"
#include "../../util/data/dump.h"
#include "../../util/data/perf-data.h"
#include "../../util/data/session.h"
#include "../../util/report/hist.h"
#include "../../util/report/resolve.h"
#include "../../util/symbols/machine.h"

struct ctx {
	struct machine machine;
	struct hists hists;
};

static int on_sample(void *c, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel)
{
	struct ctx *x = c;
	struct hist_entry tmpl;

	(void)ev, (void)evsel;
	resolve_sample(&x->machine, s, &tmpl);
	return hists__add(&x->hists, &tmpl, 0) ? -1 : 0;
}

static int on_event(void *c, const struct pm_event_header *ev, const struct perf_sample *s)
{
	(void)s;
	machine__process_event(&((struct ctx *)c)->machine, ev);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *devnull;
	struct dsos_config cfg = { .symfs = "/nonexistent", .kallsyms = "/dev/null" };
	struct strbuf err = STRBUF_INIT;
	struct session_stats stats;
	struct sort_list sort;
	struct perf_data pd;
	struct ctx x;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	sort_list__parse(&sort, "comm,dso,sym", false, &err);
	if (!perf_data__open_buffer(&pd, "fuzz", data, size, &err)) {
		struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &x };

		perf_data__dump(&pd, devnull, &stats, &err);
		machine__init(&x.machine, &cfg);
		hists__init(&x.hists, &sort, 1);
		session__process(&pd, &tool, &stats, &err);
		hists__output_resort(&x.hists);
		hists__exit(&x.hists);
		machine__exit(&x.machine);
	}
	perf_data__close(&pd);
	strbuf_release(&err);
	return 0;
}
