// SPDX-License-Identifier: GPL-2.0
/*
 * Branch mode's sort keys: a taken branch's two ends (object, symbol),
 * its basic block's cycles and IPC, and its flags, with perf's
 * comparison signs.
 */
#include <inttypes.h>

#include "branch-cycles.h"
#include "sort-keys.h"

static const struct addr_map_sym *branch_from(const struct hist_entry *he)
{
	return &hist_entry__branch(he)->from;
}

static const struct addr_map_sym *branch_to(const struct hist_entry *he)
{
	return &hist_entry__branch(he)->to;
}

#define END_DSO_KEY .cmp = end_dso_cmp, .hash = end_dso_hash, .order = end_dso_order, \
	.nr_order = 1, .cell = end_dso_cell, .width = end_dso_width

const struct sort_key sort_key_dso_from = {
	SORT_DSO_FROM, "dso_from", "Source Shared Object", .branch_only = true,
	END_DSO_KEY, .end = branch_from,
};

const struct sort_key sort_key_dso_to = {
	SORT_DSO_TO, "dso_to", "Target Shared Object", .branch_only = true,
	END_DSO_KEY, .end = branch_to,
};

/* perf's sort__sym_from_cmp() / sort__sym_to_cmp() */
static int64_t end_sym_cmp(const struct sort_key *k, const struct sort_list *l,
			   const struct hist_entry *he_a, const struct hist_entry *he_b)
{
	const struct addr_map_sym *a = k->end(he_a), *b = k->end(he_b);

	(void)l;
	if (!a->sym && !b->sym)
		return (int64_t)(b->addr - a->addr);
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	if (a->sym == b->sym)
		return 0;
	return (int64_t)(b->sym->start - a->sym->start);
}

static uint64_t end_sym_hash(const struct sort_key *k, const struct hist_entry *he)
{
	const struct addr_map_sym *e = k->end(he);

	return e->sym ? e->sym->start : e->addr;
}

static int end_sym_order(const struct sort_key *k, const struct sort_list *l,
			 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	const struct addr_map_sym *e = k->end(he);

	(void)l;
	(void)rk;
	ints[0] = e->sym ? 0 : 1;
	ints[1] = (int64_t)(e->sym ? e->sym->start : e->addr);
	return 2;
}

static void end_sym_cell(const struct sort_key *k, const struct sort_list *l,
			 const struct hist_entry *he, int width, struct strbuf *sb)
{
	const struct addr_map_sym *e = k->end(he);

	(void)l;
	(void)width;
	add_level(sb, e->level);
	if (e->sym)
		strbuf_addstr(sb, e->sym->name);
	else
		add_addr16(sb, e->al_addr);
}

static void end_sym_width(const struct sort_key *k, const struct hist_entry *he,
			  bool unresolved_dso, int *w)
{
	const struct addr_map_sym *e = k->end(he);

	(void)unresolved_dso;
	width_at_least(w, e->sym ? e->sym->namelen + 4 : UNRESOLVED_SYM_WIDTH);
}

#define END_SYM_KEY .cmp = end_sym_cmp, .hash = end_sym_hash, .order = end_sym_order, \
	.nr_order = 2, .cell = end_sym_cell, .width = end_sym_width

const struct sort_key sort_key_sym_from = {
	SORT_SYM_FROM, "symbol_from", "Source Symbol", .ragged = true, .branch_only = true,
	END_SYM_KEY, .end = branch_from,
};

const struct sort_key sort_key_sym_to = {
	SORT_SYM_TO, "symbol_to", "Target Symbol", .ragged = true, .branch_only = true,
	END_SYM_KEY, .end = branch_to,
};

/*
 * perf's addr_from/addr_to: an end's object, then its address (a signed
 * difference); printed as symbol+offset at the sample's level, the symbol
 * cut to the column, which only an unresolved end widens.
 */
static int64_t end_addr_cmp(const struct sort_key *k, const struct sort_list *l,
			    const struct hist_entry *a, const struct hist_entry *b)
{
	return end_dso_cmp(k, l, a, b) ?: (int64_t)(k->end(b)->addr - k->end(a)->addr);
}

static uint64_t end_addr_hash(const struct sort_key *k, const struct hist_entry *he)
{
	return k->end(he)->addr;
}

static int end_addr_order(const struct sort_key *k, const struct sort_list *l,
			  const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	end_dso_order(k, l, rk, he, ints);
	ints[1] = (int64_t)k->end(he)->addr;
	return 2;
}

static void end_addr_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	const struct addr_map_sym *e = k->end(he);
	uint64_t offset = e->sym ? e->al_addr - e->sym->start : 0;

	(void)l;
	add_level(sb, he->level);
	if (e->sym && e->dso && e->sym->is_object) {
		strbuf_addf(sb, "%s+0x%" PRIx64, e->sym->name, offset);
	} else if (e->sym && e->dso) {
		add_cut(sb, e->sym->name, width > 4 ? width - 4 : 0);
		if (offset)
			strbuf_addf(sb, "+0x%" PRIx64, offset);
	} else {
		add_addr16(sb, e->al_addr);
	}
}

static void end_addr_width(const struct sort_key *k, const struct hist_entry *he,
			   bool unresolved_dso, int *w)
{
	(void)unresolved_dso;
	if (!k->end(he)->sym)
		width_at_least(w, UNRESOLVED_SYM_WIDTH);
}

#define END_ADDR_KEY .branch_only = true, .ragged = true, .cmp = end_addr_cmp, .hash = end_addr_hash, \
	.order = end_addr_order, .nr_order = 2, .cell = end_addr_cell, .width = end_addr_width

const struct sort_key sort_key_addr_from = {
	SORT_ADDR_FROM, "addr_from", "Source Address", END_ADDR_KEY, .end = branch_from,
};

const struct sort_key sort_key_addr_to = {
	SORT_ADDR_TO, "addr_to", "Target Address", END_ADDR_KEY, .end = branch_to,
};

/* most cycles first */
static int64_t cycles_of(const struct hist_entry *he)
{
	return -(int64_t)hist_entry__branch(he)->cycles;
}

/* perf prints the 16-bit count signed; so do we, so outputs diff */
static void cycles_cell(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *he, int width, struct strbuf *sb)
{
	uint16_t cycles = hist_entry__branch(he)->cycles;

	(void)k;
	(void)l;
	(void)width;
	if (cycles)
		strbuf_addf(sb, "%d", (int16_t)cycles);
	else
		strbuf_addch(sb, '-');
}

const struct sort_key sort_key_cycles = {
	SORT_CYCLES, "cycles", "Basic Block Cycles", .branch_only = true,
	.cmp = scalar_cmp, .hash = scalar_hash, .order = scalar_order, .nr_order = 1,
	.scalar = cycles_of, .cell = cycles_cell,
};

/*
 * perf's IPC columns tell entries apart by symbol (sort__sym_cmp) and
 * order them so too (no se_sort): unresolved addresses by address.
 */
static int ipc_identity(const struct sort_key *k, const struct sort_list *l,
			const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	ints[0] = he->sym ? 0 : 1;
	ints[1] = he->sym && !sort_list__has(l, SORT_DSO) ? name_rank__of(&rk->dso, he->dso) : 0;
	ints[2] = (int64_t)(he->sym ? he->sym->start : he->ip);
	return 3;
}

#define IPC_KEY .cmp = sym_cmp, .hash = sym_hash, .identity = ipc_identity, .nr_identity = 3

/* beside a symbol key out of branch mode */
static void ipc_null_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)he;
	(void)width;
	strbuf_addstr(sb, "-      -");
}

const struct sort_key sort_key_ipc_null = {
	SORT_IPC_NULL, "ipc_null", "IPC   [IPC Coverage]", IPC_KEY, .cell = ipc_null_cell,
};

/* in branch mode; '-' is perf's for an unresolved symbol */
static void ipc_lbr_cell(const struct sort_key *k, const struct sort_list *l,
			 const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)width;
	if (he->sym && l->cycles)
		branch_cycles__cell(l->cycles, he->sym, sb);
	else
		strbuf_addch(sb, '-');
}

const struct sort_key sort_key_ipc_lbr = {
	SORT_IPC_LBR, "ipc_lbr", "IPC   [IPC Coverage]", IPC_KEY, .cell = ipc_lbr_cell,
};

/* The flags (k->flag) a branch key tells apart: perf counts mispredicted
 * and predicted both. */
static unsigned int branch_flags(const struct sort_key *k, const struct hist_entry *he)
{
	return hist_entry__branch(he)->flags & k->flag;
}

/* perf: 1 when they differ, either way round */
static int64_t flag_cmp(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *a, const struct hist_entry *b)
{
	(void)l;
	return branch_flags(k, a) != branch_flags(k, b);
}

static uint64_t flag_hash(const struct sort_key *k, const struct hist_entry *he)
{
	return branch_flags(k, he);
}

static int flag_order(const struct sort_key *k, const struct sort_list *l,
		      const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)l;
	(void)rk;
	ints[0] = -(int64_t)branch_flags(k, he);
	return 1;
}

#define FLAG_KEY .branch_only = true, .unordered = true, .cmp = flag_cmp, .hash = flag_hash, \
	.order = flag_order, .nr_order = 1

/*
 * perf's words for a branch's flags. Its mispredict column keeps the last
 * word it printed for a branch that is neither predicted nor mispredicted
 * (a static in perf), and so does this one, row after row.
 */
static void mispredict_cell(const struct sort_key *k, const struct sort_list *l,
			    const struct hist_entry *he, int width, struct strbuf *sb)
{
	static const char *mispredict = "N/A";
	unsigned int f = hist_entry__branch(he)->flags;

	(void)k;
	(void)l;
	(void)width;
	if (f & BRANCH_PREDICTED)
		mispredict = "N";
	else if (f & BRANCH_MISPRED)
		mispredict = "Y";
	strbuf_addstr(sb, mispredict);
}

const struct sort_key sort_key_mispredict = {
	SORT_MISPREDICT, "mispredict", "Branch Mispredicted", FLAG_KEY,
	.flag = BRANCH_MISPRED | BRANCH_PREDICTED, .cell = mispredict_cell,
};

/* the flag's letter, or '.' */
static void flag_letter_cell(const struct sort_key *k, const struct sort_list *l,
			     const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)l;
	(void)width;
	strbuf_addch(sb, !branch_flags(k, he) ? '.' : k->id == SORT_ABORT ? 'A' : 'T');
}

const struct sort_key sort_key_abort = {
	SORT_ABORT, "abort", "Transaction abort", FLAG_KEY, .flag = BRANCH_ABORT,
	.cell = flag_letter_cell,
};

const struct sort_key sort_key_in_tx = {
	SORT_IN_TX, "in_tx", "Branch in transaction", FLAG_KEY, .flag = BRANCH_IN_TX,
	.cell = flag_letter_cell,
};
