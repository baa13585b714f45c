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
	SORT_NR_KEYS
};

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
	unsigned char min_width;	/* perf's column minimum beside the header */
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
/* perf's collapse pass, which differs only under @l->sym_by_name. */
int64_t sort_list__collapse_pass(const struct sort_list *l, const struct hist_entry *a,
				 const struct hist_entry *b);
int64_t sort_list__collapse(const struct sort_list *l, const struct hist_entry *a,
			    const struct hist_entry *b);

/* Identity of two entries under key @k of @l alone (0: the same value). */
/* The lazily computed texts (COMPARED_SRCFILE, COMPARED_TRACE) perf's
 * comparison of @a and @b reaches: those after keys that tie. */
uint8_t sort_list__texts_compared(const struct sort_list *l, const struct hist_entry *a,
				  const struct hist_entry *b);
int64_t sort_key__collapse(const struct sort_list *l, const struct sort_key *k,
			   const struct hist_entry *a, const struct hist_entry *b);

/* Output order among equal weights: > 0 when @a prints before @b. */
int64_t sort_key__sort(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b);

/*
 * A weight or memory key of @m as one integer, ascending in perf's output
 * order (dso_daddr excepted: names are ranked by the caller).
 */
int64_t sort_key__mem_order(enum sort_key_id id, const struct hist_mem *m);
uint64_t sort_key__mem_hash(enum sort_key_id id, const struct hist_mem *m);

/* perf's dcacheline key as integers ascending in its order: the cpumode,
 * unmapped last, the mapping's file, the pid for anonymous user memory, the
 * cache line's address. */
#define DCACHELINE_INTS 5
void sort_key__dcacheline(const struct hist_entry *he, int64_t k[DCACHELINE_INTS]);

/* The branch flags (BRANCH_*) that key @id tells apart, of @he. */
unsigned int sort_key__branch_flag(enum sort_key_id id, const struct hist_entry *he);

/* The cell text of @k for @he (unpadded), appended to @sb; not for hpp
 * keys, whose cells hist-print makes. */
void sort_key__cell(const struct sort_list *l, const struct sort_key *k,
		    const struct hist_entry *he, int width,
		    struct strbuf *sb);

#endif
