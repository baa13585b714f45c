// SPDX-License-Identifier: GPL-2.0
/* Metric expressions: precedence, names and escapes, functions, if/else,
 * division by zero as NaN, and the errors. */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "../unit-test.h"
#include "../../../util/stat/expr.h"

static bool values(void *ctx, const char *id, double *val)
{
	static const struct { const char *id; double v; } tab[] = {
		{ "cycles", 1000 }, { "instructions", 2500 }, { "branch-misses", 5 },
		{ "branches", 200 }, { "#slots", 4 }, { "zero", 0 },
		{ "INST_RETIRED.ANY", 7 },
	};

	(void)ctx;
	for (size_t i = 0; i < sizeof(tab) / sizeof(tab[0]); i++)
		if (!strcmp(tab[i].id, id)) {
			*val = tab[i].v;
			return true;
		}
	return false;
}

static double eval(const char *text)
{
	struct strbuf err = STRBUF_INIT;
	double v = -12345;

	assert_int_equal(expr__eval(text, values, NULL, &v, &err), 0);
	strbuf_release(&err);
	return v;
}

static void test_expr__arithmetic(void **state)
{
	(void)state;
	assert_float_equal(eval("1 + 2 * 3"), 7, 0);
	assert_float_equal(eval("(1 + 2) * 3"), 9, 0);
	assert_float_equal(eval("10 - 4 - 3"), 3, 0);	/* left to right */
	assert_float_equal(eval("2 * -3"), -6, 0);
	assert_float_equal(eval("7 % 4"), 3, 0);
	assert_float_equal(eval("1e6 / 4"), 250000, 0);
	assert_float_equal(eval(".5 + .25"), 0.75, 0);
}

static void test_expr__names(void **state)
{
	(void)state;
	assert_float_equal(eval("instructions / cycles"), 2.5, 1e-12);
	/* '\' escapes: '-' is part of the name, not a minus */
	assert_float_equal(eval("branch\\-misses / branches"), 0.025, 1e-12);
	assert_float_equal(eval("INST_RETIRED.ANY * #slots"), 28, 0);
}

static void test_expr__functions_and_conditions(void **state)
{
	(void)state;
	assert_float_equal(eval("min(cycles, instructions)"), 1000, 0);
	assert_float_equal(eval("max(0, 1 - 1.5)"), 0, 0);
	assert_float_equal(eval("d_ratio(cycles, zero)"), 0, 0);
	assert_float_equal(eval("1 if cycles > 500 else 2"), 1, 0);
	assert_float_equal(eval("1 if cycles < 500 else 2 if zero else 3"), 3, 0);
	assert_float_equal(eval("cycles >= 1000 & branches == 200"), 1, 0);
	assert_float_equal(eval("zero | !zero"), 1, 0);
	assert_float_equal(eval("cycles != 1000"), 0, 0);
}

static void test_expr__division_by_zero_is_nan(void **state)
{
	(void)state;
	assert_true(isnan(eval("cycles / zero")));
	assert_true(isnan(eval("cycles % (1 - 1)")));
	assert_true(isnan(eval("1 + cycles / zero * 2")));
}

static void expect_error(const char *text, const char *msg)
{
	struct strbuf err = STRBUF_INIT;
	double v;

	assert_int_equal(expr__eval(text, values, NULL, &v, &err), -EINVAL);
	if (!strstr(err.buf, msg))
		fail_msg("'%s': '%s' lacks '%s'", text, err.buf, msg);
	strbuf_release(&err);
}

static void test_expr__errors(void **state)
{
	(void)state;
	expect_error("cycles / nosuch", "unknown event or metric 'nosuch'");
	expect_error("#nope * 2", "unknown constant '#nope'");
	expect_error("(1 + 2", "expected ')' at offset 6");
	expect_error("1 +", "unexpected end");
	expect_error("1 2", "unexpected text at offset 2");
	expect_error("1 if cycles", "expected 'else'");
	expect_error("min(1)", "expected ','");
	expect_error("((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1",
		     "nested too deeply");
}

static void add_to(void *ctx, const char *id)
{
	struct strbuf *sb = ctx;

	strbuf_addf(sb, "%s;", id);
}

static void test_expr__ids(void **state)
{
	struct strbuf ids = STRBUF_INIT, err = STRBUF_INIT;

	(void)state;
	assert_int_equal(expr__for_each_id("a\\-b / (c + #k) if d else max(a\\-b, 1)", add_to,
					   &ids, &err), 0);
	assert_string_equal(ids.buf, "a-b;c;#k;d;a-b;");
	strbuf_release(&ids);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_expr__arithmetic),
		cmocka_unit_test(test_expr__names),
		cmocka_unit_test(test_expr__functions_and_conditions),
		cmocka_unit_test(test_expr__division_by_zero_is_nan),
		cmocka_unit_test(test_expr__errors),
		cmocka_unit_test(test_expr__ids),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
