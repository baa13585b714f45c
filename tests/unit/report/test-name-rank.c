// SPDX-License-Identifier: GPL-2.0
/*
 * Ranks stand in for names when report sorts: comparing two objects'
 * ranks must give strcmp's answer on their names, equal names equal
 * ranks, whatever the names share (the first 16 bytes are compared as
 * integers, the rest as strings); an object never added, or NULL, sorts
 * after everything.
 */
#include "../unit-test.h"
#include "../../../util/report/name-rank.h"

/* How many of @names sort before @name: the rank it must get. */
static int64_t nr_before(const char *const *names, size_t n, const char *name)
{
	int64_t nr = 0;

	for (size_t i = 0; i < n; i++)
		nr += strcmp(names[i], name) < 0;
	return nr;
}

static void check_ranks(const char *const *names, size_t n)
{
	struct name_rank r = { 0 };

	for (size_t i = 0; i < n; i++)
		name_rank__add(&r, &names[i], names[i]);
	name_rank__finish(&r);
	for (size_t i = 0; i < n; i++) {
		int64_t want = nr_before(names, n, names[i]);

		if (name_rank__of(&r, &names[i]) != want)
			print_message("'%s': rank %lld\n", names[i], (long long)want);
		assert_int_equal(name_rank__of(&r, &names[i]), want);
	}
	name_rank__exit(&r);
}

/* Prefixes of 16 bytes and around, bytes above 0x7f, the empty name. */
static const char *const tricky[] = {
	"main",
	"main",				/* another object, the same name */
	"mainx",
	"",
	"abcdefghijklmnop",		/* 16 bytes exactly */
	"abcdefghijklmnopq",
	"abcdefghijklmnoq",
	"abcdefghijklmno",		/* 15 */
	"abcdefghijklmnopqrstuvwxyz_2",
	"abcdefghijklmnopqrstuvwxyz_1",
	"abcdefghijklmnopqrstuvwxyz_1",
	"abcdefghijklmnop\xc3\xa9",
	"\xc3\xa9t\xc3\xa9",		/* sorts after ASCII, as strcmp's unsigned bytes */
	"Zeta",
	"_start",
	"[unknown]",
};

static void test_name_rank__strcmp_order(void **state)
{
	(void)state;
	check_ranks(tricky, sizeof(tricky) / sizeof(tricky[0]));
}

/* Many names from a small alphabet around the 16-byte boundary: ties
 * within, after and across the prefix, the merge sort's every width. */
static void test_name_rank__random_names(void **state)
{
	enum { NR = 2000 };
	static char buf[NR][24];
	static const char *names[NR];
	uint64_t x = 0x2545f4914f6cdd1dULL;

	(void)state;
	for (size_t i = 0; i < NR; i++) {
		size_t len;

		x ^= x << 13, x ^= x >> 7, x ^= x << 17;
		len = 12 + x % 10;
		for (size_t k = 0; k < len; k++)
			buf[i][k] = k < 14 ? 'a' : "ab"[(x >> (8 + k)) & 1];
		buf[i][len] = '\0';
		names[i] = buf[i];
	}
	check_ranks(names, NR);
}

static void test_name_rank__missing_sorts_last(void **state)
{
	struct name_rank r = { 0 };
	static const char a, b, never;	/* only their addresses count */

	(void)state;
	name_rank__add(&r, &a, "zz");
	name_rank__add(&r, &b, "aa");
	name_rank__add(&r, &a, "00");	/* again: the first name stays */
	name_rank__add(&r, NULL, "ignored");
	name_rank__finish(&r);
	assert_int_equal(name_rank__of(&r, &b), 0);
	assert_int_equal(name_rank__of(&r, &a), 1);
	assert_int_equal(name_rank__of(&r, &never), INT64_MAX);
	assert_int_equal(name_rank__of(&r, NULL), INT64_MAX);
	assert_int_equal(r.nr, 2);
	name_rank__exit(&r);

	name_rank__finish(&r);	/* nothing added */
	assert_int_equal(name_rank__of(&r, &a), INT64_MAX);
	name_rank__exit(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_name_rank__strcmp_order),
		cmocka_unit_test(test_name_rank__random_names),
		cmocka_unit_test(test_name_rank__missing_sorts_last),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
