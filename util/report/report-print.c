// SPDX-License-Identifier: GPL-2.0
/* report's output: the header lines around each table, and --stats. */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "hist-print.h"
#include "report.h"
#include "sample-filter.h"

/* perf's convert_unit(): 1234 samples print as "1K". */
static void print_samples_line(const struct report *r, uint64_t nr, const struct pd_evsel *e,
			       uint64_t total, FILE *out)
{
	char unit = ' ';

	for (const char *u = "KMG"; *u && nr > 1000; u++) {
		nr /= 1000;
		unit = *u;
	}
	fprintf(out, "# Samples: %" PRIu64 "%c of event%s '", nr, unit,
		e->nr_members > 1 ? "s" : "");
	if (r->group_view && e->nr_members > 1) {
		/* perf names a group it forced by its events alone */
		if (!r->forced_group)
			fprintf(out, "%s { ", e->group_name ?: "anon group");
		for (int m = 0; m < e->nr_members; m++)
			fprintf(out, "%s%s", m ? ", " : "", r->pd.evsels[e->idx + m]->name);
		fprintf(out, "%s'", r->forced_group ? "" : " }");
	} else {
		fprintf(out, "%s'", e->name);
	}
	if (r->o->time_str)
		fprintf(out, " (time slices: %s)", r->o->time_str);
	/* perf's mark of an event recorded without its callchain (a
	 * call-graph=no term), the others' shown as its reference */
	if (r->o->show_ref_callgraph && e->name && strstr(e->name, "call-graph=no"))
		fputs(", show reference callgraph", out);
	fputc('\n', out);
	if (r->o->mem_mode)
		fprintf(out, "# Total weight : %" PRIu64 "\n# Sort order   : %s\n#\n", total,
			r->sort_order.buf);
	else
		fprintf(out, "# Event count (approx.): %" PRIu64 "\n", total);
	if (!r->o->mem_mode && r->o->socket_filter >= 0)
		fprintf(out, "# Processor Socket: %d\n", r->o->socket_filter);
	if (!r->o->mem_mode)
		fputs("#\n", out);
}

/* A filter naming one value: the column it makes constant. */
static bool elide_key(const char *list, enum sort_key_id id, const struct sort_list *sort,
		      bool *elide)
{
	bool in_sort = false;

	for (int i = 0; i < sort->nr; i++)
		in_sort |= sort->keys[i]->id == id;
	if (!list || !*list || strchr(list, ',') || !in_sort)
		return false;
	elide[id] = true;
	return true;
}

/*
 * perf's sort__setup_elide(): --comm or --dso with a single name drops that
 * column and says so in the header, unless no column would be left.
 */
/* -S's symbol names: perf takes the hex entries out as addresses */
static const char *symbol_names(const char *list, char *out, size_t size)
{
	size_t len = 0;

	for (const char *p = list; p && *p; p += strcspn(p, ","), p += !!*p) {
		size_t n = strcspn(p, ",");

		if (sample_filter__is_address(p, n) || len + n + 2 > size)
			continue;
		if (len)
			out[len++] = ',';
		memcpy(out + len, p, n);
		len += n;
	}
	out[len] = '\0';
	return list ? out : NULL;
}

static void setup_elide(const struct report *r, struct hist_print_opts *po, FILE *out)
{
	char names[4096];
	int shown = 0;

	if (elide_key(r->o->comms, SORT_COMM, &r->fields.columns, po->elide) && out)
		fprintf(out, "# comm: %s\n", r->o->comms);
	if (elide_key(r->o->dsos, SORT_DSO, &r->fields.columns, po->elide) && out)
		fprintf(out, "# dso: %s\n", r->o->dsos);
	if (elide_key(symbol_names(r->o->symbols, names, sizeof(names)), SORT_SYM,
		      &r->fields.columns, po->elide) && out)
		fprintf(out, "# symbol: %s\n", names);
	for (int i = 0; i < r->fields.columns.nr; i++)	/* the keys; values do not count */
		shown += !r->fields.columns.keys[i]->hpp && !po->elide[r->fields.columns.keys[i]->id];
	if (!shown)
		memset(po->elide, 0, sizeof(po->elide));
}

static bool hists_have_samples(const struct report *r)
{
	for (size_t i = 0; i < r->nr_hists; i++)
		if (r->hists[i] && r->hists[i]->nr_samples)
			return true;
	return false;
}

void report__print_opts(const struct report *r, struct hist_print_opts *po, bool color)
{
	*po = (struct hist_print_opts){
		.percent_limit = r->o->percent_limit ? atof(r->o->percent_limit) : 0,
		.quiet = r->o->quiet,
		.field_sep = r->o->field_sep,
		.col_widths = r->o->col_widths,
		.hierarchy = r->o->hierarchy,
		.color = color,
		.unresolved_dso_width = !r->o->field_sep && !r->o->dsos,
		/* perf applies its output filter by symbol only when the
		 * entries are per command (the sort has comm) */
		.symbol_filter = sort_list__has(&r->fields.sort, SORT_COMM) ? r->o->symbol_filter : NULL,
	};
	setup_elide(r, po, NULL);
}

void report__samples_title(const struct report *r, const struct hists *h, size_t idx,
			   struct strbuf *out)
{
	uint64_t nr = h->nr_samples;
	char unit = ' ';

	for (const char *u = "KMG"; *u && nr > 1000; u++) {
		nr /= 1000;
		unit = *u;
	}
	strbuf_addf(out, "Samples: %" PRIu64 "%c of event '%s', %s: %" PRIu64, nr, unit,
		    r->pd.evsels[idx]->name, r->o->mem_mode ? "Total weight" :
		    "Event count (approx.)", h->total_period);
}

int report__fprintf(struct report *r, FILE *out)
{
	struct hist_print_opts po;

	report__print_opts(r, &po, r->o->stdio_color > 0 ||
				   (r->o->stdio_color < 0 && isatty(fileno(out))));
	memset(po.elide, 0, sizeof(po.elide));
	if (!r->o->header && !r->o->quiet)
		fprintf(out, "# To display the perf.data header info, please use "
			     "--header/--header-only options.\n#\n");
	if (!hists_have_samples(r)) {
		/* as perf: no sample reached a table (none in the file, or -U
		 * dropped them all): no table */
		return -ENODATA;
	}
	setup_elide(r, &po, r->o->quiet ? NULL : out);
	if (!r->o->quiet)
		fprintf(out, "#\n# Total Lost Samples: %" PRIu64 "\n#\n",
			r->stats.total_lost_samples);
	for (size_t i = 0; i < r->nr_hists; i++) {
		struct hists *h = r->hists[i];

		if (!h || !h->nr_samples)
			continue;
		h->relative = r->o->relative;
		hists__output_resort(h);
		if (!r->o->quiet)	/* -q: the entries alone, as perf */
			print_samples_line(r, h->nr_samples, r->pd.evsels[i], h->total_period,
					   out);
		hists__fprintf(h, &po, out);
		fprintf(out, "\n\n");
	}
	return 0;
}

void report__fprintf_stats(const struct report *r, FILE *out)
{
	uint64_t total = session_stats__total(&r->stats);

	fprintf(out, "\nAggregated stats:%s\n%16s events: %10" PRIu64 "\n",
		perf_data__has_feat(&r->pd, HEADER_AUXTRACE) ? " (excludes AUX area (e.g. "
		"instruction trace) decoded / synthesized events)" : "", "TOTAL", total);
	for (int t = 1; t < PERF_RECORD_HEADER_MAX; t++) {
		/* the types newer than perf 6.1's, only where some came */
		if ((!r->stats.nr_events[t] &&
		     (r->o->skip_empty || t > PERF_RECORD_FINISHED_INIT)) || !perf_record_name(t))
			continue;
		fprintf(out, "%16s events: %10" PRIu64 "  (%4.1f%%)\n", perf_record_name(t),
			r->stats.nr_events[t], 100.0 * r->stats.nr_events[t] / total);
	}
	/* as perf: then each event that had samples or lost some */
	for (size_t i = 0; i < r->pd.nr_evsels; i++) {
		static const struct event_count none;
		const struct event_count *c = i < r->nr_counts ? &r->counts[i] : &none;
		char *name;

		if (!c->samples && !c->lost_samples && r->o->skip_empty)
			continue;
		/* perf names a pipe's events here from their attrs (cycles:uH),
		 * having named them before the stream's EVENT_DESC came; with
		 * -D by the name its EVENT_UPDATE gave */
		name = r->pd.pipe && !r->dump_out ? perf_data__attr_name(&r->pd.evsels[i]->attr) :
						    NULL;
		fprintf(out, "%s stats:\n", name ?: r->pd.evsels[i]->name);
		free(name);
		if (c->samples)
			fprintf(out, "%16s events: %10" PRIu64 "\n", "SAMPLE", c->samples);
		if (c->lost_samples)
			fprintf(out, "%16s events: %10" PRIu64 "\n", "LOST_SAMPLES",
				c->lost_samples);
	}
}
