// SPDX-License-Identifier: GPL-2.0
/*
 * AutoFDO's profile tree and LLVM's text format (autofdo-profile.c), as
 * create_llvm_prof builds and writes them: a location keeps the largest
 * count of its instructions, every function on an inline stack sums them;
 * a location is the line's offset from the function's first line (a
 * line before it wraps to 65535 and down) with the discriminator's base,
 * its count multiplied by the duplication factor; calls set the callee's
 * target count (the last one counted wins) and add to its head count;
 * "f.cold" is folded into f; functions are written biggest first (names
 * descending on a tie), above the threshold only, aliases each whole.
 */
#include <stdlib.h>

#include "../unit-test.h"
#include "../../../util/convert/autofdo-profile.h"

/* The profile written, as text. */
static char *written(struct afdo_profile *p, uint64_t threshold)
{
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	assert_non_null(out);
	afdo_profile__write(p, threshold, out);
	fclose(out);
	return text;
}

static void test_locations_keep_the_largest_count(void **state)
{
	struct afdo_profile p = { 0 };
	struct afdo_node *f = afdo_profile__add(&p, "f", NULL, 0);
	const struct afdo_frame line12 = { "f", 10, 12, 0 }, line9 = { "f", 10, 9, 0 };
	const struct afdo_frame disc = { "f", 10, 11, 4 };	/* base discriminator 2 */
	char *text;

	(void)state;
	afdo_node__add_count(&p, f, &line12, 1, 0);	/* made, count 0 */
	afdo_node__add_count(&p, f, &line12, 1, 30);
	afdo_node__add_count(&p, f, &line12, 1, 20);
	afdo_node__add_count(&p, f, &line9, 1, 5);
	afdo_node__add_count(&p, f, &disc, 1, 7);
	text = written(&p, 10);
	assert_string_equal(text, "f:62:0\n"
				  " 1.2: 7\n"
				  " 2: 30\n"
				  " 65535: 5\n");
	free(text);
	afdo_profile__release(&p);
}

/* Discriminator 0x82: base 1 (0x82 >> 1 = 0x41: the low 5 bits), and the
 * duplication factor from the next component (0x82 >> 7 = 1: odd, 0,
 * taken as 1). 0x204: base 2 (0x102 & 0x1f), factor 2 (0x204 >> 7 = 4,
 * whose base is 2). */
static void test_discriminators_give_base_and_factor(void **state)
{
	struct afdo_profile p = { 0 };
	struct afdo_node *f = afdo_profile__add(&p, "f", NULL, 0);
	const struct afdo_frame one = { "f", 1, 3, 0x82 }, dup = { "f", 1, 4, 0x204 };
	char *text;

	(void)state;
	afdo_node__add_count(&p, f, &one, 1, 10);
	afdo_node__add_count(&p, f, &dup, 1, 10);
	text = written(&p, 10);
	assert_string_equal(text, "f:30:0\n"
				  " 2.1: 10\n"
				  " 3.2: 20\n");
	free(text);
	afdo_profile__release(&p);
}

/* An inline stack, innermost first: leaf inlined at mid's line 5, mid at
 * f's line 3; each on the way sums the count. */
static void test_inlined_calls_nest_under_their_call_sites(void **state)
{
	struct afdo_profile p = { 0 };
	struct afdo_node *f = afdo_profile__add(&p, "f", NULL, 0);
	const struct afdo_frame stack[] = {
		{ "leaf", 20, 21, 0 }, { "mid", 2, 5, 0 }, { "f", 1, 3, 2 },
	};
	char *text;

	(void)state;
	afdo_node__add_count(&p, f, stack, 3, 40);
	afdo_node__add_count(&p, f, stack, 3, 60);
	afdo_node__add_count(&p, f, stack + 2, 1, 8);
	text = written(&p, 10);
	assert_string_equal(text, "f:108:0\n"
				  " 2.1: 8\n"
				  " 2.1: mid:100\n"
				  "  3: leaf:100\n"
				  "   1: 60\n");
	free(text);
	afdo_profile__release(&p);
}

static void test_calls_targets_and_heads(void **state)
{
	struct afdo_profile p = { 0 };
	struct afdo_node *f = afdo_profile__add(&p, "f", NULL, 0);
	struct afdo_node *g = afdo_profile__add(&p, "g", NULL, 0);
	struct afdo_node *h = afdo_profile__add(&p, "h.part.0", NULL, 0);
	const struct afdo_frame at = { "f", 1, 2, 0 }, in_g = { "g", 7, 7, 0 };
	char *text;

	(void)state;
	afdo_node__add_count(&p, f, &at, 1, 50);
	afdo_node__add_count(&p, g, &in_g, 1, 20);
	afdo_node__add_count(&p, h, &in_g, 1, 20);
	afdo_node__add_call(&p, f, &at, 1, "g", g, 9);
	afdo_node__add_call(&p, f, &at, 1, "g", g, 12);	/* the last one counted */
	afdo_node__add_call(&p, f, &at, 1, "h.part.0", h, 12);
	afdo_node__add_call(&p, f, NULL, 0, "g", g, 1);	/* no location: a head only */
	afdo_profile__merge(&p);
	text = written(&p, 10);
	assert_string_equal(text, "f:50:0\n"
				  " 1: 50 g:12 h:12\n"
				  "h:20:12\n"
				  " 0: 20\n"
				  "g:20:22\n"
				  " 0: 20\n");
	free(text);
	afdo_profile__release(&p);
}

/* Aliases share one function and are each written whole; a function at
 * or under the threshold is not written. */
static void test_aliases_and_threshold(void **state)
{
	static const char *const aliases[] = { "k_alias" };
	struct afdo_profile p = { 0 };
	struct afdo_node *k = afdo_profile__add(&p, "k", aliases, 1);
	struct afdo_node *small = afdo_profile__add(&p, "small", NULL, 0);
	const struct afdo_frame in_k = { "k", 4, 5, 0 }, in_small = { "small", 1, 1, 0 };
	char *text;

	(void)state;
	assert_ptr_equal(afdo_profile__find(&p, "k_alias"), k);
	afdo_node__add_count(&p, k, &in_k, 1, 11);
	afdo_node__add_count(&p, small, &in_small, 1, 10);
	text = written(&p, 10);
	assert_string_equal(text, "k_alias:11:0\n"
				  " 1: 11\n"
				  "k:11:0\n"
				  " 1: 11\n");
	free(text);
	afdo_profile__release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_locations_keep_the_largest_count),
		cmocka_unit_test(test_discriminators_give_base_and_factor),
		cmocka_unit_test(test_inlined_calls_nest_under_their_call_sites),
		cmocka_unit_test(test_calls_targets_and_heads),
		cmocka_unit_test(test_aliases_and_threshold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
