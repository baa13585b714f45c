// SPDX-License-Identifier: GPL-2.0
/*
 * Sort keys. The comparison signs copy perf's sort.c conventions (right
 * minus left), so ties print in perf's order, including its quirk of
 * comparing u64 addresses as signed differences.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "../base/util.h"
#include "hist.h"
#include "sort.h"

static const struct sort_key keys[] = {
	{ SORT_COMM, "comm", "Command", false },
	{ SORT_PID, "pid", "    Pid:Command", false },
	{ SORT_DSO, "dso", "Shared Object", false },
	{ SORT_SYM, "sym", "Symbol", false },
	{ SORT_CPU, "cpu", "CPU", false },
	{ SORT_PERIOD, "period", "Period", true },
	{ SORT_SRCLINE, "srcline", "Source:Line", false },
	{ SORT_DSO_FROM, "dso_from", "Source Shared Object", false },
	{ SORT_SYM_FROM, "symbol_from", "Source Symbol", false },
	{ SORT_SYM_TO, "symbol_to", "Target Symbol", false },
	{ SORT_CYCLES, "cycles", "Basic Block Cycles", false },
};

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

int sort_list__parse(struct sort_list *l, const char *spec, struct strbuf *err)
{
	const char *p = spec;

	l->nr = 0;
	while (*p) {
		size_t len = strcspn(p, ", ");
		const struct sort_key *k = len ? find_key(p, len) : NULL;

		if (len && !k) {
			strbuf_addf(err, "unknown --sort key '%.*s'\nhint: the keys are comm, pid, "
				    "tid, dso, sym, cpu, period, srcline (and dso_from, symbol_from, "
				    "symbol_to, cycles for branches)", (int)len, p);
			return -EINVAL;
		}
		if (k && !sort_list__has(l, k->id)) {
			if (l->nr == MAX_SORT_KEYS)
				break;
			l->keys[l->nr++] = k;
		}
		p += len;
		p += strspn(p, ", ");
	}
	if (!l->nr) {
		strbuf_addstr(err, "--sort needs at least one key (e.g. comm,dso,sym)");
		return -EINVAL;
	}
	return 0;
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
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	if (!sort_list__has(l, SORT_DSO)) {
		ret = dso_cmp(a, b);
		if (ret)
			return ret;
	}
	if (a->sym == b->sym)
		return 0;
	return (int64_t)(b->sym->start - a->sym->start);
}

/* Output order of symbols: by name (perf's sort__sym_sort). */
static int64_t sym_sort(const struct hist_entry *a, const struct hist_entry *b)
{
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	return strcmp(b->sym->name, a->sym->name);
}

/* perf's sort__dso_from_cmp(): note the names compare the other way round
 * than for dso. */
static int64_t dso_from_cmp(const struct hist_entry *a, const struct hist_entry *b)
{
	const struct dso *da = hist_entry__branch(a)->from.dso;
	const struct dso *db = hist_entry__branch(b)->from.dso;
	const char *na = da ? da->short_name : NULL;
	const char *nb = db ? db->short_name : NULL;

	if (da == db)
		return 0;
	if (!na || !nb)
		return cmp_null(nb, na);
	return strcmp(na, nb);
}

/* perf's sort__sym_from_cmp() / sort__sym_to_cmp(). */
static int64_t branch_sym_cmp(const struct branch_end *a, const struct branch_end *b)
{
	if (!a->sym && !b->sym)
		return (int64_t)(b->addr - a->addr);
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	if (a->sym == b->sym)
		return 0;
	return (int64_t)(b->sym->start - a->sym->start);
}

static int64_t key_cmp(const struct sort_list *l, const struct sort_key *k,
		       const struct hist_entry *a, const struct hist_entry *b)
{
	switch (k->id) {
	case SORT_COMM: return a->comm == b->comm ? 0 : strcmp(b->comm, a->comm);
	case SORT_PID: return (int64_t)b->thread->tid - a->thread->tid;
	case SORT_DSO: return dso_cmp(a, b);
	case SORT_SYM: return sym_cmp(l, a, b);
	case SORT_CPU: return (int64_t)b->cpu - a->cpu;
	case SORT_SRCLINE: return strcmp(b->srcline ?: "", a->srcline ?: "");
	case SORT_DSO_FROM: return dso_from_cmp(a, b);
	case SORT_SYM_FROM:
		return branch_sym_cmp(&hist_entry__branch(a)->from, &hist_entry__branch(b)->from);
	case SORT_SYM_TO:
		return branch_sym_cmp(&hist_entry__branch(a)->to, &hist_entry__branch(b)->to);
	case SORT_CYCLES:
		return (int64_t)hist_entry__branch(a)->cycles - hist_entry__branch(b)->cycles;
	case SORT_PERIOD:	/* a column, not an identity */
	case SORT_NR_KEYS: break;
	}
	return 0;
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

static void branch_end_cell(const struct branch_end *e, struct strbuf *sb)
{
	strbuf_addf(sb, "[%c] ", e->level);
	if (e->sym)
		strbuf_addstr(sb, e->sym->name);
	else
		add_addr16(sb, e->al_addr);
}

void sort_key__cell(const struct sort_key *k, const struct hist_entry *he, int width,
		    struct strbuf *sb)
{
	switch (k->id) {
	case SORT_COMM:
		strbuf_add(sb, he->comm, strnlen(he->comm, width > 0 ? (size_t)width : 0));
		break;
	case SORT_PID:
		strbuf_addf(sb, "%7d:%.*s", he->thread->tid, width > 8 ? width - 8 : 0,
			    he->thread->comm);
		break;
	case SORT_DSO:
		strbuf_addstr(sb, dso_name(he) ?: "[unknown]");
		break;
	case SORT_SYM:
		strbuf_addch(sb, '[');
		strbuf_addch(sb, he->level);
		strbuf_addstr(sb, "] ");
		if (he->sym)
			strbuf_addstr(sb, he->sym->name);
		else
			add_addr16(sb, he->ip);
		break;
	case SORT_CPU:
		strbuf_addf(sb, "%*.*d", width, width, he->cpu);
		break;
	case SORT_PERIOD:
		strbuf_addf(sb, "%*" PRIu64, width, he->period);
		break;
	case SORT_SRCLINE:
		strbuf_addstr(sb, he->srcline ?: "??:0");
		break;
	case SORT_DSO_FROM:
		/* cut to the column, which perf only widens for resolved symbols */
		strbuf_addf(sb, "%.*s", width, hist_entry__branch(he)->from.dso ?
			    hist_entry__branch(he)->from.dso->short_name : "[unknown]");
		break;
	case SORT_SYM_FROM:
	case SORT_SYM_TO:
		branch_end_cell(k->id == SORT_SYM_FROM ? &hist_entry__branch(he)->from :
							 &hist_entry__branch(he)->to, sb);
		break;
	case SORT_CYCLES:
		/* perf prints the 16-bit count signed; so do we, so outputs diff */
		if (hist_entry__branch(he)->cycles)
			strbuf_addf(sb, "%d", (int16_t)hist_entry__branch(he)->cycles);
		else
			strbuf_addch(sb, '-');
		break;
	case SORT_NR_KEYS:
		break;
	}
}
