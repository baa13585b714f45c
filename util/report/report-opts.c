// SPDX-License-Identifier: GPL-2.0
/* report's options checked: report's own and top's (what it shows). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "report.h"
#include "sort.h"

/* -g print_type[,threshold][,order]: the parts perf-mini implements. */
static int parse_call_graph(struct report_opts *o, struct strbuf *err)
{
	/* perf's --percent-limit sets the callchain threshold too: branches
	 * under it are left out (a threshold -g names wins here) */
	o->chain.threshold = o->percent_limit ? atof(o->percent_limit) : 0.5;
	for (const char *p = o->call_graph; p && *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");
		char *end;
		double v = strtod(p, &end);

		if (len == 4 && !strncmp(p, "none", 4))
			o->chain.mode = CHAIN_NONE;
		else if (len == 4 && !strncmp(p, "flat", 4))
			o->chain.mode = CHAIN_FLAT;
		else if (len == 6 && !strncmp(p, "folded", 6))
			o->chain.mode = CHAIN_FOLDED;
		else if (len == 5 && !strncmp(p, "graph", 5))
			o->chain.mode = CHAIN_GRAPH, o->chain.fractal = false;
		else if (len == 7 && !strncmp(p, "fractal", 7))
			o->chain.mode = CHAIN_GRAPH, o->chain.fractal = true;
		else if ((len == 8 && !strncmp(p, "function", 8)) ||
			 (len == 7 && !strncmp(p, "percent", 7)))
			continue;
		else if (len == 6 && !strncmp(p, "caller", 6))
			o->chain.order = "caller";
		else if (len == 6 && !strncmp(p, "callee", 6))
			o->chain.order = "callee";
		else if (end == p + len && v >= 0 && v <= 100)
			o->chain.threshold = v;
		else {
			strbuf_addf(err, "-g: '%.*s' is not supported\nhint: -g graph|fractal|flat|folded|"
				    "none[,threshold][,caller|callee] (the address, srcline and "
				    "period modes are not implemented yet)", (int)len, p);
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
