// SPDX-License-Identifier: GPL-2.0
/*
 * perf c2c's Shared Cache Line Distribution Pareto: under each line shown,
 * its rows (an offset and -c's fields), each with its share of the line's
 * HITMs and stores, where its data and code are, its mean latencies, and
 * the nodes of the CPUs it ran on.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../symbols/dso.h"
#include "c2c-table.h"

/* perf's caps on the Symbol and Source:Line columns, without --full-symbols */
#define NAME_CAP 30
#define UNRESOLVED_SYM_W (16 + 2 + 4)	/* "[.] 0x" and 16 digits */
#define UNRESOLVED_DSO_W 16

struct pareto {
	const struct c2c_report *r;
	const struct c2c_opts *o;
	bool pid, tid, iaddr, dso;	/* -c's fields */
	int node_w;
	bool tui;			/* the browser's columns (c2c_print_cacheline) */
};

/* the widths of a line's own columns, from all its rows (shown or not) */
struct widths {
	int sym, dso, src, tid;
};

static int max_int(int a, int b)
{
	return a > b ? a : b;
}

static void line_widths(const struct pareto *p, const struct c2c_line *l, struct widths *w)
{
	bool unresolved = false;
	int comm = 0;

	*w = (struct widths){ .src = 11 };
	for (uint32_t i = 0; i < l->nr_rows; i++) {
		const struct c2c_row *row = &p->r->rows[l->rows[i]];

		if (row->code.sym)
			w->sym = max_int(w->sym, (int)strlen(row->code.sym->name) + 4);
		else
			unresolved = true;
		if (row->code.dso)
			w->dso = max_int(w->dso, (int)strlen(row->code.dso->short_name));
		if (row->srcline)
			w->src = max_int(w->src, (int)strlen(row->srcline));
		comm = max_int(comm, (int)strlen(row->comm ? row->comm : ""));
	}
	if (unresolved) {
		w->sym = max_int(w->sym, UNRESOLVED_SYM_W);
		w->dso = max_int(w->dso, UNRESOLVED_DSO_W);
	}
	if (!p->o->full_symbols) {
		w->sym = w->sym < NAME_CAP ? w->sym : NAME_CAP;
		w->src = w->src < NAME_CAP ? w->src : NAME_CAP;
	}
	w->tid = 8 + comm;
}

static const char *node_title(const struct c2c_opts *o)
{
	if (o->node_info >= 2)
		return "Node{cpu list}";
	if (o->node_info == 1)
		return o->display == C2C_PEER ? "Node{cpus %peers %stores}" :
						  "Node{cpus %hitms %stores}";
	return "Node";
}

static void pareto_cols(const struct pareto *p, const struct widths *w, struct c2c_table *t)
{
	bool peer = p->o->display == C2C_PEER;

	if (!p->tui)
		c2c_table__col(t, 5, "", 0, "Num");
	c2c_table__col(t, 7, peer ? "-- Peer Snoop --" : "----- HITM -----", 1,
		       peer ? "Rmt" : "RmtHitm");
	c2c_table__col(t, 7, NULL, 0, peer ? "Lcl" : "LclHitm");
	c2c_table__col(t, 7, "------- Store Refs ------", 2, "L1 Hit");
	c2c_table__col(t, 7, NULL, 0, "L1 Miss");
	c2c_table__col(t, 7, NULL, 0, "N/A");
	if (p->tui)	/* perf's ui_quirks() */
		c2c_table__col(t, 5, c2c_table__fill(t, 0, "CL", 5 + p->node_w + 6 + 4), 2, "Off");
	else
		c2c_table__col(t, 18, c2c_table__fill(t, 0, "Data address", 18 + p->node_w + 6 + 4),
			       2, "Offset");
	c2c_table__col(t, p->node_w, NULL, 0, "Node");
	c2c_table__col(t, 6, NULL, 0, "PA cnt");
	if (p->pid)
		c2c_table__col(t, 7, "", 0, "Pid");
	if (p->tid)
		c2c_table__entry_col(t, w->tid, "", "Tid");
	if (p->iaddr)
		c2c_table__col(t, 18, "", 0, "Code address");
	c2c_table__col(t, 8, "---------- cycles ----------", 2, peer ? "rmt peer" : "rmt hitm");
	c2c_table__col(t, 8, NULL, 0, peer ? "lcl peer" : "lcl hitm");
	c2c_table__col(t, 8, NULL, 0, "load");
	c2c_table__col(t, 7, "Total", 0, "records");
	c2c_table__col(t, 8, "cpu", 0, "cnt");
	if (p->iaddr)
		c2c_table__entry_col(t, w->sym, NULL, "Symbol");
	if (p->iaddr || p->dso)
		c2c_table__entry_col(t, w->dso, "Shared", "Object");
	if (p->iaddr && !p->o->no_source)
		c2c_table__entry_col(t, w->src, NULL, "Source:Line");
	c2c_table__col(t, 4, "", 0, node_title(p->o));
}

/* perf's symbol cell: "[.] name" cut and padded to the column, or the
 * map-relative address as "%#.16" PRIx64 has it */
static void sym_cell(const struct c2c_row *row, int width, struct strbuf *out)
{
	struct strbuf cell = STRBUF_INIT;

	strbuf_addf(&cell, "[%c] ", row->code.level ? row->code.level : '.');
	if (row->code.sym)
		strbuf_addf(&cell, "%.*s", max_int(width - 4, 0), row->code.sym->name);
	else
		strbuf_addf(&cell, row->code.al_addr ? "0x%016" PRIx64 : "%016" PRIx64,
			    row->code.al_addr);
	strbuf_addf(out, "  %-*s", width, cell.buf);
	strbuf_release(&cell);
}

static void mean_cell(struct strbuf *out, double mean)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%6.0f", mean);
	strbuf_addf(out, "  %8s", buf);
}

/* -N: a node's CPUs among the row's, its share of the row's HITMs (or
 * peer snoops) and stores; -NN: those CPUs by number */
static void node_detail(const struct pareto *p, const struct c2c_row *row, uint32_t node,
			const uint64_t *set, struct strbuf *out)
{
	const struct c2c_nodes *n = &p->r->nodes;
	const struct c2c_stats *ns = &row->node_st[node];
	uint32_t shown = c2c_stats__shown(&row->st, p->o->display);

	if (p->o->node_info >= 2) {
		strbuf_addf(out, "%2u{", node);
		c2c_bits__list(set, n->nr_cpus, out);
		strbuf_addch(out, '}');
		return;
	}
	strbuf_addf(out, "%2u{%2u ", node, c2c_bits__count(set, n->cpu_words));
	if (shown)
		strbuf_addf(out, "%5.1f%% ",
			    100.0 * c2c_stats__shown(ns, p->o->display) / shown);
	else
		strbuf_addf(out, "%6s ", "n/a");
	if (row->st.store)
		strbuf_addf(out, "%5.1f%%}", 100.0 * ns->store / row->st.store);
	else
		strbuf_addf(out, "%6s}", "n/a");
}

/* the last column: the nodes of the CPUs the row's samples ran on */
static void node_cell(const struct pareto *p, const struct c2c_row *row, struct strbuf *out)
{
	const struct c2c_nodes *n = &p->r->nodes;
	uint64_t *set = must_calloc(n->cpu_words + 1, sizeof(*set));
	bool first = true;

	strbuf_addstr(out, "  ");
	for (uint32_t node = 0; node < n->nr_nodes; node++) {
		for (uint32_t i = 0; i < n->cpu_words; i++)
			set[i] = row->where.cpus[i] & n->node_cpus[(size_t)node * n->cpu_words + i];
		if (!c2c_bits__count(set, n->cpu_words)) {
			if (p->o->node_info == 1)
				strbuf_addf(out, "%21s", "");
			continue;
		}
		if (!first)
			strbuf_addch(out, ' ');
		first = false;
		if (p->o->node_info)
			node_detail(p, row, node, set, out);
		else
			strbuf_addf(out, "%2u", node);
	}
	free(set);
}

static void row_line(const struct pareto *p, const struct c2c_line *l, const struct c2c_row *row,
		     const struct widths *w, struct strbuf *out)
{
	const struct c2c_stats *s = &row->st, *ls = &l->st;
	bool peer = p->o->display == C2C_PEER;
	struct strbuf node = STRBUF_INIT;
	char cpus[16];

	strbuf_addstr(out, "       ");
	c2c_cell_pct(out, peer ? s->rmt_peer : s->rmt_hitm, peer ? ls->rmt_peer : ls->rmt_hitm);
	c2c_cell_pct(out, peer ? s->lcl_peer : s->lcl_hitm, peer ? ls->lcl_peer : ls->lcl_hitm);
	c2c_cell_pct(out, s->st_l1hit, ls->st_l1hit);
	c2c_cell_pct(out, s->st_l1miss, ls->st_l1miss);
	c2c_cell_pct(out, s->st_na, ls->st_na);
	c2c_cell_hex(out, p->tui ? 5 : 18, row->offset);
	c2c_node_list(&row->where, &node);
	strbuf_addf(out, "  %*s  %6" PRIu64, p->node_w, node.buf, row->where.paddr_cnt);
	if (p->pid)
		strbuf_addf(out, "  %7d", row->pid);
	if (p->tid)
		strbuf_addf(out, "  %7d:%-*.*s", row->tid, w->tid - 8, w->tid - 8,
			    row->comm ? row->comm : "");
	if (p->iaddr)
		c2c_cell_hex(out, 18, row->iaddr);
	mean_cell(out, row->mean[peer ? C2C_MEAN_RMT_PEER : C2C_MEAN_RMT]);
	mean_cell(out, row->mean[peer ? C2C_MEAN_LCL_PEER : C2C_MEAN_LCL]);
	mean_cell(out, row->mean[C2C_MEAN_LOAD]);
	snprintf(cpus, sizeof(cpus), "%u",
		 c2c_bits__count(row->where.cpus, p->r->nodes.cpu_words));
	strbuf_addf(out, "  %7" PRIu64 "  %8s", c2c_stats__records(s), cpus);
	if (p->iaddr)
		sym_cell(row, w->sym, out);
	if (p->iaddr || p->dso)
		strbuf_addf(out, "  %-*.*s", w->dso, w->dso,
			    row->code.dso ? row->code.dso->short_name : "[unknown]");
	if (p->iaddr && !p->o->no_source)
		strbuf_addf(out, "  %-*.*s", w->src, w->src, row->srcline ? row->srcline : "");
	node_cell(p, row, out);
	strbuf_addch(out, '\n');
	strbuf_release(&node);
}

/* a row is left out unless it has stores or the count -d shows */
static bool row_shown(const struct pareto *p, const struct c2c_row *row)
{
	return row->st.store || c2c_stats__shown(&row->st, p->o->display);
}

static void line_block(const struct pareto *p, uint32_t index, const struct c2c_line *l,
		       struct strbuf *out)
{
	static const char rule[] = "  ----------------------------------------------------------------------\n";
	const struct c2c_stats *s = &l->st;
	bool peer = p->o->display == C2C_PEER;
	struct widths w;

	line_widths(p, l, &w);
	if (index)
		strbuf_addch(out, '\n');
	strbuf_addstr(out, rule);
	strbuf_addf(out, "  %5u  %7u  %7u  %7u  %7u  %7u", index, peer ? s->rmt_peer : s->rmt_hitm,
		    peer ? s->lcl_peer : s->lcl_hitm, s->st_l1hit, s->st_l1miss, s->st_na);
	c2c_cell_hex(out, 18, l->addr);
	strbuf_addch(out, '\n');
	strbuf_addstr(out, rule);
	for (uint32_t i = 0; i < l->nr_rows; i++) {
		const struct c2c_row *row = &p->r->rows[l->rows[i]];

		if (row_shown(p, row))
			row_line(p, l, row, &w, out);
	}
}

static void pareto_init(struct pareto *p, const struct c2c_report *r, const struct c2c_opts *o,
			int node_w)
{
	*p = (struct pareto){ .r = r, .o = o, .node_w = node_w };
	for (uint32_t i = 0; i < o->nr_fields; i++) {
		p->pid |= o->fields[i] == C2C_PID;
		p->tid |= o->fields[i] == C2C_TID;
		p->iaddr |= o->fields[i] == C2C_IADDR;
		p->dso |= o->fields[i] == C2C_DSO;
	}
}

/* perf's browser leaves the Num column out: what --stdio has before the
 * first cell ("# " and Num, or a row's margin and blank Num) goes */
#define TUI_MARGIN (2 + 5 + 2)

void c2c_print_cacheline(const struct c2c_report *r, const struct c2c_opts *o, uint32_t line,
			 int node_w, struct strbuf *header, struct strbuf *rows)
{
	const struct c2c_line *l = &r->lines[line];
	struct strbuf text = STRBUF_INIT;
	struct c2c_table t = { .n = 0 };
	struct pareto p;
	struct widths w;
	int n = 0;

	pareto_init(&p, r, o, node_w);
	p.tui = true;
	line_widths(&p, l, &w);
	pareto_cols(&p, &w, &t);
	c2c_table__header(&t, &text);
	c2c_unmargin(text.buf, 0, 2, 2, header);	/* "# ", Num not there */
	strbuf_reset(&text);
	for (uint32_t i = 0; i < l->nr_rows; i++) {
		const struct c2c_row *row = &r->rows[l->rows[i]];

		if (row_shown(&p, row)) {
			row_line(&p, l, row, &w, &text);
			n++;
		}
	}
	c2c_unmargin(text.buf, 0, n, TUI_MARGIN, rows);
	strbuf_release(&text);
}

void c2c_print_pareto(const struct c2c_report *r, const struct c2c_opts *o,
		      const uint32_t *lines, uint32_t nr, int node_w, struct strbuf *out)
{
	struct pareto p;

	pareto_init(&p, r, o, node_w);
	c2c_title(out, "      Shared Cache Line Distribution Pareto      ");
	if (!nr)
		return;
	{
		struct c2c_table t = { .n = 0 };
		struct widths w;

		/* the header once, in the first line's widths */
		line_widths(&p, &r->lines[lines[0]], &w);
		pareto_cols(&p, &w, &t);
		c2c_table__header(&t, out);
	}
	for (uint32_t i = 0; i < nr; i++)
		line_block(&p, i, &r->lines[lines[i]], out);
}
