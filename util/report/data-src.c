// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>
#include <linux/perf_event.h>
#include <stdbool.h>

#include "../base/util.h"
#include "data-src.h"

static const char *const mem_lvl[] = {
	"N/A", "HIT", "MISS", "L1", "LFB/MAB", "L2", "L3", "Local RAM", "Remote RAM (1 hop)",
	"Remote RAM (2 hops)", "Remote Cache (1 hop)", "Remote Cache (2 hops)", "I/O", "Uncached",
};

/* by PERF_MEM_LVLNUM_*; the others print as "L<n>" */
static const char *const lvlnum_names[16] = {
	[0x09] = "CXL", [0x0a] = "I/O", [0x0b] = "Any cache", [0x0c] = "LFB/MAB", [0x0d] = "RAM", [0x0e] = "PMEM", [0x0f] = "N/A",
};

static const char *const mem_hops[] = {
	"N/A", "core, same node", "node, same socket", "socket, same board", "board",
};

static const char *const snoop_names[] = { "N/A", "None", "Hit", "Miss", "HitM" };
static const char *const tlb_names[] = { "N/A", "HIT", "MISS", "L1", "L2", "Walker", "Fault" };

/* The names of @bits' set bits (bit i: names[i]) joined by " or ". */
static int bit_names(uint64_t bits, const char *const *names, size_t nr, struct strbuf *out)
{
	int printed = 0;

	for (size_t i = 0; bits && i < nr; i++, bits >>= 1) {
		if (!(bits & 1))
			continue;
		if (printed++)
			strbuf_addstr(out, " or ");
		strbuf_addstr(out, names[i]);
	}
	return printed;
}

/* "N/A" when nothing was named since @start; then " hit" / " miss" */
static void close_level(size_t start, bool hit, bool miss, struct strbuf *out)
{
	if (out->len == start)
		strbuf_addstr(out, "N/A");
	if (hit)
		strbuf_addstr(out, " hit");
	if (miss)
		strbuf_addstr(out, " miss");
}

static void op(const union perf_mem_data_src *d, struct strbuf *out)
{
	unsigned int o = d->mem_op;

	strbuf_addstr(out, o & PERF_MEM_OP_NA ? "N/A" : o & PERF_MEM_OP_LOAD ? "LOAD" :
			   o & PERF_MEM_OP_STORE ? "STORE" : o & PERF_MEM_OP_PFETCH ? "PFETCH" :
			   o & PERF_MEM_OP_EXEC ? "EXEC" : "No");
}

/*
 * The level: the old bits (unless hops are given), then the level number,
 * both when both are set; "hit"/"miss" from the old bits.
 */
static void level(const union perf_mem_data_src *d, struct strbuf *out)
{
	uint64_t bits = d->mem_lvl & ~(uint64_t)(PERF_MEM_LVL_HIT | PERF_MEM_LVL_MISS);
	size_t start = out->len;
	int printed = 0;

	if (d->mem_remote)
		strbuf_addstr(out, "Remote ");
	if (d->mem_hops) {
		strbuf_addstr(out, d->mem_hops < ARRAY_SIZE(mem_hops) ? mem_hops[d->mem_hops] : "");
		strbuf_addch(out, ' ');
	} else {
		printed = bit_names(bits, mem_lvl, ARRAY_SIZE(mem_lvl), out);
	}
	if (d->mem_lvl_num) {
		const char *name = lvlnum_names[d->mem_lvl_num & 15];

		if (printed)
			strbuf_addstr(out, " or ");
		if (name)
			strbuf_addstr(out, name);
		else
			strbuf_addf(out, "L%u", (unsigned int)d->mem_lvl_num);
	}
	close_level(start, d->mem_lvl & PERF_MEM_LVL_HIT, d->mem_lvl & PERF_MEM_LVL_MISS, out);
}

static void snoop(const union perf_mem_data_src *d, struct strbuf *out)
{
	size_t start = out->len;
	int printed = bit_names(d->mem_snoop, snoop_names, ARRAY_SIZE(snoop_names), out);

	if (d->mem_snoopx & PERF_MEM_SNOOPX_FWD) {
		if (printed)
			strbuf_addstr(out, " or ");
		strbuf_addstr(out, "Fwd");
	}
	close_level(start, false, false, out);
}

static void tlb(const union perf_mem_data_src *d, struct strbuf *out)
{
	uint64_t bits = d->mem_dtlb & ~(uint64_t)(PERF_MEM_TLB_HIT | PERF_MEM_TLB_MISS);
	size_t start = out->len;

	bit_names(bits, tlb_names, ARRAY_SIZE(tlb_names), out);
	close_level(start, d->mem_dtlb & PERF_MEM_TLB_HIT, d->mem_dtlb & PERF_MEM_TLB_MISS, out);
}

static void lock(const union perf_mem_data_src *d, struct strbuf *out)
{
	strbuf_addstr(out, d->mem_lock & PERF_MEM_LOCK_NA ? "N/A" :
			   d->mem_lock & PERF_MEM_LOCK_LOCKED ? "Yes" : "No");
}

static void blocked(const union perf_mem_data_src *d, struct strbuf *out)
{
	if (!d->mem_blk || (d->mem_blk & PERF_MEM_BLK_NA)) {
		strbuf_addstr(out, " N/A");
		return;
	}
	if (d->mem_blk & PERF_MEM_BLK_DATA)
		strbuf_addstr(out, " Data");
	if (d->mem_blk & PERF_MEM_BLK_ADDR)
		strbuf_addstr(out, " Addr");
}

void data_src__describe(uint64_t data_src, struct strbuf *out)
{
	union perf_mem_data_src d = { .val = data_src };

	strbuf_addstr(out, "|OP ");
	op(&d, out);
	strbuf_addstr(out, "|LVL ");
	level(&d, out);
	strbuf_addstr(out, "|SNP ");
	snoop(&d, out);
	strbuf_addstr(out, "|TLB ");
	tlb(&d, out);
	strbuf_addstr(out, "|LCK ");
	lock(&d, out);
	strbuf_addstr(out, "|BLK ");
	blocked(&d, out);
}

/* The parts one by one, for report's columns. */
void data_src__level(uint64_t data_src, struct strbuf *out)
{
	level(&(union perf_mem_data_src){ .val = data_src }, out);
}

void data_src__snoop(uint64_t data_src, struct strbuf *out)
{
	snoop(&(union perf_mem_data_src){ .val = data_src }, out);
}

void data_src__tlb(uint64_t data_src, struct strbuf *out)
{
	tlb(&(union perf_mem_data_src){ .val = data_src }, out);
}

void data_src__lock(uint64_t data_src, struct strbuf *out)
{
	lock(&(union perf_mem_data_src){ .val = data_src }, out);
}

void data_src__blocked(uint64_t data_src, struct strbuf *out)
{
	blocked(&(union perf_mem_data_src){ .val = data_src }, out);
}

bool data_src__known(uint64_t data_src)
{
	const uint64_t na = PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) | PERF_MEM_S(SNOOP, NA) |
			    PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA) | PERF_MEM_S(LVLNUM, NA);

	return data_src && data_src != na;
}
