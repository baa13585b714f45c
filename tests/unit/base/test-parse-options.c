// SPDX-License-Identifier: GPL-2.0
#include <stdbool.h>

#include "../unit-test.h"
#include "../../../util/base/parse-options.h"
#include "../../../util/base/suggest.h"

static const char *const usage[] = { "perf-mini test [<options>]", NULL };

struct vals {
	bool flag;
	int verbose;
	int num;
	const char *str;
};

static int parse_mode(struct vals *v, int argc, const char **argv, int mode,
		      struct strbuf *err);

static int parse(struct vals *v, int argc, const char **argv, struct strbuf *err)
{
	return parse_mode(v, argc, argv, PARSE_OPT_STOP_AT_NON_OPTION, err);
}

static int parse_mode(struct vals *v, int argc, const char **argv, int mode,
		      struct strbuf *err)
{
	struct option opts[] = {
		OPT_BOOLEAN('f', "flag", &v->flag, "a flag"),
		OPT_INCR('v', "verbose", &v->verbose, "more"),
		OPT_INTEGER('n', "number", &v->num, "a number"),
		OPT_STRING('s', "string", &v->str, "s", "a string"),
		OPT_BOOLEAN(0, "metric-only", &v->flag, "x"),
		OPT_BOOLEAN(0, "metrics", &v->flag, "y"),
		OPT_END(),
	};

	return parse_options(argc, argv, opts, usage, mode, err);
}

/* mem's way: its options anywhere, the rest (unknowns with their values,
 * non-options, "--" and after) kept in order for the next command */
static void test_parse_options__keep_unknown(void **state)
{
	const char *argv[] = { "test", "report", "-D", "-f", "--stdio", "-o", "x", "--flagx",
			       "--metrics", "--", "-v", NULL };
	struct vals v = { 0 };
	struct strbuf err = STRBUF_INIT;
	int n;

	(void)state;
	n = parse_mode(&v, 11, argv, PARSE_OPT_KEEP_UNKNOWN | PARSE_OPT_KEEP_DASHDASH, &err);
	assert_int_equal(n, 8);
	assert_string_equal(argv[0], "report");
	assert_string_equal(argv[1], "-D");
	assert_string_equal(argv[2], "--stdio");
	assert_string_equal(argv[3], "-o");
	assert_string_equal(argv[4], "x");
	assert_string_equal(argv[5], "--flagx");	/* exact names only: no prefix match */
	assert_string_equal(argv[6], "--");
	assert_string_equal(argv[7], "-v");
	assert_true(v.flag);
	assert_int_equal(v.verbose, 0);
	assert_int_equal(err.len, 0);
	strbuf_release(&err);
}

static void test_parse_options__clusters_and_attached_values(void **state)
{
	const char *argv[] = { "test", "-vvf", "-n42", "-s,", "cmd", "-x", NULL };
	struct vals v = { 0 };
	struct strbuf err = STRBUF_INIT;
	int n;

	(void)state;
	n = parse(&v, 6, argv, &err);
	assert_int_equal(n, 2);
	assert_string_equal(argv[0], "cmd");
	assert_string_equal(argv[1], "-x");
	assert_int_equal(v.verbose, 2);
	assert_true(v.flag);
	assert_int_equal(v.num, 42);
	assert_string_equal(v.str, ",");
	strbuf_release(&err);
}

static void test_parse_options__long_forms(void **state)
{
	const char *argv[] = { "test", "--number=7", "--string", "x", "--flag", "--no-flag",
			       "--", "-f", NULL };
	struct vals v = { 0 };
	struct strbuf err = STRBUF_INIT;
	int n;

	(void)state;
	n = parse(&v, 8, argv, &err);
	assert_int_equal(n, 1);
	assert_string_equal(argv[0], "-f");
	assert_int_equal(v.num, 7);
	assert_string_equal(v.str, "x");
	assert_false(v.flag);
	strbuf_release(&err);
}

static void test_parse_options__errors_name_the_option(void **state)
{
	const char *bad_num[] = { "test", "-n", "4x", NULL };
	const char *missing[] = { "test", "--string", NULL };
	const char *unknown[] = { "test", "--metric-onyl", NULL };
	const char *ambiguous[] = { "test", "--metric", NULL };
	struct vals v = { 0 };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(parse(&v, 3, bad_num, &err), PARSE_OPT_ERROR);
	assert_non_null(strstr(err.buf, "switch `n' expects a numerical value"));
	strbuf_reset(&err);
	assert_int_equal(parse(&v, 2, missing, &err), PARSE_OPT_ERROR);
	assert_non_null(strstr(err.buf, "option `string' requires a value"));
	strbuf_reset(&err);
	assert_int_equal(parse(&v, 2, unknown, &err), PARSE_OPT_ERROR);
	assert_non_null(strstr(err.buf, "Error: unknown option `metric-onyl'"));
	assert_non_null(strstr(err.buf, "Did you mean `--metric-only'?"));
	strbuf_reset(&err);
	assert_int_equal(parse(&v, 2, ambiguous, &err), PARSE_OPT_ERROR);
	assert_non_null(strstr(err.buf, "Ambiguous option"));
	strbuf_release(&err);
}

static void test_parse_options__help_lists_every_option(void **state)
{
	const char *argv[] = { "test", "-h", NULL };
	struct vals v = { 0 };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(parse(&v, 2, argv, &err), PARSE_OPT_USAGE);
	assert_non_null(strstr(err.buf, "    -n, --number <n>      a number\n"));
	assert_non_null(strstr(err.buf, "        --metric-only     x\n"));
	strbuf_release(&err);
}

/* perf's -h WORD...: "-n" and "--metrics" name options, "STRING" a help
 * text in any case; --help is the whole usage, for stdout */
static void test_parse_options__help_of_named_options(void **state)
{
	const char *argv[] = { "test", "-h", "-n", "--metrics", "STRING", NULL };
	const char *long_help[] = { "test", "--help", "-n", NULL };
	struct vals v = { 0 };
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(parse(&v, 5, argv, &err), PARSE_OPT_USAGE);
	assert_non_null(strstr(err.buf, "    -n, --number <n>      a number\n"));
	assert_non_null(strstr(err.buf, "        --metrics         y\n"));
	assert_non_null(strstr(err.buf, "    -s, --string <s>      a string\n"));
	assert_null(strstr(err.buf, "--metric-only"));
	assert_null(strstr(err.buf, "--flag"));
	strbuf_reset(&err);
	assert_int_equal(parse(&v, 3, long_help, &err), PARSE_OPT_HELP);
	assert_non_null(strstr(err.buf, "--flag"));
	strbuf_release(&err);
}

static int take_mode(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	(void)unset;
	(void)err;
	*(const char **)opt->value = arg ? arg : "default";
	return 0;
}

/* perf's OPT_CALLBACK_DEFAULT: the next word unless last or an option */
static void test_parse_options__lastarg_default(void **state)
{
	struct strbuf err = STRBUF_INIT;
	const char *mode = NULL;
	bool flag = false;
	struct option opts[] = {
		{ .type = OPTION_CALLBACK, .long_name = "color", .value = &mode, .argh = "mode",
		  .flags = PARSE_OPT_LASTARG_DEFAULT, .callback = take_mode, .help = "x" },
		OPT_BOOLEAN('f', "flag", &flag, "a flag"),
		OPT_END(),
	};
	const char *next[] = { "x", "--color", "never", "-f", NULL };
	const char *before_opt[] = { "x", "--color", "-f", NULL };
	const char *last[] = { "x", "-f", "--color", NULL };
	const char *attached[] = { "x", "--color=auto", NULL };

	(void)state;
	assert_int_equal(parse_options(4, next, opts, usage, 0, &err), 0);
	assert_string_equal(mode, "never");
	assert_true(flag);
	flag = false;
	assert_int_equal(parse_options(3, before_opt, opts, usage, 0, &err), 0);
	assert_string_equal(mode, "default");
	assert_true(flag);
	assert_int_equal(parse_options(3, last, opts, usage, 0, &err), 0);
	assert_string_equal(mode, "default");
	assert_int_equal(parse_options(2, attached, opts, usage, 0, &err), 0);
	assert_string_equal(mode, "auto");
	strbuf_release(&err);
}

static void test_suggest__closest_spelling(void **state)
{
	const char *cmds[] = { "list", "stat", "help" };

	(void)state;
	assert_int_equal(suggest_distance("stta", "stat"), 1);
	assert_string_equal(suggest_closest("stta", cmds, 3), "stat");
	assert_string_equal(suggest_closest("lsit", cmds, 3), "list");
	assert_null(suggest_closest("zzzzzzzz", cmds, 3));
}

/* two edits turn any short word into another: no suggestion then */
static void test_suggest__short_words_need_one_edit(void **state)
{
	const char *opts[] = { "pid", "aio", "affinity" };

	(void)state;
	assert_null(suggest_closest("aio", opts, 1));	/* two edits from "pid" */
	assert_null(suggest_closest("abc", opts + 1, 1));	/* two from "aio" */
	assert_string_equal(suggest_closest("aoi", opts, 3), "aio");
	assert_string_equal(suggest_closest("afinity", opts, 3), "affinity");
	assert_string_equal(suggest_closest("aifinity", opts, 3), "affinity");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse_options__clusters_and_attached_values),
		cmocka_unit_test(test_parse_options__keep_unknown),
		cmocka_unit_test(test_parse_options__long_forms),
		cmocka_unit_test(test_parse_options__errors_name_the_option),
		cmocka_unit_test(test_parse_options__help_lists_every_option),
		cmocka_unit_test(test_parse_options__help_of_named_options),
		cmocka_unit_test(test_parse_options__lastarg_default),
		cmocka_unit_test(test_suggest__closest_spelling),
		cmocka_unit_test(test_suggest__short_words_need_one_edit),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
