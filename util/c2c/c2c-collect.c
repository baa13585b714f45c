// SPDX-License-Identifier: GPL-2.0
/*
 * c2c report's reading: each sample decoded into the file's counts, its
 * 64-byte line's and its row's (the line's offset and -c's fields), with
 * where it ran and what it touched (c2c-stats.h).
 */
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../base/array.h"
#include "../base/id-table.h"
#include "../base/xalloc.h"
#include "../data/session.h"
#include "../symbols/machine.h"
#include "../symbols/srcline.h"
#include "c2c-stats.h"
#include "../report/resolve.h"

#define CACHELINE 64

/* A line as perf's dcacheline key tells lines apart: the mode, whether
 * the address is mapped, the mapped object, the process for a private
 * anonymous map, the line's map-relative address. */
struct line_key {
	uint64_t cl, ino;
	int32_t pid;
	uint8_t cpumode, mapped;
	uint8_t pad[2];
};

/* A row: its line, the offset, then -c's fields (the others left 0) */
struct row_key {
	uint64_t offset, iaddr;
	const struct dso *dso;
	uint32_t line;
	int32_t pid, tid;
	uint32_t pad;
};

struct collect {
	struct machine *m;
	const struct c2c_opts *o;
	struct c2c_report *r;
	struct id_table line_ids, row_ids;
	uint32_t alloc_lines, alloc_rows;
};

static void where_init(struct c2c_where *w, const struct c2c_nodes *n)
{
	w->cpus = must_calloc(n->cpu_words + 1, sizeof(uint64_t));
}

static struct c2c_line *line_of(struct collect *c, const struct line_key *k, uint64_t addr)
{
	struct c2c_report *r = c->r;
	bool made;
	uint32_t id = id_table__id(&c->line_ids, k, sizeof(*k), &made);
	struct c2c_line *l;

	if (!made)
		return &r->lines[id - 1];
	ALLOC_GROW(r->lines, r->nr_lines + 1, c->alloc_lines);
	l = &r->lines[r->nr_lines++];
	*l = (struct c2c_line){ .addr = addr & ~(uint64_t)(CACHELINE - 1), .cpumode = k->cpumode,
				.mapped = k->mapped, .ino = k->ino, .cl = k->cl, .pid = k->pid };
	if (!c->o->stats_only)
		where_init(&l->where, &r->nodes);
	return l;
}

static bool has_field(const struct c2c_opts *o, enum c2c_field f)
{
	for (uint32_t i = 0; i < o->nr_fields; i++)
		if (o->fields[i] == f)
			return true;
	return false;
}

/* perf's level of a sample's symbol: its mode's, wherever the address
 * resolved */
static char level_of(uint8_t cpumode)
{
	switch (cpumode) {
	case PERF_RECORD_MISC_KERNEL: return 'k';
	case PERF_RECORD_MISC_USER: return '.';
	case PERF_RECORD_MISC_GUEST_KERNEL: return 'g';
	case PERF_RECORD_MISC_GUEST_USER: return 'u';
	default: return 'H';
	}
}

static struct c2c_row *row_of(struct collect *c, uint32_t line, const struct perf_sample *s,
			      uint8_t cpumode, const struct thread *t,
			      const struct addr_map_sym *code)
{
	struct c2c_report *r = c->r;
	struct c2c_line *l = &r->lines[line];
	struct row_key k = { .offset = s->addr & (CACHELINE - 1), .line = line };
	struct c2c_row *row;
	bool made;
	uint32_t id;

	if (has_field(c->o, C2C_IADDR))
		k.iaddr = s->ip;
	if (has_field(c->o, C2C_PID))
		k.pid = (int32_t)s->pid;
	if (has_field(c->o, C2C_TID))
		k.tid = (int32_t)s->tid;
	if (has_field(c->o, C2C_DSO))
		k.dso = code->dso;
	id = id_table__id(&c->row_ids, &k, sizeof(k), &made);
	if (!made)
		return &r->rows[id - 1];
	ALLOC_GROW(r->rows, r->nr_rows + 1, c->alloc_rows);
	row = &r->rows[r->nr_rows];
	*row = (struct c2c_row){ .offset = k.offset, .iaddr = s->ip, .pid = (int32_t)s->pid,
				 .tid = (int32_t)s->tid, .comm = t->comm, .code = *code };
	row->code.level = level_of(cpumode);
	where_init(&row->where, &r->nodes);
	row->node_st = must_calloc(r->nodes.nr_nodes + 1, sizeof(*row->node_st));
	ALLOC_GROW(l->rows, l->nr_rows + 1, l->alloc_rows);
	l->rows[l->nr_rows++] = r->nr_rows++;
	return row;
}

/* perf's c2c_he__set_cpu() and _set_node(): the CPU, the memory's node
 * and a count of the physical addresses' changes */
static void note_where(struct c2c_report *r, struct c2c_where *w, const struct perf_sample *s)
{
	int node;

	if (s->cpu < r->nodes.nr_cpus)
		c2c_bits__set(w->cpus, s->cpu);
	if (!s->phys_addr)
		return;
	node = c2c_nodes__of_phys(&r->nodes, s->phys_addr);
	if (node < 0 || node >= 64) {
		r->no_node = true;
		return;
	}
	w->nodes |= 1ULL << node;
	if (s->phys_addr != w->last_phys) {
		w->paddr_cnt++;
		w->last_phys = s->phys_addr;
	}
}

/* The cycles columns' means, updated one sample at a time as perf does
 * (its rounding of a mean near .5 follows) */
static void note_weight(struct c2c_row *row, const struct c2c_stats *one, uint64_t weight)
{
	int kind = one->rmt_hitm ? C2C_MEAN_RMT : one->lcl_hitm ? C2C_MEAN_LCL :
		   one->rmt_peer ? C2C_MEAN_RMT_PEER : one->lcl_peer ? C2C_MEAN_LCL_PEER :
		   one->load ? C2C_MEAN_LOAD : -1;
	double n;

	if (kind < 0)
		return;
	n = ++row->nr_mean[kind];
	row->mean[kind] += ((double)weight - row->mean[kind]) / n;
}

static void add_to_row(struct collect *c, uint32_t line, const struct perf_sample *s,
		       uint8_t cpumode, const struct thread *t, const struct addr_map_sym *code,
		       const struct c2c_stats *one)
{
	struct c2c_row *row = row_of(c, line, s, cpumode, t, code);

	c2c_stats__add(&row->st, one);
	note_where(c->r, &row->where, s);
	if (c->r->nodes.nr_nodes)
		c2c_stats__add(&row->node_st[c2c_nodes__of_cpu(&c->r->nodes, s->cpu) %
					     c->r->nodes.nr_nodes], one);
	note_weight(row, one, s->weight);
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct collect *c = ctx;
	struct c2c_report *r = c->r;
	struct thread *t = machine__findnew_thread(c->m, (int32_t)s->pid, (int32_t)s->tid);
	struct addr_map_sym iaddr = { 0 }, daddr = { 0 };
	struct data_map dm = { 0 };
	struct c2c_stats one = { 0 };
	uint8_t cpumode = (uint8_t)(ev->misc & PERF_RECORD_MISC_CPUMODE_MASK);
	bool anon;
	struct line_key k;
	struct c2c_line *l;

	(void)note, (void)evsel;
	resolve_ams_any_mode(c->m, t, s->ip, &iaddr);
	resolve_ams_data_map(c->m, t, cpumode, s->addr, &daddr, &dm);
	c2c_decode(&one, s->data_src, s->addr, dm.mapped && iaddr.dso);
	c2c_stats__add(&r->all, &one);
	anon = dm.mapped && cpumode != PERF_RECORD_MISC_KERNEL && !(dm.flags & MAP_SHARED) &&
	       !dm.ino;
	/* perf puts every sample in its line, decoded or not */
	k = (struct line_key){ .cl = daddr.al_addr & ~(uint64_t)(CACHELINE - 1), .ino = dm.ino,
			       .pid = anon ? (int32_t)s->pid : 0, .cpumode = cpumode,
			       .mapped = dm.mapped };
	l = line_of(c, &k, s->addr);
	c2c_stats__add(&l->st, &one);
	if (s->cpu == (uint32_t)-1)
		r->no_cpu = true;
	if (c->o->stats_only)
		return 0;
	note_where(r, &l->where, s);
	add_to_row(c, (uint32_t)(l - r->lines), s, cpumode, t, &iaddr, &one);
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct collect *c = ctx;

	(void)s;
	machine__process_event(c->m, ev);
	return 0;
}

/* shared: a line some load found modified elsewhere, or got from a peer */
static void count_shared(struct c2c_report *r)
{
	for (uint32_t i = 0; i < r->nr_lines; i++) {
		const struct c2c_stats *l = &r->lines[i].st;

		if (l->lcl_hitm + l->rmt_hitm || l->lcl_peer + l->rmt_peer) {
			r->nr_shared_lines++;
			c2c_stats__add(&r->shared, l);
		}
	}
}

/* perf's Source:Line of each row of the lines shown */
static void name_lines(struct c2c_report *r, const struct c2c_opts *o)
{
	r->srclines = must_calloc(1, sizeof(*r->srclines));
	for (uint32_t i = 0; i < r->nr_lines; i++) {
		const struct c2c_line *l = &r->lines[i];

		if (!c2c_report__line_shown(r, o, l))
			continue;
		for (uint32_t j = 0; j < l->nr_rows; j++) {
			struct c2c_row *row = &r->rows[l->rows[j]];

			row->srcline = row->code.dso ?
				       srcline__get(r->srclines, &r->machine->dsos, row->code.dso,
						    row->code.sym, row->code.al_addr) : "??:0";
		}
	}
}

int c2c_report__collect(struct perf_data *pd, const struct c2c_opts *o, struct c2c_report *r,
			struct strbuf *err)
{
	/* --stats names nothing: no symbol tables read */
	struct dsos_config cfg = { .symfs = "", .kallsyms = o->stats_only ? "/dev/null" : NULL };
	struct collect c = { .o = o, .r = r };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &c };
	struct session_stats stats = { 0 };
	int ret;

	r->machine = c.m = must_calloc(1, sizeof(*c.m));
	machine__init(c.m, &cfg);
	machine__apply_build_ids(c.m, &pd->feat);
	c2c_nodes__init(&r->nodes, &pd->feat);
	ret = session__process(pd, &tool, &stats, err);
	/* the file's events, sampled or not (a pipe's are known once read) */
	r->events = must_calloc(pd->nr_evsels + 1, sizeof(*r->events));
	for (size_t i = 0; i < pd->nr_evsels; i++)
		r->events[r->nr_events++] = must_strdup(pd->evsels[i]->name);
	count_shared(r);
	if (!o->stats_only && !o->no_source && has_field(o, C2C_IADDR))
		name_lines(r, o);
	id_table__release(&c.line_ids);
	id_table__release(&c.row_ids);
	return ret;
}

bool c2c_report__line_shown(const struct c2c_report *r, const struct c2c_opts *o,
			    const struct c2c_line *l)
{
	uint32_t sum = c2c_stats__shown(&r->shared, o->display);

	if (o->show_all)
		return true;
	return sum && (double)c2c_stats__shown(&l->st, o->display) / sum >= 0.001;
}

void c2c_report__release(struct c2c_report *r)
{
	for (uint32_t i = 0; i < r->nr_events; i++)
		free(r->events[i]);
	free(r->events);
	for (uint32_t i = 0; i < r->nr_lines; i++) {
		free(r->lines[i].where.cpus);
		free(r->lines[i].rows);
	}
	free(r->lines);
	for (uint32_t i = 0; i < r->nr_rows; i++) {
		free(r->rows[i].where.cpus);
		free(r->rows[i].node_st);
	}
	free(r->rows);
	c2c_nodes__exit(&r->nodes);
	if (r->srclines)
		srclines__exit(r->srclines);
	free(r->srclines);
	if (r->machine)
		machine__exit(r->machine);
	free(r->machine);
	*r = (struct c2c_report){ 0 };
}
