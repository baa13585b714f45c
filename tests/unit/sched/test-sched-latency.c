// SPDX-License-Identifier: GPL-2.0
/*
 * perf sched latency: per task its run time, the switches in after
 * waiting for a CPU and the wait (mean, longest and when), threads of
 * one comm merged unless -p, sorted by -s's keys, as perf 6.1 prints
 * them. The recordings are written by the test (fake-sched-data.h);
 * the expected tables are perf 6.1's own output for the same files.
 */
#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/sched/sched-cmd.h"
#include "fake-sched-data.h"

#define MS 1000000ULL
#define T0 1000000000ULL

static char dir[] = "/tmp/pm-sched-latency.XXXXXX";

static const char rule_top[] =
	" ---------------------------------------------------------------------"
	"----------------------------------------------------------------------\n";
static const char head[] =
	"  Task                  |   Runtime ms  | Switches | Avg delay ms    | Max delay ms    | "
	"Max delay start           | Max delay end          |\n";
static const char rule_mid[] =
	" --------------------------------------------------------"
	"---------------------------------------------------------\n";
static const char rule_end[] = " ---------------------------------------------------\n\n";

/* Two threads of "helper" woken across CPUs, one of them new, and a
 * worker woken by one of them. */
static const char *write_helpers(char *path, size_t size)
{
	struct fake_sched fs;

	fake_sched__init(&fs);
	fake_sched__comm(&fs, 100, 100, "worker", T0 - MS);
	fake_sched__comm(&fs, 200, 200, "helper", T0 - MS);
	fake_sched__comm(&fs, 200, 201, "helper", T0 - MS);
	fake_sched__wakeup(&fs, FAKE_WAKEUP, 0, T0, 0, "worker", 100);
	fake_sched__switch(&fs, 0, T0 + 1 * MS, "swapper/0", 0, 0, "worker", 100);
	fake_sched__wakeup(&fs, FAKE_WAKEUP, 1, T0 + 2 * MS, 0, "helper", 200);
	fake_sched__runtime(&fs, 0, T0 + 3 * MS, "worker", 100, 2 * MS);
	fake_sched__switch(&fs, 0, T0 + 3 * MS, "worker", 100, 1, "swapper/0", 0);
	fake_sched__switch(&fs, 1, T0 + 7 * MS, "swapper/1", 0, 0, "helper", 200);
	fake_sched__wakeup(&fs, FAKE_WAKEUP, 1, T0 + 8 * MS, 200, "worker", 100);
	fake_sched__runtime(&fs, 1, T0 + 9 * MS, "helper", 200, 2 * MS);
	fake_sched__switch(&fs, 1, T0 + 9 * MS, "helper", 200, 0, "worker", 100);
	fake_sched__wakeup(&fs, FAKE_WAKEUP_NEW, 2, T0 + 10 * MS, 200, "helper", 201);
	fake_sched__switch(&fs, 2, T0 + 13 * MS, "swapper/2", 0, 0, "helper", 201);
	fake_sched__runtime(&fs, 1, T0 + 14 * MS, "worker", 100, 5 * MS);
	fake_sched__switch(&fs, 1, T0 + 14 * MS, "worker", 100, 1, "helper", 200);
	fake_sched__runtime(&fs, 2, T0 + 16 * MS, "helper", 201, 3 * MS);
	fake_sched__switch(&fs, 2, T0 + 16 * MS, "helper", 201, 1, "swapper/2", 0);
	fake_sched__runtime(&fs, 1, T0 + 20 * MS, "helper", 200, 6 * MS);
	fake_sched__switch(&fs, 1, T0 + 20 * MS, "helper", 200, 1, "swapper/1", 0);
	snprintf(path, size, "%s/helpers.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);
	return path;
}

struct cycle {
	uint64_t at;		/* woken, in ms after T0 */
	double delay, run;	/* ms */
};

/* @comm/@pid on @cpu: woken, switched in after @delay, out after @run. */
static void cycles(struct fake_sched *fs, uint32_t cpu, const char *comm, int32_t pid,
		   const struct cycle *c, size_t n)
{
	char idle[16];

	snprintf(idle, sizeof(idle), "swapper/%u", cpu);
	for (size_t i = 0; i < n; i++) {
		uint64_t woken = T0 + c[i].at * MS, in = woken + (uint64_t)(c[i].delay * MS);
		uint64_t out = in + (uint64_t)(c[i].run * MS);

		fake_sched__wakeup(fs, FAKE_WAKEUP, cpu, woken, 0, comm, pid);
		fake_sched__switch(fs, cpu, in, idle, 0, 0, comm, pid);
		fake_sched__runtime(fs, cpu, out, comm, pid, out - in);
		fake_sched__switch(fs, cpu, out, comm, pid, 1, idle, 0);
	}
}

/* Three tasks each first by another key: alpha by runtime, beta by
 * switches and longest wait, gamma by mean wait; pids in another order. */
static const char *write_keys(char *path, size_t size)
{
	static const struct cycle alpha[] = { { 0, 4, 10 } };
	static const struct cycle beta[] = { { 20, 1, 1 }, { 40, 1, 0.5 }, { 60, 7, 0.5 } };
	static const struct cycle gamma[] = { { 80, 5, 2.5 }, { 100, 5, 2.5 } };
	struct fake_sched fs;

	fake_sched__init(&fs);
	fake_sched__comm(&fs, 300, 300, "alpha", T0 - MS);
	fake_sched__comm(&fs, 100, 100, "beta", T0 - MS);
	fake_sched__comm(&fs, 200, 200, "gamma", T0 - MS);
	cycles(&fs, 0, "alpha", 300, alpha, ARRAY_SIZE(alpha));
	cycles(&fs, 1, "beta", 100, beta, ARRAY_SIZE(beta));
	cycles(&fs, 2, "gamma", 200, gamma, ARRAY_SIZE(gamma));
	snprintf(path, size, "%s/keys.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);
	return path;
}

/* The table: its rows between perf's rules, then the total. */
static void table(struct strbuf *sb, const char *rows, const char *total)
{
	strbuf_reset(sb);
	strbuf_addch(sb, '\n');
	strbuf_addstr(sb, rule_top);
	strbuf_addstr(sb, head);
	strbuf_addstr(sb, rule_top);
	strbuf_addstr(sb, rows);
	strbuf_addstr(sb, rule_mid);
	strbuf_addstr(sb, total);
	strbuf_addstr(sb, rule_end);
}

static void latency(const char *path, const struct sched_latency_opts *o, struct strbuf *out)
{
	struct strbuf note = STRBUF_INIT, err = STRBUF_INIT;

	strbuf_reset(out);
	assert_int_equal(sched_latency(path, o, out, &note, &err), 0);
	assert_string_equal(note.buf, "");
	assert_string_equal(err.buf, "");
	strbuf_release(&note);
	strbuf_release(&err);
}

#define ROW_WORKER \
	"  worker:100            |      7.000 ms |        2 | " \
	"avg:   1.000 ms | max:   1.000 ms | max start:     1.000000 s | max end:     1.001000 s\n"
#define TOTAL(ms, n) "  TOTAL:                |     " ms " ms |        " n " |\n"

/* perf sched latency, and -p */
static void test_sched_latency__threads_merged_by_comm(void **state)
{
	struct sched_latency_opts o = { .keys = { SCHED_SORT_AVG, SCHED_SORT_MAX,
						  SCHED_SORT_SWITCH, SCHED_SORT_RUNTIME },
					.nr_keys = 4, .cpu = -1 };
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;
	char path[128];

	(void)state;
	write_helpers(path, sizeof(path));
	latency(path, &o, &out);
	table(&want,
	      "  helper:(2)            |     11.000 ms |        3 | "
	      "avg:   4.333 ms | max:   5.000 ms | "
	      "max start:     1.002000 s | max end:     1.007000 s\n" ROW_WORKER,
	      TOTAL("18.000", "5"));
	assert_string_equal(out.buf, want.buf);
	o.pids = true;
	latency(path, &o, &out);
	table(&want,
	      "  helper:200            |      8.000 ms |        2 | "
	      "avg:   5.000 ms | max:   5.000 ms | "
	      "max start:     1.002000 s | max end:     1.007000 s\n"
	      "  helper:201            |      3.000 ms |        1 | "
	      "avg:   3.000 ms | max:   3.000 ms | "
	      "max start:     1.010000 s | max end:     1.013000 s\n" ROW_WORKER,
	      TOTAL("18.000", "5"));
	assert_string_equal(out.buf, want.buf);
	strbuf_release(&out);
	strbuf_release(&want);
}

struct keys_case {
	enum sched_sort_key keys[4];
	uint32_t nr;
	const char *first, *second, *third;	/* the rows' comms, in order */
};

static const struct keys_case keys_cases[] = {
	{ { SCHED_SORT_AVG, SCHED_SORT_MAX, SCHED_SORT_SWITCH, SCHED_SORT_RUNTIME }, 4,
	  "gamma", "alpha", "beta" },
	{ { SCHED_SORT_MAX }, 1, "beta", "gamma", "alpha" },
	{ { SCHED_SORT_SWITCH }, 1, "beta", "gamma", "alpha" },
	{ { SCHED_SORT_RUNTIME }, 1, "alpha", "gamma", "beta" },
	/* perf 6.1's -s pid: the highest first */
	{ { SCHED_SORT_PID }, 1, "alpha", "gamma", "beta" },
};

static void test_sched_latency__sort_keys(void **state)
{
	struct strbuf out = STRBUF_INIT;
	char path[128];

	(void)state;
	write_keys(path, sizeof(path));
	for (size_t i = 0; i < ARRAY_SIZE(keys_cases); i++) {
		const struct keys_case *c = &keys_cases[i];
		struct sched_latency_opts o = { .nr_keys = c->nr, .cpu = -1 };
		const char *a, *b, *z;

		memcpy(o.keys, c->keys, sizeof(c->keys));
		latency(path, &o, &out);
		a = strstr(out.buf, c->first);
		b = strstr(out.buf, c->second);
		z = strstr(out.buf, c->third);
		if (!a || !b || !z || a > b || b > z)
			fail_msg("keys case %zu:\n%s", i, out.buf);
	}
	strbuf_release(&out);
}

/* perf sched latency -s pid on the same file, whole */
static void test_sched_latency__rows_as_perf(void **state)
{
	struct sched_latency_opts o = { .keys = { SCHED_SORT_PID }, .nr_keys = 1, .cpu = -1 };
	struct strbuf out = STRBUF_INIT, want = STRBUF_INIT;
	char path[128];

	(void)state;
	write_keys(path, sizeof(path));
	latency(path, &o, &out);
	table(&want,
	      "  alpha:300             |     10.000 ms |        1 | "
	      "avg:   4.000 ms | max:   4.000 ms | "
	      "max start:     1.000000 s | max end:     1.004000 s\n"
	      "  gamma:200             |      5.000 ms |        2 | "
	      "avg:   5.000 ms | max:   5.000 ms | "
	      "max start:     1.080000 s | max end:     1.085000 s\n"
	      "  beta:100              |      2.000 ms |        3 | "
	      "avg:   3.000 ms | max:   7.000 ms | "
	      "max start:     1.060000 s | max end:     1.067000 s\n",
	      TOTAL("17.000", "6"));
	assert_string_equal(out.buf, want.buf);
	strbuf_release(&out);
	strbuf_release(&want);
}

static void test_sched_latency__errors(void **state)
{
	struct sched_latency_opts o = { .keys = { SCHED_SORT_PID }, .nr_keys = 1, .cpu = -1 };
	struct strbuf out = STRBUF_INIT, note = STRBUF_INIT, err = STRBUF_INIT;
	char path[128];

	(void)state;
	snprintf(path, sizeof(path), "%s/missing.data", dir);
	assert_int_not_equal(sched_latency(path, &o, &out, &note, &err), 0);
	assert_non_null(strstr(err.buf, "missing.data"));
	assert_string_equal(out.buf, "");
	strbuf_release(&out);
	strbuf_release(&note);
	strbuf_release(&err);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return unit_test_rmtree(dir);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sched_latency__threads_merged_by_comm),
		cmocka_unit_test(test_sched_latency__sort_keys),
		cmocka_unit_test(test_sched_latency__rows_as_perf),
		cmocka_unit_test(test_sched_latency__errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
