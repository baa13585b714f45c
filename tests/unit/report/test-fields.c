// SPDX-License-Identifier: GPL-2.0
/*
 * report's columns and sort order from --sort and -F, as perf 6.1 derives
 * them: without -F (or with "+a,b") the overhead leads, prefixed unless
 * --sort names it; with -F the columns are exactly those, --sort's keys
 * follow; every key sorted on is a column and every column is sorted on.
 * The column orders below are those perf report --stdio printed.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/report/fields.h"

/* @l's key names, comma separated, into @sb */
static void names_of(const struct sort_list *l, struct strbuf *sb)
{
	strbuf_reset(sb);
	for (int i = 0; i < l->nr; i++)
		strbuf_addf(sb, "%s%s", i ? "," : "", l->keys[i]->name);
}

struct fields_case {
	struct fields_spec spec;
	const char *sort, *columns;
	bool self_header, need_collapse;
};

#define DEFAULT_SORT "comm,dso,sym"

static const struct fields_case cases[] = {
	{ { .sort = DEFAULT_SORT },
	  "overhead,comm,dso,sym", "overhead,comm,dso,sym", false, true },
	/* perf: "Overhead  Pid:Command  Command  Shared Object  Symbol" */
	{ { .sort = DEFAULT_SORT, .fields = "+pid" },
	  "overhead,comm,dso,sym,pid", "overhead,pid,comm,dso,sym", false, true },
	/* perf: "Overhead  Samples  Period  Command  Shared Object  Symbol" */
	{ { .sort = DEFAULT_SORT, .show_nr_samples = true, .show_total_period = true },
	  "overhead,comm,dso,sym,sample,period", "overhead,sample,period,comm,dso,sym",
	  false, true },
	{ { .sort = DEFAULT_SORT, .show_cpu_utilization = true },
	  "overhead,comm,dso,sym,overhead_sys,overhead_us",
	  "overhead,overhead_sys,overhead_us,comm,dso,sym", false, true },
	{ { .sort = DEFAULT_SORT, .cumulate = true },
	  "overhead_children,overhead,comm,dso,sym",
	  "overhead_children,overhead,comm,dso,sym", true, true },
	/* --sort naming the overhead: no second one in front */
	{ { .sort = "dso,overhead", .user_sort = true },
	  "dso,overhead", "overhead,dso", false, false },
	{ { .sort = "overhead_children,sym", .user_sort = true, .cumulate = true },
	  "overhead,overhead_children,sym", "overhead_children,overhead,sym", true, false },
	/* perf: "Symbol  Overhead" */
	{ { .sort = DEFAULT_SORT, .fields = "sym,overhead" },
	  "sym,overhead", "sym,overhead", false, false },
	/* perf: "Symbol  Overhead  Shared Object" */
	{ { .sort = "dso", .user_sort = true, .fields = "sym,overhead" },
	  "dso,sym,overhead", "sym,overhead,dso", false, false },
	/* -F alone: no Self header, whatever --children says */
	{ { .sort = DEFAULT_SORT, .fields = "overhead,sym", .cumulate = true },
	  "overhead,sym", "overhead,sym", false, false },
	/* diff's collapse by name needs the symbol among the keys */
	{ { .sort = "dso,sym", .user_sort = true, .sym_by_name = true },
	  "overhead,dso,sym", "overhead,dso,sym", false, true },
	{ { .sort = "dso", .user_sort = true, .sym_by_name = true },
	  "overhead,dso", "overhead,dso", false, false },
	{ { .sort = "mem,sym", .user_sort = true, .mem_mode = true },
	  "overhead,mem,sym", "overhead,mem,sym", false, false },
};

static void test_fields__columns_and_order(void **state)
{
	struct strbuf got = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct fields_case *c = &cases[i];
		struct fields f;

		print_message("--sort %s -F %s\n", c->spec.sort, c->spec.fields ?: "(none)");
		assert_int_equal(fields__setup(&c->spec, &f, &err), 0);
		assert_int_equal(err.len, 0);
		names_of(&f.sort, &got);
		assert_string_equal(got.buf, c->sort);
		names_of(&f.columns, &got);
		assert_string_equal(got.buf, c->columns);
		assert_int_equal(f.self_header, c->self_header);
		assert_int_equal(f.need_collapse, c->need_collapse);
		assert_int_equal(f.sort.sym_by_name, c->spec.sym_by_name);
	}
	strbuf_release(&got);
	strbuf_release(&err);
}

static const struct {
	struct fields_spec spec;
	const char *says;	/* in the message */
} bad[] = {
	{ { .sort = "comm,bogus", .user_sort = true }, "'bogus'" },
	{ { .sort = DEFAULT_SORT, .fields = "sym,nope" }, "'nope'" },
	{ { .sort = DEFAULT_SORT, .fields = "+nope" }, "'nope'" },
	{ { .sort = "bogus", .user_sort = true, .fields = "sym" }, "'bogus'" },
	{ { .sort = DEFAULT_SORT, .fields = "mem" }, "--mem-mode" },
	{ { .sort = "snoop", .user_sort = true }, "--mem-mode" },
	{ { .sort = DEFAULT_SORT, .fields = "," }, "at least one key" },
};

static void test_fields__bad_keys_refused(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		struct fields f;

		print_message("--sort %s -F %s\n", bad[i].spec.sort,
			      bad[i].spec.fields ?: "(none)");
		assert_int_equal(fields__setup(&bad[i].spec, &f, &err), -EINVAL);
		assert_non_null(strstr(err.buf, bad[i].says));
		strbuf_release(&err);
	}
}

static void test_fields__strict_unless_plus(void **state)
{
	(void)state;
	assert_false(fields__strict(NULL));
	assert_false(fields__strict("+pid"));
	assert_false(fields__strict("+"));
	assert_true(fields__strict("pid"));
	assert_true(fields__strict("overhead,+pid"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_fields__columns_and_order),
		cmocka_unit_test(test_fields__bad_keys_refused),
		cmocka_unit_test(test_fields__strict_unless_plus),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
