// SPDX-License-Identifier: GPL-2.0
/*
 * perf trace -s of a raw_syscalls recording: per thread its events and
 * their share, then each system call it made, most time first, with its
 * calls, failures and times (total, min, mean, max, the mean's relative
 * standard error), an enter paired with the exit after it; -p and --tid
 * pick the threads, --errno-summary says each failure's errno, and a
 * call whose tracepoint the tracefs given lacks is left out, as perf 6.1
 * does. The recordings are written by the test; the expected summaries
 * are perf 6.1's output for the same files.
 */
#include <errno.h>
#include <sys/stat.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/sched/trace-summary.h"
#include "fake-sched-data.h"

#define US 1000ULL
#define MS 1000000ULL
#define T0 1000000000ULL

enum { NR_READ = 0, NR_WRITE = 1, NR_CLOSE = 3, NR_OPENAT = 257 };

static char dir[] = "/tmp/pm-trace-summary.XXXXXX";

struct call {
	int32_t tid;
	int64_t id;
	uint64_t at, took;	/* us after T0 */
	int64_t ret;
};

/* app (100) reads, writes and fails an openat; its thread 101 closes */
static const struct call calls[] = {
	{ 100, NR_READ, 0, 1000, 10 },
	{ 100, NR_READ, 2000, 2000, 20 },
	{ 101, NR_CLOSE, 2500, 10, 0 },
	{ 100, NR_WRITE, 5000, 2000, 5 },
	{ 100, NR_READ, 8000, 3000, -EAGAIN },
	{ 101, NR_CLOSE, 9000, 30, -EBADF },
	{ 100, NR_OPENAT, 12000, 500, -ENOENT },
	{ 100, NR_OPENAT, 13000, 300, -ENOENT },
	{ 100, NR_OPENAT, 14000, 100, -EACCES },
};

static const char *write_calls(char *path, size_t size)
{
	struct fake_sched fs;

	fake_sched__init(&fs);
	fake_sched__comm(&fs, 100, 100, "app", T0 - MS);
	fake_sched__comm(&fs, 100, 101, "app", T0 - MS);
	for (size_t i = 0; i < ARRAY_SIZE(calls); i++) {
		const struct call *c = &calls[i];

		fake_sched__sys_enter(&fs, 0, T0 + c->at * US, 100, c->tid, c->id);
		fake_sched__sys_exit(&fs, 0, T0 + (c->at + c->took) * US, 100, c->tid, c->id,
				     c->ret);
	}
	snprintf(path, size, "%s/calls.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);
	return path;
}

static const char *summary_of(const char *path, const struct trace_summary_opts *o,
			      struct strbuf *out)
{
	struct strbuf err = STRBUF_INIT;

	strbuf_reset(out);
	assert_int_equal(trace_summary(path, o, out, &err), 0);
	assert_string_equal(err.buf, "");
	strbuf_release(&err);
	return out->buf;
}

#define COLUMNS \
	"   syscall            calls  errors  total       min       avg       max       stddev\n" \
	"                                     (msec)    (msec)    (msec)    (msec)        (%)\n" \
	"   --------------- --------  ------ -------- --------- --------- ---------     ------\n"
#define READ_ROW \
	"   read                   3      1     6.000     1.000     2.000     3.000     28.87%\n"
#define WRITE_ROW \
	"   write                  1      0     2.000     2.000     2.000     2.000      0.00%\n"
#define OPENAT_ROW \
	"   openat                 3      3     0.900     0.100     0.300     0.500     38.49%\n"
#define CLOSE_ROW \
	"   close                  2      1     0.040     0.010     0.020     0.030     50.00%\n"
#define SUMMARY "\n Summary of events:\n\n"

struct summary_case {
	struct trace_summary_opts o;
	const char *want;
};

/* perf trace -s -i calls.data, with each option */
static const struct summary_case summary_cases[] = {
	{ { 0 },
	  SUMMARY " app (100), 14 events, 77.8%\n\n" COLUMNS READ_ROW WRITE_ROW OPENAT_ROW "\n\n"
	  " app (101), 4 events, 22.2%\n\n" COLUMNS CLOSE_ROW "\n\n" },
	{ { .errno_summary = true },
	  SUMMARY " app (100), 14 events, 77.8%\n\n" COLUMNS READ_ROW "\t\t\t\tEAGAIN: 1\n"
	  WRITE_ROW OPENAT_ROW "\t\t\t\tENOENT: 2\n\t\t\t\tEACCES: 1\n\n\n"
	  " app (101), 4 events, 22.2%\n\n" COLUMNS CLOSE_ROW "\t\t\t\tEBADF: 1\n\n\n" },
	{ { .tids = "101" },
	  SUMMARY " app (101), 4 events, 100.0%\n\n" COLUMNS CLOSE_ROW "\n\n" },
	/* -p: the threads whose tid is one of them too */
	{ { .pids = "100" },
	  SUMMARY " app (100), 14 events, 100.0%\n\n" COLUMNS READ_ROW WRITE_ROW OPENAT_ROW
	  "\n\n" },
	{ { .sched = true },
	  SUMMARY " app (100), 14 events, 77.8%, 0.000 msec\n\n" COLUMNS READ_ROW WRITE_ROW
	  OPENAT_ROW "\n\n app (101), 4 events, 22.2%, 0.000 msec\n\n" COLUMNS CLOSE_ROW "\n\n" },
	{ { .pids = "999" }, SUMMARY },
};

static void test_trace_summary__as_perf(void **state)
{
	struct strbuf out = STRBUF_INIT;
	char path[128];

	(void)state;
	write_calls(path, sizeof(path));
	for (size_t i = 0; i < ARRAY_SIZE(summary_cases); i++)
		if (strcmp(summary_of(path, &summary_cases[i].o, &out), summary_cases[i].want))
			fail_msg("case %zu:\n%s", i, out.buf);
	strbuf_release(&out);
}

static void make_tracepoint(const char *root, const char *name)
{
	char path[300];

	snprintf(path, sizeof(path), "%s/events/syscalls/%s", root, name);
	assert_int_equal(mkdir(path, 0755), 0);
}

/* A tracefs without a call's tracepoint (under its name or the kernel's
 * alias for it): that call is left out; its events still count in the
 * whole. A tracefs that cannot be read keeps them all. */
static void test_trace_summary__calls_the_tracefs_lacks(void **state)
{
	static const struct call tool[] = {
		{ 300, 4, 0, 2000, 0 },		/* stat: sys_enter_newstat */
		{ 300, 6, 3000, 1000, 0 },	/* lstat: neither */
		{ 300, NR_OPENAT, 5000, 1000, 3 },
	};
	struct trace_summary_opts o = { 0 };
	struct strbuf out = STRBUF_INIT;
	char path[128], fs_root[128], sub[160];
	struct fake_sched fs;

	(void)state;
	fake_sched__init(&fs);
	fake_sched__comm(&fs, 300, 300, "tool", T0 - MS);
	for (size_t i = 0; i < ARRAY_SIZE(tool); i++) {
		fake_sched__sys_enter(&fs, 1, T0 + tool[i].at * US, 300, 300, tool[i].id);
		fake_sched__sys_exit(&fs, 1, T0 + (tool[i].at + tool[i].took) * US, 300, 300,
				     tool[i].id, tool[i].ret);
	}
	snprintf(path, sizeof(path), "%s/tool.data", dir);
	assert_int_equal(fake_sched__write(&fs, path), 0);

	snprintf(fs_root, sizeof(fs_root), "%s/tracefs", dir);
	snprintf(sub, sizeof(sub), "%s/events", fs_root);
	assert_int_equal(mkdir(fs_root, 0755), 0);
	assert_int_equal(mkdir(sub, 0755), 0);
	strbuf_addstr(&out, sub);
	strbuf_addstr(&out, "/syscalls");
	assert_int_equal(mkdir(out.buf, 0755), 0);
	make_tracepoint(fs_root, "sys_enter_newstat");
	make_tracepoint(fs_root, "sys_enter_openat");
	o.tracefs = fs_root;
	summary_of(path, &o, &out);
	assert_string_equal(out.buf, SUMMARY " tool (300), 4 events, 66.7%\n\n" COLUMNS
		"   stat                   1      0     2.000     2.000     2.000     2.000"
		"      0.00%\n"
		"   openat                 1      0     1.000     1.000     1.000     1.000"
		"      0.00%\n"
		"\n\n");
	/* no events/syscalls to ask: every call the table names */
	o.tracefs = dir;
	summary_of(path, &o, &out);
	assert_non_null(strstr(out.buf, " tool (300), 6 events, 100.0%\n"));
	assert_non_null(strstr(out.buf, "\n   lstat                  1      0     1.000 "));
	strbuf_release(&out);
}

static void test_trace_summary__errors(void **state)
{
	struct trace_summary_opts o = { .pids = "12,x" };
	struct strbuf out = STRBUF_INIT, err = STRBUF_INIT;
	char path[128];

	(void)state;
	write_calls(path, sizeof(path));
	assert_int_not_equal(trace_summary(path, &o, &out, &err), 0);
	assert_non_null(strstr(err.buf, "-p"));
	assert_string_equal(out.buf, "");
	strbuf_reset(&err);
	o.pids = NULL;
	snprintf(path, sizeof(path), "%s/missing.data", dir);
	assert_int_not_equal(trace_summary(path, &o, &out, &err), 0);
	assert_non_null(strstr(err.buf, "missing.data"));
	assert_string_equal(out.buf, "");
	strbuf_release(&out);
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
		cmocka_unit_test(test_trace_summary__as_perf),
		cmocka_unit_test(test_trace_summary__calls_the_tracefs_lacks),
		cmocka_unit_test(test_trace_summary__errors),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
