// SPDX-License-Identifier: GPL-2.0
/*
 * perf's config terms that set how one event samples, inside its slashes
 * (cpu-clock/call-graph=dwarf,max-stack=8/): kept on the evsel for
 * record_attr__configure(), refused by the counting tools as perf refuses
 * them in perf stat.
 */
#include <errno.h>
#include <string.h>

#include "branch-filter.h"
#include "config-terms.h"
#include "../base/util.h"
#include "../base/xalloc.h"

static const char *const sampling_terms[] = {
	"call-graph", "stack-size", "max-stack", "inherit", "no-inherit", "time", "nr",
	"overwrite", "no-overwrite", "branch_type", "percore", "freq",
};

static bool is(const char *name, size_t nlen, const char *s)
{
	return nlen == strlen(s) && !strncmp(name, s, nlen);
}

static int number(const char *name, size_t nlen, const char *val, uint64_t max,
		  uint64_t *out, struct strbuf *err)
{
	if (!val || str_to_u64(val, 0, out) || *out > max) {
		strbuf_addf(err, "'%.*s' needs a number up to %llu", (int)nlen, name,
			    (unsigned long long)max);
		return -EINVAL;
	}
	return 0;
}

static int call_graph(struct evsel_config *c, const char *val, struct strbuf *err)
{
	static const char *const modes[] = { "fp", "dwarf", "lbr", "no" };

	for (size_t i = 0; val && i < ARRAY_SIZE(modes); i++)
		if (!strcmp(val, modes[i])) {
			free(c->call_graph);
			c->call_graph = must_strdup(val);
			return 0;
		}
	strbuf_addf(err, "call-graph=%s is not a record mode (fp, dwarf, lbr or no; the dwarf "
		    "stack size is stack-size=)", val ? val : "");
	return -EINVAL;
}

/* perf stat accepts percore, which sums a core's hardware threads in
 * per-CPU output: a core and a CPU are one here unless -A, which stat
 * refuses with it (evlist__check_percore). */
static int stat_percore(struct evsel *e)
{
	e->config.percore = true;
	return 0;
}

int config_term__apply(struct evsel *e, const char *name, size_t nlen, const char *val,
		       bool counting, struct strbuf *err)
{
	struct evsel_config *c = &e->config;
	uint64_t v = 0;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(sampling_terms) && !is(name, nlen, sampling_terms[i]); i++)
		;
	if (i == ARRAY_SIZE(sampling_terms))
		return 1;
	if (counting && is(name, nlen, "percore"))
		return stat_percore(e);
	if (counting) {
		strbuf_addf(err, "'%.*s' is not usable in 'perf-mini stat': it sets how an event "
			    "samples", (int)nlen, name);
		return -EINVAL;
	}
	if (is(name, nlen, "call-graph"))
		return call_graph(c, val, err);
	if (is(name, nlen, "stack-size")) {
		if (number(name, nlen, val, 65528, &v, err))
			return -EINVAL;
		c->stack_size = (uint32_t)((v + 7) & ~7ULL);	/* as perf: whole words */
	} else if (is(name, nlen, "max-stack")) {
		if (number(name, nlen, val, 65535, &v, err))
			return -EINVAL;
		c->max_stack = (uint32_t)v;
	} else if (is(name, nlen, "inherit") || is(name, nlen, "no-inherit")) {
		/* as perf: inherit=0 is no-inherit, no-inherit=0 inherit */
		if (number(name, nlen, val ? val : "1", 1, &v, err))
			return -EINVAL;
		c->inherit = (int8_t)(is(name, nlen, "inherit") ? v : !v);
	} else if (is(name, nlen, "time")) {
		if (number(name, nlen, val ? val : "1", 1, &v, err))
			return -EINVAL;
		c->time = (int8_t)v;
	} else if (is(name, nlen, "branch_type")) {
		/* "no": no branch stack for this event, as perf */
		if (val && !strcmp(val, "no"))
			c->branch_type = 0;
		else if (parse_branch_filter(val ? val : "", &c->branch_type, err))
			return -EINVAL;
		c->branch_set = true;
	} else if (is(name, nlen, "overwrite") || is(name, nlen, "no-overwrite")) {
		strbuf_addf(err, "'%.*s' for one event is not supported: perf-mini writes every "
			    "event to the same rings\nhint: --overwrite makes them all a flight "
			    "recorder", (int)nlen, name);
		return -EINVAL;
	} else if (is(name, nlen, "freq")) {
		return 1;	/* the caller's, as a period */
	}
	/* nr= and percore: perf record accepts them and changes nothing */
	return 0;
}
