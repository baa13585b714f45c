// SPDX-License-Identifier: GPL-2.0
/*
 * DSO registry and symbol tables. ELF parsing is libelf's; this file only
 * chooses which file to trust and puts the symbols in lookup order.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "../base/util.h"
#include "dso.h"

struct dso *dsos__findnew(struct dsos *dsos, const char *long_name, bool kernel)
{
	struct dso *d;
	const char *slash;

	for (d = dsos->head; d; d = d->next)
		if (d->kernel == kernel && !strcmp(d->long_name, long_name))
			return d;
	d = calloc(1, sizeof(*d));
	if (!d || !(d->long_name = strdup(long_name)))
		abort();
	slash = strrchr(d->long_name, '/');
	d->short_name = slash ? slash + 1 : d->long_name;
	d->kernel = kernel;
	d->next = dsos->head;
	dsos->head = d;
	dsos->nr++;
	return d;
}

void dsos__exit(struct dsos *dsos)
{
	struct dso *d = dsos->head;

	while (d) {
		struct dso *next = d->next;

		free(d->syms);
		free(d->names);
		free(d->long_name);
		free(d->short_name_alloc);
		free(d);
		d = next;
	}
	dsos->head = NULL;
}

void dso__set_build_id(struct dso *dso, const uint8_t *id, size_t size)
{
	if (size > sizeof(dso->build_id))
		size = sizeof(dso->build_id);
	memcpy(dso->build_id, id, size);
	dso->build_id_size = size;
}

/* --- building a table ------------------------------------------------ */

struct symtab {
	struct symbol *v;
	size_t nr, alloc;
	struct strbuf names;
	size_t *name_off;	/* offsets into names, fixed up at the end */
};

static void symtab_add(struct symtab *t, uint64_t start, uint64_t size, const char *name,
		       uint8_t binding)
{
	if (t->nr == t->alloc) {
		t->alloc = t->alloc ? 2 * t->alloc : 1024;
		t->v = realloc(t->v, t->alloc * sizeof(*t->v));
		t->name_off = realloc(t->name_off, t->alloc * sizeof(*t->name_off));
		if (!t->v || !t->name_off)
			abort();
	}
	t->v[t->nr] = (struct symbol){ .start = start, .end = start + size,
				       .namelen = strlen(name), .binding = binding };
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
 * Of several names for one address, perf's choose_best_symbol() keeps the
 * non-weak, then the global one, then the one with fewer leading
 * underscores, then the longer name. Sorting puts that one first.
 */
static int cmp_sym(const void *a, const void *b)
{
	const struct symbol *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	if ((x->binding == STB_WEAK) != (y->binding == STB_WEAK))
		return x->binding == STB_WEAK ? 1 : -1;
	if ((x->binding == STB_GLOBAL) != (y->binding == STB_GLOBAL))
		return x->binding == STB_GLOBAL ? -1 : 1;
	if (underscores(x->name) != underscores(y->name))
		return underscores(x->name) - underscores(y->name);
	if (x->namelen != y->namelen)
		return x->namelen > y->namelen ? -1 : 1;
	return strcmp(x->name, y->name);
}

/* Sort, drop duplicates at one address, give size-less symbols the gap up
 * to the next one (perf's symbols__fixup_end), and hand over to the dso. */
static void symtab_finish(struct symtab *t, struct dso *dso)
{
	size_t n = 0;

	/* the arena stops moving once every name is in: point into it */
	for (size_t i = 0; i < t->nr; i++)
		t->v[i].name = t->names.buf + t->name_off[i];
	if (t->nr)
		qsort(t->v, t->nr, sizeof(*t->v), cmp_sym);
	for (size_t i = 0; i < t->nr; i++) {
		if (n && t->v[n - 1].start == t->v[i].start)
			continue;
		t->v[n++] = t->v[i];
	}
	for (size_t i = 0; i + 1 < n; i++)
		if (t->v[i].end <= t->v[i].start)
			t->v[i].end = t->v[i + 1].start;
	if (n && t->v[n - 1].end <= t->v[n - 1].start)
		t->v[n - 1].end = t->v[n - 1].start + 1;
	dso->names = strbuf_detach(&t->names, NULL);	/* the same buffer */
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

size_t elf_read_build_id(const char *path, uint8_t *out, size_t out_size)
{
	Elf_Scn *scn = NULL;
	size_t found = 0;
	int fd;
	Elf *elf = elf_open(path, &fd);

	if (!elf)
		return 0;
	while (!found && (scn = elf_nextscn(elf, scn))) {
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
				found = nh.n_descsz < out_size ? nh.n_descsz : out_size;
				memcpy(out, (char *)data->d_buf + desc_off, found);
				break;
			}
		}
	}
	elf_end(elf);
	close(fd);
	return found;
}

static bool is_function(const GElf_Sym *sym)
{
	int type = GELF_ST_TYPE(sym->st_info);

	return (type == STT_FUNC || type == STT_GNU_IFUNC) && sym->st_shndx != SHN_UNDEF &&
	       sym->st_value != 0;
}

/* One symbol table section into @t, addresses turned into file offsets
 * (perf's adjust_symbols) so they match map__map_ip(). */
static void load_elf_symtab(Elf *elf, Elf_Scn *scn, const GElf_Shdr *sh, bool kernel,
			    struct symtab *t)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	size_t nr = sh->sh_entsize ? sh->sh_size / sh->sh_entsize : 0;

	for (size_t i = 0; data && i < nr; i++) {
		GElf_Sym sym;
		GElf_Shdr tsh;
		Elf_Scn *text;
		const char *name;
		uint64_t addr;

		if (!gelf_getsym(data, i, &sym) || !is_function(&sym))
			continue;
		name = elf_strptr(elf, sh->sh_link, sym.st_name);
		text = elf_getscn(elf, sym.st_shndx);
		if (!name || !*name || !text || !gelf_getshdr(text, &tsh))
			continue;
		addr = sym.st_value;
		if (!kernel)
			addr = addr - tsh.sh_addr + tsh.sh_offset;
		symtab_add(t, addr, sym.st_size, name, GELF_ST_BIND(sym.st_info));
	}
}

static bool load_elf(struct dso *dso, const char *path)
{
	Elf_Scn *scn = NULL, *symtab = NULL, *dynsym = NULL;
	GElf_Shdr sh, symtab_sh, dynsym_sh;
	struct symtab t = { .names = STRBUF_INIT };
	int fd;
	Elf *elf = elf_open(path, &fd);

	if (!elf)
		return false;
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
		load_elf_symtab(elf, symtab, &symtab_sh, dso->kernel, &t);
	else if (dynsym)
		load_elf_symtab(elf, dynsym, &dynsym_sh, dso->kernel, &t);
	elf_end(elf);
	close(fd);
	symtab_finish(&t, dso);
	return true;
}

/* --- kallsyms -------------------------------------------------------- */

static void load_kallsyms(struct dso *dso, const char *path)
{
	struct symtab t = { .names = STRBUF_INIT };
	FILE *f = fopen(path, "re");
	char line[512];

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		unsigned long long addr;
		char type, name[256];

		if (sscanf(line, "%llx %c %255s", &addr, &type, name) != 3)
			continue;
		/* module symbols ("name\t[mod]") belong to module maps */
		if (strchr(line, '[') || !addr)
			continue;
		if (type == 't' || type == 'T' || type == 'w' || type == 'W')
			symtab_add(&t, addr, 0, name, type == 'T' ? STB_GLOBAL :
				   type == 't' ? STB_LOCAL : STB_WEAK);
	}
	fclose(f);
	symtab_finish(&t, dso);
}

/* --- choosing the file ----------------------------------------------- */

static bool build_id_matches(const struct dso *dso, const char *path)
{
	uint8_t id[20];
	size_t n;

	if (!dso->build_id_size)
		return true;
	n = elf_read_build_id(path, id, sizeof(id));
	return n == dso->build_id_size && !memcmp(id, dso->build_id, n);
}

static void build_id_hex(const struct dso *dso, char *hex)
{
	for (size_t i = 0; i < dso->build_id_size; i++)
		snprintf(hex + 2 * i, 3, "%02x", dso->build_id[i]);
}

static void load_symbols(struct dsos *dsos, struct dso *dso)
{
	struct strbuf path = STRBUF_INIT;
	char hex[41] = "";

	dso->symbols_loaded = true;
	if (dso->kernel && !dso->is_module) {
		if (dsos->cfg.vmlinux)
			load_elf(dso, dsos->cfg.vmlinux);
		else if (dsos->cfg.kallsyms)
			load_kallsyms(dso, dsos->cfg.kallsyms);
		else if (!dsos->cfg.kernel_build_id_mismatch)
			load_kallsyms(dso, "/proc/kallsyms");
		return;
	}
	if (dso->kernel || dso->long_name[0] != '/')
		return;
	strbuf_addf(&path, "%s%s", dsos->cfg.symfs ?: "", dso->long_name);
	if (!access(path.buf, R_OK) && build_id_matches(dso, path.buf)) {
		load_elf(dso, path.buf);
	} else if (dso->build_id_size) {
		build_id_hex(dso, hex);
		strbuf_reset(&path);
		strbuf_addf(&path, "/usr/lib/debug/.build-id/%.2s/%s.debug", hex, hex + 2);
		if (!access(path.buf, R_OK))
			load_elf(dso, path.buf);
	}
	strbuf_release(&path);
}

const struct symbol *dso__find_symbol(struct dsos *dsos, struct dso *dso, uint64_t addr)
{
	size_t lo = 0, hi;

	if (!dso->symbols_loaded)
		load_symbols(dsos, dso);
	hi = dso->nr_syms;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct symbol *s = &dso->syms[mid];

		if (addr < s->start)
			hi = mid;
		else if (addr >= s->end)
			lo = mid + 1;
		else
			return s;
	}
	return NULL;
}
