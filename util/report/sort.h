/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SORT_H
#define PM_SORT_H

/*
 * report's sort keys (--sort): what makes two samples the same histogram
 * entry, how entries of equal weight are ordered, and how each key's
 * column is titled and printed, all as Linux perf does.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "name-rank.h"

struct hist_entry;
struct hist_mem;

enum sort_key_id {
	SORT_COMM,
	SORT_PID,
	SORT_DSO,
	SORT_SYM,
	SORT_CPU,
	SORT_PERIOD,		/* an hpp field too */
	SORT_SRCLINE,
	SORT_DSO_FROM,		/* branch mode: where a taken branch came from ... */
	SORT_SYM_FROM,
	SORT_SYM_TO,		/* ... and went to */
	SORT_CYCLES,		/* its basic block's cycles (LBR) */
	SORT_IPC_NULL,		/* perf's IPC column beside a symbol key ... */
	SORT_IPC_LBR,		/* ... in branch mode (no disassembly here: "-") */
	SORT_DSO_TO,		/* more of a taken branch: where it went, ... */
	SORT_MISPREDICT,	/* ... whether it was mispredicted, */
	SORT_ABORT,		/* ... aborted a transaction, */
	SORT_IN_TX,		/* ... or ran in one */
	SORT_SYM_SIZE,		/* the symbol's size */
	SORT_DSO_SIZE,		/* the size of the map the sample fell in */
	SORT_ADDR,		/* the sample's address */
	SORT_SOCKET,		/* its CPU's socket */
	SORT_TIME,		/* its time, down to --time-quantum */
	SORT_PARENT,		/* the first caller matching -p */
	SORT_SRCFILE,
	SORT_TRACE,		/* a tracepoint's payload, printed by its format */
	SORT_CGROUP,		/* the sample's cgroup (record --all-cgroups) */
	SORT_CGROUP_ID,		/* its thread's cgroup namespace (--namespaces) */
	/*
	 * perf's "hpp" fields: values, not identities. They order entries
	 * (largest first) and print as columns, per group member.
	 */
	SORT_OVERHEAD,
	SORT_OVERHEAD_SYS,	/* the overhead of samples in each cpumode */
	SORT_OVERHEAD_US,
	SORT_OVERHEAD_GUEST_SYS,
	SORT_OVERHEAD_GUEST_US,
	SORT_OVERHEAD_CHILDREN,
	SORT_SAMPLE,
	/* a sample's weight and latency (any mode) */
	SORT_LOCAL_WEIGHT,
	SORT_WEIGHT,
	SORT_LOCAL_INS_LAT,
	SORT_INS_LAT,
	SORT_LOCAL_P_STAGE_CYC,
	SORT_P_STAGE_CYC,
	/* memory mode (--mem-mode) only */
	SORT_MEM_LVL,
	SORT_MEM_SNOOP,
	SORT_MEM_TLB,
	SORT_MEM_LOCKED,
	SORT_MEM_BLOCKED,
	SORT_SYM_DADDR,
	SORT_SYM_IADDR,
	SORT_DSO_DADDR,
	SORT_PHYS_DADDR,
	SORT_DATA_PAGE_SIZE,
	SORT_DCACHELINE,
	SORT_ADDR_FROM,		/* a taken branch's ends as symbol+offset */
	SORT_ADDR_TO,
	SORT_NR_KEYS
};

struct sort_list;
struct hists;
struct addr_map_sym;

/* The names of a histogram's entries ranked, for the output order's
 * integers (hist-sort ranks them; a key's order() reads them). */
struct sort_rank {
	struct name_rank comm, dso, sym, srcline, srcfile, trace, parent;
};

/*
 * One sort key is one of these, defined beside its functions (sort-keys.c,
 * sort-branch.c, sort-mem.c) and listed once in sort.c's table. A key that
 * tells entries apart (an identity) has cmp, hash, order and cell; a value
 * (hpp: overhead, sample, period) has value and no identity.
 */
struct sort_key {
	enum sort_key_id id;
	const char *name;	/* as --sort spells it */
	const char *header;
	bool right_align;
	bool ragged;		/* perf pads it only when another column follows */
	bool mem_only;		/* perf knows it in memory mode only */
	bool branch_only;	/* ... in branch mode only */
	bool dropped;		/* perf on x86 accepts it and shows nothing */
	bool hpp;		/* a value column (overhead, sample, period) */
	bool unordered;		/* perf compares it by "differ or not" */
	bool reads_rare;	/* it reads struct hist_rare (entries keep theirs) */
	bool needs_mem;		/* it reads struct hist_mem */
	bool cumulative;	/* a value that exists only with --children */
	bool by_cpumode;	/* a value of the samples in one cpumode */
	unsigned char min_width;	/* perf's column minimum beside the header */
	uint8_t compared_text;	/* the lazy text (COMPARED_*) perf computes to compare it */
	unsigned char nr_order;	/* integers order() writes */
	unsigned char nr_identity;	/* ... and identity(), where it has one */

	/* perf's se_cmp, the identity: 0 for one entry, > 0 when @a prints
	 * first (perf's signs: right minus left) */
	int64_t (*cmp)(const struct sort_key *k, const struct sort_list *l,
		       const struct hist_entry *a, const struct hist_entry *b);
	/* perf's se_sort, the output order, where it is not cmp's */
	int64_t (*sort)(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *a, const struct hist_entry *b);
	/* equal for entries cmp makes one */
	uint64_t (*hash)(const struct sort_key *k, const struct hist_entry *he);
	/* sort's order as integers compared ascending (hist-sort's rows) ... */
	int (*order)(const struct sort_key *k, const struct sort_list *l,
		     const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints);
	/* ... and cmp's, where it differs (NULL: order's; no order: both) */
	int (*identity)(const struct sort_key *k, const struct sort_list *l,
			const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints);
	/* the cell's text (unpadded, cut to @width where perf cuts it) */
	void (*cell)(const struct sort_key *k, const struct sort_list *l,
		     const struct hist_entry *he, int width, struct strbuf *sb);
	/* widen @w to @he's cell (perf's hists__calc_col_len()); with
	 * @unresolved_dso, an object column makes room for an unknown one */
	void (*width)(const struct sort_key *k, const struct hist_entry *he,
		      bool unresolved_dso, int *w);
	/* a value's, for group member @m */
	uint64_t (*value)(const struct sort_key *k, const struct hists *h,
			  const struct hist_entry *he, int m);

	/* the key's own datum, read by the shared functions above */
	int64_t (*scalar)(const struct hist_entry *he);	/* an integer key */
	const struct addr_map_sym *(*end)(const struct hist_entry *he);	/* an address's */
	const char *(*text)(const struct hist_entry *he);	/* a name's */
	unsigned int flag;	/* a branch flag's bits, a cpumode's index */
};

#define MAX_SORT_KEYS 32

struct branch_cycles;

struct sort_list {
	const struct sort_key *keys[MAX_SORT_KEYS];
	int nr;
	bool time_ns;		/* --ns: the time key in nanoseconds */
	bool sym_by_name;	/* perf diff's collapse: symbols by name, the
				 * unresolved addresses as one */
	struct branch_cycles *cycles;	/* the IPC column's counts, or NULL */
};

/*
 * Parse "comm,dso,sym" given to option @opt (--sort, -F). Returns 0 or
 * -EINVAL with "unknown --sort key 'x'" and the valid keys in @err; memory
 * keys need @mem_mode. A list may end up empty (only keys this
 * architecture drops): one entry then.
 */
int sort_list__parse(struct sort_list *l, const char *spec, const char *opt, bool mem_mode,
		     struct strbuf *err);
bool sort_list__has(const struct sort_list *l, enum sort_key_id id);
/* Whether perf compares key @id by "differ or not" (no order). */
bool sort_key_is_unordered(enum sort_key_id id);
/* Whether @id is a value (overhead, sample, period, ...), not an identity. */
bool sort_key_is_value(enum sort_key_id id);
/* --sort's help: every key, from the table (as perf lists its own). */
const char *sort_keys__help(void);
/* The key of @id. */
const struct sort_key *sort_key__by_id(enum sort_key_id id);
/* The key named @name (NULL when unknown). */
const struct sort_key *sort_key__find(const char *name);
/* The first key only branch mode knows, or NULL. */
const struct sort_key *sort_list__branch_key(const struct sort_list *l);
/* Whether entries need their memory access (struct hist_mem). */
bool sort_list__needs_mem(const struct sort_list *l);
/* Append one key (as perf appends ipc_null), unless it is there. */
void sort_list__add(struct sort_list *l, enum sort_key_id id);
/* Whether @l has a key of struct hist_rare's (entries must keep theirs). */
bool sort_list__reads_rare(const struct sort_list *l);
/* Whether @l has a key of the cpumode overheads (overhead_sys, ...). */
bool sort_list__needs_cpumode(const struct sort_list *l);

/* Identity of two entries under @l (0: same entry). */
int64_t sort_list__collapse(const struct sort_list *l, const struct hist_entry *a,
			    const struct hist_entry *b);
/* perf's collapse pass, which differs only under @l->sym_by_name. */
int64_t sort_list__collapse_pass(const struct sort_list *l, const struct hist_entry *a,
				 const struct hist_entry *b);
/* A hash of @he's identity under @l: equal for entries that collapse. */
uint64_t sort_list__hash(const struct sort_list *l, const struct hist_entry *he);

/* The lazily computed texts (COMPARED_SRCFILE, COMPARED_TRACE) perf's
 * comparison of @a and @b reaches: those after keys that tie. */
uint8_t sort_list__texts_compared(const struct sort_list *l, const struct hist_entry *a,
				  const struct hist_entry *b);

/* Identity of two entries under key @k of @l alone (0: the same value). */
int64_t sort_key__collapse(const struct sort_list *l, const struct sort_key *k,
			   const struct hist_entry *a, const struct hist_entry *b);

/* Output order among equal weights: > 0 when @a prints before @b. */
int64_t sort_key__sort(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b);

/* The cell text of @k for @he (unpadded), appended to @sb; not for hpp
 * keys, whose cells hist-print makes. */
void sort_key__cell(const struct sort_list *l, const struct sort_key *k,
		    const struct hist_entry *he, int width,
		    struct strbuf *sb);

/*
 * An identity key's integers for hist-sort's rows, ascending in perf's
 * order: those of its output order (perf's se_sort), and those of its
 * identity (se_cmp; a symbol's differ from its output order's). Each
 * returns how many it wrote: the key's nr_order or nr_identity.
 */
int sort_key__order_ints(const struct sort_key *k, const struct sort_list *l,
			 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints);
int sort_key__identity_ints(const struct sort_key *k, const struct sort_list *l,
			    const struct sort_rank *rk, const struct hist_entry *he,
			    int64_t *ints);

/* Rank the names of @ents (n of them) for keys' order(); free with exit. */
void sort_rank__init(struct sort_rank *rk, struct hist_entry *const *ents, size_t n);
void sort_rank__exit(struct sort_rank *rk);

#endif
