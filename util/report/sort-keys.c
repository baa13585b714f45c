// SPDX-License-Identifier: GPL-2.0
/*
 * An entry's own sort keys (who ran, where, when) and its values, each
 * with perf's comparison signs (right minus left), so ties print in perf's
 * order, including its quirk of comparing u64 addresses as signed
 * differences. The helpers other keys share come first.
 */
#include <inttypes.h>
#include <string.h>

#include "../base/hash.h"
#include "branch-cycles.h"
#include "sort-keys.h"

void width_at_least(int *w, size_t len)
{
	if ((int)len > *w)
		*w = len;
}

int cmp_null(const void *l, const void *r)
{
	if (!l && !r)
		return 0;
	return !l ? -1 : 1;
}

int64_t scalar_cmp(const struct sort_key *k, const struct sort_list *l,
		   const struct hist_entry *a, const struct hist_entry *b)
{
	int64_t ka = k->scalar(a), kb = k->scalar(b);

	(void)l;
	return ka == kb ? 0 : ka < kb ? 1 : -1;
}

uint64_t scalar_hash(const struct sort_key *k, const struct hist_entry *he)
{
	return (uint64_t)k->scalar(he);
}

int scalar_order(const struct sort_key *k, const struct sort_list *l,
		 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)l;
	(void)rk;
	ints[0] = k->scalar(he);
	return 1;
}

#define SCALAR_KEY .cmp = scalar_cmp, .hash = scalar_hash, .order = scalar_order, .nr_order = 1

int64_t end_dso_cmp(const struct sort_key *k, const struct sort_list *l,
		    const struct hist_entry *a, const struct hist_entry *b)
{
	const struct dso *da = k->end(a)->dso, *db = k->end(b)->dso;

	(void)l;
	if (da == db)
		return 0;
	if (!da || !db)
		return cmp_null(db, da);
	return strcmp(da->short_name, db->short_name);
}

uint64_t end_dso_hash(const struct sort_key *k, const struct hist_entry *he)
{
	const struct dso *d = k->end(he)->dso;

	return d ? (unsigned char)d->short_name[0] : 0;
}

/* names descending, unknown first: perf's order */
int end_dso_order(const struct sort_key *k, const struct sort_list *l,
		  const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	const struct dso *d = k->end(he)->dso;

	(void)l;
	ints[0] = d ? -name_rank__of(&rk->dso, d) : INT64_MIN;
	return 1;
}

/* perf widens the column for an end with a symbol only */
void end_dso_width(const struct sort_key *k, const struct hist_entry *he,
		   bool unresolved_dso, int *w)
{
	const struct addr_map_sym *e = k->end(he);

	if (e->sym && e->dso)
		width_at_least(w, strlen(e->dso->short_name));
	else if (!e->sym && unresolved_dso)
		width_at_least(w, UNRESOLVED_DSO_WIDTH);
}

/* cut to the column, which perf only widens for resolved symbols */
void end_dso_cell(const struct sort_key *k, const struct sort_list *l,
		  const struct hist_entry *he, int width, struct strbuf *sb)
{
	const struct dso *d = k->end(he)->dso;

	(void)l;
	add_cut(sb, d ? d->short_name : "[unknown]", width);
}

void add_addr16(struct strbuf *sb, uint64_t v)
{
	static const char hex[] = "0123456789abcdef";
	char digits[16];

	for (int i = 0; i < 16; i++)
		digits[i] = hex[v >> (60 - 4 * i) & 15];
	if (v)
		strbuf_add(sb, "0x", 2);
	strbuf_add(sb, digits, sizeof(digits));
}

void add_level(struct strbuf *sb, char level)
{
	char cell[4] = { '[', level, ']', ' ' };

	strbuf_add(sb, cell, sizeof(cell));
}

void add_cut(struct strbuf *sb, const char *s, int width)
{
	strbuf_add(sb, s, strnlen(s, width > 0 ? (size_t)width : 0));
}

/* A name's key (k->text): by string, NULL as "", ranked by @rank. */
static int64_t text_cmp(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *a, const struct hist_entry *b)
{
	(void)l;
	return strcmp(k->text(b) ?: "", k->text(a) ?: "");
}

static uint64_t text_initial_hash(const struct sort_key *k, const struct hist_entry *he)
{
	const char *s = k->text(he);

	return s ? (unsigned char)s[0] : 0;
}

static void text_width(const struct sort_key *k, const struct hist_entry *he,
		       bool unresolved_dso, int *w)
{
	const char *s = k->text(he);

	(void)unresolved_dso;
	if (s)
		width_at_least(w, strlen(s));
}

/* perf's lazily made texts (srcfile, trace): one object per text */
static uint64_t text_pointer_hash(const struct sort_key *k, const struct hist_entry *he)
{
	return (uintptr_t)k->text(he);
}

/* ---- comm ---- */

static int64_t comm_cmp(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *a, const struct hist_entry *b)
{
	(void)k;
	(void)l;
	return a->comm == b->comm ? 0 : strcmp(b->comm, a->comm);
}

static uint64_t comm_hash(const struct sort_key *k, const struct hist_entry *he)
{
	(void)k;
	return (uintptr_t)he->comm;
}

static int comm_order(const struct sort_key *k, const struct sort_list *l,
		      const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = name_rank__of(&rk->comm, he->comm);
	return 1;
}

static void comm_cell(const struct sort_key *k, const struct sort_list *l,
		      const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	add_cut(sb, he->comm, width);
}

/* perf sizes Command by each thread's last comm, and cuts to it */
static void comm_width(const struct sort_key *k, const struct hist_entry *he,
		       bool unresolved_dso, int *w)
{
	(void)k;
	(void)unresolved_dso;
	width_at_least(w, strlen(he->thread->comm));
}

const struct sort_key sort_key_comm = {
	SORT_COMM, "comm", "Command",
	.cmp = comm_cmp, .hash = comm_hash, .order = comm_order, .nr_order = 1,
	.cell = comm_cell, .width = comm_width,
};

/* ---- pid (tid) ---- */

static int64_t pid_of(const struct hist_entry *he)
{
	return he->thread->tid;
}

static void pid_cell(const struct sort_key *k, const struct sort_list *l,
		     const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	strbuf_addint(sb, he->thread->tid, 7, ' ', false);
	strbuf_addch(sb, ':');
	add_cut(sb, he->thread->comm, width - 8);
}

const struct sort_key sort_key_pid = {
	SORT_PID, "pid", "    Pid:Command",
	SCALAR_KEY, .scalar = pid_of, .cell = pid_cell,
};

/* ---- dso ---- */

static const char *dso_name(const struct hist_entry *he)
{
	return he->dso ? he->dso->short_name : NULL;
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

static int64_t dso_key_cmp(const struct sort_key *k, const struct sort_list *l,
			   const struct hist_entry *a, const struct hist_entry *b)
{
	(void)k;
	(void)l;
	return dso_cmp(a, b);
}

static int dso_order(const struct sort_key *k, const struct sort_list *l,
		     const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = name_rank__of(&rk->dso, he->dso);
	return 1;
}

static void dso_cell(const struct sort_key *k, const struct sort_list *l,
		     const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	/* perf's "%-*.*s": cut where --column-widths made it narrow */
	add_cut(sb, dso_name(he) ?: "[unknown]", width);
}

static void dso_width(const struct sort_key *k, const struct hist_entry *he,
		      bool unresolved_dso, int *w)
{
	(void)k;
	if (he->dso)
		width_at_least(w, strlen(he->dso->short_name));
	if (!he->sym && unresolved_dso)
		width_at_least(w, UNRESOLVED_DSO_WIDTH);
}

const struct sort_key sort_key_dso = {
	SORT_DSO, "dso", "Shared Object",
	.cmp = dso_key_cmp, .hash = text_initial_hash, .text = dso_name,
	.order = dso_order, .nr_order = 1, .cell = dso_cell, .width = dso_width,
};

/* ---- sym ---- */

int64_t sym_cmp(const struct sort_key *k, const struct sort_list *l,
		const struct hist_entry *a, const struct hist_entry *b)
{
	int64_t ret;

	(void)k;
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

uint64_t sym_hash(const struct sort_key *k, const struct hist_entry *he)
{
	(void)k;
	return he->sym ? he->sym->start : he->ip;
}

/* Output order of symbols: by name (perf's sort__sym_sort). */
static int64_t sym_sort(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *a, const struct hist_entry *b)
{
	(void)k;
	(void)l;
	if (!a->sym || !b->sym)
		return cmp_null(a->sym, b->sym);
	return strcmp(b->sym->name, a->sym->name);
}

static int sym_order(const struct sort_key *k, const struct sort_list *l,
		     const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = name_rank__of(&rk->sym, he->sym);
	return 1;
}

/* sym_cmp()'s order: without the object as a key perf compares the
 * objects first, an unresolved address's too (hists.c switches to perf's
 * own tree when that is no total order) */
static int sym_identity(const struct sort_key *k, const struct sort_list *l,
			const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	ints[0] = !sort_list__has(l, SORT_DSO) ? name_rank__of(&rk->dso, he->dso) : 0;
	ints[1] = he->sym ? 0 : 1;
	/* perf compares these as signed differences: kernel addresses first */
	ints[2] = (int64_t)(he->sym ? he->sym->start : he->ip);
	return 3;
}

static void sym_cell(const struct sort_key *k, const struct sort_list *l,
		     const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	add_level(sb, he->level);
	if (he->sym)
		strbuf_addstr(sb, he->sym->name);
	else
		add_addr16(sb, he->ip);
	if (he->sym && he->sym->inlined)
		strbuf_addstr(sb, " (inlined)");
}

static void sym_width(const struct sort_key *k, const struct hist_entry *he,
		      bool unresolved_dso, int *w)
{
	(void)k;
	(void)unresolved_dso;
	width_at_least(w, he->sym ? he->sym->namelen + 4 : UNRESOLVED_SYM_WIDTH);
}

const struct sort_key sort_key_sym = {
	SORT_SYM, "sym", "Symbol", .ragged = true,
	.cmp = sym_cmp, .sort = sym_sort, .hash = sym_hash,
	.order = sym_order, .nr_order = 1, .identity = sym_identity, .nr_identity = 3,
	.cell = sym_cell, .width = sym_width,
};

/* ---- cpu, socket ---- */

static int64_t cpu_of(const struct hist_entry *he)
{
	return he->cpu;
}

static void cpu_cell(const struct sort_key *k, const struct sort_list *l,
		     const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	strbuf_addf(sb, "%*.*d", width, width, he->cpu);
}

const struct sort_key sort_key_cpu = {
	SORT_CPU, "cpu", "CPU", .min_width = 3,
	SCALAR_KEY, .scalar = cpu_of, .cell = cpu_cell,
};

static int64_t socket_of(const struct hist_entry *he)
{
	return he->socket;
}

static void socket_cell(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	strbuf_addf(sb, "%*.*d", width, width > 3 ? 3 : width, he->socket);
}

const struct sort_key sort_key_socket = {
	SORT_SOCKET, "socket", "Socket", .right_align = true,
	SCALAR_KEY, .scalar = socket_of, .cell = socket_cell,
};

/* ---- srcline, srcfile, trace, parent: texts ---- */

static const char *srcline_of(const struct hist_entry *he)
{
	return he->rare->srcline;
}

static int srcline_order(const struct sort_key *k, const struct sort_list *l,
			 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = name_rank__of(&rk->srcline, he->rare->srcline);
	return 1;
}

static void srcline_cell(const struct sort_key *k, const struct sort_list *l,
			 const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_addstr(sb, he->rare->srcline ?: "??:0");
}

const struct sort_key sort_key_srcline = {
	SORT_SRCLINE, "srcline", "Source:Line", .ragged = true, .reads_rare = true,
	.cmp = text_cmp, .hash = text_initial_hash, .text = srcline_of,
	.order = srcline_order, .nr_order = 1, .cell = srcline_cell, .width = text_width,
};

static const char *srcfile_of(const struct hist_entry *he)
{
	return he->rare->srcfile;
}

static int srcfile_order(const struct sort_key *k, const struct sort_list *l,
			 const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = name_rank__of(&rk->srcfile, he->rare->srcfile);
	return 1;
}

/* perf's: cut to the column (so is trace's) */
static void text_cut_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)l;
	add_cut(sb, k->text(he) ?: (k->id == SORT_TRACE ? "N/A" : ""), width);
}

const struct sort_key sort_key_srcfile = {
	SORT_SRCFILE, "srcfile", "Source File", .ragged = true, .reads_rare = true,
	.compared_text = COMPARED_SRCFILE,
	.cmp = text_cmp, .hash = text_initial_hash, .text = srcfile_of,
	.order = srcfile_order, .nr_order = 1, .cell = text_cut_cell,
};

static const char *trace_of(const struct hist_entry *he)
{
	return he->rare->trace_output;
}

static int trace_order(const struct sort_key *k, const struct sort_list *l,
		       const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = name_rank__of(&rk->trace, he->rare->trace_output);
	return 1;
}

/* other events' samples have no trace output: N/A */
const struct sort_key sort_key_trace = {
	SORT_TRACE, "trace", "Trace output", .ragged = true, .reads_rare = true,
	.compared_text = COMPARED_TRACE,
	.cmp = text_cmp, .hash = text_pointer_hash, .text = trace_of,
	.order = trace_order, .nr_order = 1, .cell = text_cut_cell,
};

static const char *parent_of(const struct hist_entry *he)
{
	return he->rare->parent;
}

static int64_t parent_cmp(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *a, const struct hist_entry *b)
{
	(void)k;
	(void)l;
	if (!a->rare->parent || !b->rare->parent)
		return cmp_null(a->rare->parent, b->rare->parent);
	return strcmp(b->rare->parent, a->rare->parent);
}

/* by name, [other] last (perf's cmp_null) */
static int parent_order(const struct sort_key *k, const struct sort_list *l,
			const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	ints[0] = he->rare->parent ? name_rank__of(&rk->parent, he->rare->parent) : INT64_MAX;
	return 1;
}

static void parent_cell(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_addstr(sb, he->rare->parent ?: "[other]");
}

const struct sort_key sort_key_parent = {
	SORT_PARENT, "parent", "Parent symbol", .reads_rare = true,
	.cmp = parent_cmp, .hash = text_initial_hash, .text = parent_of,
	.order = parent_order, .nr_order = 1, .cell = parent_cell, .width = text_width,
};

/* ---- cgroup, cgroup_id ---- */

/* perf's _sort__cgroup_cmp(): by value, never by a wrapping difference */
static int64_t cgroup_of(const struct hist_entry *he)
{
	return (int64_t)(he->rare->cgroup ^ 1ULL << 63);
}

/* N/A: not sampled; unknown: no CGROUP record */
static void cgroup_cell(const struct sort_key *k, const struct sort_list *l,
			const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_addstr(sb, !he->rare->cgroup ? "N/A" : he->rare->cgroup_path ?: "unknown");
}

static void cgroup_width(const struct sort_key *k, const struct hist_entry *he,
			 bool unresolved_dso, int *w)
{
	(void)k;
	(void)unresolved_dso;
	if (he->rare->cgroup)
		width_at_least(w, strlen(he->rare->cgroup_path ?: "unknown"));
}

const struct sort_key sort_key_cgroup = {
	SORT_CGROUP, "cgroup", "Cgroup", .ragged = true, .min_width = 6, .reads_rare = true,
	SCALAR_KEY, .scalar = cgroup_of, .cell = cgroup_cell, .width = cgroup_width,
};

static int cgroup_id_order(const struct sort_key *k, const struct sort_list *l,
			   const struct sort_rank *rk, const struct hist_entry *he, int64_t *ints)
{
	(void)k;
	(void)l;
	(void)rk;
	ints[0] = (int64_t)(he->rare->cgroup_ns_dev ^ 1ULL << 63);
	ints[1] = (int64_t)(he->rare->cgroup_ns_ino ^ 1ULL << 63);
	return 2;
}

static int64_t cgroup_id_cmp(const struct sort_key *k, const struct sort_list *l,
			     const struct hist_entry *a, const struct hist_entry *b)
{
	int64_t ka[2], kb[2];

	cgroup_id_order(k, l, NULL, a, ka);
	cgroup_id_order(k, l, NULL, b, kb);
	for (int i = 0; i < 2; i++)
		if (ka[i] != kb[i])
			return ka[i] < kb[i] ? 1 : -1;
	return 0;
}

static uint64_t cgroup_id_hash(const struct sort_key *k, const struct hist_entry *he)
{
	(void)k;
	return hash_combine(he->rare->cgroup_ns_dev, he->rare->cgroup_ns_ino);
}

static void cgroup_id_cell(const struct sort_key *k, const struct sort_list *l,
			   const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_addf(sb, "%" PRIu64 "/0x%" PRIx64, he->rare->cgroup_ns_dev,
		    he->rare->cgroup_ns_ino);
}

const struct sort_key sort_key_cgroup_id = {
	SORT_CGROUP_ID, "cgroup_id", "cgroup id (dev/inode)", .ragged = true, .min_width = 20,
	.reads_rare = true,
	.cmp = cgroup_id_cmp, .hash = cgroup_id_hash, .order = cgroup_id_order, .nr_order = 2,
	.cell = cgroup_id_cell,
};

/* ---- sizes, address, time: as perf's comparisons (right minus left),
 * ascending ---- */

static int64_t sym_size_of(const struct hist_entry *he)
{
	return he->sym ? (int64_t)(he->sym->end - he->sym->start) : 0;
}

static void sym_size_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	if (he->sym)
		strbuf_addf(sb, "%*" PRId64, width, sym_size_of(he));
	else
		strbuf_addf(sb, "%*s", width, "unknown");
}

const struct sort_key sort_key_sym_size = {
	SORT_SYM_SIZE, "symbol_size", "Symbol size", .right_align = true,
	SCALAR_KEY, .scalar = sym_size_of, .cell = sym_size_cell,
};

static int64_t dso_size_of(const struct hist_entry *he)
{
	return (int64_t)he->rare->map_size;
}

/* perf prints the size as an int */
static void dso_size_cell(const struct sort_key *k, const struct sort_list *l,
			  const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	if (he->dso)
		strbuf_addf(sb, "%*d", width, (int)he->rare->map_size);
	else
		strbuf_addf(sb, "%*s", width, "unknown");
}

const struct sort_key sort_key_dso_size = {
	SORT_DSO_SIZE, "dso_size", "DSO size", .right_align = true, .reads_rare = true,
	SCALAR_KEY, .scalar = dso_size_of, .cell = dso_size_cell,
};

static int64_t addr_of(const struct hist_entry *he)
{
	return (int64_t)he->rare->raw_ip;
}

static void addr_cell(const struct sort_key *k, const struct sort_list *l,
		      const struct hist_entry *he, int width, struct strbuf *sb)
{
	(void)k;
	(void)l;
	(void)width;
	strbuf_addf(sb, "%#" PRIx64, he->rare->raw_ip);
}

const struct sort_key sort_key_addr = {
	SORT_ADDR, "addr", "Address", .min_width = 18, .reads_rare = true,
	SCALAR_KEY, .scalar = addr_of, .cell = addr_cell,
};

static int64_t time_of(const struct hist_entry *he)
{
	return (int64_t)he->rare->time;
}

/* perf's timestamp__scnprintf_usec() / _nsec(), cut to the column */
static void time_cell(const struct sort_key *k, const struct sort_list *l,
		      const struct hist_entry *he, int width, struct strbuf *sb)
{
	uint64_t t = he->rare->time;
	size_t start = sb->len;

	(void)k;
	if (l->time_ns)
		strbuf_addf(sb, "%" PRIu64 ".%09" PRIu64, t / 1000000000, t % 1000000000);
	else
		strbuf_addf(sb, "%" PRIu64 ".%06" PRIu64, t / 1000000000, t % 1000000000 / 1000);
	if (width > 0 && sb->len - start > (size_t)width)
		strbuf_setlen(sb, start + (size_t)width);
}

/* its width is 16 with --ns */
const struct sort_key sort_key_time = {
	SORT_TIME, "time", "Time", .ragged = true, .min_width = 12, .reads_rare = true,
	SCALAR_KEY, .scalar = time_of, .cell = time_cell,
};

/* ---- values (perf's hpp fields): they order entries, largest first, and
 * print as columns, per group member ---- */

static uint64_t period_value(const struct sort_key *k, const struct hists *h,
			     const struct hist_entry *he, int m)
{
	(void)k;
	(void)h;
	return he->member_period ? he->member_period[m] : he->period;
}

static uint64_t samples_value(const struct sort_key *k, const struct hists *h,
			      const struct hist_entry *he, int m)
{
	(void)k;
	return he->member_period ? he->member_period[h->nr_members + m] : he->nr_samples;
}

static uint64_t children_value(const struct sort_key *k, const struct hists *h,
			       const struct hist_entry *he, int m)
{
	(void)k;
	return he->member_period ? he->member_period[2 * h->nr_members + m] : he->period_acc;
}

/* the overhead of samples in cpumode k->flag (MODE_*) */
static uint64_t mode_value(const struct sort_key *k, const struct hists *h,
			   const struct hist_entry *he, int m)
{
	(void)h;
	return he->mode_period ? he->mode_period[m * MODE_NR + k->flag] : 0;
}

#define VALUE_KEY(fn) .hpp = true, .value = fn
#define MODE_KEY(mode) VALUE_KEY(mode_value), .by_cpumode = true, .flag = mode

const struct sort_key sort_key_overhead = {
	SORT_OVERHEAD, "overhead", "Overhead", .min_width = 8, VALUE_KEY(period_value),
};
const struct sort_key sort_key_overhead_sys = {
	SORT_OVERHEAD_SYS, "overhead_sys", "sys", .min_width = 8, MODE_KEY(MODE_SYS),
};
const struct sort_key sort_key_overhead_us = {
	SORT_OVERHEAD_US, "overhead_us", "usr", .min_width = 8, MODE_KEY(MODE_US),
};
const struct sort_key sort_key_overhead_guest_sys = {
	SORT_OVERHEAD_GUEST_SYS, "overhead_guest_sys", "guest sys", .min_width = 8,
	MODE_KEY(MODE_GUEST_SYS),
};
const struct sort_key sort_key_overhead_guest_us = {
	SORT_OVERHEAD_GUEST_US, "overhead_guest_us", "guest usr", .min_width = 8,
	MODE_KEY(MODE_GUEST_US),
};
const struct sort_key sort_key_overhead_children = {
	SORT_OVERHEAD_CHILDREN, "overhead_children", "Children", .min_width = 8,
	VALUE_KEY(children_value),
	.cumulative = true,
};
const struct sort_key sort_key_sample = {
	SORT_SAMPLE, "sample", "Samples", .min_width = 12, VALUE_KEY(samples_value),
};
const struct sort_key sort_key_period = {
	SORT_PERIOD, "period", "Period", .min_width = 12, VALUE_KEY(period_value),
};
