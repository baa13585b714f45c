// SPDX-License-Identifier: GPL-2.0
/*
 * perf stat's layouts, byte for byte as perf 6.1 prints them (the
 * expected lines were taken from perf's own output): the table with its
 * widths and its uncounted and unsupported events, CSV and JSON lines,
 * the per-CPU and per-thread labels, the interval timestamp in each
 * layout, and the footer with the elapsed time to the precision its
 * spread earns.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/stat/stat-display.h"

#define MAX_EVENTS 4
#define MAX_AGGR 3

struct ev {
	const char *name;
	uint32_t type;
	uint64_t config;
	const char *unit;
	double scale;		/* 0: 1 */
	bool unsupported;
	struct stat_value v[MAX_AGGR];
};

struct fake {
	struct evsel evsel[MAX_EVENTS];
	struct evsel *entries[MAX_EVENTS];
	struct evlist evlist;
	struct stat_value val[MAX_EVENTS][MAX_AGGR];
	struct stat_evsel ev[MAX_EVENTS];
	struct stat_data sd;
};

static void fake_init(struct fake *f, const struct ev *evs, int nr, enum aggr_mode mode,
		      int nr_aggr)
{
	memset(f, 0, sizeof(*f));
	for (int i = 0; i < nr; i++) {
		struct evsel *e = &f->evsel[i];

		e->name = (char *)evs[i].name;
		e->unit = (char *)evs[i].unit;
		e->attr.type = evs[i].type;
		e->attr.config = evs[i].config;
		e->scale = evs[i].scale ? evs[i].scale : 1;
		e->supported = !evs[i].unsupported;
		e->idx = i;
		f->entries[i] = e;
		memcpy(f->val[i], evs[i].v, sizeof(f->val[i]));
		f->ev[i].aggr = f->val[i];
	}
	f->evlist = (struct evlist){ .entries = f->entries, .nr = nr };
	f->sd = (struct stat_data){ .evlist = &f->evlist, .mode = mode, .nr_aggr = nr_aggr,
				    .ev = f->ev };
}

static const struct ev cycles_unsupported = {
	"cycles", PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, .unsupported = true,
};
static const struct ev faults = {
	"page-faults", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS,
	.v = { { 49, 620927, 620927 } },
};

/* perf stat -e cycles,page-faults true, in a guest without cycles */
static void test_stat_display__unsupported_and_no_metric(void **state)
{
	const struct ev evs[] = { cycles_unsupported, faults };
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1, .walltime_ns = 1e6 };
	struct fake f;

	(void)state;
	fake_init(&f, evs, 2, AGGR_GLOBAL, 1);
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"   <not supported>      cycles"
		"                                                      \n"
		"                49      page-faults"
		"                                                        \n");
	strbuf_reset(&out);
	d.csv_sep = ",";
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "<not supported>,,cycles,0,100.00,,\n"
				     "49,,page-faults,620927,100.00,,\n");
	strbuf_reset(&out);
	d.csv_sep = NULL;
	d.json = true;
	f.evlist.nr = 1;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"{\"counter-value\" : \"<not supported>\", \"unit\" : \"\", "
		"\"event\" : \"cycles\", "
		"\"event-runtime\" : 0, \"pcnt-running\" : 100.00, \"metric-value\" : 0.000000, "
		"\"metric-unit\" : \"\"}\n");
	strbuf_release(&out);
}

/* Supported but never on the PMU (-p of a sleeping task): not counted. */
static void test_stat_display__not_counted(void **state)
{
	struct ev evs[] = { faults };
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1 };
	struct fake f;

	(void)state;
	evs[0].v[0] = (struct stat_value){ 0, 0, 0 };
	fake_init(&f, evs, 1, AGGR_GLOBAL, 1);
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"     <not counted>      page-faults"
		"                                                 \n");
	strbuf_reset(&out);
	d.csv_sep = ";";
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "<not counted>;;page-faults;0;100.00;;\n");
	strbuf_release(&out);
}

static const struct ev task_clock = {
	"task-clock", PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, "msec", 1e-6,
	.v = { { 489641, 489641, 489641 } },
};

/* perf stat -j -e task-clock true */
static void test_stat_display__json_with_metric(void **state)
{
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1, .json = true, .walltime_ns = 59200000 };
	struct fake f;

	(void)state;
	fake_init(&f, &task_clock, 1, AGGR_GLOBAL, 1);
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"{\"counter-value\" : \"0.489641\", \"unit\" : \"msec\", "
		"\"event\" : \"task-clock\", \"event-runtime\" : 489641, "
		"\"pcnt-running\" : 100.00, \"metric-value\" : 0.008271, "
		"\"metric-unit\" : \"CPUs utilized\"}\n");
	strbuf_release(&out);
}

/* perf stat -r 2 -x, -e task-clock true: the variance after the event */
static void test_stat_display__csv_runs_variance(void **state)
{
	struct ev evs[] = { task_clock };
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 2, .csv_sep = ",", .walltime_ns = 41784083 };
	struct fake f;

	(void)state;
	evs[0].v[0] = (struct stat_value){ 501409, 501409, 501409 };
	fake_init(&f, evs, 1, AGGR_GLOBAL, 1);
	stat_running__update(&f.ev[0].runs, 523.1);	/* 4.62% apart */
	stat_running__update(&f.ev[0].runs, 476.9);
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
			    "0.50,msec,task-clock,4.62%,501409,100.00,0.012,CPUs utilized\n");
	strbuf_reset(&out);
	d.csv_sep = NULL;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"              0.50 msec task-clock                       #    0.012 CPUs utilized"
		"            ( +-  4.62% )\n");
	strbuf_release(&out);
}

/* Counted a quarter of the time: scaled, and the share said at the end. */
static void test_stat_display__multiplexed(void **state)
{
	struct ev evs[] = { faults };
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1 };
	struct fake f;

	(void)state;
	evs[0].v[0] = (struct stat_value){ 4000, 400, 100 };
	fake_init(&f, evs, 1, AGGR_GLOBAL, 1);
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"              4000      page-faults"
		"                                                        "
		"  (25.00%)\n");
	strbuf_reset(&out);
	d.csv_sep = ",";
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "4000,,page-faults,100,25.00,,\n");
	strbuf_release(&out);
}

/* perf stat -A -a -e page-faults: a line per CPU, each labelled */
static void test_stat_display__per_cpu(void **state)
{
	struct ev evs[] = { faults };
	struct cpu_map *cpus = malloc(sizeof(*cpus) + 2 * sizeof(int));
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1 };
	struct fake f;

	(void)state;
	assert_non_null(cpus);
	cpus->nr = 2;
	cpus->cpus[0] = 0;
	cpus->cpus[1] = 1;
	evs[0].v[0] = (struct stat_value){ 985, 14587419, 14587419 };
	evs[0].v[1] = (struct stat_value){ 485, 11824956, 11824956 };
	fake_init(&f, evs, 1, AGGR_NONE, 2);
	d.sd = &f.sd;
	d.cpus = cpus;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"CPU0                      985      page-faults"
		"                                                        \n"
		"CPU1                      485      page-faults"
		"                                                        \n");
	strbuf_reset(&out);
	d.csv_sep = ",";
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "CPU0,985,,page-faults,14587419,100.00,,\n"
				     "CPU1,485,,page-faults,11824956,100.00,,\n");
	strbuf_release(&out);
	free(cpus);
}

/* --per-thread: the busiest thread first; of a whole system, only the
 * threads that counted */
static void test_stat_display__per_thread(void **state)
{
	struct thread_map_entry ent[3] = { { 4569, "bash" }, { 17, "idle" }, { 99, "make" } };
	struct thread_map threads = { 3, ent };
	struct ev evs[] = { faults };
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1, .csv_sep = ",", .threads = &threads };
	struct fake f;

	(void)state;
	evs[0].v[0] = (struct stat_value){ 5, 10, 10 };
	evs[0].v[1] = (struct stat_value){ 0, 10, 10 };
	evs[0].v[2] = (struct stat_value){ 70, 10, 10 };
	fake_init(&f, evs, 1, AGGR_THREAD, 3);
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "make-99,70,,page-faults,10,100.00,,\n"
				     "bash-4569,5,,page-faults,10,100.00,,\n"
				     "idle-17,0,,page-faults,10,100.00,,\n");
	strbuf_reset(&out);
	d.skip_idle_threads = true;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "make-99,70,,page-faults,10,100.00,,\n"
				     "bash-4569,5,,page-faults,10,100.00,,\n");
	/* perf stat --per-thread -p 4569 sleep: the table's label */
	strbuf_reset(&out);
	d.csv_sep = NULL;
	d.skip_idle_threads = false;
	f.val[0][0] = (struct stat_value){ 0, 0, 0 };
	f.sd.nr_aggr = 1;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf,
		"            bash-4569          <not counted>      page-faults"
		"                                                 \n");
	strbuf_release(&out);
}

/* An instance merged into its PMU's first one is not a line of its own. */
static void test_stat_display__merged_instance_hidden(void **state)
{
	struct ev evs[] = { faults, faults };
	struct strbuf out = STRBUF_INIT;
	struct stat_display d = { .run_count = 1, .csv_sep = "," };
	struct fake f;

	(void)state;
	evs[1].name = "minor-faults";
	fake_init(&f, evs, 2, AGGR_GLOBAL, 1);
	f.ev[0].merged = true;
	d.sd = &f.sd;
	stat_display__counters(&d, "", &out);
	assert_string_equal(out.buf, "49,,minor-faults,620927,100.00,,\n");
	strbuf_release(&out);
}

struct interval_case {
	const char *sep;
	bool json;
	uint64_t ns;
	const char *want;
};

static const struct interval_case interval_cases[] = {
	{ NULL, false, 100151942, "     0.100151942 " },
	{ ",", false, 103632978, "     0.103632978," },
	{ NULL, true, 100154177, "{\"interval\" : 0.100154177, " },
	/* no double in between: the last digit is kept */
	{ NULL, false, 1999999999ULL, "     1.999999999 " },
	{ ";", false, 123456000000001ULL, "123456.000000001;" },
	{ NULL, false, 0, "     0.000000000 " },
};

static void test_stat_display__interval_prefix(void **state)
{
	struct fake f;

	(void)state;
	fake_init(&f, &faults, 1, AGGR_GLOBAL, 1);
	for (size_t i = 0; i < ARRAY_SIZE(interval_cases); i++) {
		const struct interval_case *c = &interval_cases[i];
		struct stat_display d = { .sd = &f.sd, .csv_sep = c->sep, .json = c->json };
		struct strbuf out = STRBUF_INIT;

		stat_display__interval_prefix(&d, c->ns, &out);
		assert_string_equal(out.buf, c->want);
		strbuf_release(&out);
	}
}

static void test_stat_display__headers(void **state)
{
	struct stat_display d = { .run_count = 1 };
	struct strbuf out = STRBUF_INIT;
	struct fake f;

	(void)state;
	fake_init(&f, &faults, 1, AGGR_GLOBAL, 1);
	d.sd = &f.sd;
	stat_display__header(&d, "'true'", &out);
	assert_string_equal(out.buf, "\n Performance counter stats for 'true':\n\n");
	strbuf_reset(&out);
	d.run_count = 3;
	stat_display__header(&d, "'true'", &out);
	assert_string_equal(out.buf, "\n Performance counter stats for 'true' (3 runs):\n\n");
	strbuf_reset(&out);
	stat_display__interval_header(&d, &out);
	assert_string_equal(out.buf, "#           time             counts unit events\n");
	/* the unit column is as wide as the widest unit */
	strbuf_reset(&out);
	f.evsel[0].unit = "MiB/sec";
	stat_display__interval_header(&d, &out);
	assert_string_equal(out.buf, "#           time             counts    unit events\n");
	/* CSV and JSON have none */
	strbuf_reset(&out);
	d.csv_sep = ",";
	stat_display__header(&d, "'true'", &out);
	stat_display__interval_header(&d, &out);
	d.csv_sep = NULL;
	d.json = true;
	stat_display__header(&d, "'true'", &out);
	stat_display__interval_header(&d, &out);
	assert_string_equal(out.buf, "");
	strbuf_release(&out);
}

struct footer_case {
	const char *what;
	int runs;
	struct stat_footer f;
	const char *want;
};

static const double run_times[] = { 1e9, 2e9, 3e9 };

static const struct footer_case footer_cases[] = {
	{ "one run, with the workload's times", 1,
	  { .wall_mean_ns = 6151359, .ru_display = true, .user_s = 0.001219 },
	  "\n       0.006151359 seconds time elapsed\n\n"
	  "       0.001219000 seconds user\n       0.000000000 seconds sys\n\n\n" },
	{ "one run, no workload (-a)", 1, { .wall_mean_ns = 1000641077 },
	  "\n       1.000641077 seconds time elapsed\n\n" },
	{ "--null: no blank line before", 1, { .wall_mean_ns = 641077, .null_run = true },
	  "       0.000641077 seconds time elapsed\n\n" },
	{ "runs: as many digits as the spread earns", 3,
	  { .wall_mean_ns = 2910000, .wall_stddev_ns = 2906000 },
	  "\n           0.00291 +- 0.00291 seconds time elapsed  ( +- 99.86% )\n\n" },
	{ "a spread over a second: two digits", 3,
	  { .wall_mean_ns = 12.5e9, .wall_stddev_ns = 1.5e9 },
	  "\n             12.50 +- 1.50 seconds time elapsed  ( +- 12.00% )\n\n" },
	{ "no spread: two digits, no percentage", 3, { .wall_mean_ns = 1e9 },
	  "\n              1.00 +- 0.00 seconds time elapsed\n\n" },
	{ "--table: each run, its distance and a bar", 3,
	  { .wall_mean_ns = 2e9, .wall_stddev_ns = 0.577e9, .run_walltimes = run_times },
	  "\n             # Table of individual measurements:\n"
	  "             1.000 (-1.000) #####################\n"
	  "             2.000 (+0.000) #\n"
	  "             3.000 (+1.000) #######\n"
	  "\n             # Final result:\n"
	  "             2.000 +- 0.577 seconds time elapsed  ( +- 28.85% )\n\n" },
};

static void test_stat_display__footer(void **state)
{
	struct fake f;

	(void)state;
	fake_init(&f, &faults, 1, AGGR_GLOBAL, 1);
	for (size_t i = 0; i < ARRAY_SIZE(footer_cases); i++) {
		const struct footer_case *c = &footer_cases[i];
		struct stat_display d = { .sd = &f.sd, .run_count = c->runs };
		struct strbuf out = STRBUF_INIT;

		stat_display__footer(&d, &c->f, &out);
		if (strcmp(out.buf, c->want))
			fail_msg("%s:\n%s", c->what, out.buf);
		/* interval, CSV and JSON runs end without one */
		strbuf_reset(&out);
		d.interval = true;
		stat_display__footer(&d, &c->f, &out);
		d.interval = false;
		d.csv_sep = ",";
		stat_display__footer(&d, &c->f, &out);
		d.csv_sep = NULL;
		d.json = true;
		stat_display__footer(&d, &c->f, &out);
		assert_string_equal(out.buf, "");
		strbuf_release(&out);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat_display__unsupported_and_no_metric),
		cmocka_unit_test(test_stat_display__not_counted),
		cmocka_unit_test(test_stat_display__json_with_metric),
		cmocka_unit_test(test_stat_display__csv_runs_variance),
		cmocka_unit_test(test_stat_display__multiplexed),
		cmocka_unit_test(test_stat_display__per_cpu),
		cmocka_unit_test(test_stat_display__per_thread),
		cmocka_unit_test(test_stat_display__merged_instance_hidden),
		cmocka_unit_test(test_stat_display__interval_prefix),
		cmocka_unit_test(test_stat_display__headers),
		cmocka_unit_test(test_stat_display__footer),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
