/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_C2C_STATS_H
#define PM_C2C_STATS_H

/*
 * perf c2c's counts: each memory sample's data source sorted into loads
 * and stores by where they were served (perf's c2c_decode_stats rules:
 * HITMs, peer snoops, DRAM, ...), for the whole file and for the cache
 * lines some load found modified in another core's cache (HITM) or served
 * by a peer: the shared lines false sharing is looked for in.
 */
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

struct c2c_stats {
	uint32_t nr_entries, locks, blk_data, blk_addr;
	uint32_t load, ld_noadrs, ld_uncache, ld_io, ld_fbhit, ld_l1hit, ld_l2hit, ld_llchit;
	uint32_t lcl_hitm, rmt_hitm, tot_hitm, lcl_peer, rmt_peer, tot_peer;
	uint32_t rmt_hit, lcl_dram, rmt_dram, ld_shared, ld_excl, ld_miss;
	uint32_t store, st_noadrs, st_uncache, st_l1hit, st_l1miss, st_na;
	uint32_t nomap, noparse;
};

struct c2c_report {
	struct c2c_stats all;		/* every sample */
	struct c2c_stats shared;	/* the shared lines' samples */
	uint32_t nr_shared_lines;
	char **events;			/* the file's events, by name */
	uint32_t nr_events;
};

/* Read @pd's samples into @r; non-zero with @err on a broken file. */
int c2c_report__collect(struct perf_data *pd, struct c2c_report *r, struct strbuf *err);
void c2c_report__release(struct c2c_report *r);

/* perf c2c report --stats: its three sections. @sort_on names the HITM
 * kind the lines are sorted by ("Total HITMs"), @grouping the line's data
 * grouping ("offset,iaddr"). */
void c2c_report__print_stats(const struct c2c_report *r, const char *sort_on,
			     const char *grouping, struct strbuf *out);

#endif
