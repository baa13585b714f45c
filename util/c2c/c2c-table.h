/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_C2C_TABLE_H
#define PM_C2C_TABLE_H

/*
 * The layout of perf c2c's --stdio tables: columns two spaces apart, each
 * with two header lines; a title on the first line may span the columns
 * after it (printed once, at the group's end), and perf's sort-entry
 * columns (Symbol, Object, Source:Line, Tid) never take part in a span.
 * Cells are right-aligned to the width and never cut.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "c2c-stats.h"

struct c2c_col {
	int w;
	const char *h0;
	int span;		/* h0 covers the next @span columns too */
	const char *h1;
	bool entry;
};

#define C2C_MAX_COLS 32
#define C2C_TITLE_MAX 256

struct c2c_table {
	struct c2c_col c[C2C_MAX_COLS];
	size_t n;
	char titles[2][C2C_TITLE_MAX];	/* the dashed titles made for it */
};

void c2c_table__col(struct c2c_table *t, int w, const char *h0, int span, const char *h1);
void c2c_table__entry_col(struct c2c_table *t, int w, const char *h0, const char *h1);

/* perf's fill_line(): @text centred in dashes, @len wide, kept in @t */
const char *c2c_table__fill(struct c2c_table *t, int slot, const char *text, int len);

/* the two header lines, the dots, then "#" */
void c2c_table__header(const struct c2c_table *t, struct strbuf *out);

/* a section's title between two rules, then "#" */
void c2c_title(struct strbuf *out, const char *text);

/* cells, each after its two spaces */
void c2c_cell_pct(struct strbuf *out, uint32_t v, uint32_t of);
void c2c_cell_hex(struct strbuf *out, int w, uint64_t v);

/* a line's or row's memory nodes, "0-1" or "N/A" */
void c2c_node_list(const struct c2c_where *w, struct strbuf *sb);

/* The Pareto (c2c-pareto.c): each of the @nr lines shown (indexes into
 * r->lines, in the table's order), its offsets' rows below it; @node_w
 * the width of its Node column. */
void c2c_print_pareto(const struct c2c_report *r, const struct c2c_opts *o,
		      const uint32_t *lines, uint32_t nr, int node_w, struct strbuf *out);

/* The browser's screen of line @line (an index into r->lines): its rows
 * as the Pareto's, with perf's TUI columns and no margin (c2c_screens) */
void c2c_print_cacheline(const struct c2c_report *r, const struct c2c_opts *o, uint32_t line,
			 int node_w, struct strbuf *header, struct strbuf *rows);

/* @text's lines @first to @first + @count - 1, each less its first
 * @margin characters (the --stdio tables' "# " and Num), into @out */
void c2c_unmargin(const char *text, int first, int count, size_t margin, struct strbuf *out);

#endif
