// SPDX-License-Identifier: GPL-2.0
/* perf c2c's counts of a recording's memory samples: c2c-stats.h. */
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>

#include "c2c-stats.h"

#define P(a, b) PERF_MEM_##a##_##b

static void hitm(struct c2c_stats *st, uint32_t *kind)
{
	(*kind)++;
	st->tot_hitm++;
}

static void peer(struct c2c_stats *st, uint32_t *kind)
{
	(*kind)++;
	st->tot_peer++;
}

/* A load served at a level: perf's order of questions. */
static void decode_load_hit(struct c2c_stats *st, const union perf_mem_data_src *d, bool mrem)
{
	uint64_t lvl = d->mem_lvl;

	if (lvl & P(LVL, UNC))
		st->ld_uncache++;
	if (lvl & P(LVL, IO))
		st->ld_io++;
	if (lvl & P(LVL, LFB))
		st->ld_fbhit++;
	if (lvl & P(LVL, L1))
		st->ld_l1hit++;
	if (lvl & P(LVL, L2)) {
		st->ld_l2hit++;
		if (d->mem_snoopx & P(SNOOPX, PEER))
			peer(st, &st->lcl_peer);
	}
	if (lvl & P(LVL, L3)) {
		if (d->mem_snoop & P(SNOOP, HITM))
			hitm(st, &st->lcl_hitm);
		else
			st->ld_llchit++;
		if (d->mem_snoopx & P(SNOOPX, PEER))
			peer(st, &st->lcl_peer);
	}
	if (lvl & P(LVL, LOC_RAM)) {
		st->lcl_dram++;
		*(d->mem_snoop & P(SNOOP, HIT) ? &st->ld_shared : &st->ld_excl) += 1;
	}
	if ((lvl & (P(LVL, REM_RAM1) | P(LVL, REM_RAM2))) || mrem) {
		st->rmt_dram++;
		*(d->mem_snoop & P(SNOOP, HIT) ? &st->ld_shared : &st->ld_excl) += 1;
	}
}

static void decode_load(struct c2c_stats *st, const union perf_mem_data_src *d)
{
	uint64_t lvl = d->mem_lvl;
	/* remote without hops: another node (with hops: another core's) */
	bool mrem = d->mem_remote && !d->mem_hops;

	if (lvl & P(LVL, HIT))
		decode_load_hit(st, d, mrem);
	if ((lvl & (P(LVL, REM_CCE1) | P(LVL, REM_CCE2))) || mrem) {
		if (d->mem_snoop & P(SNOOP, HIT)) {
			st->rmt_hit++;
		} else if (d->mem_snoop & P(SNOOP, HITM)) {
			hitm(st, &st->rmt_hitm);
		} else if (d->mem_snoopx & P(SNOOPX, PEER)) {
			st->rmt_hit++;
			peer(st, &st->rmt_peer);
		}
	}
	if (lvl & P(LVL, MISS))
		st->ld_miss++;
}

/* perf's c2c_decode_stats(): see c2c-stats.h */
int c2c_decode(struct c2c_stats *st, uint64_t data_src, uint64_t daddr, bool mapped)
{
	union perf_mem_data_src d = { .val = data_src };

	st->nr_entries++;
	if (d.mem_lock & P(LOCK, LOCKED))
		st->locks++;
	if (d.mem_blk & P(BLK, DATA))
		st->blk_data++;
	if (d.mem_blk & P(BLK, ADDR))
		st->blk_addr++;
	if (d.mem_op & P(OP, LOAD)) {
		st->load++;
		if (!daddr) {
			st->ld_noadrs++;
			return -1;
		}
		decode_load(st, &d);
	} else if (d.mem_op & P(OP, STORE)) {
		st->store++;
		if (!daddr) {
			st->st_noadrs++;
			return -1;
		}
		if ((d.mem_lvl & P(LVL, HIT)) && (d.mem_lvl & P(LVL, UNC)))
			st->st_uncache++;
		if ((d.mem_lvl & P(LVL, HIT)) && (d.mem_lvl & P(LVL, L1)))
			st->st_l1hit++;
		if ((d.mem_lvl & P(LVL, MISS)) && (d.mem_lvl & P(LVL, L1)))
			st->st_l1miss++;
		if (d.mem_lvl & P(LVL, NA))
			st->st_na++;
	} else {
		st->noparse++;
		return -1;
	}
	if (!mapped) {
		st->nomap++;
		return -1;
	}
	return 0;
}

void c2c_stats__add(struct c2c_stats *to, const struct c2c_stats *from)
{
	uint32_t *t = (uint32_t *)to;
	const uint32_t *f = (const uint32_t *)from;

	for (size_t i = 0; i < sizeof(*to) / sizeof(uint32_t); i++)
		t[i] += f[i];
}

uint32_t c2c_stats__shown(const struct c2c_stats *st, enum c2c_display d)
{
	switch (d) {
	case C2C_LCL: return st->lcl_hitm;
	case C2C_RMT: return st->rmt_hitm;
	case C2C_PEER: return st->tot_peer;
	case C2C_TOT: break;
	}
	return st->tot_hitm;
}

uint64_t c2c_stats__records(const struct c2c_stats *st)
{
	uint64_t loads = (uint64_t)st->lcl_dram + st->rmt_dram + st->rmt_hitm + st->rmt_hit +
			 st->ld_fbhit + st->ld_l1hit + st->ld_l2hit + st->ld_llchit + st->lcl_hitm;

	return loads + st->st_l1hit + st->st_l1miss + st->st_na;
}

/* --- perf c2c report --stats ---------------------------------------------- */

static void row(struct strbuf *out, const char *label, uint32_t v)
{
	strbuf_addf(out, "  %-34s: %10u\n", label, v);
}

/* perf's share, "-nan%" where nothing missed the LLC (0 / 0) */
static void share_row(struct strbuf *out, const char *label, uint32_t v, uint32_t of)
{
	strbuf_addf(out, "  %-34s: %10.1f%%\n", label, (double)v / (double)of * 100.0);
}

static void title(struct strbuf *out, const char *text)
{
	strbuf_addstr(out, "=================================================\n");
	strbuf_addf(out, "%s\n", text);
	strbuf_addstr(out, "=================================================\n");
}

static void print_trace_info(const struct c2c_stats *s, struct strbuf *out)
{
	uint32_t llc_misses = s->lcl_dram + s->rmt_dram + s->rmt_hit + s->rmt_hitm;

	title(out, "            Trace Event Information              ");
	row(out, "Total records", s->nr_entries);
	row(out, "Locked Load/Store Operations", s->locks);
	row(out, "Load Operations", s->load);
	row(out, "Loads - uncacheable", s->ld_uncache);
	row(out, "Loads - IO", s->ld_io);
	row(out, "Loads - Miss", s->ld_miss);
	row(out, "Loads - no mapping", s->ld_noadrs);
	row(out, "Load Fill Buffer Hit", s->ld_fbhit);
	row(out, "Load L1D hit", s->ld_l1hit);
	row(out, "Load L2D hit", s->ld_l2hit);
	row(out, "Load LLC hit", s->ld_llchit + s->lcl_hitm);
	row(out, "Load Local HITM", s->lcl_hitm);
	row(out, "Load Remote HITM", s->rmt_hitm);
	row(out, "Load Remote HIT", s->rmt_hit);
	row(out, "Load Local DRAM", s->lcl_dram);
	row(out, "Load Remote DRAM", s->rmt_dram);
	row(out, "Load MESI State Exclusive", s->ld_excl);
	row(out, "Load MESI State Shared", s->ld_shared);
	row(out, "Load LLC Misses", llc_misses);
	row(out, "Load access blocked by data", s->blk_data);
	row(out, "Load access blocked by address", s->blk_addr);
	row(out, "Load HIT Local Peer", s->lcl_peer);
	row(out, "Load HIT Remote Peer", s->rmt_peer);
	share_row(out, "LLC Misses to Local DRAM", s->lcl_dram, llc_misses);
	share_row(out, "LLC Misses to Remote DRAM", s->rmt_dram, llc_misses);
	share_row(out, "LLC Misses to Remote cache (HIT)", s->rmt_hit, llc_misses);
	share_row(out, "LLC Misses to Remote cache (HITM)", s->rmt_hitm, llc_misses);
	row(out, "Store Operations", s->store);
	row(out, "Store - uncacheable", s->st_uncache);
	row(out, "Store - no mapping", s->st_noadrs);
	row(out, "Store L1D Hit", s->st_l1hit);
	row(out, "Store L1D Miss", s->st_l1miss);
	row(out, "Store No available memory level", s->st_na);
	row(out, "No Page Map Rejects", s->nomap);
	row(out, "Unable to parse data source", s->noparse);
}

static void print_shared_info(const struct c2c_report *r, struct strbuf *out)
{
	const struct c2c_stats *s = &r->shared;

	title(out, "    Global Shared Cache Line Event Information   ");
	row(out, "Total Shared Cache Lines", r->nr_shared_lines);
	row(out, "Load HITs on shared lines", s->load);
	row(out, "Fill Buffer Hits on shared lines", s->ld_fbhit);
	row(out, "L1D hits on shared lines", s->ld_l1hit);
	row(out, "L2D hits on shared lines", s->ld_l2hit);
	row(out, "LLC hits on shared lines", s->ld_llchit + s->lcl_hitm);
	row(out, "Load hits on peer cache or nodes", s->lcl_peer + s->rmt_peer);
	row(out, "Locked Access on shared lines", s->locks);
	row(out, "Blocked Access on shared lines", s->blk_data + s->blk_addr);
	row(out, "Store HITs on shared lines", s->store);
	row(out, "Store L1D hits on shared lines", s->st_l1hit);
	row(out, "Store No available memory level", s->st_na);
	row(out, "Total Merged records", s->lcl_hitm + s->rmt_hitm + s->store);
}

void c2c_report__print_stats(const struct c2c_report *r, const char *sort_on,
			     const char *grouping, struct strbuf *out)
{
	print_trace_info(&r->all, out);
	strbuf_addch(out, '\n');
	print_shared_info(r, out);
	strbuf_addch(out, '\n');
	title(out, "                 c2c details                     ");
	for (uint32_t i = 0; i < r->nr_events; i++)
		strbuf_addf(out, "  %-34s: %s\n", i ? "" : "Events", r->events[i]);
	strbuf_addf(out, "  %-34s: %s\n", "Cachelines sort on", sort_on);
	strbuf_addf(out, "  %-34s: %s\n", "Cacheline data grouping", grouping);
}
