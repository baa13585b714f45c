// SPDX-License-Identifier: GPL-2.0
/*
 * id-table: each distinct key gets the next id from 1, in the order first
 * seen; a key seen again its first id; keys are bytes, not strings.
 */
#include "../unit-test.h"
#include "../../../util/base/id-table.h"

static void ids_in_first_seen_order(void **state)
{
	static const struct {
		const char *key;
		size_t len;
		uint32_t id;
		bool made;
	} seq[] = {
		{ "main", 4, 1, true }, { "work", 4, 2, true }, { "main", 4, 1, false },
		{ "", 0, 3, true }, { "ma\0in", 5, 4, true }, { "ma", 2, 5, true },
		{ "work", 4, 2, false }, { "", 0, 3, false }, { "ma\0in", 5, 4, false },
	};
	struct id_table t = { 0 };

	(void)state;
	for (size_t i = 0; i < sizeof(seq) / sizeof(seq[0]); i++) {
		bool made = !seq[i].made;

		assert_int_equal(id_table__id(&t, seq[i].key, seq[i].len, &made), seq[i].id);
		assert_int_equal(made, seq[i].made);
	}
	id_table__release(&t);
}

/* many keys, past every growth, each still its own id */
static void many_keys(void **state)
{
	struct id_table t = { 0 };
	bool made;

	(void)state;
	for (uint32_t i = 0; i < 50000; i++)
		assert_int_equal(id_table__id(&t, &i, sizeof(i), &made), i + 1);
	for (uint32_t i = 0; i < 50000; i += 997) {
		assert_int_equal(id_table__id(&t, &i, sizeof(i), &made), i + 1);
		assert_false(made);
	}
	id_table__release(&t);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(ids_in_first_seen_order),
		cmocka_unit_test(many_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
