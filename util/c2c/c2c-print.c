// SPDX-License-Identifier: GPL-2.0
/*
 * perf c2c report --stdio's tables after the statistics: the Shared Data
 * Cache Line Table (a row per line shown) and the Shared Cache Line
 * Distribution Pareto (each line's offsets and instructions), in perf's
 * layout: columns two spaces apart, a group's title over its columns.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../symbols/dso.h"
#include "c2c-stats.h"
#include "c2c-table.h"

/* --- which lines, in what order ------------------------------------------ */

#define shown c2c_screens

static int cmp_u64_desc(uint64_t a, uint64_t b)
{
	return a > b ? -1 : a < b;
}

static int cmp_u64(uint64_t a, uint64_t b)
{
	return a < b ? -1 : a > b;
}

static const struct shown *sort_ctx;

/* the count -d names, most first; equals as perf's line tree had them */
static int line_cmp(const void *a, const void *b)
{
	const struct c2c_line *x = &sort_ctx->r->lines[*(const uint32_t *)a];
	const struct c2c_line *y = &sort_ctx->r->lines[*(const uint32_t *)b];
	enum c2c_display d = sort_ctx->o->display;

	return cmp_u64_desc(c2c_stats__shown(&x->st, d), c2c_stats__shown(&y->st, d)) ?:
	       cmp_u64(x->cpumode, y->cpumode) ?: cmp_u64(!x->mapped, !y->mapped) ?:
	       cmp_u64(x->ino, y->ino) ?: cmp_u64((uint32_t)x->pid, (uint32_t)y->pid) ?:
	       cmp_u64(x->cl, y->cl);
}

/* within a line: by offset, then -d's counts, then -c's fields */
static int row_cmp(const void *a, const void *b)
{
	const struct c2c_row *x = &sort_ctx->r->rows[*(const uint32_t *)a];
	const struct c2c_row *y = &sort_ctx->r->rows[*(const uint32_t *)b];
	const struct c2c_opts *o = sort_ctx->o;
	int c = cmp_u64(x->offset, y->offset);

	if (!c && o->display == C2C_RMT)
		c = cmp_u64_desc(x->st.rmt_hitm, y->st.rmt_hitm) ?:
		    cmp_u64_desc(x->st.lcl_hitm, y->st.lcl_hitm);
	else if (!c && o->display == C2C_LCL)
		c = cmp_u64_desc(x->st.lcl_hitm, y->st.lcl_hitm) ?:
		    cmp_u64_desc(x->st.rmt_hitm, y->st.rmt_hitm);
	else if (!c)
		c = cmp_u64_desc(c2c_stats__shown(&x->st, o->display),
				 c2c_stats__shown(&y->st, o->display));
	for (uint32_t i = 0; !c && i < o->nr_fields; i++) {
		switch (o->fields[i]) {
		case C2C_IADDR: c = cmp_u64(x->iaddr, y->iaddr); break;
		case C2C_TID: c = x->tid < y->tid ? -1 : x->tid > y->tid; break;
		case C2C_PID: c = x->pid > y->pid ? -1 : x->pid < y->pid; break;	/* as perf */
		case C2C_DSO:
			c = strcmp(x->code.dso ? x->code.dso->short_name : "",
				   y->code.dso ? y->code.dso->short_name : "");
			break;
		}
	}
	return c;
}

static void node_width_of(struct shown *sh, const struct c2c_where *w)
{
	struct strbuf sb = STRBUF_INIT;

	c2c_node_list(w, &sb);
	if ((int)sb.len > sh->node_w)
		sh->node_w = (int)sb.len;
	strbuf_release(&sb);
}

static void choose(struct shown *sh)
{
	const struct c2c_report *r = sh->r;

	sh->lines = must_calloc(r->nr_lines + 1, sizeof(*sh->lines));
	sh->node_w = 4;
	for (uint32_t i = 0; i < r->nr_lines; i++) {
		const struct c2c_line *l = &r->lines[i];

		if (!c2c_report__line_shown(r, sh->o, l))
			continue;
		sh->lines[sh->nr++] = i;
		node_width_of(sh, &l->where);
		for (uint32_t j = 0; j < l->nr_rows; j++)
			node_width_of(sh, &r->rows[l->rows[j]].where);
	}
	sort_ctx = sh;
	qsort(sh->lines, sh->nr, sizeof(*sh->lines), line_cmp);
	for (uint32_t i = 0; i < sh->nr; i++) {
		const struct c2c_line *l = &r->lines[sh->lines[i]];

		qsort(l->rows, l->nr_rows, sizeof(*l->rows), row_cmp);
	}
	sort_ctx = NULL;
}

/* --- Shared Data Cache Line Table ------------------------------------------- */

static void line_table_cols(struct c2c_table *t, enum c2c_display d)
{
	static const char *const kind[] = { "Tot", "Lcl", "Rmt", "Peer" };
	bool peer = d == C2C_PEER;

	c2c_table__col(t, 5, "", 0, "Index");
	/* perf widens its Node column for the Pareto only: 4 here */
	c2c_table__col(t, 18, c2c_table__fill(t, 0, "Cacheline", 18 + 4 + 6 + 4), 2, "Address");
	c2c_table__col(t, 4, NULL, 0, "Node");
	c2c_table__col(t, 6, NULL, 0, "PA cnt");
	c2c_table__col(t, 7, kind[d], 0, peer ? "Snoop" : "Hitm");
	c2c_table__col(t, 7, peer ? "------- Load Peer -------" : "------- Load Hitm -------", 2, "Total");
	c2c_table__col(t, 7, NULL, 0, peer ? "Local" : "LclHitm");
	c2c_table__col(t, 7, NULL, 0, peer ? "Remote" : "RmtHitm");
	c2c_table__col(t, 7, "Total", 0, "records");
	c2c_table__col(t, 7, "Total", 0, "Loads");
	c2c_table__col(t, 7, "Total", 0, "Stores");
	c2c_table__col(t, 7, "--------- Stores --------", 2, "L1Hit");
	c2c_table__col(t, 7, NULL, 0, "L1Miss");
	c2c_table__col(t, 7, NULL, 0, "N/A");
	c2c_table__col(t, 7, "----- Core Load Hit -----", 2, "FB");
	c2c_table__col(t, 7, NULL, 0, "L1");
	c2c_table__col(t, 7, NULL, 0, "L2");
	c2c_table__col(t, 8, "- LLC Load Hit --", 1, "LclHit");
	c2c_table__col(t, 7, NULL, 0, "LclHitm");
	c2c_table__col(t, 8, "- RMT Load Hit --", 1, "RmtHit");
	c2c_table__col(t, 7, NULL, 0, "RmtHitm");
	c2c_table__col(t, 8, "--- Load Dram ----", 1, "Lcl");
	c2c_table__col(t, 8, NULL, 0, "Rmt");
}

static void line_row(const struct shown *sh, uint32_t index, const struct c2c_line *l,
		     struct strbuf *out)
{
	const struct c2c_stats *s = &l->st;
	enum c2c_display d = sh->o->display;
	struct strbuf node = STRBUF_INIT;
	uint64_t records = c2c_stats__records(s);
	bool peer = d == C2C_PEER;

	c2c_node_list(&l->where, &node);
	strbuf_addf(out, "  %5u", index);
	c2c_cell_hex(out, 18, l->addr);
	strbuf_addf(out, "  %4s  %6" PRIu64, node.buf, l->where.paddr_cnt);
	c2c_cell_pct(out, c2c_stats__shown(s, d), c2c_stats__shown(&sh->r->all, d));
	strbuf_addf(out, "  %7u  %7u  %7u", peer ? s->tot_peer : s->lcl_hitm + s->rmt_hitm,
		    peer ? s->lcl_peer : s->lcl_hitm, peer ? s->rmt_peer : s->rmt_hitm);
	strbuf_addf(out, "  %7" PRIu64 "  %7" PRIu64 "  %7u", records,
		    records - s->st_l1hit - s->st_l1miss - s->st_na, s->store);
	strbuf_addf(out, "  %7u  %7u  %7u", s->st_l1hit, s->st_l1miss, s->st_na);
	strbuf_addf(out, "  %7u  %7u  %7u", s->ld_fbhit, s->ld_l1hit, s->ld_l2hit);
	strbuf_addf(out, "  %8u  %7u  %8u  %7u", s->ld_llchit, s->lcl_hitm, s->rmt_hit, s->rmt_hitm);
	strbuf_addf(out, "  %8u  %8u\n", s->lcl_dram, s->rmt_dram);
	strbuf_release(&node);
}

static void print_line_table(const struct shown *sh, struct strbuf *out)
{
	struct c2c_table t = { .n = 0 };

	c2c_title(out, "           Shared Data Cache Line Table          ");
	line_table_cols(&t, sh->o->display);
	c2c_table__header(&t, out);
	for (uint32_t i = 0; i < sh->nr; i++)
		line_row(sh, i, &sh->r->lines[sh->lines[i]], out);
}

void c2c_report__print_lines(const struct c2c_report *r, const struct c2c_opts *o,
			     struct strbuf *out)
{
	struct shown sh;

	c2c_screens__init(&sh, r, o);
	print_line_table(&sh, out);
	c2c_print_pareto(r, o, sh.lines, sh.nr, sh.node_w, out);
	c2c_screens__exit(&sh);
}

/* --- the browser's screens -------------------------------------------------- */

void c2c_screens__init(struct c2c_screens *sc, const struct c2c_report *r,
		       const struct c2c_opts *o)
{
	*sc = (struct c2c_screens){ .r = r, .o = o };
	choose(sc);
}

void c2c_screens__exit(struct c2c_screens *sc)
{
	free(sc->lines);
	sc->lines = NULL;
}

/* @text's lines from @first on, each less its first @margin characters */
void c2c_unmargin(const char *text, int first, int count, size_t margin, struct strbuf *out)
{
	for (int n = 0; *text && n < first + count; n++) {
		const char *nl = strchr(text, '\n');
		size_t len = nl ? (size_t)(nl - text) : strlen(text);

		if (n >= first) {
			if (len > margin)
				strbuf_add(out, text + margin, len - margin);
			strbuf_addch(out, '\n');
		}
		text += len + (nl != NULL);
	}
}

void c2c_screens__list(const struct c2c_screens *sc, struct strbuf *header, struct strbuf *rows)
{
	struct c2c_table t = { .n = 0 };
	struct strbuf text = STRBUF_INIT;

	line_table_cols(&t, sc->o->display);
	c2c_table__header(&t, &text);
	c2c_unmargin(text.buf, 0, 2, 2, header);
	strbuf_reset(&text);
	for (uint32_t i = 0; i < sc->nr; i++)
		line_row(sc, i, &sc->r->lines[sc->lines[i]], &text);
	c2c_unmargin(text.buf, 0, (int)sc->nr, 2, rows);
	strbuf_release(&text);
}

void c2c_screens__cacheline(const struct c2c_screens *sc, uint32_t i, struct strbuf *header,
			    struct strbuf *rows)
{
	if (i < sc->nr)
		c2c_print_cacheline(sc->r, sc->o, sc->lines[i], sc->node_w, header, rows);
}
