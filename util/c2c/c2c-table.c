// SPDX-License-Identifier: GPL-2.0
/* perf c2c's table layout: c2c-table.h. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "c2c-table.h"

void c2c_table__col(struct c2c_table *t, int w, const char *h0, int span, const char *h1)
{
	if (t->n < C2C_MAX_COLS)
		t->c[t->n++] = (struct c2c_col){ w, h0, span, h1, false };
}

void c2c_table__entry_col(struct c2c_table *t, int w, const char *h0, const char *h1)
{
	if (t->n < C2C_MAX_COLS)
		t->c[t->n++] = (struct c2c_col){ w, h0, 0, h1, true };
}

const char *c2c_table__fill(struct c2c_table *t, int slot, const char *text, int len)
{
	char *buf = t->titles[slot];
	int textlen = (int)strlen(text), n = 0;

	if (len >= C2C_TITLE_MAX)
		len = C2C_TITLE_MAX - 1;
	for (int dashes = len / 2 - textlen / 2 - 1; n < dashes; n++)
		buf[n] = '-';
	n += snprintf(buf + n, (size_t)(C2C_TITLE_MAX - n), " %s ", text);
	for (; n < len; n++)
		buf[n] = '-';
	buf[n < C2C_TITLE_MAX ? n : C2C_TITLE_MAX - 1] = '\0';
	return buf;
}

static void header_line(const struct c2c_table *t, int line, struct strbuf *out)
{
	struct strbuf cell = STRBUF_INIT;
	int span = 0;

	strbuf_addstr(out, "# ");
	for (size_t i = 0; i < t->n; i++) {
		const struct c2c_col *c = &t->c[i];
		const char *text = line ? c->h1 : c->h0;

		if (i && !span)
			strbuf_addstr(out, "  ");
		if (!c->entry && span > 0) {
			span--;		/* the group's title waits in @cell */
		} else {
			if (!c->entry)
				span = line ? 0 : c->span;
			strbuf_reset(&cell);
			strbuf_addf(&cell, "%*s", c->w, text ? text : "");
		}
		if (!span)
			strbuf_add(out, cell.buf, cell.len);
	}
	strbuf_addch(out, '\n');
	strbuf_release(&cell);
}

void c2c_table__header(const struct c2c_table *t, struct strbuf *out)
{
	header_line(t, 0, out);
	header_line(t, 1, out);
	strbuf_addstr(out, "# ");
	for (size_t i = 0; i < t->n; i++) {
		if (i)
			strbuf_addstr(out, "  ");
		for (int d = 0; d < t->c[i].w; d++)
			strbuf_addch(out, '.');
	}
	strbuf_addstr(out, "\n#\n");
}

void c2c_title(struct strbuf *out, const char *text)
{
	strbuf_addstr(out, "\n=================================================\n");
	strbuf_addf(out, "%s\n", text);
	strbuf_addstr(out, "=================================================\n#\n");
}

void c2c_cell_pct(struct strbuf *out, uint32_t v, uint32_t of)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%.2f%%", of ? 100.0 * v / of : 0.0);
	strbuf_addf(out, "  %7s", buf);
}

void c2c_cell_hex(struct strbuf *out, int w, uint64_t v)
{
	char buf[24];

	snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
	strbuf_addf(out, "  %*s", w, buf);
}

void c2c_node_list(const struct c2c_where *w, struct strbuf *sb)
{
	if (w->nodes)
		c2c_bits__list(&w->nodes, 64, sb);
	else
		strbuf_addstr(sb, "N/A");
}
