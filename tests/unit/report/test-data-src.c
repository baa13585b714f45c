// SPDX-License-Identifier: GPL-2.0
/*
 * A sample's data_src in perf's words: each value below with the text
 * perf 6.1's script printed for it (-F data_src), from the fixtures
 * (real Intel recordings), pmu-sim's x86 and POWER9 memory samples; and
 * the columns report prints from the same value.
 */
#include "../unit-test.h"
#include "../../../util/report/data-src.h"

static const struct {
	uint64_t data_src;
	const char *perf;
} cases[] = {
	{ 0x10268100142ULL, "|OP LOAD|LVL L1 or L1 hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A" },
	{ 0x1026a100142ULL, "|OP LOAD|LVL L1 or L1 hit|SNP None|TLB L1 or L2 hit|LCK Yes|BLK  N/A" },
	{ 0x10468100442ULL, "|OP LOAD|LVL L2 or L2 hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A" },
	{ 0x10650100842ULL, "|OP LOAD|LVL L3 or L3 hit|SNP None|TLB L2 miss|LCK No|BLK  N/A" },
	{ 0x11868100242ULL,
	  "|OP LOAD|LVL LFB/MAB or LFB/MAB hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A" },
	{ 0x1a29401042ULL,
	  "|OP LOAD|LVL Local RAM or RAM hit|SNP Miss|TLB L1 hit|LCK N/A|BLK  N/A" },
	{ 0x1ad1401042ULL,
	  "|OP LOAD|LVL Local RAM or RAM hit|SNP Miss|TLB L2 or Walker miss|LCK N/A|BLK  N/A" },
	{ 0x142, "|OP LOAD|LVL L1 hit|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
	{ 0x184, "|OP STORE|LVL L1 miss|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
	{ 0x8042, "|OP LOAD|LVL Remote Cache (1 hop) hit|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
	{ 0x10042, "|OP LOAD|LVL Remote Cache (2 hops) hit|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
	{ 0x5080021, "|OP N/A|LVL N/A|SNP N/A|TLB N/A|LCK N/A|BLK  N/A" },
	{ 0, "|OP No|LVL N/A|SNP N/A|TLB N/A|LCK No|BLK  N/A" },
};

static void as_perf_script_prints_it(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf sb = STRBUF_INIT;

		data_src__describe(cases[i].data_src, &sb);
		print_message("%#llx: %s\n", (unsigned long long)cases[i].data_src, sb.buf);
		assert_string_equal(sb.buf, cases[i].perf);
		strbuf_release(&sb);
	}
}

/* report's columns are the same words, one part each */
static void the_columns_are_its_parts(void **state)
{
	struct strbuf lvl = STRBUF_INIT, snp = STRBUF_INIT, tlb = STRBUF_INIT,
		      lck = STRBUF_INIT, blk = STRBUF_INIT;

	(void)state;
	data_src__level(0x1026a100142ULL, &lvl);
	data_src__snoop(0x1026a100142ULL, &snp);
	data_src__tlb(0x1026a100142ULL, &tlb);
	data_src__lock(0x1026a100142ULL, &lck);
	data_src__blocked(0x1026a100142ULL, &blk);
	assert_string_equal(lvl.buf, "L1 or L1 hit");
	assert_string_equal(snp.buf, "None");
	assert_string_equal(tlb.buf, "L1 or L2 hit");
	assert_string_equal(lck.buf, "Yes");
	assert_string_equal(blk.buf, " N/A");
	strbuf_release(&lvl);
	strbuf_release(&snp);
	strbuf_release(&tlb);
	strbuf_release(&lck);
	strbuf_release(&blk);
}

static void known_means_it_says_something(void **state)
{
	(void)state;
	assert_false(data_src__known(0));
	assert_false(data_src__known(0x1e05080021ULL));	/* the kernel's all-N/A default */
	assert_true(data_src__known(0x142));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(as_perf_script_prints_it),
		cmocka_unit_test(the_columns_are_its_parts),
		cmocka_unit_test(known_means_it_says_something),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
