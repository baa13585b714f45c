// SPDX-License-Identifier: GPL-2.0
/*
 * perf's sampling terms inside an event's slashes, in perf's spellings
 * and bounds: each known term changes its own field of the evsel's
 * config and nothing else, a bad value is refused with a message that
 * names the term, a term that is not a sampling one (period=, config=,
 * freq=) is left to the caller, and the counting tools refuse them all
 * but percore, as perf stat does.
 */
#include <errno.h>
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/events/config-terms.h"

/* evsel__new()'s config, nothing given, but for what the term sets */
#define CFG(...) { .inherit = -1, .time = -1, __VA_ARGS__ }
#define INHERIT(v) { .inherit = (v), .time = -1 }
#define TIME(v) { .inherit = -1, .time = (v) }

struct term_case {
	const char *term;	/* NAME[=VALUE] as written between the slashes */
	bool counting;		/* stat rather than record */
	int ret;
	const char *err;	/* part of the message; NULL: none */
	struct evsel_config want;	/* after a success */
};

static const struct term_case cases[] = {
	{ "call-graph=dwarf", false, 0, NULL, CFG(.call_graph = "dwarf") },
	{ "call-graph=lbr", false, 0, NULL, CFG(.call_graph = "lbr") },
	{ "call-graph=no", false, 0, NULL, CFG(.call_graph = "no") },
	{ "call-graph=fpx", false, -EINVAL, "call-graph=fpx is not a record mode", CFG() },
	{ "call-graph", false, -EINVAL, "call-graph= is not a record mode", CFG() },
	/* perf rounds the dump up to whole words, at most 65528 bytes */
	{ "stack-size=100", false, 0, NULL, CFG(.stack_size = 104) },
	{ "stack-size=0x1000", false, 0, NULL, CFG(.stack_size = 4096) },
	{ "stack-size=65528", false, 0, NULL, CFG(.stack_size = 65528) },
	{ "stack-size=65529", false, -EINVAL, "'stack-size' needs a number up to 65528", CFG() },
	{ "stack-size=-8", false, -EINVAL, "'stack-size' needs a number", CFG() },
	{ "stack-size", false, -EINVAL, "'stack-size' needs a number", CFG() },
	{ "max-stack=65535", false, 0, NULL, CFG(.max_stack = 65535) },
	{ "max-stack=65536", false, -EINVAL, "'max-stack' needs a number up to 65535", CFG() },
	{ "max-stack=99999999999999999999", false, -EINVAL, "'max-stack' needs", CFG() },
	/* inherit=0 is no-inherit, and no-inherit=0 inherit */
	{ "inherit", false, 0, NULL, INHERIT(1) },
	{ "inherit=0", false, 0, NULL, INHERIT(0) },
	{ "no-inherit", false, 0, NULL, INHERIT(0) },
	{ "no-inherit=0", false, 0, NULL, INHERIT(1) },
	{ "inherit=2", false, -EINVAL, "'inherit' needs a number up to 1", CFG() },
	{ "time=0", false, 0, NULL, TIME(0) },
	{ "time", false, 0, NULL, TIME(1) },
	{ "time=yes", false, -EINVAL, "'time' needs a number up to 1", CFG() },
	{ "branch_type=any_call", false, 0, NULL,
	  CFG(.branch_set = true, .branch_type = PERF_SAMPLE_BRANCH_ANY_CALL) },
	/* as perf: a level alone is any branch, the level left to the event */
	{ "branch_type=u", false, 0, NULL,
	  CFG(.branch_set = true, .branch_type = PERF_SAMPLE_BRANCH_ANY) },
	{ "branch_type=no", false, 0, NULL, CFG(.branch_set = true, .branch_type = 0) },
	{ "branch_type=jump", false, -EINVAL, "unknown branch filter 'jump'", CFG() },
	{ "branch_type", false, -EINVAL, "unknown branch filter ''", CFG() },
	{ "overwrite", false, -EINVAL, "'overwrite' for one event is not supported", CFG() },
	{ "no-overwrite", false, -EINVAL, "hint: --overwrite makes them all", CFG() },
	/* accepted by perf record, and changing nothing */
	{ "nr=4", false, 0, NULL, CFG() },
	{ "percore", false, 0, NULL, CFG() },
	/* the caller's */
	{ "freq=100", false, 1, NULL, CFG() },
	{ "period=1000", false, 1, NULL, CFG() },
	{ "config=0x3c", false, 1, NULL, CFG() },
	{ "call", false, 1, NULL, CFG() },
	{ "call-graphs=fp", false, 1, NULL, CFG() },
	/* stat */
	{ "percore", true, 0, NULL, CFG(.percore = true) },
	{ "call-graph=fp", true, -EINVAL,
	  "'call-graph' is not usable in 'perf-mini stat': it sets how an event samples", CFG() },
	{ "max-stack=8", true, -EINVAL, "'max-stack' is not usable in 'perf-mini stat'", CFG() },
	{ "freq=10", true, -EINVAL, "'freq' is not usable", CFG() },
	{ "period=10", true, 1, NULL, CFG() },
};

static int apply(struct evsel *e, const char *term, bool counting, struct strbuf *err)
{
	size_t nlen = strcspn(term, "=");

	return config_term__apply(e, term, nlen, term[nlen] ? term + nlen + 1 : NULL, counting,
				  err);
}

static void assert_config_equal(const struct evsel_config *got,
				const struct evsel_config *want)
{
	if (want->call_graph)
		assert_string_equal(got->call_graph, want->call_graph);
	else
		assert_null(got->call_graph);
	assert_int_equal(got->stack_size, want->stack_size);
	assert_int_equal(got->max_stack, want->max_stack);
	assert_int_equal(got->inherit, want->inherit);
	assert_int_equal(got->time, want->time);
	assert_int_equal(got->branch_set, want->branch_set);
	assert_int_equal(got->branch_type, want->branch_type);
	assert_int_equal(got->percore, want->percore);
}

static void test_config_terms__each_term_as_perf_takes_it(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct term_case *c = &cases[i];
		struct strbuf err = STRBUF_INIT;
		struct evsel *e = evsel__new("cpu-clock");

		print_message("%s%s\n", c->term, c->counting ? " (stat)" : "");
		assert_int_equal(apply(e, c->term, c->counting, &err), c->ret);
		if (c->err)
			assert_non_null(strstr(err.buf, c->err));
		else
			assert_int_equal(err.len, 0);
		if (!c->ret || c->ret == 1)
			assert_config_equal(&e->config, &c->want);
		evsel__delete(e);
		strbuf_release(&err);
	}
}

/* the name ends at @nlen, not at a NUL: "time" of "timeless" */
static void test_config_terms__name_is_its_length(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct evsel *e = evsel__new("cpu-clock");

	(void)state;
	assert_int_equal(config_term__apply(e, "timeless", 4, "0", false, &err), 0);
	assert_int_equal(e->config.time, 0);
	assert_int_equal(config_term__apply(e, "max-stack=8", 3, "8", false, &err), 1);
	assert_int_equal(config_term__apply(e, "max-stack/", 9, NULL, false, &err), -EINVAL);
	assert_string_equal(err.buf, "'max-stack' needs a number up to 65535");
	evsel__delete(e);
	strbuf_release(&err);
}

/* a later term wins, and the earlier mode's copy is not leaked */
static void test_config_terms__later_terms_replace_earlier(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct evsel *e = evsel__new("cpu-clock");

	(void)state;
	assert_int_equal(apply(e, "call-graph=fp", false, &err), 0);
	assert_int_equal(apply(e, "call-graph=dwarf", false, &err), 0);
	assert_int_equal(apply(e, "inherit", false, &err), 0);
	assert_int_equal(apply(e, "no-inherit", false, &err), 0);
	assert_string_equal(e->config.call_graph, "dwarf");
	assert_int_equal(e->config.inherit, 0);
	/* a bad mode leaves the good one */
	assert_int_equal(apply(e, "call-graph=frame", false, &err), -EINVAL);
	assert_string_equal(e->config.call_graph, "dwarf");
	evsel__delete(e);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_config_terms__each_term_as_perf_takes_it),
		cmocka_unit_test(test_config_terms__name_is_its_length),
		cmocka_unit_test(test_config_terms__later_terms_replace_earlier),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
