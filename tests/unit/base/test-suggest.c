// SPDX-License-Identifier: GPL-2.0
/*
 * "Did you mean": the distance counts edits (a swap of neighbours is one),
 * and a suggestion is made only for a plausible typo or a prefix.
 */
#include "../unit-test.h"
#include "../../../util/base/suggest.h"

static const struct {
	const char *a, *b;
	size_t distance;
} distances[] = {
	{ "", "", 0 },
	{ "record", "record", 0 },
	{ "", "stat", 4 },
	{ "recrod", "record", 1 },	/* neighbours swapped */
	{ "reord", "record", 1 },	/* one left out */
	{ "recordd", "record", 1 },	/* one too many */
	{ "rekord", "record", 1 },	/* one changed */
	{ "Record", "record", 1 },	/* case counts */
	{ "stat", "top", 3 },
};

static void distance_counts_edits(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(distances) / sizeof(distances[0]); i++) {
		print_message("distance %s %s\n", distances[i].a, distances[i].b);
		assert_int_equal(suggest_distance(distances[i].a, distances[i].b),
				 distances[i].distance);
		assert_int_equal(suggest_distance(distances[i].b, distances[i].a),
				 distances[i].distance);
	}
}

static const char *const commands[] = { "annotate", "record", "report", "script", "stat", "top" };

static const struct {
	const char *word, *want;	/* want NULL: no suggestion */
} closest[] = {
	{ "recrod", "record" },
	{ "reprot", "report" },
	{ "scirpt", "script" },
	{ "anno", "annotate" },		/* a prefix */
	{ "sat", "stat" },
	{ "xyzzy", NULL },		/* nothing near */
	{ "kmem", NULL },		/* "mem" is not a command here: too far from all */
	{ "", NULL },
};

static void closest_only_for_typos(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(closest) / sizeof(closest[0]); i++) {
		const char *got = suggest_closest(closest[i].word, commands,
						  sizeof(commands) / sizeof(commands[0]));

		print_message("closest to '%s'\n", closest[i].word);
		if (closest[i].want)
			assert_string_equal(got, closest[i].want);
		else
			assert_null(got);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(distance_counts_edits),
		cmocka_unit_test(closest_only_for_typos),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
