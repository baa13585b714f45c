// SPDX-License-Identifier: GPL-2.0
/*
 * Which samples report and script keep, by perf's options: -C and --time
 * on the sample (bad lists refused before a file is read), --comms, --pid,
 * --tid on its thread, --dsos by short or long name, -S by symbol name or,
 * for an entry perf's strtoul reads as hex whole, by the sampled address.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/report/sample-filter.h"

#define S 1000000000ULL

static const struct {
	const char *cpus, *time;
	int ret;
} args[] = {
	{ "0-3,6", NULL, 0 },
	{ "5", "1.5,", 0 },
	{ NULL, ",2", 0 },
	{ NULL, "10%", 0 },
	{ "", NULL, -EINVAL },
	{ "x", NULL, -EINVAL },
	{ "3-1", NULL, -EINVAL },
	{ "1,", NULL, -EINVAL },
	{ "1;2", NULL, -EINVAL },
	{ "0-3", "abc", -EINVAL },
	{ NULL, "2,1", -EINVAL },
};

static void test_sample_filter__args_checked(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(args) / sizeof(args[0]); i++) {
		struct strbuf err = STRBUF_INIT;

		print_message("-C '%s' --time '%s'\n", args[i].cpus ?: "", args[i].time ?: "");
		assert_int_equal(sample_filter__check_args(args[i].cpus, args[i].time, &err),
				 args[i].ret);
		assert_int_equal(err.len > 0, args[i].ret != 0);
		if (args[i].cpus && args[i].ret && !args[i].time)
			assert_non_null(strstr(err.buf, args[i].cpus));
		strbuf_release(&err);
	}
}

/* -C 0-1,4 --time 110,120 on a recording from 100 s to 200 s */
static void test_sample_filter__skips_outside_cpus_and_time(void **state)
{
	struct perf_data pd = { .feat = { .first_sample_time = 100 * S,
					  .last_sample_time = 200 * S } };
	struct sample_filter f = { 0 };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_false(sample_filter__skip(&f, 5 * S, 99));	/* nothing asked */
	assert_int_equal(sample_filter__setup(&f, "0-1,4", "110,120", &pd, false, &err), 0);
	assert_false(sample_filter__skip(&f, 115 * S, 0));
	assert_false(sample_filter__skip(&f, 115 * S, 4));
	assert_true(sample_filter__skip(&f, 115 * S, 2));
	assert_true(sample_filter__skip(&f, 115 * S, 5));
	assert_true(sample_filter__skip(&f, 130 * S, 1));
	assert_true(sample_filter__skip(&f, 105 * S, 1));
	assert_false(sample_filter__by_location(&f));
	sample_filter__exit(&f);
	assert_null(f.cpus);
	/* script --reltime: 10,20 from the first sample */
	assert_int_equal(sample_filter__setup(&f, NULL, "10,20", &pd, true, &err), 0);
	assert_false(sample_filter__skip(&f, 115 * S, 7));
	assert_true(sample_filter__skip(&f, 15 * S, 7));
	sample_filter__exit(&f);
	assert_int_equal(err.len, 0);
	strbuf_release(&err);
}

static const struct {
	const char *entry;
	size_t len;	/* 0: strlen */
	bool address;
} entries[] = {
	{ "0x4005d0", 0, true },
	{ "4005d0", 0, true },
	{ "add", 0, true },		/* perf too: hex wins over a name */
	{ "ff  ", 0, true },		/* trailing spaces, as perf skips them */
	{ "ff,main", 2, true },		/* only @len bytes */
	{ "main", 0, false },
	{ "f00bar", 0, false },
	{ "0x", 0, false },
	{ "", 0, false },
	{ "ff x", 0, false },
	{ "123456789abcdef0123", 0, false },	/* out of range */
};

static void test_sample_filter__address_entries(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(entries) / sizeof(entries[0]); i++) {
		size_t len = entries[i].len ?: strlen(entries[i].entry);

		print_message("-S '%.*s'\n", (int)len, entries[i].entry);
		assert_int_equal(sample_filter__is_address(entries[i].entry, len),
				 entries[i].address);
	}
}

static struct thread thr = { .pid = 100, .tid = 101 };
static struct dso libc = { .long_name = "/usr/lib/libc.so.6", .short_name = "libc.so.6" };
static struct symbol memcpy_sym = { .start = 0x1000, .end = 0x1100, .name = "memcpy" };

static const struct {
	struct sample_filter f;
	const struct dso *dso;
	const struct symbol *sym;
	uint64_t addr;
	bool mapped, rejected;
} where[] = {
	{ { .comms = "bash,prog" }, &libc, &memcpy_sym, 0, true, false },
	{ { .comms = "bash,progx" }, &libc, &memcpy_sym, 0, true, true },
	{ { .comms = "pro" }, &libc, &memcpy_sym, 0, true, true },	/* whole names */
	{ { .pids = "1,100" }, &libc, &memcpy_sym, 0, true, false },
	{ { .pids = "10" }, &libc, &memcpy_sym, 0, true, true },
	{ { .tids = "101" }, &libc, &memcpy_sym, 0, true, false },
	{ { .tids = "100" }, &libc, &memcpy_sym, 0, true, true },
	{ { .dsos = "libc.so.6" }, &libc, &memcpy_sym, 0, true, false },
	{ { .dsos = "x,/usr/lib/libc.so.6" }, &libc, &memcpy_sym, 0, true, false },
	{ { .dsos = "libc" }, &libc, &memcpy_sym, 0, true, true },
	{ { .dsos = "[unknown]" }, NULL, NULL, 0, false, false },
	{ { .dsos = "libc.so.6" }, NULL, NULL, 0, false, true },
	{ { .symbols = "main,memcpy" }, &libc, &memcpy_sym, 0, true, false },
	{ { .symbols = "memcp" }, &libc, &memcpy_sym, 0, true, true },
	{ { .symbols = "memcpy" }, NULL, NULL, 0, false, true },
	{ { .symbols = "0x7f001234" }, &libc, &memcpy_sym, 0x7f001234, true, false },
	{ { .symbols = "7f001234" }, &libc, NULL, 0x7f001234, true, false },
	{ { .symbols = "0x7f001234" }, &libc, &memcpy_sym, 0x7f001235, true, true },
	{ { .symbols = "0x7f001234" }, NULL, NULL, 0x7f001234, false, true },	/* unmapped */
	{ { .comms = "prog", .pids = "100", .dsos = "libc.so.6", .symbols = "memcpy" },
	  &libc, &memcpy_sym, 0, true, false },
	{ { .comms = "prog", .pids = "100", .dsos = "libc.so.6", .symbols = "memset" },
	  &libc, &memcpy_sym, 0, true, true },
};

static void test_sample_filter__rejects_by_location(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(where) / sizeof(where[0]); i++) {
		print_message("case %zu\n", i);
		assert_true(sample_filter__by_location(&where[i].f));
		assert_int_equal(sample_filter__rejects(&where[i].f, &thr, "prog", where[i].dso,
							where[i].sym, where[i].addr,
							where[i].mapped),
				 where[i].rejected);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_sample_filter__args_checked),
		cmocka_unit_test(test_sample_filter__skips_outside_cpus_and_time),
		cmocka_unit_test(test_sample_filter__address_entries),
		cmocka_unit_test(test_sample_filter__rejects_by_location),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
