// SPDX-License-Identifier: GPL-2.0
/*
 * pm_self_open()'s spec side: a spec perf's grammar refuses, or that
 * names what the described PMUs lack, fails before any counter is opened,
 * with no handle and the parser's own explanation as the message; TopDown
 * where the CPU has no slots says so, and why. A TopDown read asks for a
 * TopDown handle, and the ratios are each category's share of the slots
 * between two snapshots, counters wrapping included. Nothing here opens
 * a counter: the PMUs are the described ones of tests/data/sysfs.
 */
#include <stdint.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/selfmon/selfmon-internal.h"

static void use_sysfs(const char *machine)
{
	char path[512];

	snprintf(path, sizeof(path), "%s/sysfs/%s", unit_test_data(), machine);
	assert_int_equal(setenv("PERF_MINI_SYSFS", path, 1), 0);
}

struct spec_case {
	const char *machine;
	const char *spec;
	const char *why;	/* in the message */
};

static const struct spec_case spec_cases[] = {
	{ "icelake", "", "expected an event" },
	{ "icelake", ",", "unexpected character ','" },
	{ "icelake", "cycles,,instructions", "unexpected character ','" },
	{ "icelake", "{cycles,instructions", "this group is never closed" },
	{ "icelake", "cycles:q", "unknown modifier 'q'" },
	{ "icelake", "no-such-event", "unknown event 'no-such-event'" },
	{ "vm", "cpu/event=0x3c/", "unknown PMU 'cpu'" },
	{ "skylake", "topdown-retiring", "unknown event 'topdown-retiring'" },
};

static void test_selfmon_spec__refused_before_opening(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(spec_cases); i++) {
		const struct spec_case *c = &spec_cases[i];
		struct pm_self *s = (struct pm_self *)&s;	/* not left as it was */

		use_sysfs(c->machine);
		if (pm_self_open(c->spec, &s) != PM_SELF_E_SPEC || s ||
		    !strstr(pm_self_errmsg(), "event syntax error") ||
		    !strstr(pm_self_errmsg(), c->why))
			fail_msg("'%s' on %s: %s", c->spec, c->machine, pm_self_errmsg());
	}
}

static void test_selfmon_spec__no_spec_or_handle(void **state)
{
	struct pm_self *s = (struct pm_self *)&s;

	(void)state;
	assert_int_equal(pm_self_open(NULL, &s), PM_SELF_E_ARG);
	assert_string_equal(pm_self_errmsg(), "no event spec");
	assert_int_equal(pm_self_open("cycles", NULL), PM_SELF_E_ARG);
}

/* No slots or topdown-* events: not there, and the parser's reason kept */
static void test_selfmon_spec__topdown_without_slots(void **state)
{
	static const char *const machines[] = { "vm", "skylake", "amd-zen3" };
	static const char said[] = "no TopDown level 1 here: the CPU PMU has no slots and "
				   "topdown-* events (Intel Ice Lake and later); "
				   "event syntax error: ";
	struct pm_self *s;

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(machines); i++) {
		const char *msg;

		use_sysfs(machines[i]);
		s = (struct pm_self *)&s;
		assert_int_equal(pm_self_topdown_open(&s), PM_SELF_E_NO_EVENT);
		assert_null(s);
		msg = pm_self_errmsg();
		if (strncmp(msg, said, sizeof(said) - 1) || !strstr(msg, "unknown event 'slots'"))
			fail_msg("%s: %s", machines[i], msg);
		/* said once */
		assert_null(strstr(msg + 1, "no TopDown level 1 here"));
	}
}

/* A handle made by hand: @nr events, none opened or mapped. */
static struct pm_self *fake_handle(int nr, bool topdown, uint64_t read_format)
{
	struct pm_self *s = calloc(1, sizeof(*s) + (size_t)nr * sizeof(s->ev[0]));

	assert_non_null(s);
	s->nr = nr;
	s->topdown = topdown;
	for (int i = 0; i < nr; i++)
		s->ev[i] = (struct pm_self_event){ .attr.read_format = read_format, .fd = -1 };
	return s;
}

static void test_selfmon_spec__topdown_read_needs_its_handle(void **state)
{
	struct pm_self_topdown snap;
	struct pm_self *s;

	(void)state;
	assert_int_equal(pm_self_topdown_read(NULL, &snap), PM_SELF_E_ARG);
	s = fake_handle(5, false, 0);
	assert_int_equal(pm_self_topdown_read(s, &snap), PM_SELF_E_ARG);
	assert_string_equal(pm_self_errmsg(), "not a handle of pm_self_topdown_open()");
	s->topdown = true;
	assert_int_equal(pm_self_topdown_read(s, NULL), PM_SELF_E_ARG);
	pm_self_close(s);
	/* no pages: the group's read(2), which a closed counter fails */
	s = fake_handle(5, true, PERF_FORMAT_GROUP);
	assert_int_equal(pm_self_topdown_read(s, &snap), PM_SELF_E_SYS);
	assert_false(snap.fast);
	pm_self_close(s);
}

struct ratio_case {
	const char *what;
	struct pm_self_topdown a, b;
	double want[PM_SELF_TOPDOWN_NR];
};

static const struct ratio_case ratio_cases[] = {
	{ "from zero", { 0, { 0 } }, { 1000, { 400, 100, 200, 300 } }, { 0.4, 0.1, 0.2, 0.3 } },
	{ "a region between two snapshots", { 1000, { 400, 100, 200, 300 } },
	  { 3000, { 1400, 100, 700, 800 } }, { 0.5, 0.0, 0.25, 0.25 } },
	{ "no slot passed: all zero", { 500, { 1, 2, 3, 4 } }, { 500, { 9, 9, 9, 9 } },
	  { 0, 0, 0, 0 } },
	{ "counters wrapped", { UINT64_MAX - 99, { UINT64_MAX - 9, 0, 0, 0 } },
	  { 100, { 30, 50, 0, 0 } }, { 0.2, 0.25, 0, 0 } },
};

static void test_selfmon_spec__topdown_ratios(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(ratio_cases); i++) {
		const struct ratio_case *c = &ratio_cases[i];
		double r[PM_SELF_TOPDOWN_NR];

		memset(r, 0xff, sizeof(r));
		pm_self_topdown_ratios(&c->a, &c->b, r);
		for (int k = 0; k < PM_SELF_TOPDOWN_NR; k++)
			if (!(r[k] > c->want[k] - 1e-12 && r[k] < c->want[k] + 1e-12))
				fail_msg("%s: category %d is %g, not %g", c->what, k, r[k],
					 c->want[k]);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_selfmon_spec__refused_before_opening),
		cmocka_unit_test(test_selfmon_spec__no_spec_or_handle),
		cmocka_unit_test(test_selfmon_spec__topdown_without_slots),
		cmocka_unit_test(test_selfmon_spec__topdown_read_needs_its_handle),
		cmocka_unit_test(test_selfmon_spec__topdown_ratios),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
