/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SORT_KEYS_H
#define PM_SORT_KEYS_H

/*
 * The sort keys themselves, for sort.c's table, and what their functions
 * share. A new key is a struct sort_key beside its functions, its enum
 * id, its name below, and one line in sort.c's table.
 */
#include "hist.h"
#include "sort.h"

/* sort-keys.c: an entry's own keys (who, where, when) and its values */
extern const struct sort_key sort_key_comm, sort_key_pid, sort_key_dso, sort_key_sym,
	sort_key_cpu, sort_key_period, sort_key_srcline, sort_key_sym_size, sort_key_dso_size,
	sort_key_addr, sort_key_socket, sort_key_time, sort_key_parent, sort_key_srcfile,
	sort_key_trace, sort_key_cgroup, sort_key_cgroup_id, sort_key_overhead,
	sort_key_overhead_sys, sort_key_overhead_us, sort_key_overhead_guest_sys,
	sort_key_overhead_guest_us, sort_key_overhead_children, sort_key_sample;

/* sort-branch.c: a taken branch's ends and flags (branch mode) */
extern const struct sort_key sort_key_dso_from, sort_key_sym_from, sort_key_sym_to,
	sort_key_cycles, sort_key_ipc_null, sort_key_ipc_lbr, sort_key_dso_to,
	sort_key_mispredict, sort_key_abort, sort_key_in_tx, sort_key_addr_from, sort_key_addr_to;

/* sort-mem.c: a sample's weights and its memory access (--mem-mode) */
extern const struct sort_key sort_key_local_weight, sort_key_weight, sort_key_local_ins_lat,
	sort_key_ins_lat, sort_key_local_p_stage_cyc, sort_key_p_stage_cyc, sort_key_mem_lvl,
	sort_key_mem_snoop, sort_key_mem_tlb, sort_key_mem_locked, sort_key_mem_blocked,
	sort_key_sym_daddr, sort_key_sym_iaddr, sort_key_dso_daddr, sort_key_phys_daddr,
	sort_key_data_page_size, sort_key_dcacheline;

/* perf's column widths for an unresolved symbol ("[.] 0x" and 16 digits)
 * and object */
#define UNRESOLVED_SYM_WIDTH (16 + 2 + 4)
#define UNRESOLVED_DSO_WIDTH 16

/* *@w at least @len */
void width_at_least(int *w, size_t len);

/* NULL before anything, as perf's cmp_null */
int cmp_null(const void *l, const void *r);

/* A key of one integer (k->scalar), ascending in perf's output order. */
int64_t scalar_cmp(const struct sort_key *k, const struct sort_list *l,
		   const struct hist_entry *a, const struct hist_entry *b);
uint64_t scalar_hash(const struct sort_key *k, const struct hist_entry *he);
int scalar_order(const struct sort_key *k, const struct sort_list *l,
		 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints);

/* The object of an address (k->end): dso_from, dso_to, dso_daddr. perf's
 * _sort__dso_cmp() unswapped: names the other way round than dso's. */
int64_t end_dso_cmp(const struct sort_key *k, const struct sort_list *l,
		    const struct hist_entry *a, const struct hist_entry *b);
uint64_t end_dso_hash(const struct sort_key *k, const struct hist_entry *he);
int end_dso_order(const struct sort_key *k, const struct sort_list *l,
		  const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints);
void end_dso_width(const struct sort_key *k, const struct hist_entry *he,
		   bool unresolved_dso, int *w);
void end_dso_cell(const struct sort_key *k, const struct sort_list *l,
		  const struct hist_entry *he, int width, struct strbuf *sb);

/* perf's sort__sym_cmp(): the symbol's identity, by address */
int64_t sym_cmp(const struct sort_key *k, const struct sort_list *l,
		const struct hist_entry *a, const struct hist_entry *b);
uint64_t sym_hash(const struct sort_key *k, const struct hist_entry *he);

/* printf's "%#.16" PRIx64: no 0x for zero, as C has it */
void add_addr16(struct strbuf *sb, uint64_t v);
/* "[k] ": a sample's level, as perf's symbol cells begin */
void add_level(struct strbuf *sb, char level);
/* printf's "%.*s" */
void add_cut(struct strbuf *sb, const char *s, int width);

#endif
