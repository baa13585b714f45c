// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <string.h>
#include <errno.h>
#include <inttypes.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/strbuf.h"
#include "../base/xalloc.h"
#include "../symbols/demangle.h"
#include "../symbols/elf-walk.h"
#include "sym-code.h"

/* What objdump names addresses by, indexed once per symbol annotated:
 * the symbols (sorted by address, objdump's choice first among those at
 * one address) and the dynamic relocations' slots (by address). */
struct named {
	uint64_t value;
	size_t index;		/* in the symbol table */
	const char *name;
	GElf_Sym sym;
};

struct slot_reloc {
	uint64_t offset;
	size_t sym;		/* in .dynsym (symscn) */
	Elf_Scn *symscn;
};

struct elf_names {
	struct named *syms;
	size_t nr_syms;
	bool dynamic;		/* .dynsym's: their versions are shown */
	bool from_debug;	/* a stripped binary's, from its debug file */
	struct slot_reloc *relocs;
	size_t nr_relocs;
};

void sym_code__close(struct sym_code *c)
{
	free(c->kcore);
	c->kcore = NULL;
	if (c->names) {
		free(c->names->syms);
		free(c->names->relocs);
		free(c->names);
		c->names = NULL;
	}
	if (c->elf)
		elf_end(c->elf);
	if (c->fd >= 0)
		close(c->fd);
	if (c->debug_elf)
		elf_end(c->debug_elf);
	if (c->debug_fd >= 0)
		close(c->debug_fd);
	c->elf = c->debug_elf = NULL;
	c->fd = c->debug_fd = -1;
}

/*
 * The symbol's code from file offset @off to @end: the part in the
 * executable section holding @off, or in the first one after it.
 */
static bool find_part(struct sym_code *c, uint64_t off, uint64_t end)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr best = { 0 };
	Elf_Data *best_data = NULL;

	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR) || sh.sh_offset + sh.sh_size <= off ||
		    sh.sh_offset >= end || (best_data && sh.sh_offset >= best.sh_offset) ||
		    !(d = elf_getdata(scn, NULL)) || !d->d_buf || d->d_size < sh.sh_size)
			continue;
		best = sh;
		best_data = d;
	}
	if (!best_data)
		return false;
	if (off < best.sh_offset)
		off = best.sh_offset;
	c->off = off;
	c->bytes = (const uint8_t *)best_data->d_buf + (off - best.sh_offset);
	c->size = (end < best.sh_offset + best.sh_size ? end : best.sh_offset + best.sh_size) - off;
	c->vaddr = best.sh_addr + (off - best.sh_offset);
	return true;
}

static void section_name(struct sym_code *c, uint64_t off)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(c->elf, &shstrndx))
		return;
	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && off >= sh.sh_offset && off < sh.sh_offset + sh.sh_size &&
		    sh.sh_type == SHT_PROGBITS)
			snprintf(c->section, sizeof(c->section), "%s",
				 elf_strptr(c->elf, shstrndx, sh.sh_name) ?: "?");
	}
}

bool sym_code__is_live_kernel(const struct dsos *dsos, const struct dso *dso)
{
	return dso->kernel && dso->from_kallsyms && !dsos->cfg.kallsyms &&
	       !(dsos->cfg.symfs && *dsos->cfg.symfs) && !dsos->cfg.kernel_mismatch[0];
}

const char *sym_code__kcore_path(void)
{
	return getenv("PERF_MINI_KCORE") ?: "/proc/kcore";
}

/* The bytes at kernel address @start..@end, from the PT_LOAD of
 * /proc/kcore (an ELF core file of the kernel's memory) holding them. */
static uint8_t *kcore_read(uint64_t start, uint64_t end)
{
	int fd = open(sym_code__kcore_path(), O_RDONLY | O_CLOEXEC);
	Elf64_Ehdr eh;
	uint8_t *buf = NULL;
	int saved;

	if (fd < 0)
		return NULL;
	if (pread(fd, &eh, sizeof(eh), 0) != sizeof(eh) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
	    eh.e_phentsize != sizeof(Elf64_Phdr))
		goto out;
	for (unsigned int i = 0; i < eh.e_phnum && !buf; i++) {
		Elf64_Phdr ph;

		if (pread(fd, &ph, sizeof(ph), (off_t)(eh.e_phoff + i * sizeof(ph))) != sizeof(ph) ||
		    ph.p_type != PT_LOAD || start < ph.p_vaddr || end > ph.p_vaddr + ph.p_filesz)
			continue;
		buf = malloc(end - start);
		if (buf && pread(fd, buf, end - start, (off_t)(ph.p_offset + start - ph.p_vaddr)) !=
			   (ssize_t)(end - start)) {
			free(buf);
			buf = NULL;
		}
	}
out:
	saved = errno;
	close(fd);
	errno = saved;
	return buf;
}

static bool open_kcore(struct sym_code *c, const struct symbol *sym)
{
	if (sym->end <= sym->start || sym->end - sym->start > (1u << 24) ||
	    !(c->kcore = kcore_read(sym->start, sym->end)))
		return false;
	c->bytes = c->kcore;
	c->size = sym->end - sym->start;
	c->vaddr = c->off = c->start_vaddr = sym->start;
	snprintf(c->section, sizeof(c->section), ".text");
	return true;
}

/* A kernel symbol's code from the vmlinux named (-k), at the address it
 * links it at: the symbol's less the recording's KASLR offset. */
static bool open_vmlinux(struct sym_code *c, const struct dsos *dsos, const struct symbol *sym)
{
	uint64_t start = sym->start - dsos->vmlinux_delta, len = sym->end - sym->start;
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	elf_version(EV_CURRENT);
	c->fd = open(dsos->cfg.vmlinux, O_RDONLY | O_CLOEXEC);
	if (c->fd < 0 || !(c->elf = elf_begin(c->fd, ELF_C_READ_MMAP, NULL)) || !len ||
	    len > (1u << 24)) {
		sym_code__close(c);
		return false;
	}
	while ((scn = elf_nextscn(c->elf, scn))) {
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_PROGBITS ||
		    !(sh.sh_flags & SHF_EXECINSTR) || start < sh.sh_addr ||
		    start - sh.sh_addr > sh.sh_size || len > sh.sh_size - (start - sh.sh_addr) ||
		    !(data = elf_getdata(scn, NULL)) || data->d_size < sh.sh_size)
			continue;
		c->kcore = must_malloc(len);
		memcpy(c->kcore, (const uint8_t *)data->d_buf + (start - sh.sh_addr), len);
		c->bytes = c->kcore;
		c->size = len;
		c->vaddr = c->start_vaddr = start;
		c->off = sym->start;
		c->kernel_delta = dsos->vmlinux_delta;
		section_name(c, sh.sh_offset);
		return true;
	}
	sym_code__close(c);
	return false;
}

/* The debug file of the build-id the recording has for @dso, or (a file
 * recorded without, perf record -B) of the binary's own, as perf finds it. */
static void debug_file_path(struct sym_code *c, const struct dso *dso, const char *binary)
{
	uint8_t own[20];
	const uint8_t *id = dso->build_id;
	size_t size = dso->build_id_size;
	int n;

	if (!size && (size = elf_read_build_id(binary, own, sizeof(own))))
		id = own;
	if (!size)
		return;
	n = snprintf(c->debug_path, sizeof(c->debug_path), "/usr/lib/debug/.build-id/%02x/", id[0]);
	for (size_t i = 1; i < size; i++)
		n += snprintf(c->debug_path + n, sizeof(c->debug_path) - (size_t)n, "%02x", id[i]);
	snprintf(c->debug_path + n, sizeof(c->debug_path) - (size_t)n, ".debug");
}

bool sym_code__open(struct sym_code *c, const struct dsos *dsos, struct dso *dso,
		    const struct symbol *sym)
{
	struct strbuf path = STRBUF_INIT;
	const void *image;
	size_t image_size;

	*c = (struct sym_code){ .fd = -1, .debug_fd = -1, .sym = sym };
	if (dso->kernel && dsos->cfg.vmlinux && !dso->is_module)
		return open_vmlinux(c, dsos, sym);
	if (dso->kernel)
		return sym_code__is_live_kernel(dsos, dso) && open_kcore(c, sym);
	elf_version(EV_CURRENT);
	if (dso__binary_path(dsos, dso, &path)) {
		debug_file_path(c, dso, path.buf);
		c->fd = open(path.buf, O_RDONLY | O_CLOEXEC);
		if (c->fd >= 0)
			c->elf = elf_begin(c->fd, ELF_C_READ_MMAP, NULL);
	} else if ((image = dso__vdso_image(dsos, dso, &image_size))) {
		c->elf = elf_memory((char *)image, image_size);
	}
	strbuf_release(&path);
	if (c->elf && find_part(c, sym->start, sym->end)) {
		c->start_vaddr = c->vaddr;
		section_name(c, c->off);
		return true;
	}
	sym_code__close(c);
	return false;
}

void sym_code__walk(struct sym_code *c, struct disasm *d, disasm_fn *fn, void *ctx)
{
	uint64_t off = c->sym->start;

	if (c->kcore) {
		disasm__walk(d, c->bytes, c->size, c->vaddr, fn, ctx);
		return;
	}

	while (off < c->sym->end && find_part(c, off, c->sym->end)) {
		disasm__walk(d, c->bytes, c->size, c->vaddr, fn, ctx);
		off = c->off + c->size;
	}
}

/* Which of two symbols at one address objdump names it by (its
 * compare_symbols): functions, then objects, then not local, then
 * global, then the larger, then not ".name", then by name. */
static bool named_before(const GElf_Sym *a, const char *an, const GElf_Sym *b, const char *bn)
{
	int at = GELF_ST_TYPE(a->st_info), bt = GELF_ST_TYPE(b->st_info);
	int ab = GELF_ST_BIND(a->st_info), bb = GELF_ST_BIND(b->st_info);

	if ((at == STT_FUNC) != (bt == STT_FUNC))
		return at == STT_FUNC;
	if ((at == STT_OBJECT) != (bt == STT_OBJECT))
		return at == STT_OBJECT;
	if ((ab == STB_LOCAL) != (bb == STB_LOCAL))
		return bb == STB_LOCAL;
	if ((ab == STB_GLOBAL) != (bb == STB_GLOBAL))
		return ab == STB_GLOBAL;
	if (a->st_size != b->st_size)
		return a->st_size > b->st_size;
	if ((an[0] == '.') != (bn[0] == '.'))
		return bn[0] == '.';
	return strcmp(an, bn) < 0;
}

/* The table objdump names addresses by: .symtab, else (stripped) .dynsym. */
static Elf_Scn *symbol_table(Elf *elf, bool *dynamic)
{
	Elf_Scn *scn = NULL, *dyn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &sh))
			continue;
		if (sh.sh_type == SHT_SYMTAB) {
			*dynamic = false;
			return scn;
		}
		if (sh.sh_type == SHT_DYNSYM)
			dyn = scn;
	}
	*dynamic = true;
	return dyn;
}

/* The name of version @ndx in .gnu.version_d (defined here) or
 * .gnu.version_r (needed from another object), NULL when none. */
static const char *version_name(Elf *elf, unsigned int ndx)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Data *d;
		size_t off = 0;

		if (!gelf_getshdr(scn, &sh) || !(d = elf_getdata(scn, NULL)))
			continue;
		while (sh.sh_type == SHT_GNU_verdef) {
			GElf_Verdef vd;
			GElf_Verdaux va;

			if (!gelf_getverdef(d, (int)off, &vd))
				break;
			if (vd.vd_ndx == ndx && gelf_getverdaux(d, (int)(off + vd.vd_aux), &va))
				return elf_strptr(elf, sh.sh_link, va.vda_name);
			if (!vd.vd_next)
				break;
			off += vd.vd_next;
		}
		while (sh.sh_type == SHT_GNU_verneed) {
			GElf_Verneed vn;
			size_t aoff;

			if (!gelf_getverneed(d, (int)off, &vn))
				break;
			aoff = off + vn.vn_aux;
			for (unsigned int i = 0; i < vn.vn_cnt; i++) {
				GElf_Vernaux va;

				if (!gelf_getvernaux(d, (int)aoff, &va))
					break;
				if (va.vna_other == ndx)
					return elf_strptr(elf, sh.sh_link, va.vna_name);
				if (!va.vna_next)	/* a corrupt chain: no loop on it */
					break;
				aoff += va.vna_next;
			}
			if (!vn.vn_next)
				break;
			off += vn.vn_next;
		}
	}
	return NULL;
}

/* A dynamic symbol's version as objdump spells it: "@@VER" (the default
 * of a defined one), "@VER" (hidden, or needed from another object). */
/* Does the global version index print as "Base" (no version
 * definitions, or the first one is the object's base)? */
static bool base_version(Elf *elf)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Verdef vd;
	Elf_Data *d;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_GNU_verdef)
			return (d = elf_getdata(scn, NULL)) && gelf_getverdef(d, 0, &vd) &&
			       (vd.vd_flags & VER_FLG_BASE);
	return true;
}

static void add_version(Elf *elf, size_t index, bool defined, struct strbuf *out)
{
	Elf_Scn *scn = NULL;
	Elf_Data *versym = NULL;
	const char *name;
	GElf_Versym v;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &sh) && sh.sh_type == SHT_GNU_versym)
			versym = elf_getdata(scn, NULL);
	if (!versym || !gelf_getversym(versym, (int)index, &v) || !(v & 0x7fff))
		return;
	/* binutils: the global index is "Base" unless the object's first
	 * version definition is another than its base one */
	if ((v & 0x7fff) == 1)
		name = base_version(elf) ? "Base" : NULL;
	else
		name = version_name(elf, v & 0x7fff);
	if (name)
		strbuf_addf(out, "%s%s", defined && !(v & 0x8000) ? "@@" : "@", name);
}

static int by_offset(const void *x, const void *y)
{
	const struct slot_reloc *a = x, *b = y;

	return a->offset < b->offset ? -1 : a->offset > b->offset;
}

static void index_relocs(Elf *elf, struct elf_names *n)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh, symsh;
	size_t alloc = 0;

	while ((scn = elf_nextscn(elf, scn))) {
		Elf_Scn *symscn;
		Elf_Data *d;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_RELA || !sh.sh_entsize ||
		    !(symscn = elf_getscn(elf, sh.sh_link)) || !gelf_getshdr(symscn, &symsh) ||
		    symsh.sh_type != SHT_DYNSYM || !(d = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			GElf_Rela r;

			if (!gelf_getrela(d, (int)i, &r) || !GELF_R_SYM(r.r_info))
				continue;
			ALLOC_GROW(n->relocs, n->nr_relocs + 1, alloc);
			n->relocs[n->nr_relocs++] = (struct slot_reloc){ r.r_offset, GELF_R_SYM(r.r_info),
									 symscn };
		}
	}
	if (n->nr_relocs)
		qsort(n->relocs, n->nr_relocs, sizeof(*n->relocs), by_offset);
}

/* The symbol a dynamic relocation at @vaddr names (a GOT slot's), when
 * another object defines it: its name, and with @versioned its version,
 * as objdump names such a slot (one of this object's, by its address). */
static bool reloc_name(Elf *elf, const struct elf_names *n, uint64_t vaddr, bool versioned,
		       bool demangle, struct strbuf *out)
{
	char *plain;
	size_t lo = partition_point(n->nr_relocs, i, n->relocs[i].offset >= vaddr);
	GElf_Shdr symsh;
	GElf_Sym sym;
	Elf_Data *syms;
	const char *name;

	if (lo == n->nr_relocs || n->relocs[lo].offset != vaddr ||
	    !gelf_getshdr(n->relocs[lo].symscn, &symsh) ||
	    !(syms = elf_getdata(n->relocs[lo].symscn, NULL)) ||
	    !gelf_getsym(syms, (int)n->relocs[lo].sym, &sym) ||
	    (sym.st_shndx != SHN_UNDEF && !n->from_debug && !n->dynamic) ||
	    !(name = elf_strptr(elf, symsh.sh_link, sym.st_name)) || !*name)
		return false;
	plain = demangle ? symbol_demangle(name, true) : NULL;
	strbuf_addstr(out, plain ?: name);
	free(plain);
	if (versioned)
		add_version(elf, n->relocs[lo].sym, sym.st_shndx != SHN_UNDEF, out);
	/* with a debug file's symbols, or only the dynamic ones (a stripped
	 * library: libstdc++'s GOT), a slot of a symbol defined here too, at
	 * its distance from that symbol, as objdump names it */
	if (versioned && sym.st_shndx != SHN_UNDEF && vaddr > sym.st_value)
		strbuf_addf(out, "+0x%" PRIx64, vaddr - sym.st_value);
	else if (versioned && sym.st_shndx != SHN_UNDEF && vaddr < sym.st_value)
		strbuf_addf(out, "-0x%" PRIx64, sym.st_value - vaddr);
	return true;
}

/*
 * objdump's names for the entries of .plt.got, which jump through a GOT
 * slot ("jmp *0x1ac4f2(%rip)", bnd-prefixed or not): "name@plt", after
 * the symbol that slot's relocation names.
 */
static bool plt_got_name(Elf *elf, const struct elf_names *names, uint64_t vaddr,
			 bool demangle, struct strbuf *out)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return false;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;
		Elf_Data *d;
		uint64_t entry;
		const uint8_t *code;
		size_t at;
		int32_t disp;

		if (!gelf_getshdr(scn, &sh) || vaddr < sh.sh_addr || vaddr >= sh.sh_addr + sh.sh_size ||
		    !(n = elf_strptr(elf, shstrndx, sh.sh_name)) || strcmp(n, ".plt.got") ||
		    !sh.sh_entsize || !(d = elf_getdata(scn, NULL)) || !d->d_buf)
			continue;
		entry = sh.sh_addr + (vaddr - sh.sh_addr) / sh.sh_entsize * sh.sh_entsize;
		if (sh.sh_type != SHT_PROGBITS || entry - sh.sh_addr + 7 > d->d_size)
			return false;
		code = (const uint8_t *)d->d_buf + (entry - sh.sh_addr);
		at = code[0] == 0xf2 ? 1 : 0;	/* bnd */
		if (code[at] != 0xff || code[at + 1] != 0x25)
			return false;
		memcpy(&disp, code + at + 2, sizeof(disp));
		strbuf_addstr(out, " <");
		if (!reloc_name(elf, names, entry + at + 6 + (int64_t)disp, false, demangle, out)) {
			strbuf_setlen(out, out->len - 2);
			return false;
		}
		strbuf_addstr(out, "@plt");
		if (vaddr != entry)
			strbuf_addf(out, "+0x%" PRIx64, vaddr - entry);
		strbuf_addch(out, '>');
		return true;
	}
	return false;
}

static int by_value(const void *x, const void *y)
{
	const struct named *a = x, *b = y;

	if (a->value != b->value)
		return a->value < b->value ? -1 : 1;
	return named_before(&a->sym, a->name, &b->sym, b->name) ? -1 :
	       named_before(&b->sym, b->name, &a->sym, a->name) ? 1 : 0;
}

/* A stripped binary's .symtab from its separate debug file (the
 * distribution's, by build-id), which objdump names addresses by when it
 * shows source (-S); NULL when there is none. */
static Elf *debug_symbols(struct sym_code *c)
{
	bool dynamic;

	if (!c->debug_path[0])
		return NULL;
	c->debug_fd = open(c->debug_path, O_RDONLY | O_CLOEXEC);
	if (c->debug_fd >= 0)
		c->debug_elf = elf_begin(c->debug_fd, ELF_C_READ_MMAP, NULL);
	if (c->debug_elf && symbol_table(c->debug_elf, &dynamic) && !dynamic)
		return c->debug_elf;
	return NULL;
}

static void index_symbols(Elf *elf, struct elf_names *n)
{
	Elf_Scn *tab = symbol_table(elf, &n->dynamic);
	GElf_Shdr sh;
	Elf_Data *data;
	size_t alloc = 0;

	if (!tab || !gelf_getshdr(tab, &sh) || !sh.sh_entsize || !(data = elf_getdata(tab, NULL)))
		return;
	for (size_t i = 1; i < sh.sh_size / sh.sh_entsize; i++) {
		GElf_Sym s;
		const char *name;
		int type;

		if (!gelf_getsym(data, (int)i, &s) || s.st_shndx == SHN_UNDEF)
			continue;
		type = GELF_ST_TYPE(s.st_info);
		name = elf_strptr(elf, sh.sh_link, s.st_name);
		if (type == STT_SECTION || type == STT_FILE || !name || !*name)
			continue;
		ALLOC_GROW(n->syms, n->nr_syms + 1, alloc);
		n->syms[n->nr_syms++] = (struct named){ s.st_value, i, name, s };
	}
	if (n->nr_syms)
		qsort(n->syms, n->nr_syms, sizeof(*n->syms), by_value);
}

static const struct elf_names *names_of(struct sym_code *c)
{
	if (!c->names) {
		bool dynamic;
		Elf *debug;

		c->names = must_calloc(1, sizeof(*c->names));
		symbol_table(c->elf, &dynamic);
		if (dynamic && c->use_debug_symbols && (debug = debug_symbols(c))) {
			index_symbols(debug, c->names);
			c->names->from_debug = true;
		}
		else
			index_symbols(c->elf, c->names);
		index_relocs(c->elf, c->names);
	}
	return c->names;
}

/* objdump's symbol for @vaddr: the first of those at the highest address
 * at or below it. */
static const struct named *nearest(const struct elf_names *n, uint64_t vaddr)
{
	size_t lo = partition_point(n->nr_syms, i, n->syms[i].value > vaddr);

	if (!lo)
		return NULL;
	while (lo > 1 && n->syms[lo - 2].value == n->syms[lo - 1].value)
		lo--;
	return &n->syms[lo - 1];
}

/* The index of the allocated section holding @vaddr; 0 for none. */
static size_t section_at(Elf *elf, uint64_t vaddr)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_ALLOC) && vaddr >= sh.sh_addr &&
		    vaddr < sh.sh_addr + sh.sh_size)
			return elf_ndxscn(scn);
	return 0;
}

/* x86-64's PLT, its entries' section: 16 bytes each, in .plt.sec where
 * IBT built one, else in .plt after a 16-byte first entry of its own. */
static Elf_Scn *plt_entries(Elf *elf, GElf_Shdr *plt, uint64_t *first)
{
	GElf_Ehdr eh;
	Elf_Scn *scn;

	*first = 0;
	if (!elf || !gelf_getehdr(elf, &eh) || eh.e_machine != EM_X86_64)
		return NULL;
	if ((scn = elf_section_by_name(elf, ".plt.sec", plt)))
		return scn;
	*first = 16;
	return elf_section_by_name(elf, ".plt", plt);
}

/* The entry of @size-byte entries from @start to @end nearest at or
 * below @vaddr; false when @vaddr is below the first. */
static bool entry_below(uint64_t start, uint64_t end, uint64_t size, uint64_t vaddr,
			uint64_t *entry)
{
	uint64_t last;

	if (!size || end < start + size || vaddr < start)
		return false;
	last = start + (end - start) / size * size - size;
	*entry = vaddr > last ? last : start + (vaddr - start) / size * size;
	return true;
}

/* The .plt.got entry nearest at or below @vaddr. */
static bool plt_got_entry_below(Elf *elf, uint64_t vaddr, uint64_t *entry)
{
	GElf_Shdr sh;
	size_t shstrndx;
	const char *n;

	for (Elf_Scn *scn = NULL; !elf_getshdrstrndx(elf, &shstrndx) && (scn = elf_nextscn(elf, scn));)
		if (gelf_getshdr(scn, &sh) && (n = elf_strptr(elf, shstrndx, sh.sh_name)) &&
		    !strcmp(n, ".plt.got"))
			return entry_below(sh.sh_addr, sh.sh_addr + sh.sh_size, sh.sh_entsize, vaddr,
					   entry);
	return false;
}

/*
 * An address named after the PLT entry nearest below it, "<name@plt+off>",
 * where no symbol is nearer: objdump's synthetic "name@plt" symbols (of
 * .plt, .plt.sec and .plt.got) count as symbols when it names an address.
 */
static bool name_by_plt_entry(struct sym_code *c, const struct elf_names *n, uint64_t vaddr,
			      uint64_t floor, bool demangle, struct strbuf *out)
{
	GElf_Shdr plt;
	uint64_t first, entry = 0, got_entry = 0;
	bool in_plt = plt_entries(c->elf, &plt, &first) &&
		      entry_below(plt.sh_addr + first, plt.sh_addr + plt.sh_size, 16, vaddr, &entry);
	bool in_got = plt_got_entry_below(c->elf, vaddr, &got_entry);
	size_t len = out->len;

	if (in_got && (!in_plt || got_entry > entry)) {
		if (got_entry <= floor || !plt_got_name(c->elf, n, got_entry, demangle, out))
			return false;
		strbuf_setlen(out, out->len - 1);	/* its '>' */
		entry = got_entry;
	} else if (in_plt && entry > floor) {
		strbuf_addstr(out, " <");
		if (!sym_code__plt_name(c, entry, demangle, out)) {
			strbuf_setlen(out, len);
			return false;
		}
	} else {
		return false;
	}
	if (vaddr != entry)
		strbuf_addf(out, "+0x%" PRIx64, vaddr - entry);
	strbuf_addch(out, '>');
	return true;
}

bool sym_code__data_name(struct sym_code *c, uint64_t vaddr, bool demangle, struct strbuf *out)
{
	const struct elf_names *n;
	const struct named *best;
	size_t len = out->len;
	char *plain;

	if (!c->elf)
		return false;
	n = names_of(c);
	if (plt_got_name(c->elf, n, vaddr, demangle, out))
		return true;
	best = nearest(n, vaddr);
	if (name_by_plt_entry(c, n, vaddr, best ? best->value : 0, demangle, out))
		return true;
	/*
	 * objdump takes the nearest symbol when it lies in the section being
	 * disassembled (libgcc_s's GOT named after its last function), and
	 * otherwise the symbol of a dynamic relocation at the address, even
	 * over one at the address itself (libc's _IO_list_all, which a
	 * relocation points at the standard error FILE, is named after that
	 * FILE's symbol, 0x20 below it).
	 */
	if (!best || best->sym.st_shndx != section_at(c->elf, c->start_vaddr)) {
		strbuf_addstr(out, " <");
		if (reloc_name(c->elf, n, vaddr, true, demangle, out)) {
			strbuf_addch(out, '>');
			return true;
		}
		strbuf_setlen(out, len);
	}
	if (!best)
		return false;
	plain = demangle ? symbol_demangle(best->name, true) : NULL;
	strbuf_addf(out, " <%s", plain ?: best->name);
	free(plain);
	if (n->dynamic)
		add_version(c->elf, best->index, true, out);
	if (vaddr != best->value)
		strbuf_addf(out, "+0x%" PRIx64, vaddr - best->value);
	strbuf_addch(out, '>');
	return true;
}

/* The relocation of the PLT entry at @vaddr: the one for the GOT slot the
 * entry jumps through (jmp *disp32(%rip), after an endbr64 or a bnd prefix
 * where IBT or MPX built it), as objdump finds it. The .rela.plt order is
 * not the entries' once a library has IRELATIVE slots (libc's). */
static bool plt_entry_rela(Elf_Scn *plt_scn, const GElf_Shdr *plt, uint64_t vaddr,
			   Elf_Data *rdata, uint64_t nr_rela, GElf_Rela *r)
{
	Elf_Data *code = elf_getdata(plt_scn, NULL);
	uint64_t off = vaddr - plt->sh_addr, got = 0, i;
	const unsigned char *p;
	int32_t disp;

	if (!code || !code->d_buf || off + 16 > code->d_size)
		return false;
	p = (const unsigned char *)code->d_buf + off;
	for (i = 0; i + 6 <= 16; i++) {
		if (p[i] == 0xff && p[i + 1] == 0x25) {
			/* x86-64 code is little-endian, whatever reads it */
			disp = (int32_t)((uint32_t)p[i + 2] | (uint32_t)p[i + 3] << 8 |
					 (uint32_t)p[i + 4] << 16 | (uint32_t)p[i + 5] << 24);
			got = vaddr + i + 6 + (int64_t)disp;
			break;
		}
	}
	if (!got)
		return false;
	for (i = 0; i < nr_rela; i++)
		if (gelf_getrela(rdata, (int)i, r) && r->r_offset == got)
			return true;
	return false;
}

bool sym_code__plt_name(struct sym_code *c, uint64_t vaddr, bool demangle, struct strbuf *out)
{
	GElf_Shdr plt, rela, dynsym;
	Elf_Scn *plt_scn, *rela_scn, *dyn_scn;
	Elf_Data *rdata, *ddata;
	uint64_t first;
	GElf_Rela r;
	GElf_Sym sym;
	const char *name;
	char *plain;

	if (!c->elf || !(plt_scn = plt_entries(c->elf, &plt, &first)) ||
	    !(rela_scn = elf_section_by_name(c->elf, ".rela.plt", &rela)))
		return false;
	if (vaddr < plt.sh_addr + first || vaddr >= plt.sh_addr + plt.sh_size ||
	    (vaddr - plt.sh_addr - first) % 16 || !rela.sh_entsize ||
	    !(dyn_scn = elf_getscn(c->elf, rela.sh_link)) || !gelf_getshdr(dyn_scn, &dynsym) ||
	    !(rdata = elf_getdata(rela_scn, NULL)) || !(ddata = elf_getdata(dyn_scn, NULL)))
		return false;
	if (!plt_entry_rela(plt_scn, &plt, vaddr, rdata, rela.sh_size / rela.sh_entsize, &r))
		return false;
	if (GELF_R_TYPE(r.r_info) == R_X86_64_IRELATIVE) {
		strbuf_addf(out, "*ABS*+0x%" PRIx64 "@plt", (uint64_t)r.r_addend);
		return true;
	}
	if (!gelf_getsym(ddata, (int)GELF_R_SYM(r.r_info), &sym) ||
	    !(name = elf_strptr(c->elf, dynsym.sh_link, sym.st_name)) || !*name)
		return false;
	plain = demangle ? symbol_demangle(name, true) : NULL;
	strbuf_addf(out, "%s@plt", plain ?: name);
	free(plain);
	return true;
}

bool sym_code__vaddr_offset(const struct sym_code *c, uint64_t vaddr, uint64_t *off)
{
	Elf_Scn *scn = NULL;

	if (c->kcore) {	/* the kernel's symbols are where it ran them */
		*off = vaddr + c->kernel_delta;
		return true;
	}

	while ((scn = elf_nextscn(c->elf, scn))) {
		GElf_Shdr sh;

		if (gelf_getshdr(scn, &sh) && (sh.sh_flags & SHF_ALLOC) && sh.sh_type != SHT_NOBITS &&
		    vaddr >= sh.sh_addr && vaddr < sh.sh_addr + sh.sh_size) {
			*off = vaddr - sh.sh_addr + sh.sh_offset;
			return true;
		}
	}
	return false;
}
