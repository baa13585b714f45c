// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys of a sample's weights and of its memory access
 * (--mem-mode). perf compares each memory field alone (its mem_lvl bits,
 * not the level number; mem_snoop, not snoopx): accesses differing only
 * in the rest share an entry, which shows the first one's words.
 */
#include <inttypes.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "data-src.h"
#include "sort-keys.h"

static union perf_mem_data_src data_src(const struct hist_entry *he)
{
	return (union perf_mem_data_src){ .val = hist_entry__mem(he)->data_src };
}

/* An integer of the access, ascending in perf's output order. */
#define MEM_KEY .needs_mem = true, .cmp = scalar_cmp, .hash = scalar_hash, \
	.order = scalar_order, .nr_order = 1

/* ---- weights: perf compares left minus right, so the heaviest first ---- */

static int64_t weight_of(const struct hist_entry *he)
{
	return -(int64_t)hist_entry__mem(he)->weight;
}

static int64_t ins_lat_of(const struct hist_entry *he)
{
	return -(int64_t)hist_entry__mem(he)->ins_lat;
}

static void local_weight_cell(const struct sort_key *k, const struct sort_list *l,
			      const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_adduint(sb, hist_entry__mem(he)->weight, 0);
}

static void weight_cell(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_adduint(sb, hist_entry__mem(he)->weight * he->nr_samples, 0);
}

static void local_ins_lat_cell(const struct sort_key *k, const struct sort_list *l,
			       const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_adduint(sb, hist_entry__mem(he)->ins_lat, 0);
}

/* perf's product is an unsigned int */
static void ins_lat_cell(const struct sort_key *k, const struct sort_list *l,
			 const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_adduint(sb, (unsigned int)(hist_entry__mem(he)->ins_lat * he->nr_samples), 0);
}

const struct sort_key sort_key_local_weight = {
	SORT_LOCAL_WEIGHT, "local_weight", "Local Weight", .min_width = 12,
	MEM_KEY, .scalar = weight_of, .cell = local_weight_cell,
};

const struct sort_key sort_key_weight = {
	SORT_WEIGHT, "weight", "Weight", .min_width = 12,
	MEM_KEY, .scalar = weight_of, .cell = weight_cell,
};

const struct sort_key sort_key_local_ins_lat = {
	SORT_LOCAL_INS_LAT, "local_ins_lat", "Local INSTR Latency", .min_width = 13,
	MEM_KEY, .scalar = ins_lat_of, .cell = local_ins_lat_cell,
};

const struct sort_key sort_key_ins_lat = {
	SORT_INS_LAT, "ins_lat", "INSTR Latency", .min_width = 13,
	MEM_KEY, .scalar = ins_lat_of, .cell = ins_lat_cell,
};

/* perf shows these on powerpc only: accepted, never in a list */
const struct sort_key sort_key_local_p_stage_cyc = {
	SORT_LOCAL_P_STAGE_CYC, "local_p_stage_cyc", "", .dropped = true,
};

const struct sort_key sort_key_p_stage_cyc = {
	SORT_P_STAGE_CYC, "p_stage_cyc", "", .dropped = true,
};

/* ---- data_src fields: ascending (perf: right minus left) ---- */

static int64_t mem_lvl_of(const struct hist_entry *he)
{
	return data_src(he).mem_lvl;
}

static int64_t mem_snoop_of(const struct hist_entry *he)
{
	return data_src(he).mem_snoop;
}

static int64_t mem_tlb_of(const struct hist_entry *he)
{
	return data_src(he).mem_dtlb;
}

static int64_t mem_locked_of(const struct hist_entry *he)
{
	return data_src(he).mem_lock;
}

static int64_t mem_blocked_of(const struct hist_entry *he)
{
	return data_src(he).mem_blk;
}

/* the words perf prints for the field (data-src.c), by k->id */
static void data_src_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	static void (*const words[])(uint64_t, struct strbuf *) = {
		[SORT_MEM_LVL] = data_src__level,
		[SORT_MEM_SNOOP] = data_src__snoop,
		[SORT_MEM_TLB] = data_src__tlb,
		[SORT_MEM_LOCKED] = data_src__lock,
		[SORT_MEM_BLOCKED] = data_src__blocked,
	};

	(void)l;
	(void)width;
	words[k->id](hist_entry__mem(he)->data_src, sb);
}

#define DATA_SRC_KEY .mem_only = true, MEM_KEY, .cell = data_src_cell

const struct sort_key sort_key_mem_lvl = {
	SORT_MEM_LVL, "mem", "Memory access", .min_width = 24,
	DATA_SRC_KEY, .scalar = mem_lvl_of,
};

const struct sort_key sort_key_mem_snoop = {
	SORT_MEM_SNOOP, "snoop", "Snoop", .min_width = 12,
	DATA_SRC_KEY, .scalar = mem_snoop_of,
};

const struct sort_key sort_key_mem_tlb = {
	SORT_MEM_TLB, "tlb", "TLB access", .min_width = 22,
	DATA_SRC_KEY, .scalar = mem_tlb_of,
};

const struct sort_key sort_key_mem_locked = {
	SORT_MEM_LOCKED, "locked", "Locked", .ragged = true, .min_width = 6,
	DATA_SRC_KEY, .scalar = mem_locked_of,
};

const struct sort_key sort_key_mem_blocked = {
	SORT_MEM_BLOCKED, "blocked", "Blocked", .ragged = true, .min_width = 10,
	DATA_SRC_KEY, .scalar = mem_blocked_of,
};

/* ---- the addresses ---- */

static const struct addr_map_sym *mem_daddr(const struct hist_entry *he)
{
	return &hist_entry__mem(he)->daddr;
}

static const struct addr_map_sym *mem_iaddr(const struct hist_entry *he)
{
	return &hist_entry__mem(he)->iaddr;
}

static int64_t daddr_of(const struct hist_entry *he)
{
	return (int64_t)hist_entry__mem(he)->daddr.addr;
}

static int64_t iaddr_of(const struct hist_entry *he)
{
	return (int64_t)hist_entry__mem(he)->iaddr.addr;
}

/*
 * perf's _hist_entry__sym_snprintf() for a memory address: a data object
 * with its offset, a function by name (cut to the column), else the raw
 * address; the level is the sample's.
 */
static void mem_addr_cell(const struct addr_map_sym *e, char level, int width,
			  struct strbuf *sb)
{
	add_level(sb, level);
	if (e->sym && e->dso && e->sym->is_object)
		strbuf_addf(sb, "%s+0x%" PRIx64, e->sym->name, e->al_addr - e->sym->start);
	else if (e->sym && e->dso)
		add_cut(sb, e->sym->name, width > 4 ? width - 4 : 0);
	else
		add_addr16(sb, e->addr);
}

/* its symbol's name beside room for the raw address (perf's sizing, even
 * though only one of them prints) */
static void end_addr_width(const struct sort_key *k, const struct hist_entry *he,
			   bool unresolved_dso, int *w)
{
	const struct addr_map_sym *e = k->end(he);

	(void)unresolved_dso;
	if (he->mem)
		width_at_least(w, (e->sym ? e->sym->namelen : 0) + UNRESOLVED_SYM_WIDTH);
}

static void end_addr_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)l;
	mem_addr_cell(k->end(he), he->level, width, sb);
}

const struct sort_key sort_key_sym_daddr = {
	SORT_SYM_DADDR, "symbol_daddr", "Data Symbol", .ragged = true, .mem_only = true,
	MEM_KEY, .scalar = daddr_of, .end = mem_daddr, .cell = end_addr_cell,
	.width = end_addr_width,
};

const struct sort_key sort_key_sym_iaddr = {
	SORT_SYM_IADDR, "symbol_iaddr", "Code Symbol", .ragged = true, .mem_only = true,
	MEM_KEY, .scalar = iaddr_of, .end = mem_iaddr, .cell = end_addr_cell,
	.width = end_addr_width,
};

/* the data object's name; room for an unknown one */
static void dso_daddr_width(const struct sort_key *k, const struct hist_entry *he,
			    bool unresolved_dso, int *w)
{
	(void)k;
	if (!he->mem)
		return;
	if (he->mem->daddr.dso)
		width_at_least(w, strlen(he->mem->daddr.dso->short_name));
	else if (unresolved_dso)
		width_at_least(w, UNRESOLVED_DSO_WIDTH);
}

const struct sort_key sort_key_dso_daddr = {
	SORT_DSO_DADDR, "dso_daddr", "Data Object", .mem_only = true, .needs_mem = true,
	.cmp = end_dso_cmp, .hash = end_dso_hash, .order = end_dso_order, .nr_order = 1,
	.cell = end_dso_cell, .end = mem_daddr, .width = dso_daddr_width,
};

static int64_t phys_daddr_of(const struct hist_entry *he)
{
	return (int64_t)hist_entry__mem(he)->phys_addr;
}

static void phys_daddr_cell(const struct sort_key *k, const struct sort_list *l,
			    const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	add_level(sb, he->level);
	add_addr16(sb, hist_entry__mem(he)->phys_addr);
}

const struct sort_key sort_key_phys_daddr = {
	SORT_PHYS_DADDR, "phys_daddr", "Data Physical Address", .mem_only = true,
	.min_width = 22, MEM_KEY, .scalar = phys_daddr_of, .cell = phys_daddr_cell,
};

static int64_t data_page_size_of(const struct hist_entry *he)
{
	return (int64_t)hist_entry__mem(he)->data_page_size;
}

static void data_page_size_cell(const struct sort_key *k, const struct sort_list *l,
				const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	page_size__name(hist_entry__mem(he)->data_page_size, sb);
}

const struct sort_key sort_key_data_page_size = {
	SORT_DATA_PAGE_SIZE, "data_page_size", "Data Page Size", .mem_only = true,
	.min_width = 22, MEM_KEY, .scalar = data_page_size_of, .cell = data_page_size_cell,
};

/* ---- dcacheline ---- */

/* The host's (perf's cacheline_size()), 64 when it does not say. */
static uint64_t cache_line(uint64_t addr)
{
	static long size;	/* atomic: two threads may print rows */
	long line = __atomic_load_n(&size, __ATOMIC_RELAXED);

	if (!line) {
		long s = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);

		line = s > 0 && !(s & (s - 1)) ? s : 64;
		__atomic_store_n(&size, line, __ATOMIC_RELAXED);
	}
	return addr & ~(uint64_t)(line - 1);
}

/* Memory perf's dcacheline takes for a process's own: no file behind it
 * (no dso id), not shared, not the kernel's. */
static bool private_anon(const struct hist_entry *he, const struct data_map *dm)
{
	return he->cpumode != PERF_RECORD_MISC_KERNEL && !(dm->flags & MAP_SHARED) && !dm->ino;
}

#define DCACHELINE_INTS 5

/* perf's dcacheline key as integers ascending in its order: the cpumode,
 * unmapped last, the mapping's file, the pid for anonymous user memory, the
 * cache line's address. */
static int dcacheline_order(const struct sort_key *k, const struct sort_list *l,
			    const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	const struct hist_mem *m = hist_entry__mem(he);
	const struct data_map *dm = &m->dmap;

	(void)k;
	(void)l;
	(void)rk;
	ints[0] = he->cpumode;
	ints[1] = !dm->mapped;
	ints[2] = dm->mapped ? (int64_t)dm->ino : 0;
	ints[3] = dm->mapped && private_anon(he, dm) ? he->thread->pid : 0;
	ints[4] = (int64_t)(cache_line(m->daddr.al_addr) ^ 1ULL << 63);	/* unsigned */
	return DCACHELINE_INTS;
}

static int64_t dcacheline_cmp(const struct sort_key *k, const struct sort_list *l,
			      const struct hist_entry *a, const struct hist_entry *b)
{
	int64_t ka[DCACHELINE_INTS], kb[DCACHELINE_INTS];

	dcacheline_order(k, l, NULL, a, ka);
	dcacheline_order(k, l, NULL, b, kb);
	for (int i = 0; i < DCACHELINE_INTS; i++)
		if (ka[i] != kb[i])
			return ka[i] < kb[i] ? 1 : -1;
	return 0;
}

static uint64_t dcacheline_hash(const struct sort_key *k, const struct hist_entry *he)
{
	(void)k;
	return cache_line(hist_entry__mem(he)->daddr.al_addr);
}

/* perf's hist_entry__dcacheline_snprintf(): the line's address in the
 * data symbol's place; [s] for a shared file mapping's data, [X] where no
 * map holds the address. */
static void dcacheline_cell(const struct sort_key *k, const struct sort_list *l,
			    const struct hist_entry *he, int width, struct strbuf *sb)
{
	const struct hist_mem *m = hist_entry__mem(he);
	struct addr_map_sym line = m->daddr;
	char level = he->level;

	(void)k;
	(void)l;
	line.addr = line.al_addr = cache_line(m->daddr.al_addr);
	/* perf subtracts the object's address from the line's map-relative
	 * one: an offset only for maps that are not relocated */
	line.al_addr -= m->dmap.unmap_delta;
	if (!m->dmap.mapped)
		level = 'X';
	else if (he->cpumode != PERF_RECORD_MISC_KERNEL && !(m->dmap.prot & PROT_EXEC) &&
		 (m->dmap.flags & MAP_SHARED) && m->dmap.ino)
		level = 's';
	mem_addr_cell(&line, level, width, sb);
}

/* perf's: one more beside a symbol */
static void dcacheline_width(const struct sort_key *k, const struct hist_entry *he,
			     bool unresolved_dso, int *w)
{
	const struct symbol *sym = he->mem ? he->mem->daddr.sym : NULL;

	(void)k;
	(void)unresolved_dso;
	if (he->mem)
		width_at_least(w, (sym ? sym->namelen + 1 : 0) + UNRESOLVED_SYM_WIDTH);
}

const struct sort_key sort_key_dcacheline = {
	SORT_DCACHELINE, "dcacheline", "Data Cacheline", .ragged = true, .mem_only = true,
	.needs_mem = true, .cmp = dcacheline_cmp, .hash = dcacheline_hash,
	.order = dcacheline_order, .nr_order = DCACHELINE_INTS, .cell = dcacheline_cell,
	.width = dcacheline_width,
};
