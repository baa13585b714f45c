// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's attr for counting, field for field what perf 6.1's stat -vv
 * showed for the same command line (less exclude_guest and :u's
 * exclude_hv, which the event parser sets): every read with the times enabled and running, groups
 * read whole with ids, leaders alone disabled until the workload's exec,
 * inherit unless -i, --all-user/--all-kernel over the events' own
 * modifiers, and nothing left of sampling.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/events/attr-print.h"
#include "../../../util/events/stat-attr.h"

struct stat_case {
	const char *cmdline;	/* what perf was given */
	struct stat_attr_opts o;
	int nr;			/* cpu-clock, then page-faults */
	bool group;
	bool own_u;		/* the events were cpu-clock:u, page-faults:u */
	const char *want[2];	/* attr_print_pairs() of each */
};

#define ENA_RUN "read_format: TOTAL_TIME_ENABLED|TOTAL_TIME_RUNNING"
#define GROUP_READ ENA_RUN "|ID|GROUP"

static const struct stat_case cases[] = {
	{ "-e cpu-clock true", { .enable_on_exec = true }, 1, false, false,
	  { "type: 1, sample_type: IDENTIFIER, " ENA_RUN ", disabled: 1, inherit: 1, "
	    "enable_on_exec: 1" } },
	{ "-e cpu-clock,page-faults true", { .enable_on_exec = true }, 2, false, false,
	  { "type: 1, sample_type: IDENTIFIER, " ENA_RUN ", disabled: 1, inherit: 1, "
	    "enable_on_exec: 1",
	    "type: 1, config: 0x2, sample_type: IDENTIFIER, " ENA_RUN ", disabled: 1, "
	    "inherit: 1, enable_on_exec: 1" } },
	{ "-e '{cpu-clock,page-faults}' --all-user true",
	  { .enable_on_exec = true, .all_user = true }, 2, true, false,
	  { "type: 1, sample_type: IDENTIFIER, " GROUP_READ ", disabled: 1, inherit: 1, "
	    "exclude_kernel: 1, enable_on_exec: 1",
	    "type: 1, config: 0x2, sample_type: IDENTIFIER, " GROUP_READ ", inherit: 1, "
	    "exclude_kernel: 1" } },
	{ "-i -e cpu-clock -a sleep 0", { .no_inherit = true }, 1, false, false,
	  { "type: 1, sample_type: IDENTIFIER, " ENA_RUN ", disabled: 1" } },
	{ "-e cpu-clock:u true", { .enable_on_exec = true }, 1, false, true,
	  { "type: 1, sample_type: IDENTIFIER, " ENA_RUN ", disabled: 1, inherit: 1, "
	    "exclude_kernel: 1, enable_on_exec: 1" } },
	{ "-e cpu-clock:u --all-kernel true", { .enable_on_exec = true, .all_kernel = true },
	  1, false, true,
	  { "type: 1, sample_type: IDENTIFIER, " ENA_RUN ", disabled: 1, inherit: 1, "
	    "exclude_user: 1, enable_on_exec: 1" } },
};

/* the events as the parser leaves them: a period from a term, record's bits */
static struct evlist *events(const struct stat_case *c)
{
	struct evlist *evlist = evlist__new();

	for (int i = 0; i < c->nr; i++) {
		struct evsel *e = evsel__new(i ? "page-faults" : "cpu-clock");

		e->attr.size = 0;	/* the headers' size: not this test's */
		e->attr.type = PERF_TYPE_SOFTWARE;
		e->attr.config = i ? PERF_COUNT_SW_PAGE_FAULTS : PERF_COUNT_SW_CPU_CLOCK;
		e->attr.sample_period = 1000;
		e->attr.freq = 1;
		e->attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN;
		e->attr.read_format = PERF_FORMAT_LOST;
		e->attr.exclude_kernel = c->own_u;
		evlist__add(evlist, e);
	}
	if (c->group)
		evlist__make_group(evlist, 0, c->nr - 1);
	return evlist;
}

static void test_stat_attr__as_perf_stat_vv(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct stat_case *c = &cases[i];
		struct evlist *evlist = events(c);

		print_message("perf stat %s\n", c->cmdline);
		stat_attr__configure(evlist, &c->o);
		for (int k = 0; k < c->nr; k++) {
			struct strbuf sb = STRBUF_INIT;

			attr_print_pairs(&sb, &evlist->entries[k]->attr);
			assert_string_equal(sb.buf, c->want[k]);
			strbuf_release(&sb);
		}
		evlist__delete(evlist);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat_attr__as_perf_stat_vv),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
