// SPDX-License-Identifier: GPL-2.0
/*
 * The sort keys' table and the questions asked of a list of them: parsing
 * --sort, identity (collapse), output order, hash and cells, each answered
 * by the keys' own functions (sort-keys.c, sort-branch.c, sort-mem.c).
 */
#include <errno.h>
#include <string.h>

#include "../base/hash.h"
#include "../base/util.h"
#include "sort-keys.h"

/* Every key, by id: a new key is one line here (and its struct sort_key). */
static const struct sort_key *const keys[SORT_NR_KEYS] = {
	[SORT_COMM] = &sort_key_comm,
	[SORT_PID] = &sort_key_pid,
	[SORT_DSO] = &sort_key_dso,
	[SORT_SYM] = &sort_key_sym,
	[SORT_CPU] = &sort_key_cpu,
	[SORT_PERIOD] = &sort_key_period,
	[SORT_SRCLINE] = &sort_key_srcline,
	[SORT_DSO_FROM] = &sort_key_dso_from,
	[SORT_SYM_FROM] = &sort_key_sym_from,
	[SORT_SYM_TO] = &sort_key_sym_to,
	[SORT_CYCLES] = &sort_key_cycles,
	[SORT_IPC_NULL] = &sort_key_ipc_null,
	[SORT_IPC_LBR] = &sort_key_ipc_lbr,
	[SORT_DSO_TO] = &sort_key_dso_to,
	[SORT_MISPREDICT] = &sort_key_mispredict,
	[SORT_ABORT] = &sort_key_abort,
	[SORT_IN_TX] = &sort_key_in_tx,
	[SORT_SYM_SIZE] = &sort_key_sym_size,
	[SORT_DSO_SIZE] = &sort_key_dso_size,
	[SORT_ADDR] = &sort_key_addr,
	[SORT_SOCKET] = &sort_key_socket,
	[SORT_TIME] = &sort_key_time,
	[SORT_PARENT] = &sort_key_parent,
	[SORT_SRCFILE] = &sort_key_srcfile,
	[SORT_TRACE] = &sort_key_trace,
	[SORT_CGROUP] = &sort_key_cgroup,
	[SORT_CGROUP_ID] = &sort_key_cgroup_id,
	[SORT_OVERHEAD] = &sort_key_overhead,
	[SORT_OVERHEAD_SYS] = &sort_key_overhead_sys,
	[SORT_OVERHEAD_US] = &sort_key_overhead_us,
	[SORT_OVERHEAD_GUEST_SYS] = &sort_key_overhead_guest_sys,
	[SORT_OVERHEAD_GUEST_US] = &sort_key_overhead_guest_us,
	[SORT_OVERHEAD_CHILDREN] = &sort_key_overhead_children,
	[SORT_SAMPLE] = &sort_key_sample,
	[SORT_LOCAL_WEIGHT] = &sort_key_local_weight,
	[SORT_WEIGHT] = &sort_key_weight,
	[SORT_LOCAL_INS_LAT] = &sort_key_local_ins_lat,
	[SORT_INS_LAT] = &sort_key_ins_lat,
	[SORT_LOCAL_P_STAGE_CYC] = &sort_key_local_p_stage_cyc,
	[SORT_P_STAGE_CYC] = &sort_key_p_stage_cyc,
	[SORT_MEM_LVL] = &sort_key_mem_lvl,
	[SORT_MEM_SNOOP] = &sort_key_mem_snoop,
	[SORT_MEM_TLB] = &sort_key_mem_tlb,
	[SORT_MEM_LOCKED] = &sort_key_mem_locked,
	[SORT_MEM_BLOCKED] = &sort_key_mem_blocked,
	[SORT_SYM_DADDR] = &sort_key_sym_daddr,
	[SORT_SYM_IADDR] = &sort_key_sym_iaddr,
	[SORT_DSO_DADDR] = &sort_key_dso_daddr,
	[SORT_PHYS_DADDR] = &sort_key_phys_daddr,
	[SORT_DATA_PAGE_SIZE] = &sort_key_data_page_size,
	[SORT_DCACHELINE] = &sort_key_dcacheline,
	[SORT_ADDR_FROM] = &sort_key_addr_from,
	[SORT_ADDR_TO] = &sort_key_addr_to,
};


static const struct sort_key *find_key(const char *name, size_t len)
{
	if (len == 3 && !strncmp(name, "tid", 3))
		return keys[SORT_PID];
	if (len == 6 && !strncmp(name, "symbol", 6))
		return keys[SORT_SYM];
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++)
		if (strlen(keys[i]->name) == len && !strncmp(keys[i]->name, name, len))
			return keys[i];
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
				    "symbol_from, symbol_to, addr_from, addr_to, cycles, mispredict, abort, in_tx for "
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
		l->keys[l->nr++] = keys[id];
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
		if (l->keys[i]->needs_mem)
			return true;
	return false;
}

bool sort_key_is_unordered(enum sort_key_id id)
{
	return id < SORT_NR_KEYS && keys[id]->unordered;
}

bool sort_key_is_value(enum sort_key_id id)
{
	return id < SORT_NR_KEYS && keys[id]->hpp;
}

const char *sort_keys__help(void)
{
	static char help[1024];

	if (!help[0]) {
		size_t at = snprintf(help, sizeof(help), "sort by key(s):");

		for (size_t i = 0; i < ARRAY_SIZE(keys) && at < sizeof(help); i++)
			if (!keys[i]->dropped)
				at += snprintf(help + at, sizeof(help) - at, " %s", keys[i]->name);
	}
	return help;
}

const struct sort_key *sort_key__by_id(enum sort_key_id id)
{
	return keys[id];
}

const struct sort_key *sort_key__find(const char *name)
{
	return find_key(name, strlen(name));
}

bool sort_list__needs_cpumode(const struct sort_list *l)
{
	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->by_cpumode)
			return true;
	return false;
}

bool sort_list__reads_rare(const struct sort_list *l)
{
	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->reads_rare)
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

/* perf's se_cmp; values tell no entries apart */
static int64_t key_cmp(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	return k->cmp ? k->cmp(k, l, a, b) : 0;
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
		const struct sort_key *k = l->keys[i];
		int64_t c = l->sym_by_name && k->id == SORT_SYM ? k->sort(k, l, a, b) :
								  key_cmp(l, k, a, b);

		if (c)
			return c;
	}
	return 0;
}

uint64_t sort_list__hash(const struct sort_list *l, const struct hist_entry *he)
{
	uint64_t h = 0;

	for (int i = 0; i < l->nr; i++)
		if (l->keys[i]->hash)
			h = hash_mix(h, l->keys[i]->hash(l->keys[i], he));
	return h;
}

uint8_t sort_list__texts_compared(const struct sort_list *l, const struct hist_entry *a,
				  const struct hist_entry *b)
{
	uint8_t texts = 0;

	for (int i = 0; i < l->nr; i++) {
		texts |= l->keys[i]->compared_text;
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
	return k->sort ? k->sort(k, l, a, b) : key_cmp(l, k, a, b);
}

int sort_key__order_ints(const struct sort_key *k, const struct sort_list *l,
			 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	if (k->order)
		return k->order(k, l, rk, he, ints);
	return k->identity ? k->identity(k, l, rk, he, ints) : 0;
}

int sort_key__identity_ints(const struct sort_key *k, const struct sort_list *l,
			    const struct sort_rank *rk, const struct hist_entry *he,
			    int64_t *ints)
{
	if (k->identity)
		return k->identity(k, l, rk, he, ints);
	return k->order ? k->order(k, l, rk, he, ints) : 0;
}

void sort_key__cell(const struct sort_list *l, const struct sort_key *k,
		    const struct hist_entry *he, int width, struct strbuf *sb)
{
	if (k->cell)
		k->cell(k, l, he, width, sb);
}

void sort_rank__init(struct sort_rank *rk, struct hist_entry *const *ents, size_t n)
{
	memset(rk, 0, sizeof(*rk));
	for (size_t i = 0; i < n; i++) {
		const struct hist_entry *he = ents[i];

		name_rank__add(&rk->comm, he->comm, he->comm);
		if (he->dso)
			name_rank__add(&rk->dso, he->dso, he->dso->short_name);
		if (he->branch && he->branch->from.dso)
			name_rank__add(&rk->dso, he->branch->from.dso,
				       he->branch->from.dso->short_name);
		if (he->branch && he->branch->to.dso)
			name_rank__add(&rk->dso, he->branch->to.dso,
				       he->branch->to.dso->short_name);
		if (he->mem && he->mem->daddr.dso)
			name_rank__add(&rk->dso, he->mem->daddr.dso, he->mem->daddr.dso->short_name);
		if (he->sym)
			name_rank__add(&rk->sym, he->sym, he->sym->name);
		if (he->rare->srcline)
			name_rank__add(&rk->srcline, he->rare->srcline, he->rare->srcline);
		if (he->rare->srcfile)
			name_rank__add(&rk->srcfile, he->rare->srcfile, he->rare->srcfile);
		if (he->rare->trace_output)
			name_rank__add(&rk->trace, he->rare->trace_output, he->rare->trace_output);
		if (he->rare->parent)
			name_rank__add(&rk->parent, he->rare->parent, he->rare->parent);
	}
	name_rank__finish(&rk->comm);
	name_rank__finish(&rk->dso);
	name_rank__finish(&rk->sym);
	name_rank__finish(&rk->srcline);
	name_rank__finish(&rk->srcfile);
	name_rank__finish(&rk->trace);
	name_rank__finish(&rk->parent);
}

void sort_rank__exit(struct sort_rank *rk)
{
	name_rank__exit(&rk->comm);
	name_rank__exit(&rk->dso);
	name_rank__exit(&rk->sym);
	name_rank__exit(&rk->srcline);
	name_rank__exit(&rk->srcfile);
	name_rank__exit(&rk->trace);
	name_rank__exit(&rk->parent);
}
