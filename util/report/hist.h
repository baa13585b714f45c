/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HIST_H
#define PM_HIST_H

/*
 * Histograms: samples folded into entries by the sort keys, with their
 * period and sample count, then ordered for output (weight first, the sort
 * keys breaking ties, as perf orders them). One struct hists per event.
 *
 * Ownership: a hists owns its entries. Entries point at the machine's
 * interned comms, threads, dsos and symbols, which outlive them.
 */
#include <stdint.h>

#include "../symbols/machine.h"
#include "../base/arena.h"
#include "../base/hmap.h"
#include "../base/rbtree.h"
#include "callchain-tree.h"
#include "sort.h"

/* An address resolved in its thread's maps: one end of a taken branch,
 * a memory sample's instruction or data address. */
struct addr_map_sym {
	struct dso *dso;
	const struct symbol *sym;
	uint64_t addr;			/* as recorded */
	uint64_t al_addr;		/* map-relative when mapped */
	char level;
};

/* The taken branch a branch-mode entry stands for. */
struct hist_branch {
	struct addr_map_sym from, to;
	uint16_t cycles;
	uint8_t flags;			/* BRANCH_* */
};

#define BRANCH_MISPRED		1
#define BRANCH_PREDICTED	2
#define BRANCH_IN_TX		4
#define BRANCH_ABORT		8

#define COMPARED_SRCFILE	1
#define COMPARED_TRACE		2

/* What a memory access adds to an entry (--mem-mode, or a weight key). */
/* What perf's dcacheline key reads of a data address's map. */
struct data_map {
	bool mapped;
	uint32_t prot, flags;		/* PROT_*, MAP_* */
	uint64_t ino;			/* 0: anonymous (perf: no dso id) */
	uint64_t unmap_delta;		/* address minus map-relative address */
};

struct hist_mem {
	struct addr_map_sym daddr;	/* the data address */
	struct addr_map_sym iaddr;	/* the instruction's */
	uint64_t data_src;		/* union perf_mem_data_src */
	uint64_t phys_addr;
	uint64_t data_page_size;
	uint64_t weight;
	uint16_t ins_lat;
	struct data_map dmap;		/* where daddr is mapped (dcacheline) */
};

/*
 * The keys few reports sort by (addr, dso_size, time, parent,
 * srcline, srcfile, trace, cgroup, cgroup_id). An entry keeps its own copy
 * only when its histogram sorts by one of them (hists.keep_rare); the
 * others share an empty one: a memory report's millions of entries are a
 * third smaller.
 */
struct hist_rare {
	uint64_t raw_ip;		/* the sample's address, for --sort addr */
	uint64_t map_size;		/* of the map it fell in, for --sort dso_size */
	uint64_t time;			/* the sample's, down to --time-quantum */
	const char *parent;		/* -p: the first caller matching, NULL: [other] */
	const char *srcline;
	const char *srcfile;		/* perf's srcfile key: the srcline's file */
	const char *trace_output;	/* a tracepoint's, interned; NULL: another event */
	uint64_t cgroup;		/* the sample's cgroup id, 0: none */
	const char *cgroup_path;	/* its CGROUP record's, named after reading */
	uint64_t cgroup_ns_dev, cgroup_ns_ino;	/* the thread's cgroup namespace */
};

/* The cpumodes perf's overhead_sys, _us, _guest_sys, _guest_us count. */
enum { MODE_SYS, MODE_US, MODE_GUEST_SYS, MODE_GUEST_US, MODE_NR };

struct hist_entry {
	const char *comm;
	struct thread *thread;
	struct dso *dso;		/* NULL: "[unknown]" */
	const struct symbol *sym;	/* NULL: unresolved, shown as ip */
	uint64_t ip;			/* map-relative when a map was found */
	char level;			/* '.' user, 'k' kernel, 'H' other */
	uint8_t cpumode;		/* the sample's (PERF_RECORD_MISC_*) */
	bool merged;			/* folded into another (comm override, collapse) */
	/*
	 * Left out by --comms, --dsos, -S, --pid, --tid: as perf, the sample
	 * that makes the entry decides, and later ones count in it either way.
	 */
	bool filtered;
	/* which of perf's lazily computed texts (srcfile, trace) it would
	 * have computed by now: its column is sized on those alone */
	uint8_t texts_compared;
	int32_t cpu;
	int32_t socket;			/* of the CPU (header topology), -1: unknown */
	struct hist_rare *rare;		/* never NULL */
	const struct hist_branch *branch;	/* branch mode, else NULL */
	const struct hist_mem *mem;	/* when the keys need it, else NULL */
	uint64_t period;		/* self */
	uint64_t period_acc;		/* self and callees (--children) */
	uint64_t nr_samples;
	struct cc_node *chain;		/* callchains through it (use_callchain) */
	uint32_t max_depth;		/* longest chain appended */
	/* per group member (group view), else NULL: periods, samples, then
	 * periods with callees (--children) */
	uint64_t *member_period;
	uint64_t *mode_period;		/* by member and cpumode (MODE_*), when shown */
	uint64_t hash;
};

/* Entries are carved from chunks in creation order, so that walking them
 * all (output, teardown) reads memory in sequence. */
struct hist_chunk {
	struct hist_chunk *next;
	size_t nr;
	struct hist_entry entries[];
};

struct hists {
	const struct sort_list *sort;	/* what tells entries apart and orders them */
	const struct sort_list *fields;	/* the columns printed */
	bool self_header;		/* the overhead column is titled "Self" */
	bool mode_periods;		/* entries count their cpumodes' periods */
	/*
	 * perf compares some keys (mispredict, in_tx, abort) by "differ or
	 * not", which orders nothing: its trees then split one entry in two
	 * depending on the order samples came in. Such histograms replay
	 * perf's trees instead of hashing.
	 */
	bool perf_tree;
	/*
	 * So is its symbol order without the object as a key, once
	 * unresolved addresses lie in two objects (perf orders two of them
	 * by address, one and a symbol by object first). Until then, the
	 * common case, entries are hashed; then they go into perf's tree, in
	 * the order they came, and perf_tree takes over.
	 */
	bool sym_tree_pending;
	bool unresolved_seen;
	const char *unresolved_dso;	/* the first unresolved address's object */
	bool keep_rare;			/* entries keep their hist_rare keys */
	bool need_collapse;		/* perf merges its tree's equal entries */
	struct rb_node *in_tree;
	struct hist_chunk *chunks;	/* newest first */
	struct hmap index;		/* the entries, by hash (dropped while sorted) */
	size_t nr_entries;
	uint64_t total_period;
	uint64_t nr_samples;
	/* --percentage relative: hists__output_resort() makes the totals the
	 * entries' ones; perf's flat callchains stay of all samples */
	bool relative;
	uint64_t all_total_period;
	/* Group view: a leader's hists folds in its members' samples too. */
	int nr_members;			/* 1 unless a group is shown together */
	/* --group-sort-idx: the member whose values order the entries first
	 * (then the others but the leader); out of range: the leader alone */
	int group_sort_idx;
	bool cumulate;			/* --children: order by period_acc */
	bool use_callchain;		/* entries carry callchain trees */
	struct arena chains;		/* all of their nodes */
	struct arena extras;		/* the entries' branch and memory parts */
	double chain_min_percent;	/* graph branches below this are hidden */
	bool caller_order;		/* chains are printed outermost first */
	bool chain_skip_first;		/* a lone chain's first frame is the entry */
	bool chain_fractal;		/* -g fractal: each branch a share of its parent */
	enum cc_value chain_value;	/* -g's value: what labels the branches */
	unsigned int chain_print_limit;	/* -g's print_limit: 0 for all */
	/* CHAIN_NONE (-g none): the chains count (--children) but are not shown */
	enum { CHAIN_GRAPH, CHAIN_FLAT, CHAIN_FOLDED, CHAIN_NONE } chain_mode;
	uint64_t *member_total;		/* period per member */
	uint64_t *member_samples;
	struct hist_entry **sorted;	/* after hists__output_resort() */
	size_t nr_sorted;		/* the entries shown: the filters' left out */
	size_t nr_sorted_all;		/* and those, after them in sorted[] */
};

/* An entry's branch, or an empty one outside branch mode. */
const struct hist_branch *hist_entry__branch(const struct hist_entry *he);

/* An entry's memory access, or perf's "nothing known" one. */
const struct hist_mem *hist_entry__mem(const struct hist_entry *he);

/* The value an hpp key (overhead, sample, period, ...) shows for group
 * member @m of @he: a period or a sample count. */
uint64_t hist_entry__value(const struct hists *h, const struct hist_entry *he,
			   enum sort_key_id id, int m);

/* --percentage relative: the totals (and so the percentages) become those
 * of entries @ents, the filtered samples left out. */
void hists__totals_from_entries(struct hists *h, struct hist_entry *const *ents, size_t n);

/* Count @period of @member into @he's total with callees (--children). */
void hists__account_acc(struct hists *h, struct hist_entry *he, uint64_t period, int member);

/* @nr_members > 1 makes a group view: hists__add() takes a member index.
 * @fields are the columns (the sort keys when NULL). */
int hists__init(struct hists *h, const struct sort_list *sort, const struct sort_list *fields,
		int nr_members);
void hists__exit(struct hists *h);

/* The entry with @tmpl's keys, created (with nothing counted) if new;
 * NULL when out of memory. */
struct hist_entry *hists__findnew(struct hists *h, const struct hist_entry *tmpl);

/*
 * The same in steps, for a caller folding many samples: the hash of
 * @tmpl's keys (computable where the keys' objects are still in cache),
 * a prefetch of its slot (@entry false) or, once that is in, of the entry
 * it holds (@entry true), then the lookup.
 */
uint64_t hists__hash(const struct hists *h, const struct hist_entry *tmpl);
void hists__prefetch(const struct hists *h, uint64_t hash, bool entry);
struct hist_entry *hists__findnew_hashed(struct hists *h, const struct hist_entry *tmpl,
					 uint64_t hash);

/* Count a sample of @member in @he (its self and total periods), taken
 * in @cpumode. */
void hists__account(struct hists *h, struct hist_entry *he, uint64_t period, int member,
		    uint8_t cpumode);

/* Fold one sample of group member @member (0 when not a group view)
 * described by @tmpl (period in tmpl->period). */
int hists__add(struct hists *h, const struct hist_entry *tmpl, int member);

/* Count a sample the filters (--comm, --dso, ...) hide: percentages stay
 * relative to everything recorded, as in perf. */
void hists__add_filtered(struct hists *h, uint64_t period, int member);

/* A perf_tree histogram's entries in the order perf's collapse pass
 * leaves them, merged where it merges them (h->nr_entries drops), in
 * @out (room for h->nr_entries); returns how many. */
size_t hists__perf_tree_entries(struct hists *h, struct hist_entry **out);

/*
 * Give entries counted under a thread's ":tid" the name its first COMM
 * gave it, as perf does, and merge those that become one (when the sort
 * has comm). 0 or -ENOMEM.
 */
int hists__override_comms(struct hists *h);
/* Name the entries' cgroups from the CGROUP records read (perf names them
 * when it prints, so a record after the samples counts). */
void hists__name_cgroups(struct hists *h, const struct machine *m);

/* Order the entries for output in h->sorted. */
/* Give the lookup index back (a fifth of a large histogram's memory):
 * adding after this builds it again. */
void hists__drop_index(struct hists *h);

void hists__output_resort(struct hists *h);

/* Count @he's periods, samples and callchains into @into, an entry of
 * @h with the same keys, and mark @he merged. 0 or -ENOMEM. */
int hists__merge_entry(struct hists *h, struct hist_entry *into, struct hist_entry *he);

/*
 * A live histogram (top, hist-decay.c). Samples are added to one
 * histogram while the other is shown; at each refresh the shown one
 * decays (perf top's: every count times 7/8, entries left with no self
 * period dropped) and the new samples are folded into it.
 */
/* An empty histogram with @like's keys, columns, callchain and group
 * settings. 0 or -ENOMEM. */
int hists__init_like(struct hists *h, const struct hists *like);
void hists__decay(struct hists *h);
/* Every entry of @from (same keys as @into) counted into @into, with its
 * callchains and @from's totals. 0 or -ENOMEM. */
int hists__fold(struct hists *into, struct hists *from);
/* perf top's -U and -K: user (or kernel) entries dropped. */
void hists__zap(struct hists *h, bool user, bool kernel);
/* The totals made the sums of the entries', as perf's output resort makes
 * them (top: what was zapped or decayed away no longer counts). */
void hists__recount(struct hists *h);

#endif
