// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini evlist: the events a perf.data holds, as perf evlist prints
 * them (names, -F periods, -g groups, -v attrs, --trace-fields).
 */
#include <stdio.h>
#include <stdlib.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/data/perf-data.h"
#include "../util/events/attr-print.h"
#include "../util/report/trace-format.h"

static const char *const evlist_usage[] = {
	"perf-mini evlist [<options>]",
	NULL,
};

struct evlist_opts {
	const char *input;
	bool force, freq, group, verbose, trace_fields;
};

/* perf's separators: ":" before the first detail, "," before the others */
static void detail(struct strbuf *sb, bool *first)
{
	strbuf_addch(sb, *first ? ':' : ',');
	*first = false;
}

static void print_group(const struct perf_data *pd, const struct pd_evsel *e, struct strbuf *sb)
{
	if (e->leader_idx != e->idx)
		return;
	if (e->nr_members > 1)
		strbuf_addf(sb, "%s{", e->group_name ? e->group_name : "");
	strbuf_addstr(sb, e->name);
	for (int m = e->idx + 1; e->nr_members > 1 && m < e->idx + e->nr_members &&
	     m < (int)pd->nr_evsels; m++)
		strbuf_addf(sb, ",%s", pd->evsels[m]->name);
	strbuf_addstr(sb, e->nr_members > 1 ? "}\n" : "\n");
}

static void print_trace_fields(const struct trace_format *tf, const struct pd_evsel *e,
			       bool *first, struct strbuf *sb)
{
	struct strbuf fields = STRBUF_INIT;

	detail(sb, first);
	if (e->attr.type != PERF_TYPE_TRACEPOINT)
		strbuf_addstr(sb, " (not a tracepoint)");
	else if (!trace_format__field_names(tf, e->attr.config, &fields) || !fields.len)
		strbuf_addstr(sb, " (no trace field)");
	else
		strbuf_addf(sb, " trace_fields: %s", fields.buf);
	strbuf_release(&fields);
}

static void print_evsel(const struct evlist_opts *o, const struct trace_format *tf,
			const struct pd_evsel *e, struct strbuf *sb)
{
	bool first = true;

	strbuf_addstr(sb, e->name);
	if (o->verbose) {
		struct strbuf attr = STRBUF_INIT;

		attr_print_pairs(&attr, &e->attr);
		if (attr.len) {
			detail(sb, &first);
			strbuf_addf(sb, " %s", attr.buf);
		}
		strbuf_release(&attr);
	} else if (o->freq) {
		detail(sb, &first);
		strbuf_addf(sb, " %s=%llu", e->attr.freq ? "sample_freq" : "sample_period",
			    (unsigned long long)e->attr.sample_period);
	}
	if (o->trace_fields)
		print_trace_fields(tf, e, &first, sb);
	strbuf_addch(sb, '\n');
}

static int evlist_run(const struct evlist_opts *o)
{
	struct perf_data pd = { 0 };
	struct trace_format *tf = NULL;
	bool tracepoints = false;
	struct strbuf err = STRBUF_INIT, out = STRBUF_INIT;
	int ret = perf_data__open(&pd, o->input, &err);

	/* a stream cut or damaged after its attrs: list them, as perf, and say so */
	if (!ret && pd.pipe && perf_data__read_pipe_meta(&pd, &err)) {
		if (pd.nr_evsels)
			cmd_warn_lines("evlist", err.buf);
		else
			ret = -1;
	}
	if (ret) {
		cmd_error("evlist", err.buf);
		perf_data__close(&pd);
		strbuf_release(&err);
		return 1;
	}
	if (o->trace_fields)
		tf = trace_format__new(&pd);
	for (size_t i = 0; i < pd.nr_evsels; i++) {
		if (o->group)
			print_group(&pd, pd.evsels[i], &out);
		else
			print_evsel(o, tf, pd.evsels[i], &out);
		tracepoints |= pd.evsels[i]->attr.type == PERF_TYPE_TRACEPOINT;
	}
	if (tracepoints && !o->trace_fields)	/* perf's */
		strbuf_addstr(&out, "# Tip: use 'perf evlist --trace-fields' to show fields for "
			      "tracepoint events\n");
	fwrite(out.buf, 1, out.len, stdout);
	if (tf)
		trace_format__delete(tf);
	perf_data__close(&pd);
	strbuf_release(&out);
	strbuf_release(&err);
	return 0;
}

int cmd_evlist(int argc, const char **argv, struct pm_env *env)
{
	struct evlist_opts o = { .input = cmd_default_input() };
	const struct option options[] = {
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_BOOLEAN('F', "freq", &o.freq, "Show the sample frequency"),
		OPT_BOOLEAN('g', "group", &o.group, "Show event group information"),
		OPT_STRING('i', "input", &o.input, "file", "Input file name"),
		OPT_BOOLEAN('v', "verbose", &o.verbose, "Show all event attr details"),
		OPT_BOOLEAN(0, "trace-fields", &o.trace_fields, "Show tracepoint fields"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, evlist_usage, 0, &err);

	(void)env;
	perf_data__trust_any_owner(o.force);
	if (ret < 0) {
		ret = cmd_usage_result(ret, err.buf);
	} else if (ret > 0) {
		cmd_error("evlist", "takes no arguments\nhint: name the file with -i FILE");
		ret = 129;
	} else if (o.group && (o.verbose || o.freq || o.trace_fields)) {
		cmd_error("evlist", "--group shows the groups alone: it does not combine with -v, "
			  "-F or --trace-fields\nhint: run them apart");
		ret = 129;
	} else {
		ret = evlist_run(&o);
	}
	strbuf_release(&err);
	return ret;
}
