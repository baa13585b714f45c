// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target for the perf.data reader: open the bytes as a file,
 * dump every record, and run the whole report pipeline (ordering, thread
 * and map tracking, sample decoding, histograms, in normal and memory
 * mode, and their printing) over them. Any crash,
 * sanitizer report, leak or hang is a bug: hostile files must only ever
 * produce an error message.
 */
#include <stdint.h>
#include <stdio.h>

#include "../../util/base/strbuf.h"
#include "../../util/data/dump.h"
#include "../../util/data/perf-data.h"
#include "../../util/data/session.h"
#include "../../util/report/hist-print.h"
#include "../../util/report/hist.h"
#include "../../util/report/resolve.h"
#include "../../util/symbols/machine.h"

struct ctx {
	struct machine machine;
	struct hists hists;
	struct hists mem_hists;		/* report --mem-mode's keys */
};

static int on_sample(void *c, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct ctx *x = c;
	struct hist_entry tmpl;
	struct hist_rare rare;
	struct hist_mem m = { .data_src = s->data_src, .phys_addr = s->phys_addr,
			      .data_page_size = s->data_page_size, .weight = s->weight,
			      .ins_lat = s->ins_lat };

	(void)ev, (void)evsel, (void)note;
	resolve_sample(&x->machine, s, &tmpl, &rare);
	if (hists__add(&x->hists, &tmpl, 0))
		return -1;
	resolve_ams_any_mode(&x->machine, tmpl.thread, s->ip, &m.iaddr);
	resolve_ams_data(&x->machine, tmpl.thread, s->cpumode, s->addr, &m.daddr);
	tmpl.mem = &m;
	tmpl.period = s->weight ? s->weight : 1;
	return hists__add(&x->mem_hists, &tmpl, 0) ? -1 : 0;
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
	struct sort_list sort, mem_sort;
	struct hist_print_opts po = { 0 };
	struct perf_data pd;
	struct ctx x;

	if (!devnull)
		devnull = fopen("/dev/null", "w");
	/* the values as columns; mispredict takes perf's entry tree */
	sort_list__parse(&sort, "overhead,sample,period,overhead_sys,comm,dso,sym,mispredict",
			 "--sort", false, &err);
	sort_list__parse(&mem_sort, "overhead,sample,local_weight,mem,sym,dso,symbol_daddr,dso_daddr,"
			 "snoop,tlb,locked,blocked,local_ins_lat,symbol_iaddr,phys_daddr,"
			 "data_page_size,weight", "--sort", true, &err);
	if (!perf_data__open_buffer(&pd, "fuzz", data, size, &err)) {
		struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &x };

		perf_data__dump(&pd, devnull, &dump_tool_report, &stats, &err);
		machine__init(&x.machine, &cfg);
		hists__init(&x.hists, &sort, NULL, 1);
		hists__init(&x.mem_hists, &mem_sort, NULL, 1);
		session__process(&pd, &tool, &stats, &err);
		hists__output_resort(&x.hists);
		hists__output_resort(&x.mem_hists);
		hists__fprintf(&x.hists, &po, devnull);
		hists__fprintf(&x.mem_hists, &po, devnull);
		hists__exit(&x.hists);
		hists__exit(&x.mem_hists);
		machine__exit(&x.machine);
	}
	perf_data__close(&pd);
	strbuf_release(&err);
	return 0;
}
