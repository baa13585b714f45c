// SPDX-License-Identifier: GPL-2.0
/*
 * A binary's symbols, line rows and inline stacks as AutoFDO's
 * create_llvm_prof sees them (see autofdo-binary.h).
 */
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "../symbols/elf-walk.h"
#include "autofdo-binary.h"

/* The discriminator of an inlined call's site (GCC's and clang's), not in
 * elfutils' dwarf.h */
#define DW_AT_GNU_discriminator 0x2136

#define MAX_NESTING 64	/* scopes in scopes: deeper is no compiler's DWARF */

struct afdo_row {
	uint64_t addr;
	uint32_t line, disc;
	bool end;		/* a sequence's end: no line from here */
	size_t seq;		/* its place in the tables, for a stable sort */
};

/* A subprogram or inlined call of a sampled function: one per range. */
struct afdo_die {
	uint64_t lo, hi;
	size_t info;		/* the first range's index: its names and lines */
	size_t parent;		/* the enclosing one's info, SIZE_MAX for none */
	unsigned int depth;
	bool inlined;
	const char *name;	/* its declaration's name */
	uint32_t start_line;	/* its abstract origin's line, else the declaration's */
	uint32_t call_line, call_disc;
};

/* A top-level subprogram's range, for finding an address's subprogram
 * by a binary search rather than a walk over all of them. */
struct afdo_top {
	uint64_t lo, hi;
	size_t first, end;	/* its records in afdo_binary.dies */
	size_t order;
};

struct raw_sym {
	uint64_t start, size;
	const char *name;
	size_t order;
};

static int raw_sym_cmp(const void *a, const void *b)
{
	const struct raw_sym *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

struct raw_syms {
	Elf *elf;
	struct raw_sym *v;
	size_t nr, alloc;
};

/* @sym's size, cut where its section ends: a size no section holds would
 * have every byte of it read (and counted in memory). */
static uint64_t size_in_section(Elf *elf, const GElf_Sym *sym)
{
	Elf_Scn *scn = sym->st_shndx < SHN_LORESERVE ? elf_getscn(elf, sym->st_shndx) : NULL;
	GElf_Shdr sh;

	if (!scn || !gelf_getshdr(scn, &sh) || sym->st_value < sh.sh_addr ||
	    sym->st_value - sh.sh_addr >= sh.sh_size)
		return sym->st_size;
	return sym->st_size < sh.sh_size - (sym->st_value - sh.sh_addr) ?
	       sym->st_size : sh.sh_size - (sym->st_value - sh.sh_addr);
}

/* Each named, sized symbol kept; none is the one sought, so the walk
 * goes through them all. */
static bool keep_sym(const GElf_Sym *sym, const char *name, void *ctx)
{
	struct raw_syms *r = ctx;

	if (sym->st_size && *name) {
		ALLOC_GROW(r->v, r->nr + 1, r->alloc);
		r->v[r->nr] = (struct raw_sym){ sym->st_value, size_in_section(r->elf, sym), name,
						r->nr };
		r->nr++;
	}
	return false;
}

/* One symbol per address, the first one seen; the others its aliases. */
static void make_syms(struct afdo_binary *b, struct raw_sym *v, size_t nr)
{
	size_t bytes = 0;
	char *s;

	if (nr > 1)
		qsort(v, nr, sizeof(*v), raw_sym_cmp);
	for (size_t i = 0; i < nr; i++)
		bytes += strlen(v[i].name) + 1;
	s = b->strings = must_malloc(bytes + 1);
	b->syms = must_calloc(nr + 1, sizeof(*b->syms));
	b->aliases = must_calloc(nr + 1, sizeof(*b->aliases));
	for (size_t i = 0; i < nr; i++) {
		size_t len = strlen(v[i].name) + 1;

		memcpy(s, v[i].name, len);
		if (b->nr_syms && b->syms[b->nr_syms - 1].start == v[i].start) {
			b->aliases[b->nr_aliases++] = s;
			b->syms[b->nr_syms - 1].nr_aliases++;
		} else {
			b->syms[b->nr_syms++] = (struct afdo_sym){ v[i].start, v[i].size, s,
								   b->nr_aliases, 0 };
		}
		s += len;
	}
}

static uint64_t first_load_vaddr(Elf *elf)
{
	size_t n = 0;
	GElf_Phdr ph;

	elf_getphdrnum(elf, &n);
	for (size_t i = 0; i < n; i++)
		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD)
			return ph.p_vaddr;
	return 0;
}

bool afdo_binary__open(struct afdo_binary *b, const char *path, struct strbuf *err)
{
	struct raw_syms raw = { .elf = NULL };
	GElf_Sym sym;

	memset(b, 0, sizeof(*b));
	elf_version(EV_CURRENT);
	b->fd = open(path, O_RDONLY | O_CLOEXEC);	/* -1 stays: nothing to close */
	if (b->fd < 0) {
		strbuf_addf(err, "cannot open %s: %s", path, strerror(errno));
		return false;
	}
	b->elf = elf_begin(b->fd, ELF_C_READ_MMAP, NULL);
	if (!b->elf || elf_kind(b->elf) != ELF_K_ELF) {
		strbuf_addf(err, "%s is not an ELF file", path);
		return false;
	}
	b->load_vaddr = first_load_vaddr(b->elf);
	raw.elf = b->elf;
	elf_find_symbol(b->elf, SHT_SYMTAB, keep_sym, &raw, &sym);
	elf_find_symbol(b->elf, SHT_DYNSYM, keep_sym, &raw, &sym);
	if (!raw.nr) {
		strbuf_addf(err, "%s names no symbol (stripped?)", path);
		free(raw.v);
		return false;
	}
	make_syms(b, raw.v, raw.nr);
	free(raw.v);
	b->dwarf = dwarf_begin_elf(b->elf, DWARF_C_READ, NULL);
	return true;
}

void afdo_binary__close(struct afdo_binary *b)
{
	if (b->dwarf)
		dwarf_end(b->dwarf);
	if (b->elf)
		elf_end(b->elf);
	if (b->fd >= 0)
		close(b->fd);
	free(b->syms);
	free(b->aliases);
	free(b->strings);
	free(b->rows);
	free(b->dies);
	free(b->tops);
	memset(b, 0, sizeof(*b));
	b->fd = -1;
}

const struct afdo_sym *afdo_binary__sym_at(const struct afdo_binary *b, uint64_t addr)
{
	size_t i = partition_point(b->nr_syms, k, b->syms[k].start > addr);

	if (!i || addr - b->syms[i - 1].start >= b->syms[i - 1].size)
		return NULL;
	return &b->syms[i - 1];
}

const struct afdo_sym *afdo_binary__sym_starting(const struct afdo_binary *b, uint64_t addr)
{
	size_t i = partition_point(b->nr_syms, k, b->syms[k].start >= addr);

	return i < b->nr_syms && b->syms[i].start == addr ? &b->syms[i] : NULL;
}

/* Whether @addr lies in a sampled function: the last one starting at or
 * before it, within its size. */
static bool in_sampled(const struct afdo_binary *b, const uint64_t *starts, size_t nr,
		       uint64_t addr)
{
	size_t i = partition_point(nr, k, starts[k] > addr);
	const struct afdo_sym *s;

	if (!i)
		return false;
	s = afdo_binary__sym_starting(b, starts[i - 1]);
	return s && addr - s->start < s->size;
}

static int row_cmp(const void *a, const void *b)
{
	const struct afdo_row *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void add_cu_rows(struct afdo_binary *b, Dwarf_Die *cu, const uint64_t *starts,
			size_t nr, size_t *alloc)
{
	Dwarf_Lines *lines;
	size_t n;

	if (dwarf_getsrclines(cu, &lines, &n))
		return;
	for (size_t i = 0; i < n; i++) {
		Dwarf_Line *l = dwarf_onesrcline(lines, i);
		Dwarf_Addr addr;
		unsigned int disc = 0;
		int lineno = 0;
		bool end = false;

		if (!l || dwarf_lineaddr(l, &addr) || addr < b->load_vaddr ||
		    !in_sampled(b, starts, nr, addr))
			continue;
		dwarf_lineno(l, &lineno);
		dwarf_linediscriminator(l, &disc);
		dwarf_lineendsequence(l, &end);
		ALLOC_GROW(b->rows, b->nr_rows + 1, *alloc);
		b->rows[b->nr_rows] = (struct afdo_row){ addr, (uint32_t)lineno, disc, end,
							 b->nr_rows };
		b->nr_rows++;
	}
}

/* The last row at each address wins. */
static void settle_rows(struct afdo_binary *b)
{
	size_t w = 0;

	if (b->nr_rows > 1)
		qsort(b->rows, b->nr_rows, sizeof(*b->rows), row_cmp);
	for (size_t r = 0; r < b->nr_rows; r++) {
		if (w && b->rows[w - 1].addr == b->rows[r].addr)
			w--;
		b->rows[w++] = b->rows[r];
	}
	b->nr_rows = w;
}

static bool ref_attr(Dwarf_Die *die, unsigned int name, Dwarf_Die *to)
{
	Dwarf_Attribute attr;

	return dwarf_attr(die, name, &attr) && dwarf_formref_die(&attr, to);
}

/* A DIE's own name (mangled first) and line: its declaration's line for
 * a subprogram, its call's for an inlined one. */
static const char *own_name(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	const char *s = dwarf_formstring(dwarf_attr(die, DW_AT_linkage_name, &attr));

	if (!s)
		s = dwarf_formstring(dwarf_attr(die, DW_AT_MIPS_linkage_name, &attr));
	if (!s)
		s = dwarf_formstring(dwarf_attr(die, DW_AT_name, &attr));
	return s ? s : "";
}

static uint32_t own_line(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Word v = 0;
	unsigned int at = dwarf_tag(die) == DW_TAG_subprogram ? DW_AT_decl_line : DW_AT_call_line;

	dwarf_formudata(dwarf_attr(die, at, &attr), &v);
	return (uint32_t)v;
}

/* The declaration: through specification, else abstract origin, while
 * the name or the line is missing. */
static void declaration(Dwarf_Die *die, Dwarf_Die *decl)
{
	*decl = *die;
	for (int i = 0; i < 16 && (!*own_name(decl) || !own_line(decl)); i++)
		if (!ref_attr(decl, DW_AT_specification, decl) &&
		    !ref_attr(decl, DW_AT_abstract_origin, decl))
			break;
}

static uint32_t start_line(Dwarf_Die *die, Dwarf_Die *decl)
{
	Dwarf_Die origin;
	uint32_t line = own_line(ref_attr(die, DW_AT_abstract_origin, &origin) ? &origin : die);

	return line ? line : own_line(decl);
}

static void add_die(struct afdo_binary *b, Dwarf_Die *die, size_t parent, unsigned int depth)
{
	Dwarf_Addr base, lo, hi;
	Dwarf_Attribute attr;
	Dwarf_Word disc = 0;
	Dwarf_Die decl;
	ptrdiff_t off = 0;
	size_t info = b->nr_dies;

	declaration(die, &decl);
	dwarf_formudata(dwarf_attr(die, DW_AT_GNU_discriminator, &attr), &disc);
	while ((off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0) {
		ALLOC_GROW(b->dies, b->nr_dies + 1, b->alloc_dies);
		b->dies[b->nr_dies++] = (struct afdo_die){
			.lo = lo, .hi = hi, .info = info, .parent = parent, .depth = depth,
			.inlined = dwarf_tag(die) == DW_TAG_inlined_subroutine,
			.name = own_name(&decl), .start_line = start_line(die, &decl),
			.call_line = own_line(die), .call_disc = (uint32_t)disc,
		};
	}
}

/* @die's subprograms and inlined calls, and those of its children. */
static void add_tree(struct afdo_binary *b, Dwarf_Die *die, size_t parent, unsigned int depth)
{
	Dwarf_Die child;
	int tag = dwarf_tag(die);

	if (depth > MAX_NESTING * 4)
		return;	/* inlined calls nested deeper than any compiler nests them */
	if (tag == DW_TAG_subprogram || tag == DW_TAG_inlined_subroutine) {
		size_t at = b->nr_dies;

		add_die(b, die, parent, depth);
		if (b->nr_dies == at)
			return;	/* no code */
		parent = at;
		depth++;
	}
	if (dwarf_child(die, &child) == 0) {
		do
			add_tree(b, &child, parent, depth);
		while (dwarf_siblingof(&child, &child) == 0);
	}
}

/* Whether a range of the subprogram starts where a sampled function does. */
static bool starts_sampled(Dwarf_Die *die, const uint64_t *starts, size_t nr)
{
	Dwarf_Addr base, lo, hi;
	ptrdiff_t off = 0;

	while ((off = dwarf_ranges(die, off, &base, &lo, &hi)) > 0) {
		size_t i = partition_point(nr, k, starts[k] >= lo);

		if (i < nr && starts[i] == lo)
			return true;
	}
	return false;
}

static void add_top(struct afdo_binary *b, Dwarf_Die *die)
{
	size_t top = b->nr_dies;

	add_tree(b, die, SIZE_MAX, 0);
	for (size_t i = top; i < b->nr_dies && !b->dies[i].depth; i++) {
		ALLOC_GROW(b->tops, b->nr_tops + 1, b->alloc_tops);
		b->tops[b->nr_tops++] = (struct afdo_top){ b->dies[i].lo, b->dies[i].hi, top,
							   b->nr_dies, b->nr_tops };
	}
}

/* The subprograms in no other one, wherever they sit: clang puts a
 * function of a namespace inside the namespace's DIE. */
static void add_scope_dies(struct afdo_binary *b, Dwarf_Die *scope, const uint64_t *starts,
			   size_t nr, unsigned int nesting)
{
	Dwarf_Die child;

	if (nesting > MAX_NESTING || dwarf_child(scope, &child))
		return;
	do {
		if (dwarf_tag(&child) != DW_TAG_subprogram)
			add_scope_dies(b, &child, starts, nr, nesting + 1);
		else if (starts_sampled(&child, starts, nr))
			add_top(b, &child);
	} while (dwarf_siblingof(&child, &child) == 0);
}

/* By address; of two at one address (identical code folded), the first read. */
static int top_cmp(const void *a, const void *b)
{
	const struct afdo_top *x = a, *y = b;

	if (x->lo != y->lo)
		return x->lo < y->lo ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

bool afdo_binary__read_dwarf(struct afdo_binary *b, const uint64_t *starts, size_t nr,
			     struct strbuf *err)
{
	Dwarf_Off off = 0, next;
	size_t hsize, alloc = 0;
	Dwarf_Die cu;

	if (!b->dwarf) {
		strbuf_addstr(err, "the binary has no DWARF: AutoFDO needs its line tables");
		return false;
	}
	while (dwarf_nextcu(b->dwarf, off, &next, &hsize, NULL, NULL, NULL) == 0) {
		if (dwarf_offdie(b->dwarf, off + hsize, &cu)) {
			add_cu_rows(b, &cu, starts, nr, &alloc);
			add_scope_dies(b, &cu, starts, nr, 0);
		}
		off = next;
	}
	settle_rows(b);
	if (b->nr_tops > 1)
		qsort(b->tops, b->nr_tops, sizeof(*b->tops), top_cmp);
	if (!b->nr_rows) {
		strbuf_addstr(err, "no line table covers the sampled functions");
		return false;
	}
	return true;
}

/* The innermost subprogram or inlined call covering @addr, NULL if none:
 * the deepest of the records of the subprogram whose range holds it. */
static const struct afdo_die *die_at(const struct afdo_binary *b, uint64_t addr)
{
	size_t t = partition_point(b->nr_tops, k, b->tops[k].lo > addr);
	const struct afdo_die *best = NULL;

	if (!t || addr >= b->tops[t - 1].hi)
		return NULL;
	for (size_t i = b->tops[t - 1].first; i < b->tops[t - 1].end; i++) {
		const struct afdo_die *d = &b->dies[i];

		if (addr >= d->lo && addr < d->hi && (!best || d->depth > best->depth))
			best = d;
	}
	return best;
}

size_t afdo_binary__inline_stack(const struct afdo_binary *b, uint64_t addr,
				 struct afdo_frame *frames, size_t max)
{
	size_t r = partition_point(b->nr_rows, k, b->rows[k].addr > addr), n = 0;
	const struct afdo_die *d;

	if (!r || b->rows[r - 1].end || !max)
		return 0;
	d = die_at(b, addr);
	if (d)
		d = &b->dies[d->info];
	frames[n++] = (struct afdo_frame){ d ? d->name : NULL, d ? d->start_line : 0,
					   b->rows[r - 1].line, b->rows[r - 1].disc };
	for (; d && d->inlined && d->parent != SIZE_MAX && n < max; d = &b->dies[d->parent]) {
		const struct afdo_die *p = &b->dies[d->parent];

		frames[n++] = (struct afdo_frame){ p->name, p->start_line ?: d->call_line,
						   d->call_line, d->call_disc };
	}
	return n;
}
