// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys' table: every id has its key (a new enum id without its
 * table line would be a NULL met at the first --sort), found by its
 * name, with the functions its kind needs; --sort parsed as perf takes it
 * (aliases, duplicates once, powerpc-only keys dropped, memory and
 * unknown keys refused with the fix).
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/report/sort.h"

static void every_id_has_its_key(void **state)
{
	(void)state;
	for (int id = 0; id < SORT_NR_KEYS; id++) {
		const struct sort_key *k = sort_key__by_id(id);

		assert_non_null(k);
		assert_int_equal(k->id, id);
		assert_ptr_equal(sort_key__find(k->name), k);
		if (k->dropped)
			continue;
		if (k->hpp) {	/* a value: no identity */
			assert_non_null(k->value);
			assert_null(k->cmp);
			assert_null(k->hash);
			continue;
		}
		assert_non_null(k->cmp);
		assert_non_null(k->hash);
		assert_non_null(k->cell);
		assert_true(k->order || k->identity);
		assert_true(!k->order || k->nr_order > 0);
		assert_true(!k->identity || k->nr_identity > 0);
	}
}

static const struct {
	const char *spec;
	bool mem_mode;
	int ret;
	const char *keys;	/* the list's names, comma-separated */
	const char *err;	/* a part of the message */
} cases[] = {
	{ "comm,dso,sym", false, 0, "comm,dso,sym", NULL },
	{ "tid,symbol", false, 0, "pid,sym", NULL },		/* perf's aliases */
	{ "sym, comm ,sym", false, 0, "sym,comm", NULL },	/* once, spaces too */
	{ "comm,p_stage_cyc", false, 0, "comm", NULL },		/* powerpc's: dropped */
	{ "addr_from,addr_to", false, 0, "addr_from,addr_to", NULL },
	{ "mem,snoop,dcacheline", true, 0, "mem,snoop,dcacheline", NULL },
	{ "mem", false, -EINVAL, NULL, "add --mem-mode" },
	{ "comm,bogus", false, -EINVAL, NULL, "unknown --sort key 'bogus'" },
	{ "", false, -EINVAL, NULL, "at least one key" },
	{ ",,", false, -EINVAL, NULL, "at least one key" },
};

static void parse_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct sort_list l;
		struct strbuf err = STRBUF_INIT, names = STRBUF_INIT;
		int ret = sort_list__parse(&l, cases[i].spec, "--sort", cases[i].mem_mode, &err);

		assert_int_equal(ret, cases[i].ret);
		if (cases[i].err)
			assert_non_null(strstr(err.buf, cases[i].err));
		for (int k = 0; !ret && k < l.nr; k++)
			strbuf_addf(&names, "%s%s", k ? "," : "", l.keys[k]->name);
		if (cases[i].keys)
			assert_string_equal(names.buf, cases[i].keys);
		strbuf_release(&err);
		strbuf_release(&names);
	}
}

static void lists_answer_by_their_keys(void **state)
{
	struct sort_list l;
	struct strbuf err = STRBUF_INIT;

	(void)state;
	assert_int_equal(sort_list__parse(&l, "comm,srcline", "--sort", false, &err), 0);
	assert_true(sort_list__reads_rare(&l));
	assert_false(sort_list__needs_mem(&l));
	assert_null(sort_list__branch_key(&l));
	assert_int_equal(sort_list__parse(&l, "dso,mispredict,weight", "--sort", false, &err), 0);
	assert_true(sort_list__needs_mem(&l));
	assert_string_equal(sort_list__branch_key(&l)->name, "mispredict");
	assert_true(sort_key_is_unordered(SORT_MISPREDICT));
	assert_false(sort_key_is_unordered(SORT_DSO));
	assert_int_equal(sort_list__parse(&l, "overhead_us,sym", "--sort", false, &err), 0);
	assert_true(sort_list__needs_cpumode(&l));
	assert_true(sort_key_is_value(SORT_OVERHEAD_US));
	assert_non_null(strstr(sort_keys__help(), " addr_from "));
	assert_null(strstr(sort_keys__help(), "p_stage_cyc"));
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(every_id_has_its_key),
		cmocka_unit_test(parse_table),
		cmocka_unit_test(lists_answer_by_their_keys),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
