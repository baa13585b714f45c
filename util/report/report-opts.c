// SPDX-License-Identifier: GPL-2.0
/* report's options checked: report's own and top's (what it shows). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sort.h"
#include "../base/util.h"

/* -g's words that are not numbers: 0, or -EINVAL for one perf-mini
 * does not know. */
static int call_graph_word(struct report_opts *o, const char *p, size_t len)
{
	static const struct { const char *word; int mode; bool fractal; } modes[] = {
		{ "none", CHAIN_NONE, false }, { "flat", CHAIN_FLAT, false },
		{ "folded", CHAIN_FOLDED, false }, { "graph", CHAIN_GRAPH, false },
		{ "fractal", CHAIN_GRAPH, true },
	};
	static const struct { const char *word; enum cc_value value; } values[] = {
		{ "percent", CC_PERCENT }, { "period", CC_PERIOD }, { "count", CC_COUNT },
	};

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if (strlen(modes[i].word) == len && !strncmp(p, modes[i].word, len)) {
			o->chain.mode = modes[i].mode;
			o->chain.fractal = modes[i].fractal;
			return 0;
		}
	for (size_t i = 0; i < ARRAY_SIZE(values); i++)
		if (strlen(values[i].word) == len && !strncmp(p, values[i].word, len)) {
			o->chain.value = values[i].value;
			return 0;
		}
	if (len == 6 && (!strncmp(p, "caller", 6) || !strncmp(p, "callee", 6))) {
		o->chain.order = !strncmp(p, "caller", 6) ? "caller" : "callee";
		return 0;
	}
	return len == 8 && !strncmp(p, "function", 8) ? 0 : -EINVAL;
}

/*
 * -g print_type,threshold[,print_limit],order,sort_key[,branch],value,
 * perf's words in any order: the first number is the threshold, the
 * second the print limit.
 */
static int parse_call_graph(struct report_opts *o, struct strbuf *err)
{
	int numbers = 0;

	/* perf's --percent-limit sets the callchain threshold too: branches
	 * under it are left out (a threshold -g names wins here) */
	o->chain.threshold = o->percent_limit ? atof(o->percent_limit) : 0.5;
	for (const char *p = o->call_graph; p && *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");
		char *end;
		double v = strtod(p, &end);

		if (end == p + len && len && numbers == 0 && v >= 0 && v <= 100)
			o->chain.threshold = v, numbers++;
		else if (end == p + len && len && numbers == 1 && v >= 0 && v == (unsigned int)v)
			o->chain.print_limit = (unsigned int)v, numbers++;
		else if (call_graph_word(o, p, len)) {
			strbuf_addf(err, "-g: '%.*s' is not supported\nhint: -g graph|fractal|flat|"
				    "folded|none[,threshold[,print_limit]][,caller|callee][,function]"
				    "[,percent|period|count] (the address, srcline and branch keys "
				    "are not implemented yet)", (int)len, p);
			return -EINVAL;
		}
	}
	return 0;
}

int report_check_opts(struct report_opts *o, struct strbuf *err)
{
	struct sort_list keys;

	if (sample_filter__check_args(o->cpu_list, o->time_str, err))
		return -EINVAL;
	if (o->flamegraph_opts && !o->flamegraph) {
		strbuf_addstr(err, "--flamegraph-opts shapes a flame graph\nhint: add --flamegraph "
				   "(or --flamegraph=- for folded stacks)");
		return -EINVAL;
	}
	if (o->percent_limit) {
		char *end;
		double v = strtod(o->percent_limit, &end);

		if (*end || v < 0 || v > 100) {
			strbuf_addf(err, "--percent-limit '%s' is not a percentage between 0 and "
				    "100", o->percent_limit);
			return -EINVAL;
		}
	}
	if (o->field_sep && (!*o->field_sep || *o->field_sep == '.')) {
		strbuf_addf(err, "-t '%s' cannot separate columns: a separator found in a "
			    "value is replaced by '.'\nhint: use another character, e.g. -t ,",
			    o->field_sep);
		return -EINVAL;
	}
	if (parse_call_graph(o, err))
		return -EINVAL;
	/* the defaults depend on the file; a user's keys are checked now */
	if (o->sort && sort_list__parse(&keys, o->sort, "--sort", o->mem_mode, err))
		return -EINVAL;
	if (o->fields &&
	    sort_list__parse(&keys, o->fields + !fields__strict(o->fields), "-F", o->mem_mode, err))
		return -EINVAL;
	return 0;
}
