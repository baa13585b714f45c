// SPDX-License-Identifier: GPL-2.0
/*
 * The metric perf prints beside a count, from the other events counted
 * at the same aggregation index: CPUs utilized, IPC, the "% of all"
 * ratios, GHz, per-second rates and TopDown shares, each with perf's
 * format. A metric whose input is missing, zero, unsupported or in
 * another cgroup is left blank (perf's empty metric column), never
 * replaced by another metric.
 */
#include <linux/perf_event.h>
#include <math.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/stat/stat-shadow.h"

#define MAX_EVENTS 6
#define HW PERF_TYPE_HARDWARE
#define SW PERF_TYPE_SOFTWARE
#define CACHE(id, op, res) ((id) | (PERF_COUNT_HW_CACHE_OP_##op << 8) | \
			    (PERF_COUNT_HW_CACHE_RESULT_##res << 16))
#define L1D_MISS CACHE(PERF_COUNT_HW_CACHE_L1D, READ, MISS)
#define L1D_ACCESS CACHE(PERF_COUNT_HW_CACHE_L1D, READ, ACCESS)
#define DTLB_MISS CACHE(PERF_COUNT_HW_CACHE_DTLB, READ, MISS)
#define DTLB_ACCESS CACHE(PERF_COUNT_HW_CACHE_DTLB, READ, ACCESS)

struct ev {
	uint32_t type;
	uint64_t config;
	double val;
	bool unsupported;
	const char *cgroup;
	enum topdown_id topdown;
	double scale;		/* 0: 1 */
};

/* A stat_data of one aggregation index over events that look counted. */
struct fake {
	struct evsel evsel[MAX_EVENTS];
	struct evsel *entries[MAX_EVENTS];
	struct evlist evlist;
	struct stat_value val[MAX_EVENTS];
	struct stat_evsel ev[MAX_EVENTS];
	struct stat_data sd;
};

static void fake_init(struct fake *f, const struct ev *evs, int nr)
{
	memset(f, 0, sizeof(*f));
	for (int n = 0; n < nr; n++) {
		struct evsel *e = &f->evsel[n];

		e->attr.type = evs[n].type;
		e->attr.config = evs[n].config;
		e->supported = !evs[n].unsupported;
		e->cgroup = (char *)evs[n].cgroup;
		e->topdown = evs[n].topdown;
		e->is_topdown_metric = topdown_id__is_metric(evs[n].topdown);
		e->scale = evs[n].scale ? evs[n].scale : 1;
		e->idx = n;
		f->entries[n] = e;
		f->val[n] = (struct stat_value){ evs[n].val, 1, 1 };
		f->ev[n].aggr = &f->val[n];
	}
	f->evlist = (struct evlist){ .entries = f->entries, .nr = nr };
	f->sd = (struct stat_data){ .evlist = &f->evlist, .mode = AGGR_GLOBAL, .nr_aggr = 1,
				    .ev = f->ev };
}

struct metric_case {
	const char *what;
	struct ev evs[MAX_EVENTS];
	int idx;			/* the event the metric is beside */
	double walltime_ns;
	const char *unit;		/* NULL: blank */
	double val;
	const char *fmt;
};

static const struct metric_case cases[] = {
	{ "task-clock over the wall time",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 2e6 } }, 0, 4e6, "CPUs utilized", 0.5, "%8.3f" },
	{ "cpu-clock is a clock too",
	  { { SW, PERF_COUNT_SW_CPU_CLOCK, 3e6 } }, 0, 1e6, "CPUs utilized", 3.0, "%8.3f" },
	{ "no wall time: blank",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 2e6 } }, 0, 0, NULL, 0, NULL },
	{ "insn per cycle",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 2000 }, { HW, PERF_COUNT_HW_INSTRUCTIONS, 3000 } },
	  1, 1e9, "insn per cycle", 1.5, "%7.2f " },
	{ "instructions without cycles: blank, not a rate",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1e9 }, { HW, PERF_COUNT_HW_INSTRUCTIONS, 3000 } },
	  1, 1e9, NULL, 0, NULL },
	{ "instructions, cycles counted zero",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 0 }, { HW, PERF_COUNT_HW_INSTRUCTIONS, 3000 } },
	  1, 1e9, NULL, 0, NULL },
	{ "cycles not supported",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 100, true }, { HW, PERF_COUNT_HW_INSTRUCTIONS, 300 } },
	  1, 1e9, NULL, 0, NULL },
	{ "the first of two cycles events",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 100 }, { HW, PERF_COUNT_HW_CPU_CYCLES, 300 },
	    { HW, PERF_COUNT_HW_INSTRUCTIONS, 300 } },
	  2, 1e9, "insn per cycle", 3.0, "%7.2f " },
	{ "branch misses of all branches",
	  { { HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 1000 },
	    { HW, PERF_COUNT_HW_BRANCH_MISSES, 21 } },
	  1, 1e9, "of all branches", 2.1, "%7.2f%%" },
	{ "branch misses without branches: blank, not a rate",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1e9 }, { HW, PERF_COUNT_HW_BRANCH_MISSES, 21 } },
	  1, 1e9, NULL, 0, NULL },
	{ "cache misses of all cache refs",
	  { { HW, PERF_COUNT_HW_CACHE_MISSES, 25 }, { HW, PERF_COUNT_HW_CACHE_REFERENCES, 200 } },
	  0, 1e9, "of all cache refs", 12.5, "%7.2f%%" },
	{ "stalled frontend over cycles",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 400 },
	    { HW, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, 100 } },
	  1, 1e9, "frontend cycles idle", 25.0, "%7.2f%%" },
	{ "stalled backend over cycles",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 400 },
	    { HW, PERF_COUNT_HW_STALLED_CYCLES_BACKEND, 300 } },
	  1, 1e9, "backend cycles idle", 75.0, "%7.2f%%" },
	{ "L1-dcache load misses",
	  { { PERF_TYPE_HW_CACHE, L1D_ACCESS, 1000 }, { PERF_TYPE_HW_CACHE, L1D_MISS, 50 } },
	  1, 1e9, "of all L1-dcache accesses", 5.0, "%7.2f%%" },
	{ "dTLB load misses",
	  { { PERF_TYPE_HW_CACHE, DTLB_ACCESS, 400 }, { PERF_TYPE_HW_CACHE, DTLB_MISS, 1 } },
	  1, 1e9, "of all dTLB cache accesses", 0.25, "%7.2f%%" },
	{ "a miss over another cache's accesses: blank",
	  { { PERF_TYPE_HW_CACHE, L1D_ACCESS, 400 }, { PERF_TYPE_HW_CACHE, DTLB_MISS, 1 } },
	  1, 1e9, NULL, 0, NULL },
	{ "cycles over task time: GHz",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1.5e9 }, { HW, PERF_COUNT_HW_CPU_CYCLES, 3e9 } },
	  1, 2e9, "GHz", 2.0, "%8.3f" },
	{ "cycles without a clock: blank",
	  { { HW, PERF_COUNT_HW_CPU_CYCLES, 3e9 } }, 0, 2e9, NULL, 0, NULL },
	{ "a rate per second",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 2e9 }, { SW, PERF_COUNT_SW_PAGE_FAULTS, 500 } },
	  1, 2e9, "/sec", 250.0, "%8.3f" },
	{ "K/sec from a thousand a second",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1e9 }, { SW, PERF_COUNT_SW_CONTEXT_SWITCHES, 1000 } },
	  1, 1e9, "K/sec", 1.0, "%8.3f" },
	{ "just under a thousand stays /sec",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1e9 }, { SW, PERF_COUNT_SW_CONTEXT_SWITCHES, 999 } },
	  1, 1e9, "/sec", 999.0, "%8.3f" },
	{ "M/sec",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 2e6 }, { SW, PERF_COUNT_SW_PAGE_FAULTS, 5000 } },
	  1, 4e6, "M/sec", 2.5, "%8.3f" },
	{ "G/sec",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1e6 }, { HW, PERF_COUNT_HW_BUS_CYCLES, 4e6 } },
	  1, 1e6, "G/sec", 4.0, "%8.3f" },
	{ "a rate without a clock: blank",
	  { { SW, PERF_COUNT_SW_PAGE_FAULTS, 5000 } }, 0, 1e9, NULL, 0, NULL },
	{ "ratios within one cgroup",
	  { { HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 1000, false, "/a" },
	    { HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 10, false, "/b" },
	    { HW, PERF_COUNT_HW_BRANCH_MISSES, 1, false, "/b" } },
	  2, 1e9, "of all branches", 10.0, "%7.2f%%" },
	{ "no denominator in its cgroup: blank",
	  { { HW, PERF_COUNT_HW_BRANCH_INSTRUCTIONS, 1000, false, "/a" },
	    { HW, PERF_COUNT_HW_BRANCH_MISSES, 1, false, "/b" } },
	  1, 1e9, NULL, 0, NULL },
	{ "a clock of another cgroup gives no rate",
	  { { SW, PERF_COUNT_SW_TASK_CLOCK, 1e9, false, "/a" },
	    { SW, PERF_COUNT_SW_PAGE_FAULTS, 5000, false, "/b" } },
	  1, 1e9, NULL, 0, NULL },
};

/* The events of a case: up to the last one set (cycles, counting 0, is
 * all zeros, so an empty one counts where another comes after it). */
static int nr_events(const struct metric_case *c)
{
	int n = 0;

	for (int i = 0; i < MAX_EVENTS; i++)
		if (c->evs[i].val || c->evs[i].type || c->evs[i].config || c->evs[i].cgroup)
			n = i + 1;
	return n;
}

static void test_stat_shadow__metric_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct metric_case *c = &cases[i];
		struct stat_metric m;
		struct fake f;

		fake_init(&f, c->evs, nr_events(c));
		memset(&m, 0xff, sizeof(m));
		stat_shadow__metric(&f.sd, c->idx, 0, c->walltime_ns, &m);
		if (m.has != !!c->unit)
			fail_msg("%s: %s", c->what, m.has ? m.unit : "blank");
		if (!c->unit)
			continue;
		if (strcmp(m.unit, c->unit) || fabs(m.val - c->val) > 1e-9 || strcmp(m.fmt, c->fmt))
			fail_msg("%s: '%s' %g '%s'", c->what, m.unit, m.val, m.fmt);
		assert_int_equal(m.color, STAT_COLOR_NONE);
	}
}

/* Ice Lake's metrics: each one's share of the four, coloured past its
 * thresholds; slots itself has none. */
static void test_stat_shadow__topdown_metrics(void **state)
{
	static const struct ev evs[] = {
		{ PERF_TYPE_RAW, 0x400, 1000, .topdown = TD_SLOTS },
		{ PERF_TYPE_RAW, 0x8000, 800, .topdown = TD_RETIRING },
		{ PERF_TYPE_RAW, 0x8100, 50, .topdown = TD_BAD_SPEC },
		{ PERF_TYPE_RAW, 0x8200, 30, .topdown = TD_FE_BOUND },
		{ PERF_TYPE_RAW, 0x8300, 120, .topdown = TD_BE_BOUND },
	};
	static const struct {
		int idx;
		const char *unit;
		double pct;
		enum stat_color color;
	} want[] = {
		{ 1, "retiring", 80.0, STAT_COLOR_GREEN },	/* above 0.7 */
		{ 2, "bad speculation", 5.0, STAT_COLOR_NONE },
		{ 3, "frontend bound", 3.0, STAT_COLOR_NONE },
		{ 4, "backend bound", 12.0, STAT_COLOR_NONE },
	};
	struct stat_metric m;
	struct fake f;

	(void)state;
	fake_init(&f, evs, ARRAY_SIZE(evs));
	stat_shadow__metric(&f.sd, 0, 0, 1e9, &m);
	assert_false(m.has);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++) {
		stat_shadow__metric(&f.sd, want[i].idx, 0, 1e9, &m);
		assert_true(m.has);
		assert_string_equal(m.unit, want[i].unit);
		assert_float_equal(m.val, want[i].pct, 1e-9);
		assert_string_equal(m.fmt, "%8.1f%%");
		assert_int_equal(m.color, want[i].color);
	}
	/* backend bound past 0.2: red */
	f.val[4].val = 1200;
	stat_shadow__metric(&f.sd, 4, 0, 1e9, &m);
	assert_int_equal(m.color, STAT_COLOR_RED);
	/* one metric alone is not enough for a share */
	f.val[1].val = f.val[2].val = f.val[3].val = 0;
	stat_shadow__metric(&f.sd, 4, 0, 1e9, &m);
	assert_false(m.has);
}

/* Skylake's generic events: the classic formulas over scaled counts;
 * without recovery bubbles backend bound mixes in bad speculation. */
static void test_stat_shadow__topdown_generic(void **state)
{
	static const struct ev evs[] = {
		{ PERF_TYPE_RAW, 1, 4e9, .topdown = TD_TOTAL_SLOTS, .scale = 2 },
		{ PERF_TYPE_RAW, 2, 1.6e9, .topdown = TD_SLOTS_RETIRED },
		{ PERF_TYPE_RAW, 3, 2e9, .topdown = TD_SLOTS_ISSUED },
		{ PERF_TYPE_RAW, 4, 1.2e9, .topdown = TD_FETCH_BUBBLES },
		{ PERF_TYPE_RAW, 5, 0.6e9, .topdown = TD_RECOVERY_BUBBLES },
	};
	struct stat_metric m;
	struct fake f;

	(void)state;
	fake_init(&f, evs, ARRAY_SIZE(evs));
	stat_shadow__metric(&f.sd, 0, 0, 1e9, &m);	/* total slots: none */
	assert_false(m.has);
	stat_shadow__metric(&f.sd, 1, 0, 1e9, &m);
	assert_string_equal(m.unit, "retiring");
	assert_float_equal(m.val, 20.0, 1e-9);
	assert_int_equal(m.color, STAT_COLOR_NONE);
	stat_shadow__metric(&f.sd, 3, 0, 1e9, &m);
	assert_string_equal(m.unit, "frontend bound");
	assert_float_equal(m.val, 15.0, 1e-9);
	stat_shadow__metric(&f.sd, 2, 0, 1e9, &m);
	assert_string_equal(m.unit, "backend bound");
	assert_float_equal(m.val, 52.5, 1e-9);
	assert_int_equal(m.color, STAT_COLOR_RED);
	f.evlist.nr = 4;	/* recovery bubbles not counted */
	stat_shadow__metric(&f.sd, 2, 0, 1e9, &m);
	assert_string_equal(m.unit, "backend bound/bad spec");
}

/* Each aggregation index is its own: CPU 1's cycles for CPU 1's IPC. */
static void test_stat_shadow__per_aggr_index(void **state)
{
	struct stat_value cycles[2] = { { 1000, 1, 1 }, { 4000, 1, 1 } };
	struct stat_value insns[2] = { { 500, 1, 1 }, { 2000, 1, 1 } };
	static const struct ev evs[] = {
		{ HW, PERF_COUNT_HW_CPU_CYCLES, 1 }, { HW, PERF_COUNT_HW_INSTRUCTIONS, 1 },
	};
	struct stat_metric m;
	struct fake f;

	(void)state;
	fake_init(&f, evs, ARRAY_SIZE(evs));
	f.sd.mode = AGGR_NONE;
	f.sd.nr_aggr = 2;
	f.ev[0].aggr = cycles;
	f.ev[1].aggr = insns;
	stat_shadow__metric(&f.sd, 1, 0, 1e9, &m);
	assert_float_equal(m.val, 0.5, 1e-12);
	cycles[1].val = 1000;
	stat_shadow__metric(&f.sd, 1, 1, 1e9, &m);
	assert_float_equal(m.val, 2.0, 1e-12);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat_shadow__metric_table),
		cmocka_unit_test(test_stat_shadow__topdown_metrics),
		cmocka_unit_test(test_stat_shadow__topdown_generic),
		cmocka_unit_test(test_stat_shadow__per_aggr_index),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
