// SPDX-License-Identifier: GPL-2.0
/*
 * The ordered list of events: positions follow the order added, a failed
 * spec's events are dropped from the end, a group is a run of entries
 * led by its first, and a member made leader moves to the front of its
 * group with the rest in their order. --no-merge names each PMU instance
 * as perf does, and --filter goes to the tracepoints of the last -e
 * alone, ANDed with a filter they have.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/base/strbuf.h"
#include "../../../util/events/evlist.h"

/* one event per letter of @names, "a" to "f" */
static struct evlist *letters(const char *names)
{
	struct evlist *evlist = evlist__new();

	for (const char *p = names; *p; p++)
		evlist__add(evlist, evsel__new((char[2]){ *p, 0 }));
	return evlist;
}

/* "a b {c,d,e} f": the names in order, groups braced */
static void layout(const struct evlist *evlist, struct strbuf *sb)
{
	for (int i = 0; i < evlist->nr; i++) {
		const struct evsel *e = evlist->entries[i];
		const struct evsel *next = i + 1 < evlist->nr ? evlist->entries[i + 1] : NULL;
		bool first = evsel__is_leader(e), last = !next || evsel__is_leader(next);

		assert_int_equal(e->idx, i);
		if (first && !last)
			strbuf_addf(sb, "%s{", i ? " " : "");
		else if (first)
			strbuf_addstr(sb, i ? " " : "");
		else
			strbuf_addch(sb, ',');
		strbuf_addstr(sb, e->name);
		if (!first && last)
			strbuf_addch(sb, '}');
	}
}

static void assert_layout(const struct evlist *evlist, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	layout(evlist, &sb);
	assert_string_equal(sb.buf, want);
	strbuf_release(&sb);
}

static void test_evlist__add_and_truncate(void **state)
{
	struct evlist *evlist = letters("abcdef");

	(void)state;
	assert_int_equal(evlist->nr, 6);
	assert_layout(evlist, "a b c d e f");
	evlist__truncate(evlist, 4);	/* a spec that added e and f failed */
	assert_int_equal(evlist->nr, 4);
	assert_layout(evlist, "a b c d");
	evlist__truncate(evlist, 9);
	assert_int_equal(evlist->nr, 4);
	evlist__add(evlist, evsel__new("g"));
	assert_layout(evlist, "a b c d g");
	evlist__truncate(evlist, 0);
	assert_int_equal(evlist->nr, 0);
	evlist__delete(evlist);
	evlist__delete(NULL);
}

static void test_evlist__groups(void **state)
{
	struct evlist *evlist = letters("abcdef");

	(void)state;
	evlist__make_group(evlist, 2, 4);
	assert_layout(evlist, "a b {c,d,e} f");
	assert_int_equal(evlist->entries[2]->nr_members, 3);
	assert_ptr_equal(evlist->entries[4]->leader, evlist->entries[2]);
	evlist__make_group(evlist, 0, 1);
	assert_layout(evlist, "{a,b} {c,d,e} f");
	evlist__delete(evlist);
}

struct leader_case {
	const char *group;	/* the events, grouped from 1 to the last but one */
	int member;		/* made leader */
	const char *want;
};

static const struct leader_case leaders[] = {
	{ "abcdef", 3, "a {d,b,c,e} f" },
	{ "abcdef", 4, "a {e,b,c,d} f" },
	{ "abcdef", 2, "a {c,b,d,e} f" },
	{ "abcdef", 1, "a {b,c,d,e} f" },	/* the leader already */
	{ "abcd", 2, "a {c,b} d" },
};

static void test_evlist__member_made_leader_moves_first(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(leaders) / sizeof(leaders[0]); i++) {
		const struct leader_case *c = &leaders[i];
		struct evlist *evlist = letters(c->group);
		struct evsel *member = evlist->entries[c->member], *old = evlist->entries[1];

		evlist__make_group(evlist, 1, evlist->nr - 2);
		evlist__set_leader(evlist, member);
		assert_layout(evlist, c->want);
		assert_int_equal(member->nr_members, evlist->nr - 2);
		assert_int_equal(old->nr_members, old == member ? evlist->nr - 2 : 1);
		assert_int_equal(evlist->entries[evlist->nr - 1]->nr_members, 1);
		evlist__delete(evlist);
	}
}

struct instance_case {
	const char *name;
	const char *pmu_name;	/* the instance it was opened on */
	int merge_id;		/* 0: not one of several instances */
	const char *want;
};

static const struct instance_case instances[] = {
	{ "uncore_imc/cas_count_read/", "uncore_imc_0", 1, "uncore_imc_0/cas_count_read/" },
	{ "imc/cas_count_read,umask=0x3/", "uncore_imc_1", 1,
	  "uncore_imc_1/cas_count_read,umask=0x3/" },
	{ "unc_m_cas_count.rd", "uncore_imc_2", 2, "unc_m_cas_count.rd [uncore_imc_2]" },
	{ "uncore_imc_3/event=0x4/", "uncore_imc_3", 1, "uncore_imc_3/event=0x4/" },
	{ "cycles", "cpu", 0, "cycles" },
	{ "cycles", NULL, 3, "cycles" },
};

static void test_evlist__instances_named_as_perf(void **state)
{
	struct evlist *evlist = evlist__new();

	(void)state;
	for (size_t i = 0; i < sizeof(instances) / sizeof(instances[0]); i++) {
		struct evsel *e = evsel__new(instances[i].name);

		e->pmu_name = instances[i].pmu_name ? strdup(instances[i].pmu_name) : NULL;
		e->merge_id = instances[i].merge_id;
		evlist__add(evlist, e);
	}
	evlist__name_instances(evlist);
	for (size_t i = 0; i < sizeof(instances) / sizeof(instances[0]); i++)
		assert_string_equal(evlist->entries[i]->name, instances[i].want);
	evlist__delete(evlist);
}

static struct evsel *tracepoint(const char *name, const char *filter)
{
	struct evsel *e = evsel__new(name);

	e->attr.type = PERF_TYPE_TRACEPOINT;
	e->filter = filter ? strdup(filter) : NULL;
	return e;
}

static void test_evlist__filter_on_the_last_specs_tracepoints(void **state)
{
	struct evlist *evlist = evlist__new();

	(void)state;
	evlist__add(evlist, tracepoint("sched:sched_wakeup", NULL));
	evlist->last_spec_first = evlist->nr;
	evlist__add(evlist, tracepoint("sched:sched_switch", "prev_pid == 1"));
	evlist__add(evlist, evsel__new("cycles"));
	evlist__add(evlist, tracepoint("sched:sched_waking", NULL));
	assert_int_equal(evlist__append_filter(evlist, "common_pid != 0"), 2);
	assert_null(evlist->entries[0]->filter);
	assert_string_equal(evlist->entries[1]->filter, "(prev_pid == 1) && (common_pid != 0)");
	assert_null(evlist->entries[2]->filter);
	assert_string_equal(evlist->entries[3]->filter, "common_pid != 0");
	/* a second --filter: ANDed again */
	assert_int_equal(evlist__append_filter(evlist, "cpu == 2"), 2);
	assert_string_equal(evlist->entries[3]->filter, "(common_pid != 0) && (cpu == 2)");
	/* the last spec without tracepoints: none */
	evlist->last_spec_first = 2;
	evlist__truncate(evlist, 3);
	assert_int_equal(evlist__append_filter(evlist, "cpu == 3"), 0);
	assert_null(evlist->entries[2]->filter);
	evlist__delete(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_evlist__add_and_truncate),
		cmocka_unit_test(test_evlist__groups),
		cmocka_unit_test(test_evlist__member_made_leader_moves_first),
		cmocka_unit_test(test_evlist__instances_named_as_perf),
		cmocka_unit_test(test_evlist__filter_on_the_last_specs_tracepoints),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
