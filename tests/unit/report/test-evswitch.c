// SPDX-License-Identifier: GPL-2.0
/*
 * --switch-on/--switch-off as perf's evswitch: with an "on" event nothing
 * counts until its first sample, an "off" sample stops counting until the
 * next "on" one (without an "on" event, as perf, only the first "off"
 * sample is dropped); the switching samples themselves count only with
 * --show-on-off-events. Events are found by name; a name the file lacks
 * is refused, naming the option.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/report/evswitch.h"

/* three events: "on", "off" and "work", by their first letters */
static struct pd_evsel on = { .name = "sched:on" }, off = { .name = "sched:off" },
		       work = { .name = "cycles" }, unnamed = { .name = NULL };
static struct pd_evsel *evsels[] = { &unnamed, &work, &on, &off };

static struct perf_data pd = { .path = "perf.data", .evsels = evsels, .nr_evsels = 4 };

static const struct pd_evsel *by_letter(char c)
{
	return c == 'n' ? &on : c == 'f' ? &off : &work;
}

static const struct {
	const char *on, *off;
	bool show;
	const char *samples;	/* n: on, f: off, w: work */
	const char *kept;	/* the samples counted */
} runs[] = {
	{ NULL, NULL, false, "wnwfw", "wnwfw" },
	{ "sched:on", NULL, false, "wwnwwfw", "wwfw" },
	{ "sched:on", NULL, true, "wwnwwfw", "nwwfw" },
	/* perf 6.1 (script -F event): without an "on" event nothing switches
	 * back off, only the first "off" sample is left out */
	{ NULL, "sched:off", false, "wwfwfw", "wwwfw" },
	{ NULL, "sched:off", true, "wwfwfw", "wwfwfw" },
	{ "sched:on", "sched:off", false, "wnwwfwwnwf", "www" },
	/* an "on" while on and an "off" while off are plain samples of theirs */
	{ "sched:on", "sched:off", true, "fnwnwfwfnw", "nwnwfnw" },
	{ "sched:on", "sched:on", false, "wnwnw", "w" },	/* on, then off */
};

static void test_evswitch__counts_between_on_and_off(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(runs) / sizeof(runs[0]); i++) {
		struct strbuf err = STRBUF_INIT, kept = STRBUF_INIT;
		struct evswitch s;

		print_message("on %s off %s show %d: %s\n", runs[i].on ?: "-", runs[i].off ?: "-",
			      runs[i].show, runs[i].samples);
		assert_int_equal(evswitch__setup(&s, &pd, runs[i].on, runs[i].off, runs[i].show,
						 &err), 0);
		for (const char *c = runs[i].samples; *c; c++)
			if (!evswitch__discard(&s, by_letter(*c)))
				strbuf_addch(&kept, *c);
		assert_string_equal(kept.buf, runs[i].kept);
		assert_int_equal(err.len, 0);
		strbuf_release(&kept);
		strbuf_release(&err);
	}
}

static const struct {
	const char *on, *off;
	const char *says;
} missing[] = {
	{ "sched:none", NULL, "--switch-on: perf.data has no event 'sched:none'\nhint: " },
	{ NULL, "cycle", "--switch-off: perf.data has no event 'cycle'\nhint: " },
	{ "sched:on", "", "--switch-off: perf.data has no event ''\nhint: " },
};

static void test_evswitch__unknown_event_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(missing) / sizeof(missing[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		struct evswitch s;

		assert_int_equal(evswitch__lookup(&s, &pd, missing[i].on, missing[i].off, false,
						  &err), -EINVAL);
		print_message("%s\n", err.buf);
		assert_memory_equal(err.buf, missing[i].says, strlen(missing[i].says));
		strbuf_release(&err);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_evswitch__counts_between_on_and_off),
		cmocka_unit_test(test_evswitch__unknown_event_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
