// SPDX-License-Identifier: GPL-2.0
/* -M: finding metrics in the generated tables, the event groups they read,
 * and their values from counts. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../unit-test.h"
#include "../../../util/stat/metricgroup.h"

static void test_metricgroup__tables(void **state)
{
	const struct pmu_events_table *skl = pmu_events__find("GenuineIntel-6-55-4");

	(void)state;
	assert_non_null(skl);
	assert_string_equal(skl->name, "skylake");
	assert_string_equal(pmu_events__find("GenuineIntel-6-7E-5")->name, "icelake");
	assert_null(pmu_events__find("AuthenticAMD-25-1-1"));
	assert_null(pmu_events__find("GenuineIntel-6-55"));	/* the whole id must match */
	assert_non_null(metric_find(NULL, "ipc"));		/* any case */
	assert_non_null(metric_find(skl, "tma_retiring"));
	assert_non_null(metric_find(skl, "CPI"));		/* common ones too */
	assert_null(metric_find(NULL, "tma_retiring"));
	assert_true(metric_in_group(metric_find(skl, "tma_retiring"), "topdownl1"));
}

static void expect_events(const struct pmu_events_table *cpu, const char *names,
			  const char *spec)
{
	struct metricgroup mg = { .cpu = cpu };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;

	assert_int_equal(metricgroup__events(&mg, names, &sb, &err), 0);
	assert_string_equal(sb.buf, spec);
	strbuf_release(&sb);
	strbuf_release(&err);
}

static void test_metricgroup__events(void **state)
{
	(void)state;
	/* CPI is 1 / IPC: a metric over a metric reads IPC's events */
	expect_events(NULL, "IPC,CPI", "{instructions,cycles}:W\n{instructions,cycles}:W\n");
	/* each event once; "0 * slots" brings slots, which the kernel's rule needs */
	expect_events(pmu_events__find("GenuineIntel-6-7E-5"), "TopdownL1",
		      "{topdown-retiring,topdown-bad-spec,topdown-fe-bound,topdown-be-bound,"
		      "slots}:W\n");
	/* JSON event names in lower case, as perf matches them */
	expect_events(pmu_events__find("GenuineIntel-6-55-4"), "tma_retiring",
		      "{uops_retired.retire_slots,cpu_clk_unhalted.thread_p}:W\n");
}

static void test_metricgroup__unknown(void **state)
{
	struct metricgroup mg = { 0 };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	assert_int_equal(metricgroup__events(&mg, "IPC,nosuch", &sb, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "-M nosuch: no metric or metric group"));
	assert_non_null(strstr(err.buf, "list metric"));
	strbuf_reset(&err);
	assert_int_equal(metricgroup__events(&mg, "IPC,", &sb, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "empty metric name"));
	strbuf_release(&sb);
	strbuf_release(&err);
}

static struct evsel *counted(const char *name, uint64_t val)
{
	struct evsel *e = evsel__new(name);

	e->supported = true;
	e->scale = 1;
	e->nr_cpus = e->nr_threads = 1;
	e->fds = calloc(1, sizeof(int));
	e->counts = calloc(1, sizeof(*e->counts));
	e->counts[0] = (struct evsel_counts){ .val = val, .ena = 100, .run = 100 };
	return e;
}

static void test_metricgroup__values(void **state)
{
	struct evlist *evlist = evlist__new();
	struct metricgroup mg = { 0 };
	struct strbuf err = STRBUF_INIT;
	struct stat_data *sd;
	char unit[64];
	double v;
	bool red;

	(void)state;
	evlist__add(evlist, counted("instructions", 3000));
	evlist__add(evlist, counted("cycles", 1200));
	evlist__add(evlist, counted("branches", 0));
	evlist__add(evlist, counted("branch-misses", 0));
	sd = stat_data__new(evlist, AGGR_GLOBAL);
	stat_data__aggregate(sd, false);
	assert_int_equal(metricgroup__bind(&mg, "IPC,CPI,branch_miss_rate", 0, 0, 2, &err), 0);
	assert_int_equal(metricgroup__bind(&mg, "IPC,CPI,branch_miss_rate", 1, 0, 2, &err), 0);
	assert_int_equal(metricgroup__bind(&mg, "IPC,CPI,branch_miss_rate", 2, 2, 2, &err), 0);
	assert_int_equal(mg.nr, 3);
	assert_true(metricgroup__value(&mg, &mg.metrics[0], sd, 0, &v, unit, sizeof(unit), &red));
	assert_float_equal(v, 2.5, 1e-12);
	assert_string_equal(unit, "IPC");
	assert_true(metricgroup__value(&mg, &mg.metrics[1], sd, 0, &v, unit, sizeof(unit), &red));
	assert_float_equal(v, 0.4, 1e-12);
	/* 0 / 0: NaN with the ScaleUnit's unit */
	assert_true(metricgroup__value(&mg, &mg.metrics[2], sd, 0, &v, unit, sizeof(unit), &red));
	assert_true(isnan(v));
	assert_string_equal(unit, "%  branch_miss_rate");
	/* an event the kernel refused: no value at all (perf leaves it blank) */
	evlist->entries[1]->supported = false;
	assert_false(metricgroup__value(&mg, &mg.metrics[0], sd, 0, &v, unit, sizeof(unit), &red));
	metricgroup__exit(&mg);
	stat_data__delete(sd);
	evlist__delete(evlist);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_metricgroup__tables),
		cmocka_unit_test(test_metricgroup__events),
		cmocka_unit_test(test_metricgroup__unknown),
		cmocka_unit_test(test_metricgroup__values),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
