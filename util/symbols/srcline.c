// SPDX-License-Identifier: GPL-2.0
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/strbuf.h"
#include "../base/util.h"
#include "srcline.h"

struct srcline_entry {
	const struct dso *dso;
	uint64_t addr;
	char *text;
	struct srcline_entry *next;
};

struct srcline_module {
	const struct dso *dso;
	Dwfl *dwfl;		/* NULL: no binary to read */
	Dwfl_Module *mod;
	struct srcline_module *next;
};

static char *debuginfo_path;
static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
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
	m = calloc(1, sizeof(*m));
	BUG_ON(!m);
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
	Elf *elf = dwfl_module_getelf(mod, bias);
	size_t n = 0;

	if (!elf || elf_getphdrnum(elf, &n))
		return off;
	for (size_t i = 0; i < n; i++) {
		GElf_Phdr ph;

		if (gelf_getphdr(elf, (int)i, &ph) && ph.p_type == PT_LOAD &&
		    off >= ph.p_offset && off < ph.p_offset + ph.p_filesz)
			return off - ph.p_offset + ph.p_vaddr;
	}
	return off;
}

static char *line_of(struct srcline_module *m, uint64_t addr)
{
	Dwarf_Addr bias = 0;
	uint64_t vaddr;
	Dwfl_Line *line;
	const char *file;
	int lineno = 0;
	char *text = NULL;

	if (!m->mod)
		return NULL;
	vaddr = offset_to_vaddr(m->mod, addr, &bias);
	line = dwfl_module_getsrc(m->mod, vaddr + bias);
	file = line ? dwfl_lineinfo(line, NULL, &lineno, NULL, NULL, NULL) : NULL;
	if (file && lineno > 0 &&
	    asprintf(&text, "%s:%d", strrchr(file, '/') ? strrchr(file, '/') + 1 : file,
		     lineno) < 0)
		text = NULL;
	return text;
}

static char *compute(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
		     const struct symbol *sym, uint64_t addr)
{
	char *text = NULL;

	if (!dso)
		return strdup("??:0");
	if (!dso->kernel)
		text = line_of(module_of(sl, dsos, dso), addr);
	if (text)
		return text;
	/* perf's fallbacks: the symbol and decimal offset, else dso[addr] */
	if (sym && asprintf(&text, "%s+%" PRIu64, sym->name, addr - sym->start) >= 0)
		return text;
	if (!sym && asprintf(&text, "%s[%" PRIx64 "]", dso->short_name, addr) >= 0)
		return text;
	return strdup("??:0");
}

static size_t bucket_of(const struct srclines *sl, const struct dso *dso, uint64_t addr)
{
	uint64_t h = (addr ^ (uintptr_t)dso) * 0x9e3779b97f4a7c15ULL;

	return (size_t)(h >> 20) & (sl->nr_buckets - 1);
}

static void grow(struct srclines *sl)
{
	size_t nb = sl->nr_buckets ? 2 * sl->nr_buckets : 1024;
	struct srcline_entry **old = sl->buckets;
	size_t old_nb = sl->nr_buckets;

	sl->buckets = calloc(nb, sizeof(*sl->buckets));
	BUG_ON(!sl->buckets);
	sl->nr_buckets = nb;
	for (size_t i = 0; i < old_nb; i++)
		for (struct srcline_entry *e = old[i], *next; e; e = next) {
			size_t b = bucket_of(sl, e->dso, e->addr);

			next = e->next;
			e->next = sl->buckets[b];
			sl->buckets[b] = e;
		}
	free(old);
}

const char *srcline__get(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			 const struct symbol *sym, uint64_t addr)
{
	struct srcline_entry *e;
	size_t b;

	if (2 * (sl->nr + 1) > sl->nr_buckets)
		grow(sl);
	b = bucket_of(sl, dso, addr);
	for (e = sl->buckets[b]; e; e = e->next)
		if (e->dso == dso && e->addr == addr)
			return e->text;
	e = calloc(1, sizeof(*e));
	BUG_ON(!e);
	e->dso = dso;
	e->addr = addr;
	e->text = compute(sl, dsos, dso, sym, addr);
	BUG_ON(!e->text);
	e->next = sl->buckets[b];
	sl->buckets[b] = e;
	sl->nr++;
	return e->text;
}

void srclines__exit(struct srclines *sl)
{
	for (size_t i = 0; i < sl->nr_buckets; i++)
		for (struct srcline_entry *e = sl->buckets[i], *next; e; e = next) {
			next = e->next;
			free(e->text);
			free(e);
		}
	free(sl->buckets);
	for (struct srcline_module *m = sl->modules, *next; m; m = next) {
		next = m->next;
		if (m->dwfl)
			dwfl_end(m->dwfl);
		free(m);
	}
	memset(sl, 0, sizeof(*sl));
}
