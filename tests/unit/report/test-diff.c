// SPDX-License-Identifier: GPL-2.0
/*
 * perf diff's table: the baseline's entries paired with the new file's by
 * their keys' text (all unresolved addresses one symbol), each pair's
 * change as -c asks, rows ordered by it and laid out as perf 6.1's --stdio
 * (the expected tables are what perf diff -s sym printed for these same
 * two recordings). -c's spelling checked; no event in common explained.
 */
#include <errno.h>
#include <stdlib.h>

#include "../unit-test.h"
#include "../synth-profile.h"
#include "../../../util/report/diff.h"
#include "../../../util/report/report.h"

static const struct synth_sample old_samples[] = {
	{ 0, 0, 1, 400, "main,work,leaf" },
	{ 0, 0, 1, 300, "main,parse" },
	{ 0, 0, 1, 200, "main,work" },
	{ 0, 0, 1, 50, "main" },
	{ 0, 0, 1, 50, "main,?" },
};

static const struct synth_sample new_samples[] = {
	{ 0, 0, 1, 100, "main,work,leaf" },
	{ 0, 0, 1, 300, "main,parse" },
	{ 0, 0, 1, 450, "main,work" },
	{ 0, 0, 1, 100, "say \"hi\"\\there" },
	{ 0, 0, 1, 25, "main,!" },		/* pairs with "?": both unresolved */
	{ 0, 0, 1, 25, "main,?" },
};

static const struct synth_sample other_event[] = {
	{ 1, 0, 1, 100, "main" },
};

struct files {
	struct synth_profile old, new;
};

static int write_files(void **state)
{
	struct files *f = calloc(1, sizeof(*f));

	assert_non_null(f);
	synth_profile__write(&f->old, old_samples, sizeof(old_samples) / sizeof(old_samples[0]));
	synth_profile__write(&f->new, new_samples, sizeof(new_samples) / sizeof(new_samples[0]));
	*state = f;
	return 0;
}

static int remove_files(void **state)
{
	struct files *f = *state;

	synth_profile__remove(&f->old);
	synth_profile__remove(&f->new);
	free(f);
	return 0;
}

/* @path read as perf-mini diff reads each file (cmd/diff.c) */
static void read_report(struct report *r, struct report_opts *o, const char *path)
{
	*o = (struct report_opts){
		.input = path, .sort = "sym", .fields = "sym", .group = 0, .children = 0,
		.branch_stack = 0, .inline_frames = 0, .demangle = true, .skip_empty = true,
		.socket_filter = -1, .stdio = true, .diff_mode = true,
		.chain.mode = CHAIN_NONE,
	};
	*r = (struct report){ .o = o, .err = STRBUF_INIT, .sort_order = STRBUF_INIT,
			      .trace_buf = STRBUF_INIT };
	assert_int_equal(perf_data__open(&r->pd, path, &r->err), 0);
	assert_int_equal(report__setup(r), 0);
	assert_int_equal(report__process(r), 0);
}

struct diff_case {
	struct {
		const char *compute;
		bool period, formula, baseline_only;
	} args;
	const char *table;
};

static const struct diff_case cases[] = {
	{ { "delta-abs", false, false, false },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline  Delta Abs  Symbol                \n"
	  "# ........  .........  ......................\n"
	  "#\n"
	  "    40.00%    -30.00%  [.] leaf\n"
	  "    20.00%    +25.00%  [.] work\n"
	  "              +10.00%  [.] say \"hi\"\\there\n"
	  "    30.00%     +0.00%  [.] parse\n"
	  "     5.00%     +0.00%  [.] 0x00007f0000000080\n"
	  "     5.00%             [.] main\n" },
	{ { "delta", false, false, false },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline    Delta  Symbol                \n"
	  "# ........  .......  ......................\n"
	  "#\n"
	  "    20.00%  +25.00%  [.] work\n"
	  "            +10.00%  [.] say \"hi\"\\there\n"
	  "    30.00%   +0.00%  [.] parse\n"
	  "     5.00%   +0.00%  [.] 0x00007f0000000080\n"
	  "    40.00%  -30.00%  [.] leaf\n"
	  "     5.00%           [.] main\n" },
	{ { "ratio", false, false, false },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline           Ratio  Symbol                \n"
	  "# ........  ..............  ......................\n"
	  "#\n"
	  "    20.00%        2.250000  [.] work\n"
	  "    30.00%        1.000000  [.] parse\n"
	  "     5.00%        1.000000  [.] 0x00007f0000000080\n"
	  "    40.00%        0.250000  [.] leaf\n"
	  "                       N/A  [.] say \"hi\"\\there\n"
	  "     5.00%                  [.] main\n" },
	{ { "wdiff:1,2", false, false, false },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline   Weighted diff  Symbol                \n"
	  "# ........  ..............  ......................\n"
	  "#\n"
	  "    20.00%             700  [.] work\n"
	  "    30.00%             300  [.] parse\n"
	  "     5.00%              50  [.] 0x00007f0000000080\n"
	  "    40.00%            -200  [.] leaf\n"
	  "                       N/A  [.] say \"hi\"\\there\n"
	  "     5.00%                  [.] main\n" },
	{ { "delta-abs", true, true, false },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline     Base period  Delta Abs                                         "
	  "                        Formula          Period  Symbol                \n"
	  "# ........  ..............  .........  ......................................."
	  "...............................  ..............  ......................\n"
	  "#\n"
	  "    40.00%             400    -30.00%                                 (100 * 1"
	  "00 / 1000) - (400 * 100 / 1000)             100  [.] leaf\n"
	  "    20.00%             200    +25.00%                                 (450 * 1"
	  "00 / 1000) - (200 * 100 / 1000)             450  [.] work\n"
	  "                         0    +10.00%                                   (100 *"
	  " 100 / 1000) - (0 * 100 / 1000)             100  [.] say \"hi\"\\there\n"
	  "    30.00%             300     +0.00%                                 (300 * 1"
	  "00 / 1000) - (300 * 100 / 1000)             300  [.] parse\n"
	  "     5.00%              50     +0.00%                                   (50 * "
	  "100 / 1000) - (50 * 100 / 1000)              50  [.] 0x00007f0000000080\n"
	  "     5.00%              50                                                    "
	  "                                                 [.] main\n" },
	{ { "delta-abs", false, false, true },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline  Delta Abs  Symbol                \n"
	  "# ........  .........  ......................\n"
	  "#\n"
	  "    42.11%    -30.00%  [.] leaf\n"
	  "    21.05%    +25.00%  [.] work\n"
	  "    31.58%     +0.00%  [.] parse\n"
	  "     5.26%     +0.00%  [.] 0x00007f0000000080\n" },
	{ { "wdiff:3,1", true, false, false },
	  "# Event 'cpu-clock:HG'\n"
	  "#\n"
	  "# Baseline     Base period   Weighted diff          Period  Symbol            "
	  "    \n"
	  "# ........  ..............  ..............  ..............  .................."
	  "....\n"
	  "#\n"
	  "     5.00%              50            -100              50  [.] 0x00007f000000"
	  "0080\n"
	  "    20.00%             200            -150             450  [.] work\n"
	  "    30.00%             300            -600             300  [.] parse\n"
	  "    40.00%             400           -1100             100  [.] leaf\n"
	  "                         0             N/A             100  [.] say \"hi\"\\there"
	  "\n"
	  "     5.00%              50                                  [.] main\n" },
};

static void test_diff__tables_as_perf(void **state)
{
	const struct files *f = *state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct diff_case *c = &cases[i];
		struct diff_opts o = { .period = c->args.period, .formula = c->args.formula,
				       .baseline_only = c->args.baseline_only };
		struct strbuf err = STRBUF_INIT;
		struct report_opts bo, no;
		struct report base, new;
		char *text = NULL;
		size_t size = 0;
		FILE *out;

		print_message("-c %s%s%s%s\n", c->args.compute, c->args.period ? " -p" : "",
			      c->args.formula ? " -F" : "", c->args.baseline_only ? " -b" : "");
		assert_int_equal(diff__parse_compute(c->args.compute, &o, &err), 0);
		read_report(&base, &bo, f->old.path);
		read_report(&new, &no, f->new.path);
		assert_non_null(out = open_memstream(&text, &size));
		assert_int_equal(diff__fprintf(&base, &new, &o, out), 1);
		assert_int_equal(fclose(out), 0);
		assert_string_equal(text, c->table);
		free(text);
		report__exit(&base);
		report__exit(&new);
		strbuf_release(&err);
	}
}

static const struct {
	const char *arg;
	int ret;
	enum diff_compute compute;
	int64_t w1, w2;
	const char *says;	/* in the error */
} computes[] = {
	{ "delta-abs", 0, DIFF_DELTA_ABS, 0, 0, NULL },
	{ "delta", 0, DIFF_DELTA, 0, 0, NULL },
	{ "ratio", 0, DIFF_RATIO, 0, 0, NULL },
	{ "wdiff:1,2", 0, DIFF_WDIFF, 1, 2, NULL },
	{ "wdiff:-3,10", 0, DIFF_WDIFF, -3, 10, NULL },
	{ "wdiff:0,1", -EINVAL, 0, 0, 0, "two non-zero weights" },
	{ "wdiff:1", -EINVAL, 0, 0, 0, "two non-zero weights" },
	{ "wdiff:1,", -EINVAL, 0, 0, 0, "two non-zero weights" },
	{ "wdiff:1,2x", -EINVAL, 0, 0, 0, "two non-zero weights" },
	{ "wdiff:", -EINVAL, 0, 0, 0, "two non-zero weights" },
	{ "Delta", -EINVAL, 0, 0, 0, "is not a computation" },
	{ "cycles", -EINVAL, 0, 0, 0, "not implemented" },
	{ "", -EINVAL, 0, 0, 0, "is not a computation" },
};

static void test_diff__compute_spelling(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(computes) / sizeof(computes[0]); i++) {
		struct diff_opts o = { 0 };
		struct strbuf err = STRBUF_INIT;

		print_message("-c '%s'\n", computes[i].arg);
		assert_int_equal(diff__parse_compute(computes[i].arg, &o, &err), computes[i].ret);
		if (computes[i].ret) {
			assert_non_null(strstr(err.buf, computes[i].says));
			assert_non_null(strstr(err.buf, "\nhint: "));
		} else {
			assert_int_equal(err.len, 0);
			assert_int_equal(o.compute, computes[i].compute);
			assert_int_equal(o.w1, computes[i].w1);
			assert_int_equal(o.w2, computes[i].w2);
		}
		strbuf_release(&err);
	}
}

/* Events pair by type and config: none in common, nothing printed and
 * the cause named; a file without samples said to be so. */
static void test_diff__no_pair_explained(void **state)
{
	const struct files *f = *state;
	struct diff_opts o = { .compute = DIFF_DELTA_ABS };
	struct strbuf err = STRBUF_INIT, want = STRBUF_INIT;
	struct synth_profile other, empty;
	struct report_opts bo, no, eo;
	struct report base, new, none;

	synth_profile__write(&other, other_event, 1);
	synth_profile__write(&empty, NULL, 0);
	read_report(&base, &bo, f->old.path);
	read_report(&new, &no, other.path);
	read_report(&none, &eo, empty.path);
	assert_int_equal(diff__fprintf(&base, &new, &o, stdout), 0);
	diff__explain_no_pair(&base, &new, &err);
	strbuf_addf(&want, "nothing to compare: no event of %s (cpu-clock:HG) is in %s "
		    "(instructions:HG)\nhint: ", f->old.path, other.path);
	assert_memory_equal(err.buf, want.buf, want.len);
	assert_int_equal(diff__fprintf(&base, &none, &o, stdout), 0);
	strbuf_reset(&err);
	strbuf_reset(&want);
	diff__explain_no_pair(&base, &none, &err);
	strbuf_addf(&want, "nothing to compare: %s has no samples", empty.path);
	assert_string_equal(err.buf, want.buf);
	report__exit(&base);
	report__exit(&new);
	report__exit(&none);
	synth_profile__remove(&other);
	synth_profile__remove(&empty);
	strbuf_release(&err);
	strbuf_release(&want);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_diff__tables_as_perf),
		cmocka_unit_test(test_diff__compute_spelling),
		cmocka_unit_test(test_diff__no_pair_explained),
	};

	return cmocka_run_group_tests(tests, write_files, remove_files);
}
