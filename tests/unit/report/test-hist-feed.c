// SPDX-License-Identifier: GPL-2.0
/*
 * The histogram folded on the feed's thread must be the one folded in
 * place: same entries, same periods and counts, same totals; for whole
 * entries (a memory report's) too.
 */
#include <string.h>

#include "../unit-test.h"
#include "../../../util/report/hist-feed.h"

#define NR_SYMS 5000
#define NR_SAMPLES 300000

static struct symbol syms[NR_SYMS];
static struct dso dsos[3] = { { .short_name = "a" }, { .short_name = "b" }, { .short_name = "c" } };
static struct thread threads[2] = { { .pid = 1, .tid = 1, .comm = "x" },
				    { .pid = 1, .tid = 2, .comm = "y" } };

static struct hist_rare rare;	/* the template's: one at a time */

static void sample(uint64_t *x, struct hist_entry *t)
{
	uint64_t r;

	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	r = *x;
	memset(t, 0, sizeof(*t));
	memset(&rare, 0, sizeof(rare));
	t->rare = &rare;
	t->thread = &threads[r & 1];
	t->comm = t->thread->comm;
	t->dso = &dsos[(r >> 1) % 3];
	t->sym = r % 7 ? &syms[(r >> 8) % NR_SYMS] : NULL;	/* some unresolved */
	t->ip = (r >> 20) % 4096;
	t->level = '.';
	t->period = 1 + (r >> 40) % 1000;
}

/* Two empty histograms sorted by @keys, and the symbols they point to. */
static void setup(struct hists *direct, struct hists *fed, struct sort_list *sort,
		  const char *keys, bool mem_mode)
{
	struct strbuf err = STRBUF_INIT;

	for (int i = 0; i < NR_SYMS; i++)
		syms[i] = (struct symbol){ .start = 16 * (uint64_t)i, .end = 16 * (uint64_t)i + 16,
					   .name = "s" };
	assert_int_equal(sort_list__parse(sort, keys, "--sort", mem_mode, &err), 0);
	assert_int_equal(hists__init(direct, sort, NULL, 1), 0);
	assert_int_equal(hists__init(fed, sort, NULL, 1), 0);
	strbuf_release(&err);
}

/* The same entries, periods, counts and totals (and memory accesses). */
static void check_same(struct hists *direct, struct hists *fed)
{
	assert_true(direct->nr_entries > 1000);
	assert_int_equal(fed->nr_entries, direct->nr_entries);
	assert_int_equal(fed->total_period, direct->total_period);
	assert_int_equal(fed->nr_samples, direct->nr_samples);
	for (struct hist_chunk *c = direct->chunks; c; c = c->next)
		for (size_t i = 0; i < c->nr; i++) {
			const struct hist_entry *d = &c->entries[i];
			struct hist_entry *e = hists__findnew(fed, d);

			assert_int_equal(e->period, d->period);
			assert_int_equal(e->nr_samples, d->nr_samples);
			assert_true(!e->mem == !d->mem);
			if (d->mem) {
				assert_int_equal(e->mem->weight, d->mem->weight);
				assert_int_equal(e->mem->data_src, d->mem->data_src);
			}
		}
	assert_int_equal(fed->nr_entries, direct->nr_entries);	/* nothing new found */
	hists__exit(direct);
	hists__exit(fed);
}

static void test_hist_feed__same_as_in_place(void **state)
{
	struct sort_list sort;
	struct hists direct, fed;
	struct hist_feed *f;
	struct hist_entry t;
	uint64_t x = 2463534242ULL;

	(void)state;
	setup(&direct, &fed, &sort, "comm,dso,sym", false);
	f = hist_feed__start();
	assert_non_null(f);
	for (int i = 0; i < NR_SAMPLES; i++) {
		sample(&x, &t);
		assert_int_equal(hists__add(&direct, &t, 0), 0);
		assert_int_equal(hist_feed__add(f, &fed, &t, 0), 0);
	}
	assert_int_equal(hist_feed__finish(f), 0);
	check_same(&direct, &fed);
}

static struct hist_mem mem;	/* the template's, as rare */

/* A memory sample: a data address among a few symbols, a data source and
 * a weight, beside sample()'s keys. */
static void mem_sample(uint64_t *x, struct hist_entry *t)
{
	uint64_t r;

	sample(x, t);
	r = *x * 0x9e3779b97f4a7c15ULL;
	memset(&mem, 0, sizeof(mem));
	mem.daddr.sym = r % 3 ? &syms[(r >> 12) % 64] : NULL;
	mem.daddr.addr = mem.daddr.al_addr = (r >> 20) % 100000;
	mem.daddr.dso = &dsos[(r >> 40) % 3];
	mem.daddr.level = '.';
	mem.data_src = (r >> 30) & 0xffff;
	mem.weight = 1 + (r >> 50) % 500;
	t->mem = &mem;
	t->period = mem.weight;
}

static void test_hist_feed__entries_same_as_in_place(void **state)
{
	struct sort_list sort;
	struct hists direct, fed;
	struct hist_feed *f;
	struct hist_entry t;
	uint64_t x = 88172645463325252ULL;

	(void)state;
	setup(&direct, &fed, &sort, "local_weight,mem,sym,dso,symbol_daddr,snoop", true);
	f = hist_feed__start_entries();
	assert_non_null(f);
	for (int i = 0; i < NR_SAMPLES / 3; i++) {
		mem_sample(&x, &t);
		assert_int_equal(hists__add(&direct, &t, 0), 0);
		assert_int_equal(hist_feed__add_entry(f, &fed, &t, 0), 0);
		if (i % 1000 == 0) {	/* a guest's: the totals only */
			hists__add_filtered(&direct, 7, 0);
			assert_int_equal(hist_feed__add_filtered(f, &fed, 7, 0), 0);
		}
	}
	assert_int_equal(hist_feed__finish(f), 0);
	check_same(&direct, &fed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_hist_feed__same_as_in_place),
		cmocka_unit_test(test_hist_feed__entries_same_as_in_place),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
