// SPDX-License-Identifier: GPL-2.0
/*
 * The text of a source line for script -F srccode: line N of the file
 * without its newline, nothing past the last line or before the first,
 * and each file read once, so a file that changes or appears later reads
 * as it was first seen (a script prints thousands of lines of a few
 * files).
 */
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/symbols/srccode.h"

static char dir[] = "/tmp/pm-srccode.XXXXXX";

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	fputs(text, f);
	assert_int_equal(fclose(f), 0);
}

/* @name in the test's directory, written with @text unless NULL. */
static const char *file(char *path, size_t size, const char *name, const char *text)
{
	snprintf(path, size, "%s/%s", dir, name);
	if (text)
		write_file(path, text);
	return path;
}

struct line_case {
	const char *text;	/* the file */
	unsigned int line;
	const char *want;	/* NULL: no such line */
};

static const struct line_case line_cases[] = {
	{ "int a;\nint b;\n", 1, "int a;" },
	{ "int a;\nint b;\n", 2, "int b;" },
	{ "int a;\nint b;\n", 3, NULL },		/* past the last */
	{ "int a;\nint b;\n", 0, NULL },		/* lines count from 1 */
	{ "int a;\nint b;", 2, "int b;" },		/* no newline at the end */
	{ "a\n\nc\n", 2, "" },				/* an empty line is a line */
	{ "a\n\n", 2, "" },				/* and the last one too */
	{ "a\n\n", 3, NULL },
	{ "\n", 1, "" },
	{ "", 1, NULL },				/* an empty file has none */
	{ "\tx = 1;  \n", 1, "\tx = 1;  " },		/* the text as it is */
	{ "one\r\ntwo\r\n", 1, "one\r" },		/* only '\n' ends a line */
};

static void test_srccode__lines_of_a_file(void **state)
{
	char path[256];

	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(line_cases); i++) {
		const struct line_case *c = &line_cases[i];
		struct srccode sc = { 0 };
		char name[32];
		const char *got;
		int len = -1;

		snprintf(name, sizeof(name), "case%zu.c", i);
		got = srccode__line(&sc, file(path, sizeof(path), name, c->text), c->line, &len);
		if (!c->want) {
			assert_null(got);
		} else {
			assert_non_null(got);
			assert_int_equal(len, (int)strlen(c->want));
			assert_memory_equal(got, c->want, strlen(c->want));
		}
		srccode__exit(&sc);
	}
}

static void test_srccode__read_once(void **state)
{
	struct srccode sc = { 0 };
	char path[256], late[256];
	const char *got;
	int len;

	(void)state;
	file(path, sizeof(path), "once.c", "first\nsecond\n");
	got = srccode__line(&sc, path, 2, &len);
	assert_non_null(got);
	write_file(path, "changed\n");
	/* the text first read, still there and unchanged */
	assert_ptr_equal(srccode__line(&sc, path, 2, &len), got);
	assert_int_equal(len, 6);
	assert_memory_equal(got, "second", 6);
	/* a file that was not there is remembered as missing */
	file(late, sizeof(late), "late.c", NULL);
	assert_null(srccode__line(&sc, late, 1, &len));
	write_file(late, "now here\n");
	assert_null(srccode__line(&sc, late, 1, &len));
	/* a new table reads them afresh */
	srccode__exit(&sc);
	got = srccode__line(&sc, path, 1, &len);
	assert_non_null(got);
	assert_int_equal(len, 7);
	assert_memory_equal(got, "changed", 7);
	assert_null(srccode__line(&sc, path, 2, &len));
	assert_non_null(srccode__line(&sc, late, 1, &len));
	srccode__exit(&sc);
}

static void test_srccode__not_a_regular_file(void **state)
{
	struct srccode sc = { 0 };
	int len;

	(void)state;
	assert_null(srccode__line(&sc, dir, 1, &len));
	assert_null(srccode__line(&sc, "/nonexistent/pm-srccode.c", 1, &len));
	assert_null(srccode__line(&sc, "", 1, &len));
	srccode__exit(&sc);
}

/* Many files in one table: each keeps its own lines. */
static void test_srccode__many_files(void **state)
{
	struct srccode sc = { 0 };
	char path[256], name[32], text[64];
	const char *got;
	int len;

	(void)state;
	for (int i = 0; i < 40; i++) {
		snprintf(name, sizeof(name), "f%d.c", i);
		snprintf(text, sizeof(text), "/* %d */\nint v%d;\n", i, i);
		file(path, sizeof(path), name, text);
		assert_non_null(srccode__line(&sc, path, 1, &len));
	}
	for (int i = 39; i >= 0; i--) {
		snprintf(name, sizeof(name), "f%d.c", i);
		snprintf(text, sizeof(text), "int v%d;", i);
		got = srccode__line(&sc, file(path, sizeof(path), name, NULL), 2, &len);
		assert_non_null(got);
		assert_int_equal(len, (int)strlen(text));
		assert_memory_equal(got, text, strlen(text));
	}
	srccode__exit(&sc);
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
		cmocka_unit_test(test_srccode__lines_of_a_file),
		cmocka_unit_test(test_srccode__read_once),
		cmocka_unit_test(test_srccode__not_a_regular_file),
		cmocka_unit_test(test_srccode__many_files),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
