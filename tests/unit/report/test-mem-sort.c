// SPDX-License-Identifier: GPL-2.0
/*
 * Memory mode's keys: which spellings are accepted where, how accesses
 * fold into entries (perf compares each data_src field alone), the order
 * entries print in, and the words of the columns.
 */
#include <errno.h>
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/report/data-src.h"
#include "../../../util/report/hist.h"

static struct thread thread = { .pid = 1, .tid = 1, .comm = "t" };

static uint64_t data_src(uint64_t lvl, uint64_t lvl_num, uint64_t snoop)
{
	return PERF_MEM_S(OP, LOAD) | lvl << PERF_MEM_LVL_SHIFT |
	       lvl_num << PERF_MEM_LVLNUM_SHIFT | snoop << PERF_MEM_SNOOP_SHIFT |
	       PERF_MEM_S(TLB, HIT) | PERF_MEM_S(TLB, L1) | PERF_MEM_S(LOCK, NA);
}

static struct hist_rare rare;	/* the template's: one at a time */

static void entry(struct hist_entry *t, struct hist_mem *m, uint64_t weight, uint64_t src,
		  uint64_t daddr)
{
	memset(t, 0, sizeof(*t));
	memset(m, 0, sizeof(*m));
	memset(&rare, 0, sizeof(rare));
	t->rare = &rare;
	t->thread = &thread;
	t->comm = thread.comm;
	t->level = '.';
	t->period = weight;
	m->weight = weight;
	m->data_src = src;
	m->daddr.addr = daddr;
	t->mem = m;
}

static void test_parse__mem_keys_need_mem_mode(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct sort_list l;

	(void)state;
	assert_int_equal(sort_list__parse(&l, "mem,sym", "--sort", false, &err), -EINVAL);
	assert_non_null(strstr(err.buf, "--mem-mode"));
	strbuf_reset(&err);
	assert_int_equal(sort_list__parse(&l, "mem,sym", "--sort", true, &err), 0);
	assert_int_equal(l.nr, 2);
	assert_true(sort_list__needs_mem(&l));
	/* weights are keys in any mode */
	assert_int_equal(sort_list__parse(&l, "local_weight", "--sort", false, &err), 0);
	assert_true(sort_list__needs_mem(&l));
	assert_int_equal(sort_list__parse(&l, "comm,dso,sym", "--sort", false, &err), 0);
	assert_false(sort_list__needs_mem(&l));
	assert_null(sort_list__branch_key(&l));
	assert_int_equal(sort_list__parse(&l, "comm,symbol_to", "--sort", false, &err), 0);
	assert_string_equal(sort_list__branch_key(&l)->name, "symbol_to");
	strbuf_release(&err);
}

static void test_parse__p_stage_cyc_is_dropped(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct sort_list l;

	(void)state;
	/* perf on x86 accepts it and shows no column: one entry for all */
	assert_int_equal(sort_list__parse(&l, "local_p_stage_cyc", "--sort", true, &err), 0);
	assert_int_equal(l.nr, 0);
	assert_int_equal(sort_list__parse(&l, "mem,p_stage_cyc,snoop", "--sort", true, &err), 0);
	assert_int_equal(l.nr, 2);
	assert_int_equal(l.keys[1]->id, SORT_MEM_SNOOP);
	strbuf_release(&err);
}

static void test_fold__by_mem_lvl_bits_not_level_number(void **state)
{
	struct strbuf err = STRBUF_INIT;
	struct sort_list l;
	struct hists h;
	struct hist_entry t;
	struct hist_mem m;

	(void)state;
	assert_int_equal(sort_list__parse(&l, "mem", "--sort", true, &err), 0);
	assert_int_equal(hists__init(&h, &l, NULL, 1), 0);
	entry(&t, &m, 10, data_src(PERF_MEM_LVL_L1 | PERF_MEM_LVL_HIT, PERF_MEM_LVLNUM_L1, 1), 0);
	assert_int_equal(hists__add(&h, &t, 0), 0);
	/* same mem_lvl, another level number: perf's sort__lvl_cmp calls them equal */
	entry(&t, &m, 20, data_src(PERF_MEM_LVL_L1 | PERF_MEM_LVL_HIT, PERF_MEM_LVLNUM_L2, 1), 0);
	assert_int_equal(hists__add(&h, &t, 0), 0);
	assert_int_equal(h.nr_entries, 1);
	entry(&t, &m, 5, data_src(PERF_MEM_LVL_L3 | PERF_MEM_LVL_HIT, 0, 1), 0);
	assert_int_equal(hists__add(&h, &t, 0), 0);
	assert_int_equal(h.nr_entries, 2);
	assert_int_equal(h.total_period, 35);
	hists__exit(&h);
	strbuf_release(&err);
}

static void test_order__heaviest_weight_then_lowest_address(void **state)
{
	struct strbuf err = STRBUF_INIT, cell = STRBUF_INIT;
	struct sort_list l;
	struct hists h;
	struct hist_entry t;
	struct hist_mem m;
	const uint64_t src = data_src(PERF_MEM_LVL_L1 | PERF_MEM_LVL_HIT, 0, 1);

	(void)state;
	assert_int_equal(sort_list__parse(&l, "local_weight,symbol_daddr", "--sort", true, &err), 0);
	assert_int_equal(hists__init(&h, &l, NULL, 1), 0);
	/* equal periods (weight x samples) everywhere: the keys decide */
	entry(&t, &m, 30, src, 0x2000);
	assert_int_equal(hists__add(&h, &t, 0), 0);
	entry(&t, &m, 10, src, 0x1000);
	for (int i = 0; i < 3; i++)
		assert_int_equal(hists__add(&h, &t, 0), 0);
	entry(&t, &m, 30, src, 0x1000);
	assert_int_equal(hists__add(&h, &t, 0), 0);
	hists__output_resort(&h);
	assert_int_equal(h.nr_entries, 3);
	assert_int_equal(h.sorted[0]->mem->weight, 30);
	assert_int_equal(h.sorted[0]->mem->daddr.addr, 0x1000);
	assert_int_equal(h.sorted[1]->mem->daddr.addr, 0x2000);
	assert_int_equal(h.sorted[2]->mem->weight, 10);
	assert_int_equal(h.sorted[2]->nr_samples, 3);
	/* "weight" is the entry's total: local weight times samples */
	assert_int_equal(sort_list__parse(&l, "weight", "--sort", true, &err), 0);
	sort_key__cell(&l, l.keys[0], h.sorted[2], 12, &cell);
	assert_string_equal(cell.buf, "30");
	strbuf_reset(&cell);
	sort_key__cell(&l, l.keys[0], h.sorted[0], 12, &cell);
	assert_string_equal(cell.buf, "30");
	hists__exit(&h);
	strbuf_release(&cell);
	strbuf_release(&err);
}

static void check(void (*fn)(uint64_t, struct strbuf *), uint64_t v, const char *want)
{
	struct strbuf sb = STRBUF_INIT;

	fn(v, &sb);
	assert_string_equal(sb.buf, want);
	strbuf_release(&sb);
}

static void test_cells__perf_words(void **state)
{
	const uint64_t none = PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) | PERF_MEM_S(SNOOP, NA) |
			      PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA);

	(void)state;
	check(data_src__level, data_src(PERF_MEM_LVL_L1 | PERF_MEM_LVL_HIT, PERF_MEM_LVLNUM_L1, 1),
	      "L1 or L1 hit");
	check(data_src__level, data_src(PERF_MEM_LVL_L3 | PERF_MEM_LVL_MISS, 0, 1), "L3 miss");
	check(data_src__level, none, "N/A");
	check(data_src__snoop, data_src(0, 0, PERF_MEM_SNOOP_HIT | PERF_MEM_SNOOP_MISS),
	      "Hit or Miss");
	check(data_src__tlb, data_src(0, 0, 0), "L1 hit");
	check(data_src__lock, none, "N/A");
	check(data_src__lock, PERF_MEM_S(LOCK, LOCKED), "Yes");
	check(data_src__lock, 0, "No");
	check(data_src__blocked, 0, " N/A");
	check(data_src__blocked, PERF_MEM_S(BLK, DATA) | PERF_MEM_S(BLK, ADDR), " Data Addr");
	check(page_size__name, 0, "N/A");
	check(page_size__name, 4096, "4K");
	check(page_size__name, 1024, "1024B");
	check(page_size__name, 2ULL << 20, "2M");
	check(page_size__name, 1ULL << 30, "1024M");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_parse__mem_keys_need_mem_mode),
		cmocka_unit_test(test_parse__p_stage_cyc_is_dropped),
		cmocka_unit_test(test_fold__by_mem_lvl_bits_not_level_number),
		cmocka_unit_test(test_order__heaviest_weight_then_lowest_address),
		cmocka_unit_test(test_cells__perf_words),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
