// SPDX-License-Identifier: GPL-2.0
/*
 * report -T: READ records' counts summed per thread and event, printed in
 * the layout of perf's perf_read_values__display(): columns as wide as
 * their widest cell, threads and events in the order first seen, zero
 * where a thread never read an event; --pretty=raw one row per thread and
 * event with the event's raw id in hex (a newline after each row, where
 * perf writes none).
 */
#include "../unit-test.h"
#include "../../../util/report/read-values.h"

struct read {
	int32_t pid, tid;
	uint64_t rawid;
	const char *name;
	uint64_t value;
};

struct table_case {
	const char *what;
	struct read reads[6];	/* up to a zero name */
	const char *pretty, *raw;
};

static const struct table_case cases[] = {
	{ "nothing read", { { 0 } }, "# PID  TID\n", "# PID  TID  Name  Raw  Count\n" },
	{ "two threads, two events, summed",
	  { { 10, 10, 0, "cycles", 100 }, { 10, 11, 0, "cycles", 5 },
	    { 10, 10, 1, "instructions", 1000 }, { 10, 10, 0, "cycles", 23 } },
	  "# PID  TID  cycles  instructions\n"
	  "   10   10     123          1000\n"
	  "   10   11       5             0\n",
	  "# PID  TID          Name  Raw  Count\n"
	  "   10   10        cycles    0    123\n"
	  "   10   10  instructions    1   1000\n"
	  "   10   11        cycles    0      5\n"
	  "   10   11  instructions    1      0\n" },
	{ "widths from the cells",
	  { { -1, 123456, 0xdeadbeefcafe0001ULL, "c", UINT64_MAX } },
	  "# PID     TID                     c\n"
	  "   -1  123456  18446744073709551615\n",
	  "# PID     TID  Name               Raw                 Count\n"
	  "   -1  123456     c  deadbeefcafe0001  18446744073709551615\n" },
};

static char *print(const struct read_values *v, bool raw)
{
	char *text = NULL;
	size_t size = 0;
	FILE *f = open_memstream(&text, &size);

	assert_non_null(f);
	read_values__fprintf(v, raw, f);
	assert_int_equal(fclose(f), 0);
	return text;
}

static void test_read_values__perf_layout(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct table_case *c = &cases[i];
		struct read_values v = { 0 };
		char *text;

		print_message("%s\n", c->what);
		for (const struct read *r = c->reads; r->name; r++)
			read_values__add(&v, r->pid, r->tid, r->rawid, r->name, r->value);
		text = print(&v, false);
		assert_string_equal(text, c->pretty);
		free(text);
		text = print(&v, true);
		assert_string_equal(text, c->raw);
		free(text);
		read_values__exit(&v);
		assert_int_equal(v.nr_threads, 0);
	}
}

/* More events than the first rows had room for: the rows grow, keeping
 * their counts, and a thread seen later has zeros for what it never read. */
static void test_read_values__rows_grow(void **state)
{
	enum { NR = 40 };
	static const char *const name = "e";
	struct read_values v = { 0 };

	(void)state;
	for (uint64_t c = 0; c < NR; c++)
		read_values__add(&v, 1, 1, 100 + c, name, c + 1);
	read_values__add(&v, 1, 2, 100 + NR - 1, name, 7);
	read_values__add(&v, 1, 1, 100 + 3, name, 1000);	/* again: summed */
	assert_int_equal(v.nr_threads, 2);
	assert_int_equal(v.nr_counters, NR);
	for (size_t c = 0; c < NR; c++) {
		assert_int_equal(v.counters[c].rawid, 100 + c);
		assert_int_equal(v.value[0][c], c == 3 ? 1004 : c + 1);
		assert_int_equal(v.value[1][c], c == NR - 1 ? 7 : 0);
	}
	read_values__exit(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_read_values__perf_layout),
		cmocka_unit_test(test_read_values__rows_grow),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
