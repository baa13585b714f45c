// SPDX-License-Identifier: GPL-2.0
#include <math.h>

#include "../unit-test.h"
#include "../../../util/events/evlist.h"
#include "../../../util/stat/stat-display.h"
#include "../../../util/stat/stat-shadow.h"

static void test_stat__running_mean_and_stderr(void **state)
{
	struct stat_running rs = { 0 };
	double vals[] = { 10, 12, 14 };

	(void)state;
	for (int i = 0; i < 3; i++)
		stat_running__update(&rs, vals[i]);
	assert_float_equal(rs.mean, 12.0, 1e-9);
	/* sample variance 4, standard error sqrt(4/3) */
	assert_float_equal(stat_running__stddev(&rs), sqrt(4.0 / 3.0), 1e-9);
	assert_float_equal(stat_rel_stddev(stat_running__stddev(&rs), rs.mean),
			   100.0 * sqrt(4.0 / 3.0) / 12.0, 1e-9);
	assert_float_equal(stat_rel_stddev(1, 0), 0.0, 0);
}

/* An evlist with opened-looking counters: one fd per event, values set. */
static struct evlist *fake_evlist(const char **names, const uint64_t *vals, int nr,
				  uint64_t ena, uint64_t run)
{
	struct evlist *evlist = evlist__new();

	for (int i = 0; i < nr; i++) {
		struct evsel *e = evsel__new(names[i]);

		e->attr.type = PERF_TYPE_SOFTWARE;
		e->attr.config = !strcmp(names[i], "task-clock") ? PERF_COUNT_SW_TASK_CLOCK :
				 PERF_COUNT_SW_PAGE_FAULTS;
		if (e->attr.config == PERF_COUNT_SW_TASK_CLOCK) {
			e->unit = strdup("msec");
			e->scale = 1e-6;
		}
		e->nr_cpus = e->nr_threads = 1;
		e->fds = calloc(1, sizeof(int));
		e->counts = calloc(1, sizeof(*e->counts));
		e->counts[0].val = vals[i];
		e->counts[0].ena = ena;
		e->counts[0].run = run;
		evlist__add(evlist, e);
	}
	return evlist;
}

static void test_stat__multiplexed_counts_are_scaled(void **state)
{
	const char *names[] = { "page-faults" };
	uint64_t vals[] = { 1000 };
	struct evlist *evlist = fake_evlist(names, vals, 1, 400, 100);
	struct stat_data *sd = stat_data__new(evlist, AGGR_GLOBAL);

	(void)state;
	stat_data__aggregate(sd, false);
	assert_float_equal(sd->ev[0].aggr[0].val, 4000.0, 1e-9);
	stat_data__delete(sd);
	evlist__delete(evlist);
}

/* The instances of one PMU stem (uncore_imc_0, _1) add up in the first
 * and are not shown; --no-merge shows each. */
static void test_stat__pmu_instances_merged(void **state)
{
	const char *names[] = { "uncore_imc/x/", "uncore_imc/x/", "page-faults" };
	uint64_t vals[] = { 100, 20, 7 };
	struct evlist *evlist = fake_evlist(names, vals, 3, 10, 10);
	struct stat_data *sd = stat_data__new(evlist, AGGR_GLOBAL);

	(void)state;
	evlist->entries[0]->merge_id = evlist->entries[1]->merge_id = 1;
	evlist->entries[0]->pmu_name = strdup("uncore_imc_0");
	evlist->entries[1]->pmu_name = strdup("uncore_imc_1");
	stat_data__aggregate(sd, false);
	assert_float_equal(sd->ev[0].aggr[0].val, 120.0, 0);
	assert_int_equal(sd->ev[0].aggr[0].ena, 20);
	assert_true(sd->ev[1].merged);
	assert_false(sd->ev[0].merged || sd->ev[2].merged);
	assert_float_equal(sd->ev[2].aggr[0].val, 7.0, 0);
	sd->no_merge = true;
	stat_data__aggregate(sd, false);
	assert_float_equal(sd->ev[0].aggr[0].val, 100.0, 0);
	assert_false(sd->ev[1].merged);
	evlist__name_instances(evlist);
	assert_string_equal(evlist->entries[0]->name, "uncore_imc_0/x/");
	assert_string_equal(evlist->entries[1]->name, "uncore_imc_1/x/");
	assert_string_equal(evlist->entries[2]->name, "page-faults");
	stat_data__delete(sd);
	evlist__delete(evlist);
}

static void test_stat__interval_values_are_deltas(void **state)
{
	const char *names[] = { "page-faults" };
	uint64_t vals[] = { 100 };
	struct evlist *evlist = fake_evlist(names, vals, 1, 10, 10);
	struct stat_data *sd = stat_data__new(evlist, AGGR_GLOBAL);

	(void)state;
	stat_data__aggregate(sd, true);
	assert_float_equal(sd->ev[0].aggr[0].val, 100.0, 0);
	evlist->entries[0]->counts[0].val = 250;
	evlist->entries[0]->counts[0].ena = evlist->entries[0]->counts[0].run = 20;
	stat_data__aggregate(sd, true);
	assert_float_equal(sd->ev[0].aggr[0].val, 150.0, 0);
	assert_int_equal(sd->ev[0].aggr[0].ena, 10);
	stat_data__delete(sd);
	evlist__delete(evlist);
}

static void test_stat__shadow_metrics(void **state)
{
	const char *names[] = { "task-clock", "page-faults" };
	uint64_t vals[] = { 2000000, 5000 };	/* 2 ms, 5000 faults */
	struct evlist *evlist = fake_evlist(names, vals, 2, 10, 10);
	struct stat_data *sd = stat_data__new(evlist, AGGR_GLOBAL);
	struct stat_metric m;

	(void)state;
	stat_data__aggregate(sd, false);
	stat_shadow__metric(sd, 0, 0, 4000000.0, &m);
	assert_true(m.has);
	assert_string_equal(m.unit, "CPUs utilized");
	assert_float_equal(m.val, 0.5, 1e-9);
	stat_shadow__metric(sd, 1, 0, 4000000.0, &m);
	assert_string_equal(m.unit, "M/sec");
	assert_float_equal(m.val, 2.5, 1e-9);
	stat_data__delete(sd);
	evlist__delete(evlist);
}

static void test_stat_display__perf_columns(void **state)
{
	const char *names[] = { "task-clock", "page-faults" };
	uint64_t vals[] = { 690000, 49 };
	struct evlist *evlist = fake_evlist(names, vals, 2, 10, 10);
	struct stat_data *sd = stat_data__new(evlist, AGGR_GLOBAL);
	struct stat_display d = { .sd = sd, .run_count = 1, .walltime_ns = 1380000 };
	struct strbuf out = STRBUF_INIT;

	(void)state;
	stat_data__aggregate(sd, false);
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"              0.69 msec task-clock                       #    0.500 CPUs utilized          \n"
		"                49      page-faults                      #   71.014 K/sec                  \n");
	strbuf_reset(&out);
	d.csv_sep = ",";
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"0.69,msec,task-clock,10,100.00,0.500,CPUs utilized\n"
		"49,,page-faults,10,100.00,71.014,K/sec\n");
	strbuf_release(&out);
	stat_data__delete(sd);
	evlist__delete(evlist);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat__running_mean_and_stderr),
		cmocka_unit_test(test_stat__multiplexed_counts_are_scaled),
		cmocka_unit_test(test_stat__interval_values_are_deltas),
		cmocka_unit_test(test_stat__pmu_instances_merged),
		cmocka_unit_test(test_stat__shadow_metrics),
		cmocka_unit_test(test_stat_display__perf_columns),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
