/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_C2C_STATS_H
#define PM_C2C_STATS_H

/*
 * perf c2c's counts: each memory sample's data source sorted into loads
 * and stores by where they were served (perf's c2c_decode_stats rules:
 * HITMs, peer snoops, DRAM, ...), for the whole file, for each 64-byte
 * cache line the samples touched, and within a line for each offset and
 * instruction (perf's "offset,iaddr" grouping, or -c's). The shared lines
 * are those some load found modified in another core's cache (HITM) or
 * got from a peer: where false sharing is looked for.
 */
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"
#include "c2c-nodes.h"
#include "../report/hist.h"

struct c2c_stats {
	uint32_t nr_entries, locks, blk_data, blk_addr;
	uint32_t load, ld_noadrs, ld_uncache, ld_io, ld_fbhit, ld_l1hit, ld_l2hit, ld_llchit;
	uint32_t lcl_hitm, rmt_hitm, tot_hitm, lcl_peer, rmt_peer, tot_peer;
	uint32_t rmt_hit, lcl_dram, rmt_dram, ld_shared, ld_excl, ld_miss;
	uint32_t store, st_noadrs, st_uncache, st_l1hit, st_l1miss, st_na;
	uint32_t nomap, noparse;
};

/* -d: the HITM kind (or peer snoops) lines are sorted and shown by */
enum c2c_display { C2C_TOT, C2C_LCL, C2C_RMT, C2C_PEER };

/* -c: what a line's samples are grouped by after the offset */
enum c2c_field { C2C_PID, C2C_TID, C2C_IADDR, C2C_DSO };

struct c2c_opts {
	enum c2c_display display;
	enum c2c_field fields[8];	/* -c's, in its order */
	uint32_t nr_fields;
	bool stats_only;	/* --stats: no symbols, no lines kept */
	bool show_all;		/* --show-all: every line, shared or not */
	bool no_source;		/* --no-source */
	bool full_symbols;	/* --full-symbols: names and lines uncut */
	int node_info;		/* -N, given this many times */
};

/* What perf's cycles columns average: the sample's weight, by its kind */
enum { C2C_MEAN_RMT, C2C_MEAN_LCL, C2C_MEAN_RMT_PEER, C2C_MEAN_LCL_PEER, C2C_MEAN_LOAD,
       C2C_NR_MEANS };

/* Where a line's or a row's samples were: CPUs, memory nodes, physical
 * addresses (PA cnt counts changes from one sample's to the next, as perf) */
struct c2c_where {
	uint64_t *cpus;		/* a bit per CPU */
	uint64_t nodes;		/* a bit per node their physical addresses are on */
	uint64_t paddr_cnt, last_phys;
};

/* One group of a line's samples: an offset and -c's fields */
struct c2c_row {
	uint64_t offset, iaddr;
	int32_t pid, tid;
	const char *comm;
	struct addr_map_sym code;	/* iaddr, resolved */
	const char *srcline;
	struct c2c_stats st;
	double mean[C2C_NR_MEANS];
	uint32_t nr_mean[C2C_NR_MEANS];
	struct c2c_where where;
	struct c2c_stats *node_st;	/* by the node of the sample's CPU */
};

struct c2c_line {
	uint64_t addr;		/* the line's address, as its first sample had it */
	uint8_t cpumode;
	bool mapped;
	uint64_t ino, cl;	/* with cpumode, pid: perf's order among equals */
	int32_t pid;
	struct c2c_stats st;
	struct c2c_where where;
	uint32_t *rows;		/* into c2c_report.rows */
	uint32_t nr_rows, alloc_rows;
};

struct c2c_report {
	struct c2c_stats all;		/* every sample */
	struct c2c_stats shared;	/* the shared lines' samples */
	uint32_t nr_shared_lines;
	char **events;			/* the file's events, by name */
	uint32_t nr_events;
	struct c2c_line *lines;
	uint32_t nr_lines;
	struct c2c_row *rows;
	uint32_t nr_rows;
	struct c2c_nodes nodes;
	struct machine *machine;	/* what the rows' symbols belong to */
	struct srclines *srclines;	/* and their lines */
	bool no_cpu;			/* some sample had no CPU */
	bool no_node;			/* some physical address was on no node */
};

/* Read @pd's samples into @r; non-zero with @err on a broken file. */
int c2c_report__collect(struct perf_data *pd, const struct c2c_opts *o, struct c2c_report *r,
			struct strbuf *err);
void c2c_report__release(struct c2c_report *r);

/* Whether the tables show @l: a shared line with a share of the shared
 * lines' HITMs (or peer snoops) of 0.1% or more, or any with --show-all */
bool c2c_report__line_shown(const struct c2c_report *r, const struct c2c_opts *o,
			    const struct c2c_line *l);

/* Count one sample of @data_src into @st; 0 when it belongs to a cache
 * line (an address, a known data source, data and code mapped). */
int c2c_decode(struct c2c_stats *st, uint64_t data_src, uint64_t daddr, bool mapped);
void c2c_stats__add(struct c2c_stats *to, const struct c2c_stats *from);

/* The count -d sorts and shows by */
uint32_t c2c_stats__shown(const struct c2c_stats *st, enum c2c_display d);

/* perf's "Total records" of a line or row: the loads and stores it knows
 * where they were served */
uint64_t c2c_stats__records(const struct c2c_stats *st);

/* perf c2c report --stats: its three sections. @sort_on names the HITM
 * kind the lines are sorted by ("Total HITMs"), @grouping the line's data
 * grouping ("offset,iaddr"). */
void c2c_report__print_stats(const struct c2c_report *r, const char *sort_on,
			     const char *grouping, struct strbuf *out);

/* perf c2c report --stdio's two tables after those: the shared lines,
 * then each one's offsets (the Pareto) */
void c2c_report__print_lines(const struct c2c_report *r, const struct c2c_opts *o,
			     struct strbuf *out);

/*
 * The same tables as perf's browser shows them (c2c report on a terminal),
 * without the --stdio margin: c2c_screens__list() the table of lines, its
 * two header lines in @header and a row per line in @rows;
 * c2c_screens__cacheline() the line at row @i ('d' on it): its offsets,
 * with no Num column and a 5-wide Off under "CL", as perf's TUI has them.
 * The options (-N, --full-symbols) are read at each call.
 */
struct c2c_screens {
	const struct c2c_report *r;
	const struct c2c_opts *o;
	uint32_t *lines;	/* into r->lines, in perf's order */
	uint32_t nr;
	int node_w;		/* the Pareto's Node column */
};

void c2c_screens__init(struct c2c_screens *sc, const struct c2c_report *r,
		       const struct c2c_opts *o);
void c2c_screens__exit(struct c2c_screens *sc);
void c2c_screens__list(const struct c2c_screens *sc, struct strbuf *header, struct strbuf *rows);
void c2c_screens__cacheline(const struct c2c_screens *sc, uint32_t i, struct strbuf *header,
			    struct strbuf *rows);

#endif
