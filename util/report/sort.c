// SPDX-License-Identifier: GPL-2.0
/*
 * Sort keys. The comparison signs copy perf's sort.c conventions (right
 * minus left), so ties print in perf's order, including its quirk of
 * comparing u64 addresses as signed differences.
 */
#include <errno.h>
#include <inttypes.h>
#include <linux/perf_event.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "../base/util.h"
#include "branch-cycles.h"
#include "data-src.h"
#include "hist.h"
#include "sort.h"

static const struct sort_key keys[] = {
	{ SORT_COMM, "comm", "Command" },
	{ SORT_PID, "pid", "    Pid:Command" },
	{ SORT_DSO, "dso", "Shared Object" },
	{ SORT_SYM, "sym", "Symbol", .ragged = true },
	{ SORT_CPU, "cpu", "CPU", .min_width = 3 },
	{ SORT_PERIOD, "period", "Period", .hpp = true, .min_width = 12 },
	{ SORT_SRCLINE, "srcline", "Source:Line", .ragged = true },
	{ SORT_DSO_FROM, "dso_from", "Source Shared Object", .branch_only = true },
	{ SORT_SYM_FROM, "symbol_from", "Source Symbol", .ragged = true, .branch_only = true },
	{ SORT_SYM_TO, "symbol_to", "Target Symbol", .ragged = true, .branch_only = true },
	{ SORT_CYCLES, "cycles", "Basic Block Cycles", .branch_only = true },
	{ SORT_IPC_NULL, "ipc_null", "IPC   [IPC Coverage]" },
	{ SORT_IPC_LBR, "ipc_lbr", "IPC   [IPC Coverage]" },
	{ SORT_DSO_TO, "dso_to", "Target Shared Object", .branch_only = true },
	{ SORT_MISPREDICT, "mispredict", "Branch Mispredicted", .branch_only = true },
	{ SORT_ABORT, "abort", "Transaction abort", .branch_only = true },
	{ SORT_IN_TX, "in_tx", "Branch in transaction", .branch_only = true },
	{ SORT_SYM_SIZE, "symbol_size", "Symbol size", .right_align = true },
	{ SORT_DSO_SIZE, "dso_size", "DSO size", .right_align = true },
	{ SORT_ADDR, "addr", "Address", .min_width = 18 },
	{ SORT_SOCKET, "socket", "Socket", .right_align = true },
	{ SORT_TIME, "time", "Time", .ragged = true, .min_width = 12 },	/* 16 with --ns */
	{ SORT_PARENT, "parent", "Parent symbol" },
	{ SORT_SRCFILE, "srcfile", "Source File", .ragged = true },
	{ SORT_TRACE, "trace", "Trace output", .ragged = true },
	{ SORT_CGROUP, "cgroup", "Cgroup", .ragged = true, .min_width = 6 },
	{ SORT_CGROUP_ID, "cgroup_id", "cgroup id (dev/inode)", .ragged = true,
	  .min_width = 20 },
	{ SORT_OVERHEAD, "overhead", "Overhead", .hpp = true, .min_width = 8 },
	{ SORT_OVERHEAD_SYS, "overhead_sys", "sys", .hpp = true, .min_width = 8 },
	{ SORT_OVERHEAD_US, "overhead_us", "usr", .hpp = true, .min_width = 8 },
	{ SORT_OVERHEAD_GUEST_SYS, "overhead_guest_sys", "guest sys", .hpp = true, .min_width = 8 },
	{ SORT_OVERHEAD_GUEST_US, "overhead_guest_us", "guest usr", .hpp = true, .min_width = 8 },
	{ SORT_OVERHEAD_CHILDREN, "overhead_children", "Children", .hpp = true, .min_width = 8 },
	{ SORT_SAMPLE, "sample", "Samples", .hpp = true, .min_width = 12 },
	{ SORT_LOCAL_WEIGHT, "local_weight", "Local Weight", .min_width = 12 },
	{ SORT_WEIGHT, "weight", "Weight", .min_width = 12 },
	{ SORT_LOCAL_INS_LAT, "local_ins_lat", "Local INSTR Latency", .min_width = 13 },
	{ SORT_INS_LAT, "ins_lat", "INSTR Latency", .min_width = 13 },
	/* perf shows these on powerpc only */
	{ SORT_LOCAL_P_STAGE_CYC, "local_p_stage_cyc", "", .dropped = true },
	{ SORT_P_STAGE_CYC, "p_stage_cyc", "", .dropped = true },
	{ SORT_MEM_LVL, "mem", "Memory access", .mem_only = true, .min_width = 24 },
	{ SORT_MEM_SNOOP, "snoop", "Snoop", .mem_only = true, .min_width = 12 },
	{ SORT_MEM_TLB, "tlb", "TLB access", .mem_only = true, .min_width = 22 },
	{ SORT_MEM_LOCKED, "locked", "Locked", .ragged = true, .mem_only = true, .min_width = 6 },
	{ SORT_MEM_BLOCKED, "blocked", "Blocked", .ragged = true, .mem_only = true, .min_width = 10 },
	{ SORT_SYM_DADDR, "symbol_daddr", "Data Symbol", .ragged = true, .mem_only = true },
	{ SORT_SYM_IADDR, "symbol_iaddr", "Code Symbol", .ragged = true, .mem_only = true },
	{ SORT_DSO_DADDR, "dso_daddr", "Data Object", .mem_only = true },
	{ SORT_PHYS_DADDR, "phys_daddr", "Data Physical Address", .mem_only = true,
	  .min_width = 22 },
	{ SORT_DATA_PAGE_SIZE, "data_page_size", "Data Page Size", .mem_only = true,
	  .min_width = 22 },
	{ SORT_DCACHELINE, "dcacheline", "Data Cacheline", .ragged = true, .mem_only = true },
};

_Static_assert(ARRAY_SIZE(keys) == SORT_NR_KEYS, "keys[] is indexed by enum sort_key_id");

static const struct sort_key *find_key(const char *name, size_t len)
{
	if (len == 3 && !strncmp(name, "tid", 3))
		return &keys[SORT_PID];
	if (len == 6 && !strncmp(name, "symbol", 6))
		return &keys[SORT_SYM];
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (strlen(keys[i].name) == len && !strncmp(keys[i].name, name, len))
			return &keys[i];
	return NULL;
}

int sort_list__parse(struct sort_list *l, const char *spec, const char *opt, bool mem_mode,
		     struct strbuf *err)
{
	const char *p = spec;
	int named = 0;

	l->nr = 0;
	l->time_ns = l->sym_by_name = false;	/* the callers' settings, after */
	l->cycles = NULL;
	while (*p) {
		size_t len = strcspn(p, ", ");
		const struct sort_key *k = len ? find_key(p, len) : NULL;

		if (len && !k) {
			strbuf_addf(err, "unknown %s key '%.*s'\nhint: the keys are comm, pid, "
				    "tid, dso, sym, cpu, srcline, srcfile, symbol_size, dso_size, addr, "
				    "socket, time, parent, trace, cgroup, cgroup_id, local_weight, weight, "
				    "local_ins_lat, ins_lat; the values overhead, overhead_sys, "
				    "overhead_us, overhead_guest_sys, overhead_guest_us, "
				    "overhead_children, sample, period (and dso_from, dso_to, "
				    "symbol_from, symbol_to, cycles, mispredict, abort, in_tx for "
				    "branches; mem, snoop, tlb, locked, blocked, symbol_daddr, "
				    "symbol_iaddr, dso_daddr, phys_daddr, data_page_size, "
				    "dcacheline with "
				    "--mem-mode)", opt, (int)len, p);
			return -EINVAL;
		}
		if (k && k->mem_only && !mem_mode) {
			strbuf_addf(err, "%s key '%s' describes memory accesses\nhint: add "
				    "--mem-mode (or use perf-mini mem report)", opt, k->name);
			return -EINVAL;
		}
		named += !!k;
		if (k && !k->dropped)
			sort_list__add(l, k->id);
		p += len;
		p += strspn(p, ", ");
	}
	if (!named) {
		strbuf_addf(err, "%s needs at least one key (e.g. comm,dso,sym)", opt);
		return -EINVAL;
	}
	return 0;
}

void sort_list__add(struct sort_list *l, enum sort_key_id id)
{
	if (!sort_list__has(l, id) && l->nr < MAX_SORT_KEYS)
		l->keys[l->nr++] = &keys[id];
}

const struct sort_key *sort_list__branch_key(const struct sort_list *l)
{
	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->branch_only)
			return l->keys[i];
	return NULL;
}

bool sort_list__needs_mem(const struct sort_list *l)
{
	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->id >= SORT_LOCAL_WEIGHT)
			return true;
	return false;
}

bool sort_key_is_unordered(enum sort_key_id id)
{
	return id == SORT_MISPREDICT || id == SORT_ABORT || id == SORT_IN_TX;
}

bool sort_key_is_value(enum sort_key_id id)
{
	return id < SORT_NR_KEYS && keys[id].hpp;
}

const struct sort_key *sort_key__find(const char *name)
{
	return find_key(name, strlen(name));
}

bool sort_list__needs_cpumode(const struct sort_list *l)
{
	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->id >= SORT_OVERHEAD_SYS && l->keys[i]->id <= SORT_OVERHEAD_GUEST_US)
			return true;
	return false;
}

bool sort_list__reads_rare(const struct sort_list *l)
{
	static const enum sort_key_id rare[] = {
		SORT_ADDR, SORT_DSO_SIZE, SORT_TIME, SORT_PARENT, SORT_SRCLINE,
		SORT_SRCFILE, SORT_TRACE, SORT_CGROUP, SORT_CGROUP_ID,
	};

	for (size_t i = 0; i < sizeof(rare) / sizeof(rare[0]); i++)
		if (sort_list__has(l, rare[i]))
			return true;
	return false;
}

bool sort_list__has(const struct sort_list *l, enum sort_key_id id)
{
	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->id == id)
			return true;
	return false;
}

static const char *dso_name(const struct hist_entry *he)
{
	return he->dso ? he->dso->short_name : NULL;
}

static int cmp_null(const void *l, const void *r)
{
	if (!l && !r)
		return 0;
	return !l ? -1 : 1;
}

/*
 * The functions below return perf's comparison value for (a, b): > 0 when
 * @a prints first. Their signs copy perf's sort.c (right minus left).
 */

/* perf's _sort__cgroup_cmp(): by value, never by a wrapping difference */
static int64_t u64_cmp(uint64_t a, uint64_t b)
{
	return a > b ? 1 : a < b ? -1 : 0;
}

static int64_t dso_cmp(const struct hist_entry *a, const struct hist_entry *b)
{
	const char *na, *nb;

	if (a->dso == b->dso)
		return 0;
	na = dso_name(a);
	nb = dso_name(b);
	if (!na || !nb)
		return cmp_null(na, nb);
	return strcmp(nb, na);
}

/* Identity and final order of symbols: by address (perf's sort__sym_cmp). */
static int64_t sym_cmp(const struct sort_list *l, const struct hist_entry *a,
		       const struct hist_entry *b)
{
	int64_t ret;

	if (!a->sym && !b->sym)
		return (int64_t)(b->ip - a->ip);
	/* the objects first, even for an unresolved address (which another
	 * unresolved one compares by address alone): perf's order, not a
	 * total one, which hists__init() replays */
	if (!sort_list__has(l, SORT_DSO)) {
		ret = dso_cmp(a, b);
		if (ret)
			return ret;
	}
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	if (a->sym == b->sym)
		return 0;
	/* perf's: inlined functions share their host's start; they are told
	 * apart by name, and one name over overlapping ranges is one entry */
	if (a->sym->inlined || b->sym->inlined) {
		ret = strcmp(a->sym->name, b->sym->name);
		if (ret)
			return ret;
		if (a->sym->start <= b->sym->end && a->sym->end >= b->sym->start)
			return 0;
	}
	if (a->sym->start != b->sym->start)
		return (int64_t)(b->sym->start - a->sym->start);
	return (int64_t)(b->sym->end - a->sym->end);
}

/* Output order of symbols: by name (perf's sort__sym_sort). */
static int64_t sym_sort(const struct hist_entry *a, const struct hist_entry *b)
{
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	return strcmp(b->sym->name, a->sym->name);
}

/* perf's _sort__dso_cmp() unswapped (sort__dso_from_cmp, dso_daddr): the
 * names compare the other way round than for dso. */
static int64_t dso_unswapped_cmp(const struct dso *da, const struct dso *db)
{
	const char *na = da ? da->short_name : NULL;
	const char *nb = db ? db->short_name : NULL;

	if (da == db)
		return 0;
	if (!na || !nb)
		return cmp_null(nb, na);
	return strcmp(na, nb);
}

/* perf's sort__sym_from_cmp() / sort__sym_to_cmp(). */
static int64_t addr_map_sym_cmp(const struct addr_map_sym *a, const struct addr_map_sym *b)
{
	if (!a->sym && !b->sym)
		return (int64_t)(b->addr - a->addr);
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	if (a->sym == b->sym)
		return 0;
	return (int64_t)(b->sym->start - a->sym->start);
}

/* The flags a branch key tells apart (perf: mispredicted and predicted
 * both count), as one number. */
unsigned int sort_key__branch_flag(enum sort_key_id id, const struct hist_entry *he)
{
	unsigned int f = hist_entry__branch(he)->flags;

	switch (id) {
	case SORT_MISPREDICT: return f & (BRANCH_MISPRED | BRANCH_PREDICTED);
	case SORT_ABORT: return f & BRANCH_ABORT;
	case SORT_IN_TX: return f & BRANCH_IN_TX;
	default: return 0;
	}
}

static uint64_t sym_size(const struct hist_entry *he)
{
	return he->sym ? he->sym->end - he->sym->start : 0;
}

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

void sort_key__dcacheline(const struct hist_entry *he, int64_t k[DCACHELINE_INTS])
{
	const struct hist_mem *m = hist_entry__mem(he);
	const struct data_map *dm = &m->dmap;

	k[0] = he->cpumode;
	k[1] = !dm->mapped;
	k[2] = dm->mapped ? (int64_t)dm->ino : 0;
	k[3] = dm->mapped && private_anon(he, dm) ? he->thread->pid : 0;
	k[4] = (int64_t)(cache_line(m->daddr.al_addr) ^ 1ULL << 63);	/* unsigned */
}

static int64_t dcacheline_cmp(const struct hist_entry *a, const struct hist_entry *b)
{
	int64_t ka[DCACHELINE_INTS], kb[DCACHELINE_INTS];

	sort_key__dcacheline(a, ka);
	sort_key__dcacheline(b, kb);
	for (int i = 0; i < DCACHELINE_INTS; i++)
		if (ka[i] != kb[i])
			return ka[i] < kb[i] ? 1 : -1;
	return 0;
}

static int64_t key_cmp(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	if (k->hpp)	/* values, not identities */
		return 0;
	switch (k->id) {
	case SORT_COMM: return a->comm == b->comm ? 0 : strcmp(b->comm, a->comm);
	case SORT_PID: return (int64_t)b->thread->tid - a->thread->tid;
	case SORT_DSO: return dso_cmp(a, b);
	case SORT_SYM: return sym_cmp(l, a, b);
	case SORT_CPU: return (int64_t)b->cpu - a->cpu;
	case SORT_SRCLINE: return strcmp(b->rare->srcline ?: "", a->rare->srcline ?: "");
	case SORT_SRCFILE: return strcmp(b->rare->srcfile ?: "", a->rare->srcfile ?: "");
	case SORT_TRACE: return strcmp(b->rare->trace_output ?: "", a->rare->trace_output ?: "");
	case SORT_CGROUP: return u64_cmp(b->rare->cgroup, a->rare->cgroup);
	case SORT_CGROUP_ID:
		return u64_cmp(b->rare->cgroup_ns_dev, a->rare->cgroup_ns_dev) ?:
		       u64_cmp(b->rare->cgroup_ns_ino, a->rare->cgroup_ns_ino);
	case SORT_DSO_FROM:
		return dso_unswapped_cmp(hist_entry__branch(a)->from.dso,
					 hist_entry__branch(b)->from.dso);
	case SORT_DSO_TO:
		return dso_unswapped_cmp(hist_entry__branch(a)->to.dso, hist_entry__branch(b)->to.dso);
	case SORT_DSO_DADDR:
		return dso_unswapped_cmp(hist_entry__mem(a)->daddr.dso, hist_entry__mem(b)->daddr.dso);
	case SORT_MISPREDICT:	/* perf: 1 when they differ, either way round */
	case SORT_ABORT:
	case SORT_IN_TX:
		return sort_key__branch_flag(k->id, a) != sort_key__branch_flag(k->id, b);
	case SORT_SYM_FROM:
		return addr_map_sym_cmp(&hist_entry__branch(a)->from, &hist_entry__branch(b)->from);
	case SORT_SYM_TO:
		return addr_map_sym_cmp(&hist_entry__branch(a)->to, &hist_entry__branch(b)->to);
	case SORT_CYCLES:
		return (int64_t)hist_entry__branch(a)->cycles - hist_entry__branch(b)->cycles;
	case SORT_SYM_SIZE: return (int64_t)sym_size(b) - (int64_t)sym_size(a);
	case SORT_DSO_SIZE: return (int64_t)b->rare->map_size - (int64_t)a->rare->map_size;
	case SORT_ADDR: return (int64_t)(b->rare->raw_ip - a->rare->raw_ip);
	case SORT_SOCKET: return (int64_t)b->socket - a->socket;
	case SORT_TIME: return (int64_t)(b->rare->time - a->rare->time);
	case SORT_PARENT:
		if (!a->rare->parent || !b->rare->parent)
			return cmp_null(a->rare->parent, b->rare->parent);
		return strcmp(b->rare->parent, a->rare->parent);
	/* perf's IPC columns tell entries apart by symbol (sort__sym_cmp) */
	case SORT_IPC_NULL:
	case SORT_IPC_LBR: return sym_cmp(l, a, b);
	case SORT_DCACHELINE: return dcacheline_cmp(a, b);
	case SORT_NR_KEYS: break;
	default: {
		int64_t ka = sort_key__mem_order(k->id, hist_entry__mem(a));
		int64_t kb = sort_key__mem_order(k->id, hist_entry__mem(b));

		return ka == kb ? 0 : ka < kb ? 1 : -1;
	}
	}
	return 0;
}

/*
 * perf compares each memory field alone (its mem_lvl bits, not the level
 * number; mem_snoop, not snoopx): accesses differing only in the rest
 * share an entry, which shows the first one's words.
 */
int64_t sort_key__mem_order(enum sort_key_id id, const struct hist_mem *m)
{
	union perf_mem_data_src d = { .val = m->data_src };

	switch (id) {
	/* perf: left minus right, so the heaviest first */
	case SORT_LOCAL_WEIGHT:
	case SORT_WEIGHT: return -(int64_t)m->weight;
	case SORT_LOCAL_INS_LAT:
	case SORT_INS_LAT: return -(int64_t)m->ins_lat;
	/* the others right minus left: ascending */
	case SORT_MEM_LVL: return d.mem_lvl;
	case SORT_MEM_SNOOP: return d.mem_snoop;
	case SORT_MEM_TLB: return d.mem_dtlb;
	case SORT_MEM_LOCKED: return d.mem_lock;
	case SORT_MEM_BLOCKED: return d.mem_blk;
	case SORT_SYM_DADDR: return (int64_t)m->daddr.addr;
	case SORT_SYM_IADDR: return (int64_t)m->iaddr.addr;
	case SORT_PHYS_DADDR: return (int64_t)m->phys_addr;
	case SORT_DATA_PAGE_SIZE: return (int64_t)m->data_page_size;
	default: return 0;
	}
}

uint64_t sort_key__mem_hash(enum sort_key_id id, const struct hist_mem *m)
{
	if (id == SORT_DSO_DADDR)
		return m->daddr.dso ? (unsigned char)m->daddr.dso->short_name[0] : 0;
	if (id == SORT_DCACHELINE)
		return cache_line(m->daddr.al_addr);
	return (uint64_t)sort_key__mem_order(id, m);
}

int64_t sort_list__collapse(const struct sort_list *l, const struct hist_entry *a,
			    const struct hist_entry *b)
{
	for (int i = 0; i < l->nr; i++) {
		int64_t c = key_cmp(l, l->keys[i], a, b);

		if (c)
			return c;
	}
	return 0;
}

int64_t sort_list__collapse_pass(const struct sort_list *l, const struct hist_entry *a,
				 const struct hist_entry *b)
{
	for (int i = 0; i < l->nr; i++) {
		int64_t c = l->sym_by_name && l->keys[i]->id == SORT_SYM ?
				    sym_sort(a, b) : key_cmp(l, l->keys[i], a, b);

		if (c)
			return c;
	}
	return 0;
}

uint8_t sort_list__texts_compared(const struct sort_list *l, const struct hist_entry *a,
				  const struct hist_entry *b)
{
	uint8_t texts = 0;

	for (int i = 0; i < l->nr; i++) {
		if (l->keys[i]->id == SORT_SRCFILE)
			texts |= COMPARED_SRCFILE;
		else if (l->keys[i]->id == SORT_TRACE)
			texts |= COMPARED_TRACE;
		if (key_cmp(l, l->keys[i], a, b))
			break;
	}
	return texts;
}

int64_t sort_key__collapse(const struct sort_list *l, const struct sort_key *k,
			   const struct hist_entry *a, const struct hist_entry *b)
{
	return key_cmp(l, k, a, b);
}

int64_t sort_key__sort(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	if (k->id == SORT_SYM)
		return sym_sort(a, b);
	return key_cmp(l, k, a, b);
}

/* printf's "%#.16" PRIx64: no 0x for zero, as C has it */
static void add_addr16(struct strbuf *sb, uint64_t v)
{
	static const char hex[] = "0123456789abcdef";
	char digits[16];

	for (int i = 0; i < 16; i++)
		digits[i] = hex[v >> (60 - 4 * i) & 15];
	if (v)
		strbuf_add(sb, "0x", 2);
	strbuf_add(sb, digits, sizeof(digits));
}

/* "[k] ": a sample's level, as perf's symbol cells begin */
static void add_level(struct strbuf *sb, char level)
{
	char cell[4] = { '[', level, ']', ' ' };

	strbuf_add(sb, cell, sizeof(cell));
}

/* printf's "%.*s" */
static void add_cut(struct strbuf *sb, const char *s, int width)
{
	strbuf_add(sb, s, strnlen(s, width > 0 ? (size_t)width : 0));
}

static void addr_map_sym_cell(const struct addr_map_sym *e, struct strbuf *sb)
{
	add_level(sb, e->level);
	if (e->sym)
		strbuf_addstr(sb, e->sym->name);
	else
		add_addr16(sb, e->al_addr);
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

/* perf's hist_entry__dcacheline_snprintf(): the line's address in the
 * data symbol's place; [s] for a shared file mapping's data, [X] where no
 * map holds the address. */
static void dcacheline_cell(const struct hist_entry *he, int width, struct strbuf *sb)
{
	const struct hist_mem *m = hist_entry__mem(he);
	struct addr_map_sym line = m->daddr;
	char level = he->level;

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

static void mem_cell(const struct sort_key *k, const struct hist_entry *he, int width,
		     struct strbuf *sb)
{
	const struct hist_mem *m = hist_entry__mem(he);

	switch (k->id) {
	case SORT_LOCAL_WEIGHT: strbuf_adduint(sb, m->weight, 0); break;
	case SORT_WEIGHT: strbuf_adduint(sb, m->weight * he->nr_samples, 0); break;
	case SORT_LOCAL_INS_LAT: strbuf_adduint(sb, m->ins_lat, 0); break;
	/* perf's product is an unsigned int */
	case SORT_INS_LAT: strbuf_adduint(sb, (unsigned int)(m->ins_lat * he->nr_samples), 0);
		break;
	case SORT_MEM_LVL: data_src__level(m->data_src, sb); break;
	case SORT_MEM_SNOOP: data_src__snoop(m->data_src, sb); break;
	case SORT_MEM_TLB: data_src__tlb(m->data_src, sb); break;
	case SORT_MEM_LOCKED: data_src__lock(m->data_src, sb); break;
	case SORT_MEM_BLOCKED: data_src__blocked(m->data_src, sb); break;
	case SORT_SYM_DADDR: mem_addr_cell(&m->daddr, he->level, width, sb); break;
	case SORT_SYM_IADDR: mem_addr_cell(&m->iaddr, he->level, width, sb); break;
	case SORT_DSO_DADDR:
		add_cut(sb, m->daddr.dso ? m->daddr.dso->short_name : "[unknown]", width);
		break;
	case SORT_PHYS_DADDR:
		add_level(sb, he->level);
		add_addr16(sb, m->phys_addr);
		break;
	case SORT_DATA_PAGE_SIZE: page_size__name(m->data_page_size, sb); break;
	case SORT_DCACHELINE: dcacheline_cell(he, width, sb); break;
	default: break;
	}
}

/*
 * perf's words for a branch's flags. Its mispredict column keeps the last
 * word it printed for a branch that is neither predicted nor mispredicted
 * (a static in perf), and so does this one, row after row.
 */
static void branch_flag_cell(enum sort_key_id id, const struct hist_entry *he,
			     struct strbuf *sb)
{
	static const char *mispredict = "N/A";
	unsigned int f = hist_entry__branch(he)->flags;

	switch (id) {
	case SORT_MISPREDICT:
		if (f & BRANCH_PREDICTED)
			mispredict = "N";
		else if (f & BRANCH_MISPRED)
			mispredict = "Y";
		strbuf_addstr(sb, mispredict);
		break;
	case SORT_ABORT: strbuf_addstr(sb, f & BRANCH_ABORT ? "A" : "."); break;
	case SORT_IN_TX: strbuf_addstr(sb, f & BRANCH_IN_TX ? "T" : "."); break;
	default: break;
	}
}

/* perf's timestamp__scnprintf_usec() / _nsec() */
static void time_cell(uint64_t t, bool ns, struct strbuf *sb)
{
	if (ns)
		strbuf_addf(sb, "%" PRIu64 ".%09" PRIu64, t / 1000000000, t % 1000000000);
	else
		strbuf_addf(sb, "%" PRIu64 ".%06" PRIu64, t / 1000000000, t % 1000000000 / 1000);
}

void sort_key__cell(const struct sort_list *l, const struct sort_key *k,
		    const struct hist_entry *he, int width, struct strbuf *sb)
{
	switch (k->id) {
	case SORT_COMM:
		add_cut(sb, he->comm, width);
		break;
	case SORT_PID:
		strbuf_addint(sb, he->thread->tid, 7, ' ', false);
		strbuf_addch(sb, ':');
		add_cut(sb, he->thread->comm, width - 8);
		break;
	case SORT_DSO:
		strbuf_addstr(sb, dso_name(he) ?: "[unknown]");
		break;
	case SORT_SYM:
		add_level(sb, he->level);
		if (he->sym)
			strbuf_addstr(sb, he->sym->name);
		else
			add_addr16(sb, he->ip);
		if (he->sym && he->sym->inlined)
			strbuf_addstr(sb, " (inlined)");
		break;
	case SORT_CPU:
		strbuf_addf(sb, "%*.*d", width, width, he->cpu);
		break;
	case SORT_SRCFILE:	/* perf's: cut to the column */
		add_cut(sb, he->rare->srcfile ?: "", width);
		break;
	case SORT_CGROUP:	/* N/A: not sampled; unknown: no CGROUP record */
		strbuf_addstr(sb, !he->rare->cgroup ? "N/A" : he->rare->cgroup_path ?: "unknown");
		break;
	case SORT_CGROUP_ID:
		strbuf_addf(sb, "%" PRIu64 "/0x%" PRIx64, he->rare->cgroup_ns_dev, he->rare->cgroup_ns_ino);
		break;
	case SORT_TRACE:	/* cut too; other events' samples have none */
		add_cut(sb, he->rare->trace_output ?: "N/A", width);
		break;
	case SORT_SRCLINE:
		strbuf_addstr(sb, he->rare->srcline ?: "??:0");
		break;
	case SORT_DSO_FROM:
	case SORT_DSO_TO: {
		const struct hist_branch *b = hist_entry__branch(he);
		const struct dso *d = k->id == SORT_DSO_FROM ? b->from.dso : b->to.dso;

		/* cut to the column, which perf only widens for resolved symbols */
		add_cut(sb, d ? d->short_name : "[unknown]", width);
		break;
	}
	case SORT_MISPREDICT:
	case SORT_ABORT:
	case SORT_IN_TX:
		branch_flag_cell(k->id, he, sb);
		break;
	case SORT_SYM_FROM:
	case SORT_SYM_TO:
		addr_map_sym_cell(k->id == SORT_SYM_FROM ? &hist_entry__branch(he)->from :
							 &hist_entry__branch(he)->to, sb);
		break;
	case SORT_CYCLES:
		/* perf prints the 16-bit count signed; so do we, so outputs diff */
		if (hist_entry__branch(he)->cycles)
			strbuf_addf(sb, "%d", (int16_t)hist_entry__branch(he)->cycles);
		else
			strbuf_addch(sb, '-');
		break;
	case SORT_IPC_NULL:
		strbuf_addstr(sb, "-      -");
		break;
	case SORT_SYM_SIZE:
		if (he->sym)
			strbuf_addf(sb, "%*" PRIu64, width, sym_size(he));
		else
			strbuf_addf(sb, "%*s", width, "unknown");
		break;
	case SORT_DSO_SIZE:	/* perf prints the size as an int */
		if (he->dso)
			strbuf_addf(sb, "%*d", width, (int)he->rare->map_size);
		else
			strbuf_addf(sb, "%*s", width, "unknown");
		break;
	case SORT_ADDR:
		strbuf_addf(sb, "%#" PRIx64, he->rare->raw_ip);
		break;
	case SORT_SOCKET:
		strbuf_addf(sb, "%*.*d", width, width > 3 ? 3 : width, he->socket);
		break;
	case SORT_PARENT:
		strbuf_addstr(sb, he->rare->parent ?: "[other]");
		break;
	case SORT_TIME: {	/* perf cuts it to the column */
		size_t start = sb->len;

		time_cell(he->rare->time, l->time_ns, sb);
		if (width > 0 && sb->len - start > (size_t)width)
			strbuf_setlen(sb, start + (size_t)width);
		break;
	}
	case SORT_IPC_LBR:	/* '-': perf's for an unresolved symbol */
		if (he->sym && l->cycles)
			branch_cycles__cell(l->cycles, he->sym, sb);
		else
			strbuf_addch(sb, '-');
		break;
	case SORT_NR_KEYS:
		break;
	default:
		mem_cell(k, he, width, sb);
		break;
	}
}
