// SPDX-License-Identifier: GPL-2.0
/*
 * top's live histograms: perf's decay (7/8 of every count, entries with
 * no self period left dropped), folding the new samples into what is
 * shown, -K/-U, and totals that are the entries' sums.
 */
#include "../unit-test.h"
#include "../../../util/report/hist.h"

static struct symbol syms[3] = {
	{ .start = 0, .end = 16, .name = "hot", .namelen = 3 },
	{ .start = 16, .end = 32, .name = "warm", .namelen = 4 },
	{ .start = 32, .end = 48, .name = "kfunc", .namelen = 5 },
};
static struct dso dso = { .short_name = "a.out" };
static struct thread thread = { .pid = 1, .tid = 1, .comm = "x" };
static struct hist_rare rare;

static void add(struct hists *h, int sym, uint64_t period, int times)
{
	struct hist_entry t = {
		.rare = &rare, .thread = &thread, .comm = "x", .dso = &dso, .sym = &syms[sym],
		.ip = syms[sym].start, .level = sym == 2 ? 'k' : '.', .period = period,
	};

	for (int i = 0; i < times; i++)
		assert_int_equal(hists__add(h, &t, 0), 0);
}

static const struct hist_entry *find(struct hists *h, int sym)
{
	for (struct hist_chunk *c = h->chunks; c; c = c->next)
		for (size_t i = 0; i < c->nr; i++)
			if (!c->entries[i].merged && c->entries[i].sym == &syms[sym])
				return &c->entries[i];
	return NULL;
}

static void setup(struct hists *h, struct sort_list *sort)
{
	struct strbuf err = STRBUF_INIT;

	assert_int_equal(sort_list__parse(sort, "dso,sym", "--sort", false, &err), 0);
	assert_int_equal(hists__init(h, sort, NULL, 1), 0);
	strbuf_release(&err);
}

static void test_decay__seven_eighths_and_dropped_at_zero(void **state)
{
	struct sort_list sort;
	struct hists h;

	(void)state;
	setup(&h, &sort);
	add(&h, 0, 100, 8);	/* 800 in 8 samples */
	add(&h, 1, 1, 1);	/* 1: 7/8 of it is 0 */
	hists__decay(&h);
	assert_int_equal(find(&h, 0)->period, 700);
	assert_int_equal(find(&h, 0)->nr_samples, 7);
	assert_null(find(&h, 1));
	assert_int_equal(h.nr_entries, 1);
	assert_int_equal(h.total_period, 700);
	/* the dropped entry is new again when a sample comes back */
	add(&h, 1, 5, 1);
	assert_int_equal(find(&h, 1)->period, 5);
	assert_int_equal(h.nr_entries, 2);
	hists__exit(&h);
}

static void test_fold__shown_decayed_plus_incoming(void **state)
{
	struct sort_list sort;
	struct hists shown, in, fresh;

	(void)state;
	setup(&shown, &sort);
	add(&shown, 0, 80, 1);
	assert_int_equal(hists__init_like(&in, &shown), 0);
	add(&in, 0, 10, 1);
	add(&in, 2, 30, 1);
	assert_int_equal(hists__init_like(&fresh, &shown), 0);
	hists__decay(&shown);
	assert_int_equal(hists__fold(&fresh, &shown), 0);
	assert_int_equal(hists__fold(&fresh, &in), 0);
	assert_int_equal(find(&fresh, 0)->period, 70 + 10);
	assert_int_equal(find(&fresh, 0)->nr_samples, 0 + 1);	/* 7/8 of 1 sample is 0 */
	assert_int_equal(find(&fresh, 2)->period, 30);
	assert_int_equal(fresh.nr_entries, 2);
	/* -K: the kernel entry goes, and the total is what is left */
	hists__zap(&fresh, false, true);
	hists__recount(&fresh);
	assert_null(find(&fresh, 2));
	assert_int_equal(fresh.total_period, 80);
	/* -U the same for user entries */
	hists__zap(&fresh, true, false);
	hists__recount(&fresh);
	assert_int_equal(fresh.nr_entries, 0);
	assert_int_equal(fresh.total_period, 0);
	hists__output_resort(&fresh);
	assert_int_equal(fresh.nr_sorted, 0);
	hists__exit(&shown);
	hists__exit(&in);
	hists__exit(&fresh);
}

static void test_decay__callchains_decay_and_vanish_on_fold(void **state)
{
	struct sort_list sort;
	struct hists h, fresh;
	struct cc_frame chain[2] = { { .ip = 1, .sym = &syms[1] }, { .ip = 2, .sym = &syms[0] } };
	struct hist_entry *he;

	(void)state;
	setup(&h, &sort);
	h.use_callchain = true;
	add(&h, 0, 8, 1);
	he = (struct hist_entry *)find(&h, 0);
	assert_int_equal(cc_append(&h.chains, he->chain, chain, 2, 8), 0);
	assert_int_equal(cc_append(&h.chains, he->chain, chain + 1, 1, 1), 0);
	hists__decay(&h);
	assert_int_equal(he->chain->children_hit, 7);	/* 9 * 7 / 8 */
	assert_int_equal(hists__init_like(&fresh, &h), 0);
	assert_true(fresh.use_callchain);
	assert_int_equal(hists__fold(&fresh, &h), 0);
	he = (struct hist_entry *)find(&fresh, 0);
	/* the one-frame chain had 1, now 0: it is gone; the other is 7 */
	assert_int_equal(he->chain->children_hit, 7);
	assert_int_equal(he->chain->nr_children, 1);
	hists__exit(&h);
	hists__exit(&fresh);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_decay__seven_eighths_and_dropped_at_zero),
		cmocka_unit_test(test_fold__shown_decayed_plus_incoming),
		cmocka_unit_test(test_decay__callchains_decay_and_vanish_on_fold),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
