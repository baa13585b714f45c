// SPDX-License-Identifier: GPL-2.0
/*
 * perf sched map: a line per switch with a column per CPU (with
 * --compact those that switched, in that order; with --cpus only those),
 * the task there by a two-character name given in order (A0 ... Z0, A1,
 * ...; "." for idle), a '*' at the CPU that switched, and where a name is
 * new or its task renamed, what it stands for. The recordings are written
 * by the test; the expected maps are perf 6.1's output for the same files.
 */
#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/sched/sched-cmd.h"
#include "fake-sched-data.h"

#define MS 1000000ULL
#define T0 1000000000ULL

static char dir[] = "/tmp/pm-sched-map.XXXXXX";

/* worker on CPU 0, helper's two threads on CPUs 1 and 2 */
static const char *write_helpers(char *path, size_t size)
{
	struct fake_sched fs;

	fake_sched__init(&fs);
	fake_sched__comm(&fs, 100, 100, "worker", T0 - MS);
	fake_sched__comm(&fs, 200, 200, "helper", T0 - MS);
	fake_sched__comm(&fs, 200, 201, "helper", T0 - MS);
	fake_sched__wakeup(&fs, FAKE_WAKEUP, 0, T0, 0, "worker", 100);
	fake_sched__switch(&fs, 0, T0 + 1 * MS, "swapper/0", 0, 0, "worker", 100);
	fake_sched__switch(&fs, 0, T0 + 3 * MS, "worker", 100, 1, "swapper/0", 0);
	fake_sched__switch(&fs, 1, T0 + 7 * MS, "swapper/1", 0, 0, "helper", 200);
	fake_sched__switch(&fs, 1, T0 + 9 * MS, "helper", 200, 0, "worker", 100);
	fake_sched__switch(&fs, 2, T0 + 13 * MS, "swapper/2", 0, 0, "helper", 201);
	fake_sched__switch(&fs, 1, T0 + 14 * MS, "worker", 100, 1, "helper", 200);
	fake_sched__switch(&fs, 2, T0 + 16 * MS, "helper", 201, 1, "swapper/2", 0);
	fake_sched__switch(&fs, 1, T0 + 20 * MS, "helper", 200, 1, "swapper/1", 0);
	snprintf(path, size, "%s/helpers.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);
	return path;
}

static void map(const char *path, const struct sched_map_opts *o, struct strbuf *out)
{
	struct strbuf note = STRBUF_INIT, err = STRBUF_INIT;

	strbuf_reset(out);
	assert_int_equal(sched_map(path, o, out, &note, &err), 0);
	assert_string_equal(err.buf, "");
	strbuf_release(&note);
	strbuf_release(&err);
}

struct map_case {
	struct sched_map_opts o;
	const char *want;
};

/* --compact: without it perf makes a column of each CPU this machine has
 * (sysconf), which no test here may depend on */
static const struct map_case map_cases[] = {
	{ { true, NULL },
	  "  *A0       1.001000 secs A0 => worker:100 (CPU 0)\n"
	  "  *.        1.003000 secs .  => swapper:0\n"
	  "   .  *B0       1.007000 secs B0 => helper:200 (CPU 1)\n"
	  "   .  *A0       1.009000 secs \n"
	  "   .   A0 *C0       1.013000 secs C0 => helper:201 (CPU 2)\n"
	  "   .  *B0  C0       1.014000 secs \n"
	  "   .   B0 *.        1.016000 secs \n"
	  "   .  *.   .        1.020000 secs \n" },
	/* the switches of CPUs not shown: a line of the columns shown, no time */
	{ { true, "1" },
	  "  \n"
	  "  \n"
	  "  *B0       1.007000 secs B0 => helper:200 (CPU 1)\n"
	  "  *A0       1.009000 secs A0 => worker:100\n"
	  "   A0 \n"
	  "  *B0       1.014000 secs \n"
	  "   B0 \n"
	  "  *.        1.020000 secs \n" },
	{ { true, "0,2" },
	  "  *A0       1.001000 secs A0 => worker:100 (CPU 0)\n"
	  "  *.        1.003000 secs .  => swapper:0\n"
	  "   .  \n"
	  "   .  \n"
	  "   .  *C0       1.013000 secs C0 => helper:201 (CPU 2)\n"
	  "   .   C0 \n"
	  "   .  *.        1.016000 secs \n"
	  "   .   .  \n" },
};

static void test_sched_map__as_perf(void **state)
{
	struct strbuf out = STRBUF_INIT;
	char path[128];

	(void)state;
	write_helpers(path, sizeof(path));
	for (size_t i = 0; i < ARRAY_SIZE(map_cases); i++) {
		map(path, &map_cases[i].o, &out);
		if (strcmp(out.buf, map_cases[i].want))
			fail_msg("case %zu:\n%s", i, out.buf);
	}
	strbuf_release(&out);
}

/* 28 tasks, each once on CPU 0: Z0 is followed by A1 */
static void test_sched_map__names_wrap(void **state)
{
	struct sched_map_opts o = { .compact = true };
	struct strbuf out = STRBUF_INIT;
	struct fake_sched fs;
	char path[128], comm[16];

	(void)state;
	fake_sched__init(&fs);
	for (int i = 0; i < 28; i++) {
		snprintf(comm, sizeof(comm), "task%d", i);
		fake_sched__comm(&fs, 100 + i, 100 + i, comm, T0 - MS);
	}
	for (int i = 0; i < 28; i++) {
		snprintf(comm, sizeof(comm), "task%d", i);
		fake_sched__switch(&fs, 0, T0 + (2 * (uint64_t)i + 1) * MS, "swapper/0", 0, 0, comm,
				   100 + i);
		fake_sched__switch(&fs, 0, T0 + (2 * (uint64_t)i + 2) * MS, comm, 100 + i, 1,
				   "swapper/0", 0);
	}
	snprintf(path, sizeof(path), "%s/many.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);
	map(path, &o, &out);
	assert_non_null(strstr(out.buf, "  *A0       1.001000 secs A0 => task0:100 (CPU 0)\n"));
	assert_non_null(strstr(out.buf, "\n  *Z0       1.051000 secs Z0 => task25:125\n"));
	assert_non_null(strstr(out.buf, "\n  *A1       1.053000 secs A1 => task26:126\n"));
	assert_non_null(strstr(out.buf, "\n  *B1       1.055000 secs B1 => task27:127\n"));
	/* idle is named once */
	assert_non_null(strstr(out.buf, "\n  *.        1.002000 secs .  => swapper:0\n"));
	assert_null(strstr(strstr(out.buf, "=> swapper:0") + 1, "=> swapper:0"));
	strbuf_release(&out);
}

/* A task renamed (exec) is named again at its next switch */
static void test_sched_map__comm_change(void **state)
{
	struct sched_map_opts o = { .compact = true };
	struct strbuf out = STRBUF_INIT;
	struct fake_sched fs;
	char path[128];

	(void)state;
	fake_sched__init(&fs);
	fake_sched__comm(&fs, 100, 100, "sh", T0 - MS);
	fake_sched__switch(&fs, 0, T0 + 1 * MS, "swapper/0", 0, 0, "sh", 100);
	fake_sched__switch(&fs, 0, T0 + 2 * MS, "sh", 100, 1, "swapper/0", 0);
	fake_sched__comm(&fs, 100, 100, "make", T0 + 3 * MS);
	fake_sched__switch(&fs, 0, T0 + 4 * MS, "swapper/0", 0, 0, "make", 100);
	fake_sched__switch(&fs, 0, T0 + 5 * MS, "make", 100, 1, "swapper/0", 0);
	snprintf(path, sizeof(path), "%s/exec.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);
	map(path, &o, &out);
	assert_string_equal(out.buf,
		"  *A0       1.001000 secs A0 => sh:100 (CPU 0)\n"
		"  *.        1.002000 secs .  => swapper:0\n"
		"  *A0       1.004000 secs A0 => make:100\n"
		"  *.        1.005000 secs \n");
	strbuf_release(&out);
}

static void test_sched_map__errors(void **state)
{
	struct sched_map_opts o = { false, "x" };
	struct strbuf out = STRBUF_INIT, note = STRBUF_INIT, err = STRBUF_INIT;
	char path[128];

	(void)state;
	write_helpers(path, sizeof(path));
	assert_int_not_equal(sched_map(path, &o, &out, &note, &err), 0);
	assert_true(err.len > 0);
	strbuf_reset(&err);
	snprintf(path, sizeof(path), "%s/missing.data", dir);
	o.cpus = NULL;
	assert_int_not_equal(sched_map(path, &o, &out, &note, &err), 0);
	assert_non_null(strstr(err.buf, "missing.data"));
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
		cmocka_unit_test(test_sched_map__as_perf),
		cmocka_unit_test(test_sched_map__names_wrap),
		cmocka_unit_test(test_sched_map__comm_change),
		cmocka_unit_test(test_sched_map__errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
