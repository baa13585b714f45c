// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/hash.h"
#include "../base/strbuf.h"
#include "../base/util.h"
#include "debug-cache.h"
#include "demangle.h"
#include "elf-walk.h"
#include "srcline.h"
#include "../base/xalloc.h"

struct srcline_entry {
	const struct dso *dso;
	uint64_t addr;
	char *text;			/* a line, or an inline list: name and line, '\0' each */
	size_t nr_names;
	struct symbol *syms;		/* the inline list's symbols, once asked */
};

struct srcline_module {
	const struct dso *dso;
	Dwfl *dwfl;		/* NULL: no binary to read */
	Dwfl_Module *mod;
	struct srcline_module *next;
};

static char *debuginfo_path;
static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = debug_cache__find_debuginfo,
	.debuginfo_path = &debuginfo_path,
	.section_address = dwfl_offline_section_address,
};

static struct srcline_module *module_of(struct srclines *sl, const struct dsos *dsos,
					struct dso *dso)
{
	struct srcline_module *m;
	struct strbuf path = STRBUF_INIT;

	for (m = sl->modules; m; m = m->next)
		if (m->dso == dso)
			return m;
	m = must_calloc(1, sizeof(*m));
	m->dso = dso;
	m->next = sl->modules;
	sl->modules = m;
	if (!dso__binary_path(dsos, dso, &path)) {
		strbuf_release(&path);
		return m;
	}
	m->dwfl = dwfl_begin(&offline_callbacks);
	if (m->dwfl) {
		dwfl_report_begin(m->dwfl);
		m->mod = dwfl_report_offline(m->dwfl, dso->short_name, path.buf, -1);
		dwfl_report_end(m->dwfl, NULL, NULL);
	}
	strbuf_release(&path);
	return m;
}

/* A file offset (our user addresses) as the ELF's virtual address. */
static uint64_t offset_to_vaddr(Dwfl_Module *mod, uint64_t off, Dwarf_Addr *bias)
{
	return elf_offset_to_vaddr(dwfl_module_getelf(mod, bias), off);
}

/*
 * What addr2line answers (and perf prints) for an address of a binary with
 * DWARF but no line for it (crt code): binutils' elf_find_function() - the
 * file of the nearest function at or below it in its section: the last
 * STT_FILE before that function in the symbol table, unless the function
 * is global and a file symbol came after other symbols (the globals' part
 * of the table) - else "??"; line 0. NULL where no function is below it
 * in its section (a PLT): addr2line's "??:0", which perf takes as failure.
 */
static char *unlined(Dwfl_Module *mod, Dwarf_Addr addr)
{
	enum { NOTHING_SEEN, SYMBOL_SEEN, FILE_AFTER_SYMBOL } state = NOTHING_SEEN;
	const char *file = NULL, *best_file = NULL;
	GElf_Addr low = 0, best_size = 0, scn_addr = addr, bias;
	Elf_Scn *scn = dwfl_module_address_section(mod, &scn_addr, &bias);
	size_t shndx = scn ? elf_ndxscn(scn) : 0;
	int nr = dwfl_module_getsymtab(mod);
	char *text = NULL;

	for (int i = 1; i < nr && shndx; i++) {
		GElf_Sym sym;
		GElf_Word sndx;
		const char *name = dwfl_module_getsym(mod, i, &sym, &sndx);
		int type = GELF_ST_TYPE(sym.st_info);
		GElf_Addr size = sym.st_size ? sym.st_size : 1, value = sym.st_value - bias;

		if (!name)
			continue;
		if (type == STT_FILE) {
			file = name;
			if (state == SYMBOL_SEEN)
				state = FILE_AFTER_SYMBOL;
			continue;
		}
		if (state == NOTHING_SEEN)
			state = SYMBOL_SEEN;
		if ((type != STT_FUNC && type != STT_GNU_IFUNC && type != STT_NOTYPE) ||
		    sndx != shndx || value > addr - bias ||
		    (best_size && (value < low || (value == low && size <= best_size))))
			continue;
		low = value;
		best_size = size;
		best_file = file && (GELF_ST_BIND(sym.st_info) == STB_LOCAL ||
				     state != FILE_AFTER_SYMBOL) ? file : NULL;
	}
	if (best_size && asprintf(&text, "%s:0", best_file ? best_file : "??") < 0)
		text = NULL;
	return text;
}

/* The compilation directory of the unit @line belongs to (DW_AT_comp_dir):
 * what a relative file name is relative to, as addr2line joins them. */
static const char *comp_dir_of(Dwfl_Line *line)
{
	Dwarf_Die *cu = dwfl_linecu(line);
	Dwarf_Attribute attr;

	return cu ? dwarf_formstring(dwarf_attr(cu, DW_AT_comp_dir, &attr)) : NULL;
}

/* "file:line" as perf spells it: the base name, or with --full-source-path
 * the name joined to its unit's @comp_dir when relative. NULL when unknown. */
static char *file_line(const char *file, int lineno, const char *comp_dir, bool full_path)
{
	char *text = NULL;

	if (!file || lineno <= 0)
		return NULL;
	if (full_path && file[0] != '/' && comp_dir &&
	    asprintf(&text, "%s/%s:%d", comp_dir, file, lineno) < 0)
		text = NULL;
	else if (!text && asprintf(&text, "%s:%d", strrchr(file, '/') && !full_path ?
				   strrchr(file, '/') + 1 : file, lineno) < 0)
		text = NULL;
	return text;
}

/* The line table's line for @addr, or NULL. */
static char *table_line(struct srcline_module *m, uint64_t addr, bool full_path)
{
	Dwarf_Addr bias = 0;
	Dwfl_Line *line;
	const char *file;
	uint64_t vaddr;
	int lineno = 0;

	if (!m->mod)
		return NULL;
	vaddr = offset_to_vaddr(m->mod, addr, &bias);	/* sets the bias: read it after */
	line = dwfl_module_getsrc(m->mod, vaddr + bias);
	file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
	return file_line(file, lineno, line ? comp_dir_of(line) : NULL, full_path);
}

unsigned int srcline__discriminator(struct srclines *sl, const struct dsos *dsos,
				   struct dso *dso, uint64_t addr)
{
	struct srcline_module *m = dso && !dso->kernel ? module_of(sl, dsos, dso) : NULL;
	Dwarf_Addr bias = 0, line_bias;
	unsigned int disc = 0;
	Dwarf_Line *dline;
	Dwfl_Line *line;
	uint64_t vaddr;

	if (!m || !m->mod)
		return 0;
	vaddr = offset_to_vaddr(m->mod, addr, &bias);	/* sets the bias: read it after */
	line = dwfl_module_getsrc(m->mod, vaddr + bias);
	dline = line ? dwfl_dwarf_line(line, &line_bias) : NULL;
	if (!dline || dwarf_linediscriminator(dline, &disc))
		return 0;
	return disc;
}

static char *line_of(struct srcline_module *m, uint64_t addr, bool full_path)
{
	Dwarf_Addr bias = 0;
	char *text = table_line(m, addr, full_path);
	uint64_t vaddr;

	if (text || !m->mod)
		return text;
	vaddr = offset_to_vaddr(m->mod, addr, &bias);
	/* perf asks addr2line only of binaries with DWARF line tables; the
	 * lookup is in the DWARF's address space (a debug file's bias) */
	if (dwfl_module_getdwarf(m->mod, &bias))
		text = unlined(m->mod, vaddr + bias);
	return text;
}

static char *compute(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
		     const struct symbol *sym, uint64_t addr)
{
	char *text = NULL;

	if (!dso)
		return strdup("??:0");
	if (!dso->kernel)
		text = line_of(module_of(sl, dsos, dso), addr, sl->full_path);
	if (text)
		return text;
	/* perf's fallbacks: the symbol and decimal offset, else dso[addr] */
	if (sym && asprintf(&text, "%s+%" PRIu64, sym->name, addr - sym->start) >= 0)
		return text;
	if (!sym && asprintf(&text, "%s[%" PRIx64 "]", dso->short_name, addr) >= 0)
		return text;
	return strdup("??:0");
}

/* The entry of (@dso, @addr) in @t (lines, inline lists or files), or a
 * new empty one (text NULL). */
static struct srcline_entry *findnew(struct hmap *t, const struct dso *dso, uint64_t addr)
{
	uint64_t hash = hash_u64(addr ^ (uintptr_t)dso);
	struct srcline_entry *e;
	struct hmap_slot *s;

	hmap_must_reserve(t, 1);
	hmap_for_each_probe(t, hash, s) {
		e = (struct srcline_entry *)s->val;
		if (s->hash == hash && e->dso == dso && e->addr == addr)
			return e;
	}
	e = must_calloc(1, sizeof(*e));
	e->dso = dso;
	e->addr = addr;
	hmap_fill(t, s, hash, (uintptr_t)e);
	return e;
}

const char *srcline__get(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			 const struct symbol *sym, uint64_t addr)
{
	struct srcline_entry *e = findnew(&sl->lines, dso, addr);

	if (!e->text) {
		e->text = compute(sl, dsos, dso, sym, addr);
		if (!e->text)
			pm_fatal(PM_FATAL_OOM, __func__);
	}
	return e->text;
}

const char *srcline__file(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			  const struct symbol *sym, uint64_t addr)
{
	struct srcline_entry *e = findnew(&sl->files, dso, addr);

	if (!e->text) {
		const char *line = srcline__get(sl, dsos, dso, sym, addr);
		const char *last = strrchr(line, ':');
		/* "file:line" only: perf asks its fallback without the symbol's
		 * name ("+12", no file), where ours has it ("geo::Circle::area+12") */
		bool located = last && last[1] && strspn(last + 1, "0123456789") == strlen(last + 1);

		e->text = located && strcmp(line, "??:0") ?
			  must_strndup(line, strcspn(line, ":")) : must_strdup("");
	}
	return e->text;
}

/*
 * The name of a subprogram or inlined instance (through its abstract
 * origin), as perf gets it from addr2line and demangles it: the linkage
 * name when the DWARF has one (C++: geo::Circle::area, as the ELF symbol),
 * else the plain name. Appended to @sb.
 */
static void add_die_name(Dwarf_Die *die, struct strbuf *sb)
{
	Dwarf_Attribute attr;
	const char *name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	char *demangled = name ? symbol_demangle(name, false) : NULL;

	if (!name)
		name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	strbuf_addstr(sb, demangled ?: name ?: "??");
	free(demangled);
}

/* Where the inlined instance @die was called from (DW_AT_call_file and
 * DW_AT_call_line), as a srcline; NULL when the DWARF does not say. */
static char *call_site(Dwarf_Die *die, bool full_path)
{
	Dwarf_Attribute attr;
	Dwarf_Word file_idx, lineno;
	Dwarf_Die cu;
	Dwarf_Files *files;
	size_t nfiles;
	const char *file;

	if (dwarf_formudata(dwarf_attr(die, DW_AT_call_file, &attr), &file_idx) ||
	    dwarf_formudata(dwarf_attr(die, DW_AT_call_line, &attr), &lineno) ||
	    !dwarf_diecu(die, &cu, NULL, NULL) || dwarf_getsrcfiles(&cu, &files, &nfiles) ||
	    file_idx >= nfiles || !(file = dwarf_filesrc(files, file_idx, NULL, NULL)))
		return NULL;
	return file_line(file, (int)lineno,
			 dwarf_formstring(dwarf_attr(&cu, DW_AT_comp_dir, &attr)), full_path);
}

/* A name and its srcline ("" when unknown) into an inline list. */
static void add_entry(Dwarf_Die *die, char *line, struct strbuf *sb)
{
	add_die_name(die, sb);
	strbuf_addch(sb, '\0');
	strbuf_addstr(sb, line ?: "");
	strbuf_addch(sb, '\0');
	free(line);
}

/*
 * perf's inline list: the innermost function scope at the address, then
 * the concrete scopes containing it (dwarf_getscopes_die follows the
 * inlined instances, not their abstract definitions) up to the function
 * they are all inlined into, each with its srcline as addr2line -i gives
 * it: the address's line for the innermost, then where each was called
 * from. "name\0line\0name\0line..." in @sb.
 */
/*
 * Of the unit's functions with the very range of @found (an assembler's
 * aliases: glibc's __memcpy_avx512_unaligned_erms and __memmove_...), the
 * one binutils names: its lookup keeps the last of equal fits in the
 * unit's order, where dwarf_getscopes() stops at the first.
 */
static void last_equal_function(Dwarf_Die *cu, Dwarf_Die *found)
{
	Dwarf_Addr lo, hi, lo2, hi2;
	Dwarf_Die child;
	bool after = false;

	if (dwarf_tag(found) != DW_TAG_subprogram || dwarf_lowpc(found, &lo) ||
	    dwarf_highpc(found, &hi) || dwarf_child(cu, &child))
		return;
	do {
		if (child.addr == found->addr) {
			after = true;
			continue;
		}
		if (after && dwarf_tag(&child) == DW_TAG_subprogram && !dwarf_lowpc(&child, &lo2) &&
		    !dwarf_highpc(&child, &hi2) && lo2 == lo && hi2 == hi)
			*found = child;
	} while (dwarf_siblingof(&child, &child) == 0);
}

static size_t inline_names(struct srcline_module *m, uint64_t addr, bool full_path,
			   struct strbuf *sb)
{
	Dwarf_Addr bias = 0;
	Dwarf_Die *cu, *scopes = NULL, *chain = NULL, inner;
	uint64_t maddr;
	size_t n = 0;
	int nscopes, nchain = 0;

	if (!m->mod)
		return 0;
	maddr = offset_to_vaddr(m->mod, addr, &bias);
	maddr += bias;	/* the module's address, once the bias is known */
	cu = dwfl_module_addrdie(m->mod, maddr, &bias);
	nscopes = cu ? dwarf_getscopes(cu, maddr - bias, &scopes) : 0;
	for (int i = 0; i < nscopes && !nchain; i++) {
		int tag = dwarf_tag(&scopes[i]);

		if (tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram) {
			inner = scopes[i];
			if (i == nscopes - 2)	/* the unit's own function */
				last_equal_function(cu, &inner);
			nchain = dwarf_getscopes_die(&inner, &chain);
		}
	}
	for (int i = 0, inner = -1; i < nchain; i++) {
		int tag = dwarf_tag(&chain[i]);

		if (tag != DW_TAG_inlined_subroutine && tag != DW_TAG_subprogram)
			continue;
		add_entry(&chain[i], inner < 0 ? table_line(m, addr, full_path) :
						 call_site(&chain[inner], full_path), sb);
		n++;
		inner = i;
		if (tag == DW_TAG_subprogram)
			break;	/* the function the others are inlined into */
	}
	free(scopes);
	free(chain);
	/* addr2line answers for any address of a binary it reads: the ELF
	 * symbol (the caller's, named "" here) and what it knows of the line */
	if (!n) {
		char *line = line_of(m, addr, full_path);

		strbuf_addch(sb, '\0');
		strbuf_addstr(sb, line ?: "??:0");
		strbuf_addch(sb, '\0');
		free(line);
		n = 1;
	}
	return n;
}

/* Languages whose names are not mangled: their plain names are what the
 * linker sees (binutils' non_mangled()). */
static bool plain_names(int lang)
{
	switch (lang) {
	case DW_LANG_C89: case DW_LANG_C: case DW_LANG_Ada83: case DW_LANG_Cobol74:
	case DW_LANG_Cobol85: case DW_LANG_Fortran77: case DW_LANG_Pascal83: case DW_LANG_C99:
	case DW_LANG_Ada95: case DW_LANG_PLI: case DW_LANG_UPC: case DW_LANG_C11:
	case DW_LANG_Mips_Assembler:
		return true;
	default:
		return false;
	}
}

static void fill_function(Dwarf_Die *die, Dwarf_Die *cu, struct srcline_func *f)
{
	Dwarf_Attribute attr;
	Dwarf_Addr low, base, end;
	ptrdiff_t off;

	f->id = dwarf_dieoffset(die);
	f->linkage = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_linkage_name, &attr));
	if (!f->linkage)
		f->linkage = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_MIPS_linkage_name,
								  &attr));
	f->name = dwarf_formstring(dwarf_attr_integrate(die, DW_AT_name, &attr));
	f->plain = plain_names(dwarf_srclang(cu));
	f->has_low = !dwarf_lowpc(die, &low);
	if (!f->has_low && (off = dwarf_ranges(die, 0, &base, &low, &end)) > 0)
		f->has_low = true;
	f->low = f->has_low ? low : 0;
}

bool srcline__has_dwarf(struct srclines *sl, const struct dsos *dsos, struct dso *dso)
{
	struct srcline_module *m = dso && !dso->kernel ? module_of(sl, dsos, dso) : NULL;
	Dwarf_Addr bias = 0;

	return m && m->mod && dwfl_module_getdwarf(m->mod, &bias);
}

bool srcline__function(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
		       uint64_t addr, struct srcline_func *f)
{
	struct srcline_module *m = dso && !dso->kernel ? module_of(sl, dsos, dso) : NULL;
	Dwarf_Addr bias = 0;
	Dwarf_Die *cu, *scopes = NULL;
	uint64_t maddr;
	bool found = false;
	int nscopes;

	if (!m || !m->mod)
		return false;
	maddr = offset_to_vaddr(m->mod, addr, &bias) + bias;
	cu = dwfl_module_addrdie(m->mod, maddr, &bias);
	nscopes = cu ? dwarf_getscopes(cu, maddr - bias, &scopes) : 0;
	for (int i = 0; i < nscopes && !found; i++) {
		int tag = dwarf_tag(&scopes[i]);

		if (tag == DW_TAG_inlined_subroutine || tag == DW_TAG_subprogram) {
			if (i == nscopes - 2)	/* the unit's own function */
				last_equal_function(cu, &scopes[i]);
			fill_function(&scopes[i], cu, f);
			found = f->linkage || f->name;
		}
	}
	free(scopes);
	return found;
}

static struct srcline_entry *inline_entry(struct srclines *sl, const struct dsos *dsos,
					  struct dso *dso, uint64_t addr)
{
	struct srcline_entry *e = findnew(&sl->inlines, dso, addr);

	if (!e->text) {
		struct strbuf sb = STRBUF_INIT;

		e->nr_names = inline_names(module_of(sl, dsos, dso), addr, sl->full_path, &sb);
		strbuf_addch(&sb, '\0');
		e->text = strbuf_detach(&sb, NULL);
	}
	return e;
}

size_t srcline__inlines(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			uint64_t addr, const char **names, const char **lines, size_t max)
{
	struct srcline_entry *e;
	const char *p;
	size_t n = 0;

	if (!dso || dso->kernel)
		return 0;
	e = inline_entry(sl, dsos, dso, addr);
	for (p = e->text; n < e->nr_names && n < max; n++) {
		names[n] = p;
		p += strlen(p) + 1;
		if (lines)
			lines[n] = *p ? p : NULL;
		p += strlen(p) + 1;
	}
	return n;
}

/*
 * As perf's new_inline_sym(): a name other than @base's gets a symbol of
 * its own, made for this address, with @base's range and marked inlined.
 */
static void make_inline_syms(struct srcline_entry *e, const struct symbol *base)
{
	const char *p = e->text;

	e->syms = must_calloc(e->nr_names, sizeof(*e->syms));
	for (size_t i = 0; i < e->nr_names; p += strlen(p) + 1, p += strlen(p) + 1, i++) {
		e->syms[i] = *base;
		if (*p && strcmp(p, base->name)) {
			e->syms[i].name = p;
			e->syms[i].namelen = strlen(p);
			e->syms[i].inlined = true;
		}
	}
}

size_t srcline__inline_syms(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			    const struct symbol *base, uint64_t addr, const struct symbol **syms,
			    size_t max)
{
	struct srcline_entry *e;
	size_t n;

	if (!dso || dso->kernel || !base)
		return 0;
	e = inline_entry(sl, dsos, dso, addr);
	if (!e->syms && e->nr_names)
		make_inline_syms(e, base);
	for (n = 0; n < e->nr_names && n < max; n++)
		syms[n] = e->syms[n].inlined ? &e->syms[n] : base;
	return n;
}

static void free_entries(struct hmap *t)
{
	struct hmap_slot *s;

	hmap_for_each(t, s) {
		struct srcline_entry *e = (struct srcline_entry *)s->val;

		free(e->text);
		free(e->syms);
		free(e);
	}
	hmap_release(t);
}

void srclines__exit(struct srclines *sl)
{
	free_entries(&sl->lines);
	free_entries(&sl->inlines);
	free_entries(&sl->files);
	for (struct srcline_module *m = sl->modules, *next; m; m = next) {
		next = m->next;
		if (m->dwfl)
			dwfl_end(m->dwfl);
		free(m);
	}
	memset(sl, 0, sizeof(*sl));
}
