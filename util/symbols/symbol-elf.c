// SPDX-License-Identifier: GPL-2.0
/*
 * Symbol tables: collecting, ordering like perf, and reading them from ELF
 * with libelf (files, .debug files, and the vDSO image in memory).
 */
#include <fcntl.h>
#include <stdio.h>
#include <gelf.h>
#include <libelf.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "../base/row-sort.h"
#include "../base/util.h"
#include "demangle.h"
#include "perf-tree.h"
#include "elf-walk.h"
#include "symtab.h"
#include "../base/xalloc.h"


/* --- building a table ------------------------------------------------ */


void symtab_add(struct symtab *t, uint64_t start, uint64_t size, const char *name,
		       uint8_t binding)
{
	if (t->nr == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 1024;
		t->v = must_reallocarray(t->v, t->alloc, sizeof(*t->v));
		t->name_off = must_reallocarray(t->name_off, t->alloc, sizeof(*t->name_off));
	}
	t->v[t->nr] = (struct symbol){ .start = start, .end = start + size,
				       .namelen = (uint32_t)strlen(name), .binding = binding,
				       .seq = (uint32_t)t->nr };
	t->name_off[t->nr++] = t->names.len;
	strbuf_add(&t->names, name, strlen(name) + 1);
}

static int underscores(const char *s)
{
	int n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/*
 * Of several names for one address, perf's choose_best_symbol() keeps one
 * with a size, then the non-weak, then the global one, then the one with
 * fewer leading underscores, then the longer name. Sorting puts that one
 * first. perf's symbols__fixup_end() runs before it, and gives a size to
 * a size-less name (all of kallsyms) only when it is listed last at its
 * address: the next one is then elsewhere. So that one counts as sized
 * (@last_seq: the last listed there): memcpy, __memcpy, __pi_memcpy keep
 * __pi_memcpy, and a global size-less __TMC_END__ listed after the local
 * completed.0 (size 1) is kept, as perf names that data address.
 */
static int cmp_sym(const struct symbol *x, const struct symbol *y, uint32_t last_seq)
{
	bool xs = x->end > x->start || x->seq == last_seq;
	bool ys = y->end > y->start || y->seq == last_seq;

	if (xs != ys)
		return xs ? -1 : 1;
	if (!xs)	/* two unsized before the last: the later (only order matters) */
		return x->seq > y->seq ? -1 : x->seq < y->seq;
	if ((x->binding == STB_WEAK) != (y->binding == STB_WEAK))
		return x->binding == STB_WEAK ? 1 : -1;
	if ((x->binding == STB_GLOBAL) != (y->binding == STB_GLOBAL))
		return x->binding == STB_GLOBAL ? -1 : 1;
	if (underscores(x->name) != underscores(y->name))
		return underscores(x->name) - underscores(y->name);
	if (x->namelen != y->namelen)
		return x->namelen > y->namelen ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;	/* perf keeps the first */
}

/* Keep one symbol per address, the one cmp_sym() puts first, in address
 * order (radix sorted: qsort's indirect calls took half a millisecond on
 * libc's debug symbols). Returns how many are left. */
static size_t sort_unique(struct symtab *t)
{
	uint64_t *start = must_malloc((t->nr ? t->nr : 1) * sizeof(*start));
	uint32_t *order = must_malloc((t->nr ? t->nr : 1) * sizeof(*order));
	struct symbol *out = must_malloc((t->nr ? t->nr : 1) * sizeof(*out));
	size_t n = 0;

	for (size_t i = 0; i < t->nr; i++)
		start[i] = t->v[i].start;
	row_sort(start, t->nr, 1, order);
	for (size_t i = 0, j; i < t->nr; i = j) {
		const struct symbol *best = &t->v[order[i]];
		uint32_t last_seq = best->seq;

		for (j = i + 1; j < t->nr && start[order[j]] == best->start; j++)
			if (t->v[order[j]].seq > last_seq)
				last_seq = t->v[order[j]].seq;
		for (size_t k = i + 1; k < j; k++)
			if (cmp_sym(&t->v[order[k]], best, last_seq) < 0)
				best = &t->v[order[k]];
		out[n++] = *best;
	}
	free(t->v);
	t->v = out;
	free(start);
	free(order);
	return n;
}

/* Sort, drop duplicates at one address, give size-less symbols the gap up
 * to the next one (perf's symbols__fixup_end), and hand over to the dso. */
void symtab_finish(struct symtab *t, struct dso *dso)
{
	size_t n;

	/* the arena stops moving once every name is in: point into it */
	for (size_t i = 0; i < t->nr; i++)
		t->v[i].name = t->names.buf + t->name_off[i];
	if (!t->sizes_final)
		dso->nr_plt_overrides = perf_tree_plt_overrides(t->v, t->nr, t->plt_from,
								&dso->plt_overrides);
	n = sort_unique(t);
	for (size_t i = 0; i + 1 < n && !t->sizes_final; i++)
		if (t->v[i].end <= t->v[i].start)
			t->v[i].end = t->v[i + 1].start;
	for (size_t i = 0; i + 1 < n && t->sizes_final; i++)
		if (t->v[i].end <= t->v[i].start)
			t->v[i].end = t->v[i].start + 1;	/* its own address only */
	/* perf's symbols__fixup_end(): the last one reaches past the next
	 * page boundary (a JIT map's keeps its own address only) */
	if (n && t->v[n - 1].end <= t->v[n - 1].start)
		t->v[n - 1].end = t->sizes_final ? t->v[n - 1].start + 1 :
			((t->v[n - 1].start + 4095) & ~4095ULL) + 4096;
	dso->names = strbuf_detach(&t->names, NULL);	/* the same buffer */
	dso->syms = n ? realloc(t->v, n * sizeof(*t->v)) : t->v;	/* give back the slack */
	if (!dso->syms)
		dso->syms = t->v;
	dso->nr_syms = n;
	free(t->name_off);
}

/* --- ELF ------------------------------------------------------------- */

static Elf *elf_open(const char *path, int *fd)
{
	Elf *elf;

	elf_version(EV_CURRENT);
	*fd = open(path, O_RDONLY | O_CLOEXEC);
	if (*fd < 0)
		return NULL;
	elf = elf_begin(*fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		if (elf)
			elf_end(elf);
		close(*fd);
		return NULL;
	}
	return elf;
}

/* The GNU build-id note of an open ELF, or 0. */
static size_t elf_build_id(Elf *elf, uint8_t *out, size_t out_size)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;
		size_t off = 0, name_off, desc_off;
		GElf_Nhdr nh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_NOTE)
			continue;
		data = elf_getdata(scn, NULL);
		while (data && (off = gelf_getnote(data, off, &nh, &name_off, &desc_off))) {
			if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
			    !memcmp((char *)data->d_buf + name_off, "GNU", 4)) {
				size_t n = nh.n_descsz < out_size ? nh.n_descsz : out_size;

				memcpy(out, (char *)data->d_buf + desc_off, n);
				return n;
			}
		}
	}
	return 0;
}

size_t elf_read_build_id(const char *path, uint8_t *out, size_t out_size)
{
	int fd;
	Elf *elf = elf_open(path, &fd);
	size_t n;

	if (!elf)
		return 0;
	n = elf_build_id(elf, out, out_size);
	elf_end(elf);
	close(fd);
	return n;
}

/* Functions, labels in executable sections (ld.so's _start) and data
 * objects (for memory samples' data addresses), as perf keeps them. */
static bool is_kept_symbol(Elf *elf, const GElf_Sym *sym)
{
	int type = GELF_ST_TYPE(sym->st_info);
	GElf_Shdr sh;
	Elf_Scn *scn;

	if (sym->st_shndx == SHN_UNDEF || sym->st_shndx >= SHN_LORESERVE || !sym->st_value)
		return false;
	if (type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT)
		return true;
	if (type != STT_NOTYPE)
		return false;
	scn = elf_getscn(elf, sym->st_shndx);
	return scn && gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_EXECINSTR);
}

/*
 * A virtual address to the file offset samples are expressed in
 * (map__map_ip), through the program headers: those are the same in a
 * binary and in its separate .debug file, whose section offsets are not.
 * Its PT_LOAD headers are read once (gelf_getphdr() for every symbol was
 * a tenth of loading a library's symbols).
 */
struct loads {
	size_t nr;
	struct load { uint64_t vaddr, memsz, offset; } *v;	/* NULL: none read */
};

static void loads_read(Elf *elf, struct loads *l)
{
	size_t n;

	*l = (struct loads){ 0 };
	if (elf_getphdrnum(elf, &n) || !n || !(l->v = calloc(n, sizeof(*l->v))))
		return;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, i, &ph) && ph.p_type == PT_LOAD)
			l->v[l->nr++] = (struct load){ ph.p_vaddr, ph.p_memsz, ph.p_offset };
	}
}

static bool vaddr_to_offset(const struct loads *l, uint64_t vaddr, uint64_t *off)
{
	for (size_t i = 0; i < l->nr; i++) {
		if (vaddr >= l->v[i].vaddr && vaddr < l->v[i].vaddr + l->v[i].memsz) {
			*off = vaddr - l->v[i].vaddr + l->v[i].offset;
			return true;
		}
	}
	return false;
}

static void load_elf_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, bool kernel,
			    Elf *layout, struct symtab *t)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t nr = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;
	struct loads loads = { 0 };

	if (!kernel)	/* the kernel's symbols are at their addresses */
		loads_read(layout, &loads);
	for (size_t i = 0; data && i < nr; i++) {
		GElf_Sym sym;
		const char *name;
		char *demangled;
		uint64_t addr = 0;

		if (!gelf_getsym(data, i, &sym) || !is_kept_symbol(elf, &sym))
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		if (kernel)
			addr = sym.st_value;
		else if (!vaddr_to_offset(&loads, sym.st_value, &addr))
			continue;
		demangled = t->demangle ? symbol_demangle(name, false) : NULL;
		/* as perf: aliases are chosen between by their demangled names */
		symtab_add(t, addr, sym.st_size, demangled ?: name, GELF_ST_BIND(sym.st_info));
		free(demangled);
		t->v[t->nr - 1].is_object = GELF_ST_TYPE(sym.st_info) == STT_OBJECT;
	}
	free(loads.v);
}

/*
 * "name@plt" symbols for the PLT stubs, as perf synthesizes them: entry i
 * of .plt.sec (or of .plt after its 16-byte header) jumps through
 * relocation i of .rela.plt. x86-64 layout; read from the binary that ran.
 */
static void load_plt(Elf *elf, struct symtab *t)
{
	GElf_Shdr plt, rela, dynsym;
	Elf_Scn *plt_scn = elf_section_by_name(elf, ".plt.sec", &plt);
	Elf_Scn *rela_scn = elf_section_by_name(elf, ".rela.plt", &rela), *dyn_scn;
	uint64_t first = 0;
	Elf_Data *rdata, *ddata;
	struct loads loads;

	if (!plt_scn) {
		plt_scn = elf_section_by_name(elf, ".plt", &plt);
		first = 16;
	}
	if (!plt_scn || !rela_scn || rela.sh_type != SHT_RELA || !rela.sh_entsize ||
	    !(dyn_scn = elf_getscn(elf, rela.sh_link)) || !gelf_getshdr(dyn_scn, &dynsym))
		return;
	rdata = elf_getdata(rela_scn, NULL);
	ddata = elf_getdata(dyn_scn, NULL);
	loads_read(elf, &loads);
	for (size_t i = 0; rdata && ddata && i < rela.sh_size / rela.sh_entsize; i++) {
		char name[256], *demangled;
		GElf_Rela r;
		GElf_Sym sym;
		const char *n;
		uint64_t off, addr = plt.sh_addr + first + 16 * i;

		/* an IRELATIVE slot names no symbol: perf calls it "@plt" */
		if (!gelf_getrela(rdata, i, &r) || !gelf_getsym(ddata, GELF_R_SYM(r.r_info), &sym) ||
		    !(n = elf_strptr(elf, dynsym.sh_link, sym.st_name)) ||
		    addr + 16 > plt.sh_addr + plt.sh_size || !vaddr_to_offset(&loads, addr, &off))
			continue;
		demangled = t->demangle ? symbol_demangle(n, false) : NULL;
		snprintf(name, sizeof(name), "%s@plt", demangled ?: n);	/* perf's order */
		free(demangled);
		symtab_add(t, off, 16, name, STB_GLOBAL);
	}
	free(loads.v);
}

/* .symtab when there is one, else .dynsym. */
static void load_elf_symbols(Elf *elf, bool kernel, Elf *layout, struct symtab *t)
{
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
	GElf_Shdr sh, symtab_sh, dynsym_sh;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB) {
			symtab = scn;
			symtab_sh = sh;
		} else if (sh.sh_type == SHT_DYNSYM) {
			dynsym = scn;
			dynsym_sh = sh;
		}
	}
	if (symtab)
		load_elf_symtab(elf, symtab, &symtab_sh, kernel, layout, t);
	else if (dynsym)
		load_elf_symtab(elf, dynsym, &dynsym_sh, kernel, layout, t);
}

bool symtab_load_elf(struct symtab *t, const char *path, const char *runtime, bool kernel)
{
	int fd, rfd = -1;
	Elf *elf = elf_open(path, &fd), *layout = elf;

	if (!elf)
		return false;
	if (runtime && !(layout = elf_open(runtime, &rfd))) {
		elf_end(elf);
		close(fd);
		return false;
	}
	load_elf_symbols(elf, kernel, layout, t);
	if (!kernel && t->nr) {
		t->plt_from = t->nr;
		load_plt(layout, t);
	}
	if (layout != elf) {
		elf_end(layout);
		close(rfd);
	}
	elf_end(elf);
	close(fd);
	return true;
}

bool symtab_load_elf_image(struct symtab *t, const void *image, size_t size)
{
	Elf *elf;

	elf_version(EV_CURRENT);
	elf = elf_memory((char *)image, size);
	if (!elf)
		return false;
	load_elf_symbols(elf, false, elf, t);
	elf_end(elf);
	return true;
}

const void *vdso_image(size_t *size)
{
	const Elf64_Ehdr *eh = (const void *)getauxval(AT_SYSINFO_EHDR);

	if (!eh || memcmp(eh->e_ident, ELFMAG, SELFMAG) || eh->e_ident[EI_CLASS] != ELFCLASS64)
		return NULL;
	/* the section headers come last in the image */
	*size = eh->e_shoff + (size_t)eh->e_shnum * eh->e_shentsize;
	return eh;
}

size_t vdso_build_id(uint8_t *out, size_t out_size)
{
	size_t size, n = 0;
	const void *image = vdso_image(&size);
	Elf *elf;

	if (!image)
		return 0;
	elf_version(EV_CURRENT);
	elf = elf_memory((char *)image, size);
	if (elf) {
		n = elf_build_id(elf, out, out_size);
		elf_end(elf);
	}
	return n;
}
