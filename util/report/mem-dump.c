// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include "../data/perf-data.h"
#include "../data/session.h"
#include "../events/cpumap.h"
#include "data-src.h"
#include "mem-dump.h"
#include "resolve.h"

struct mem_dump {
	const struct mem_dump_opts *o;
	struct machine machine;
	struct cpu_map *cpus;		/* -C, or NULL */
	const char *sep;		/* perf's: NULL until the first line is out */
	FILE *out;
};

/*
 * perf pads the first line only: it prints that one before setting its
 * field separator to " ", which every later line then takes as -x's.
 */
static void dump_sample(struct mem_dump *d, const struct perf_sample *s,
			const struct hist_entry *he)
{
	bool first = !d->sep;
	const char *sep = d->sep ? d->sep : " ";
	struct strbuf page = STRBUF_INIT;

	if (first)
		fprintf(d->out, "%5d%s%5d%s0x%016" PRIx64 "%s0x016%" PRIx64 "%s", (int)s->pid, sep,
			(int)s->tid, sep, s->ip, sep, s->addr, sep);
	else
		fprintf(d->out, "%d%s%d%s0x%" PRIx64 "%s0x%" PRIx64 "%s", (int)s->pid, sep,
			(int)s->tid, sep, s->ip, sep, s->addr, sep);
	if (d->o->phys_addr)
		fprintf(d->out, "0x%016" PRIx64 "%s", s->phys_addr, sep);
	if (d->o->data_page_size) {
		page_size__name(s->data_page_size, &page);
		fprintf(d->out, "%s%s", page.buf, sep);
		strbuf_release(&page);
	}
	fprintf(d->out, first && !d->o->field_sep ? "%5" PRIu64 "%s0x%06" PRIx64 "%s" :
						    "%" PRIu64 "%s0x%" PRIx64 "%s",
		s->weight, sep, s->data_src, sep);
	fprintf(d->out, "%s:%s\n", he->dso ? he->dso->long_name : "???",
		he->sym ? he->sym->name : "???");
	d->sep = sep;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct mem_dump *d = ctx;
	struct hist_entry he;
	struct hist_rare rare;

	(void)ev, (void)evsel, (void)note;
	if (d->cpus && !cpu_map__has(d->cpus, (int)s->cpu))
		return 0;
	resolve_sample(&d->machine, s, &he, &rare);
	if (d->o->hide_unresolved && !he.sym)
		return 0;
	dump_sample(d, s, &he);
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct mem_dump *d = ctx;

	(void)s;
	machine__process_event(&d->machine, ev);
	return 0;
}

int mem_dump(const struct mem_dump_opts *o, FILE *out, struct strbuf *err)
{
	struct dsos_config cfg = { .symfs = o->symfs, .kallsyms = o->kallsyms,
				   .vmlinux = o->vmlinux };
	struct mem_dump d = { .o = o, .sep = o->field_sep, .out = out };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &d };
	struct session_stats stats;
	struct perf_data pd;
	int ret;

	if (o->cpu_list && cpu_map__parse_list(&d.cpus, o->cpu_list)) {
		strbuf_addf(err, "-C: '%s' is not a CPU list (e.g. 0-3,6)", o->cpu_list);
		return -EINVAL;
	}
	if (perf_data__open(&pd, o->input, err)) {
		perf_data__close(&pd);	/* what the failed open kept */
		cpu_map__delete(d.cpus);
		return -EINVAL;
	}
	machine__init(&d.machine, &cfg);
	machine__apply_build_ids(&d.machine, &pd.feat);
	fprintf(out, "# PID, TID, IP, ADDR, %s%sLOCAL WEIGHT, DSRC, SYMBOL\n",
		o->phys_addr ? "PHYS ADDR, " : "", o->data_page_size ? "DATA PAGE SIZE, " : "");
	ret = session__process(&pd, &tool, &stats, err);
	perf_data__describe(&pd, stats.nr_events[PERF_RECORD_SAMPLE], o->notes);
	machine__exit(&d.machine);
	perf_data__close(&pd);
	cpu_map__delete(d.cpus);
	return ret;
}
