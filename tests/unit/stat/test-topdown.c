// SPDX-License-Identifier: GPL-2.0
/* TopDown ratio math: Documentation/topdown.txt's Ice Lake example, the
 * at-least-two-of-four rule, level-2 shares of their parents. */
#include <math.h>

#include "../unit-test.h"
#include "../../../util/stat/topdown.h"

static double share(const double *counts, enum topdown_id id)
{
	double r = -1;

	assert_true(topdown_ratio(counts, id, &r));
	return r;
}

static void test_topdown__ice_lake_example(void **state)
{
	double c[TD_NR_IDS] = { 0 };

	(void)state;
	c[TD_RETIRING] = 79327616;
	c[TD_BAD_SPEC] = 157932715;
	c[TD_FE_BOUND] = 81610855;
	c[TD_BE_BOUND] = 19778286903;
	/* printed with %.1f: 0.4 / 0.8 / 0.4 / 98.4 */
	assert_float_equal(round(share(c, TD_RETIRING) * 1000) / 10, 0.4, 1e-9);
	assert_float_equal(round(share(c, TD_BAD_SPEC) * 1000) / 10, 0.8, 1e-9);
	assert_float_equal(round(share(c, TD_FE_BOUND) * 1000) / 10, 0.4, 1e-9);
	assert_float_equal(round(share(c, TD_BE_BOUND) * 1000) / 10, 98.4, 1e-9);
}

static void test_topdown__needs_two_of_four(void **state)
{
	double c[TD_NR_IDS] = { 0 }, r;

	(void)state;
	c[TD_BE_BOUND] = 1000;
	assert_false(topdown_ratio(c, TD_BE_BOUND, &r));
	c[TD_RETIRING] = 1000;
	assert_true(topdown_ratio(c, TD_BE_BOUND, &r));
	assert_float_equal(r, 0.5, 1e-12);
	/* slots itself has no share */
	assert_false(topdown_ratio(c, TD_SLOTS, &r));
}

static void test_topdown__level2_share_of_parent(void **state)
{
	double c[TD_NR_IDS] = { 0 }, r;

	(void)state;
	c[TD_RETIRING] = 400;
	c[TD_BE_BOUND] = 600;
	c[TD_HEAVY_OPS] = 100;
	c[TD_MEM_BOUND] = 450;
	assert_float_equal(share(c, TD_HEAVY_OPS), 0.25, 1e-12);
	assert_float_equal(share(c, TD_MEM_BOUND), 0.75, 1e-12);
	c[TD_FETCH_LAT] = 10;	/* its parent frontend bound is zero */
	assert_false(topdown_ratio(c, TD_FETCH_LAT, &r));
}

static void test_topdown__names_and_thresholds(void **state)
{
	(void)state;
	assert_string_equal(topdown_metric(TD_BAD_SPEC)->name, "bad speculation");
	assert_float_equal(topdown_metric(TD_RETIRING)->green_above, 0.7, 0);
	assert_float_equal(topdown_metric(TD_FE_BOUND)->red_above, 0.2, 0);
	assert_int_equal(topdown_metric(TD_MEM_BOUND)->parent, TD_BE_BOUND);
	assert_int_equal(topdown_id_of_alias("topdown-fe-bound"), TD_FE_BOUND);
	assert_int_equal(topdown_id_of_alias("topdown-total-slots"), TD_TOTAL_SLOTS);
	assert_int_equal(topdown_id_of_alias("cycles"), TD_NONE);
	assert_false(topdown_id__is_metric(TD_SLOTS_ISSUED));
}

static double generic(const double *counts, enum topdown_id id)
{
	double r = -1;

	assert_true(topdown_generic_ratio(counts, id, &r));
	return r;
}

/* Skylake's classic formulas, on counts already scaled by sysfs .scale. */
static void test_topdown__generic_formulas(void **state)
{
	double c[TD_NR_IDS] = { 0 }, r;

	(void)state;
	c[TD_TOTAL_SLOTS] = 8e9;
	c[TD_SLOTS_RETIRED] = 1.6e9;
	c[TD_SLOTS_ISSUED] = 2e9;
	c[TD_RECOVERY_BUBBLES] = 0.6e9;
	c[TD_FETCH_BUBBLES] = 1.2e9;
	assert_float_equal(generic(c, TD_SLOTS_RETIRED), 0.2, 1e-12);
	assert_float_equal(generic(c, TD_RECOVERY_BUBBLES), 0.125, 1e-12);
	assert_float_equal(generic(c, TD_FETCH_BUBBLES), 0.15, 1e-12);
	assert_float_equal(generic(c, TD_SLOTS_ISSUED), 0.525, 1e-12);
	assert_false(topdown_generic_ratio(c, TD_TOTAL_SLOTS, &r));
	assert_int_equal(topdown_generic_category(TD_SLOTS_ISSUED), TD_BE_BOUND);
}

static void test_topdown__generic_clamped(void **state)
{
	double c[TD_NR_IDS] = { 0 }, r;

	(void)state;
	/* counter skew: more retired than slots; backend bound cannot go negative */
	c[TD_TOTAL_SLOTS] = 100;
	c[TD_SLOTS_RETIRED] = 120;
	c[TD_SLOTS_ISSUED] = 110;
	c[TD_FETCH_BUBBLES] = 30;
	assert_float_equal(generic(c, TD_SLOTS_RETIRED), 1.0, 0);
	assert_float_equal(generic(c, TD_RECOVERY_BUBBLES), 0.0, 0);
	assert_float_equal(generic(c, TD_SLOTS_ISSUED), 0.0, 0);
	/* no slots counted: zero shares, and no backend bound at all (as perf) */
	c[TD_TOTAL_SLOTS] = 0;
	assert_float_equal(generic(c, TD_FETCH_BUBBLES), 0.0, 0);
	assert_false(topdown_generic_ratio(c, TD_SLOTS_ISSUED, &r));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_topdown__ice_lake_example),
		cmocka_unit_test(test_topdown__needs_two_of_four),
		cmocka_unit_test(test_topdown__level2_share_of_parent),
		cmocka_unit_test(test_topdown__names_and_thresholds),
		cmocka_unit_test(test_topdown__generic_formulas),
		cmocka_unit_test(test_topdown__generic_clamped),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
