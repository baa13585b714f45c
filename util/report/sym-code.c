// SPDX-License-Identifier: GPL-2.0
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "sym-code.h"

void sym_code__close(struct sym_code *c)
{
	if (c->elf)
		elf_end(c->elf);
	if (c->fd >= 0)
		close(c->fd);
	c->elf = NULL;
	c->fd = -1;
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

bool sym_code__open(struct sym_code *c, const struct dsos *dsos, struct dso *dso,
		    const struct symbol *sym)
{
	struct strbuf path = STRBUF_INIT;
	const void *image;
	size_t image_size;

	*c = (struct sym_code){ .fd = -1, .sym = sym };
	elf_version(EV_CURRENT);
	if (dso__binary_path(dsos, dso, &path)) {
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

	while (off < c->sym->end && find_part(c, off, c->sym->end)) {
		disasm__walk(d, c->bytes, c->size, c->vaddr, fn, ctx);
		off = c->off + c->size;
	}
}

bool sym_code__vaddr_offset(const struct sym_code *c, uint64_t vaddr, uint64_t *off)
{
	Elf_Scn *scn = NULL;

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
