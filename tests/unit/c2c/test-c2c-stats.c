// SPDX-License-Identifier: GPL-2.0
/*
 * perf c2c's counting of a memory sample by its data source (perf's
 * c2c_decode_stats): which counters each kind of load and store moves,
 * the samples that cannot belong to a cache line (no address, no known
 * operation, unmapped), the counts -d shows and "Total records" adds up,
 * the 0.1% share that makes a line shown, and the --stats rows.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/c2c/c2c-stats.h"

#define LOAD PERF_MEM_S(OP, LOAD)
#define STORE PERF_MEM_S(OP, STORE)
#define LVL(l) PERF_MEM_S(LVL, l)
#define HIT(l) (LVL(HIT) | LVL(l))
#define SNOOP(s) PERF_MEM_S(SNOOP, s)
#define PEER PERF_MEM_S(SNOOPX, PEER)
#define REMOTE PERF_MEM_S(REMOTE, REMOTE)
#define HOPS PERF_MEM_S(HOPS, 0)
#define ADDR 0x7f0000001000ULL

struct decode_case {
	const char *what;
	uint64_t data_src;
	uint64_t daddr;
	bool mapped;
	int ret;
	struct c2c_stats want;	/* nr_entries and the counters it moves */
};

static const struct decode_case decode_cases[] = {
	{ "L1 hit", LOAD | HIT(L1), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_l1hit = 1 } },
	{ "fill buffer hit", LOAD | HIT(LFB), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_fbhit = 1 } },
	{ "L2 hit", LOAD | HIT(L2), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_l2hit = 1 } },
	{ "L2 hit from a peer", LOAD | HIT(L2) | PEER, ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_l2hit = 1, .lcl_peer = 1, .tot_peer = 1 } },
	{ "LLC hit", LOAD | HIT(L3) | SNOOP(HIT), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_llchit = 1 } },
	{ "LLC hit modified: a local HITM, not an LLC hit", LOAD | HIT(L3) | SNOOP(HITM), ADDR,
	  true, 0, { .nr_entries = 1, .load = 1, .lcl_hitm = 1, .tot_hitm = 1 } },
	{ "local DRAM, shared", LOAD | HIT(LOC_RAM) | SNOOP(HIT), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .lcl_dram = 1, .ld_shared = 1 } },
	{ "local DRAM, exclusive", LOAD | HIT(LOC_RAM) | SNOOP(MISS), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .lcl_dram = 1, .ld_excl = 1 } },
	{ "remote DRAM", LOAD | HIT(REM_RAM2) | SNOOP(NONE), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .rmt_dram = 1, .ld_excl = 1 } },
	{ "remote cache, modified: a remote HITM", LOAD | HIT(REM_CCE1) | SNOOP(HITM), ADDR, true,
	  0, { .nr_entries = 1, .load = 1, .rmt_hitm = 1, .tot_hitm = 1 } },
	{ "remote cache hit", LOAD | HIT(REM_CCE2) | SNOOP(HIT), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .rmt_hit = 1 } },
	{ "remote cache from a peer", LOAD | HIT(REM_CCE1) | PEER, ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .rmt_hit = 1, .rmt_peer = 1, .tot_peer = 1 } },
	/* remote without hops: another node, its DRAM and its caches */
	{ "remote node", LOAD | LVL(HIT) | REMOTE | SNOOP(HIT), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .rmt_dram = 1, .ld_shared = 1, .rmt_hit = 1 } },
	{ "remote with hops: another core, not a node", LOAD | HIT(L3) | REMOTE | HOPS |
	  SNOOP(HIT), ADDR, true, 0, { .nr_entries = 1, .load = 1, .ld_llchit = 1 } },
	{ "uncached and IO", LOAD | HIT(UNC) | LVL(IO), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_uncache = 1, .ld_io = 1 } },
	{ "a level missed", LOAD | LVL(MISS) | LVL(L3), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_miss = 1 } },
	{ "a load without an address", LOAD | HIT(L1), 0, true, -1,
	  { .nr_entries = 1, .load = 1, .ld_noadrs = 1 } },
	{ "a load not mapped: counted, then rejected", LOAD | HIT(L1), ADDR, false, -1,
	  { .nr_entries = 1, .load = 1, .ld_l1hit = 1, .nomap = 1 } },
	{ "store L1 hit", STORE | HIT(L1), ADDR, true, 0,
	  { .nr_entries = 1, .store = 1, .st_l1hit = 1 } },
	{ "store L1 miss", STORE | LVL(MISS) | LVL(L1), ADDR, true, 0,
	  { .nr_entries = 1, .store = 1, .st_l1miss = 1 } },
	{ "store uncached", STORE | HIT(UNC), ADDR, true, 0,
	  { .nr_entries = 1, .store = 1, .st_uncache = 1 } },
	{ "store at no level", STORE | LVL(NA), ADDR, true, 0,
	  { .nr_entries = 1, .store = 1, .st_na = 1 } },
	{ "a store without an address", STORE | HIT(L1), 0, true, -1,
	  { .nr_entries = 1, .store = 1, .st_noadrs = 1 } },
	{ "neither load nor store", PERF_MEM_S(OP, NA) | HIT(L1), ADDR, true, -1,
	  { .nr_entries = 1, .noparse = 1 } },
	{ "locked, blocked by data and address", LOAD | HIT(L1) | PERF_MEM_S(LOCK, LOCKED) |
	  PERF_MEM_S(BLK, DATA) | PERF_MEM_S(BLK, ADDR), ADDR, true, 0,
	  { .nr_entries = 1, .load = 1, .ld_l1hit = 1, .locks = 1, .blk_data = 1, .blk_addr = 1 } },
	{ "nothing known", 0, ADDR, true, -1, { .nr_entries = 1, .noparse = 1 } },
};

static void test_c2c_stats__decode(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(decode_cases); i++) {
		const struct decode_case *c = &decode_cases[i];
		struct c2c_stats st = { 0 };
		int ret = c2c_decode(&st, c->data_src, c->daddr, c->mapped);

		if (ret != c->ret || memcmp(&st, &c->want, sizeof(st)))
			fail_msg("%s: returned %d or counted otherwise", c->what, ret);
	}
}

/* Every counter adds, none is left out (the struct is read as words). */
static void test_c2c_stats__add(void **state)
{
	struct c2c_stats a, b;
	uint32_t *pa = (uint32_t *)&a, *pb = (uint32_t *)&b;
	size_t n = sizeof(a) / sizeof(uint32_t);

	(void)state;
	for (size_t i = 0; i < n; i++) {
		pa[i] = (uint32_t)i;
		pb[i] = 1000 + 2 * (uint32_t)i;
	}
	c2c_stats__add(&a, &b);
	for (size_t i = 0; i < n; i++)
		assert_int_equal(pa[i], 1000 + 3 * i);
	assert_int_equal(a.noparse, pb[n - 1] + n - 1);
}

static void test_c2c_stats__shown_and_records(void **state)
{
	struct c2c_stats st = { .lcl_hitm = 3, .rmt_hitm = 5, .tot_hitm = 8, .tot_peer = 7,
				.lcl_dram = 1, .rmt_dram = 2, .rmt_hit = 4, .ld_fbhit = 10,
				.ld_l1hit = 20, .ld_l2hit = 40, .ld_llchit = 80, .st_l1hit = 100,
				.st_l1miss = 200, .st_na = 400,
				/* not "where served": not records */
				.load = 9999, .store = 9999, .ld_uncache = 9, .ld_io = 9,
				.ld_miss = 9, .st_uncache = 9, .ld_noadrs = 9, .nomap = 9 };

	(void)state;
	assert_int_equal(c2c_stats__shown(&st, C2C_TOT), 8);
	assert_int_equal(c2c_stats__shown(&st, C2C_LCL), 3);
	assert_int_equal(c2c_stats__shown(&st, C2C_RMT), 5);
	assert_int_equal(c2c_stats__shown(&st, C2C_PEER), 7);
	assert_int_equal(c2c_stats__records(&st), 1 + 2 + 5 + 4 + 10 + 20 + 40 + 80 + 3 +
						  100 + 200 + 400);
	st = (struct c2c_stats){ .load = 3, .store = 3 };
	assert_int_equal(c2c_stats__records(&st), 0);
}

struct shown_case {
	uint32_t line, all;	/* the line's count and all shared lines' */
	enum c2c_display d;
	bool show_all;
	bool shown;
};

static const struct shown_case shown_cases[] = {
	{ 1, 1000, C2C_TOT, false, true },	/* 0.1%: enough */
	{ 1, 1001, C2C_TOT, false, false },	/* just under */
	{ 0, 1000, C2C_TOT, false, false },
	{ 0, 0, C2C_TOT, false, false },	/* no HITM anywhere */
	{ 0, 0, C2C_TOT, true, true },		/* --show-all: every line */
	{ 1, 1001, C2C_TOT, true, true },
	{ 1, 1000, C2C_RMT, false, true },	/* -d rmt: by remote HITMs */
	{ 1, 1001, C2C_LCL, false, false },
	{ 5, 10, C2C_PEER, false, true },
};

static void set_shown(struct c2c_stats *st, enum c2c_display d, uint32_t v)
{
	*st = (struct c2c_stats){ 0 };
	if (d == C2C_LCL)
		st->lcl_hitm = v;
	else if (d == C2C_RMT)
		st->rmt_hitm = v;
	else if (d == C2C_PEER)
		st->tot_peer = v;
	else
		st->tot_hitm = v;
}

static void test_c2c_stats__line_shown(void **state)
{
	(void)state;
	for (size_t i = 0; i < ARRAY_SIZE(shown_cases); i++) {
		const struct shown_case *c = &shown_cases[i];
		struct c2c_opts o = { .display = c->d, .show_all = c->show_all };
		struct c2c_report r = { 0 };
		struct c2c_line l = { 0 };

		set_shown(&r.shared, c->d, c->all);
		set_shown(&l.st, c->d, c->line);
		/* the other kinds are not what -d asked for */
		r.shared.tot_hitm += c->d == C2C_TOT ? 0 : 1000000;
		if (c2c_report__line_shown(&r, &o, &l) != c->shown)
			fail_msg("case %zu: %u of %u", i, c->line, c->all);
	}
}

/* @value as --stats has it: a count, or a share (then @pct) */
static void assert_row_of(const struct strbuf *out, const char *label, const char *value,
			  bool pct)
{
	char row[128];

	snprintf(row, sizeof(row), "\n  %-34s: %10s%s\n", label, value, pct ? "%" : "");
	if (!strstr(out->buf, row))
		fail_msg("no row '%s' of %s in:\n%s", label, value, out->buf);
}

#define assert_row(out, label, value) assert_row_of(out, label, value, false)
#define assert_share(out, label, value) assert_row_of(out, label, value, true)

static void test_c2c_stats__print_stats(void **state)
{
	char *events[] = { "cpu/mem-loads,ldlat=30/P", "cpu/mem-stores/P" };
	struct c2c_report r = { .nr_shared_lines = 2, .events = events, .nr_events = 2 };
	struct strbuf out = STRBUF_INIT;
	static const char rule[] = "=================================================\n";

	(void)state;
	r.all = (struct c2c_stats){ .nr_entries = 100, .load = 60, .store = 40, .ld_llchit = 6,
				    .lcl_hitm = 4, .rmt_hitm = 1, .lcl_dram = 2, .rmt_dram = 1,
				    .rmt_hit = 4, .lcl_peer = 3, .rmt_peer = 2 };
	r.shared = (struct c2c_stats){ .load = 30, .ld_llchit = 5, .lcl_hitm = 4, .rmt_hitm = 1,
				       .store = 8, .blk_data = 1, .blk_addr = 2, .lcl_peer = 3,
				       .rmt_peer = 1 };
	c2c_report__print_stats(&r, "Total HITMs", "offset,iaddr", &out);
	assert_true(!strncmp(out.buf, rule, sizeof(rule) - 1));
	assert_non_null(strstr(out.buf, "\n            Trace Event Information              \n"));
	assert_row(&out, "Total records", "100");
	assert_row(&out, "Load LLC hit", "10");		/* LLC hits and local HITMs */
	assert_row(&out, "Load LLC Misses", "8");	/* DRAM, remote hits and HITMs */
	assert_share(&out, "LLC Misses to Local DRAM", "25.0");
	assert_share(&out, "LLC Misses to Remote DRAM", "12.5");
	assert_share(&out, "LLC Misses to Remote cache (HIT)", "50.0");
	assert_share(&out, "LLC Misses to Remote cache (HITM)", "12.5");
	assert_row(&out, "Total Shared Cache Lines", "2");
	assert_row(&out, "LLC hits on shared lines", "9");
	assert_row(&out, "Load hits on peer cache or nodes", "4");
	assert_row(&out, "Blocked Access on shared lines", "3");
	assert_row(&out, "Total Merged records", "13");	/* HITMs and stores */
	assert_non_null(strstr(out.buf,
		"  Events                            : cpu/mem-loads,ldlat=30/P\n"
		"                                    : cpu/mem-stores/P\n"
		"  Cachelines sort on                : Total HITMs\n"
		"  Cacheline data grouping           : offset,iaddr\n"));
	/* the last line ends the output */
	assert_int_equal(strstr(out.buf, "offset,iaddr\n")[13], '\0');
	strbuf_release(&out);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_c2c_stats__decode),
		cmocka_unit_test(test_c2c_stats__add),
		cmocka_unit_test(test_c2c_stats__shown_and_records),
		cmocka_unit_test(test_c2c_stats__line_shown),
		cmocka_unit_test(test_c2c_stats__print_stats),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
