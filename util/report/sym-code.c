// SPDX-License-Identifier: GPL-2.0
#include <elf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "../base/strbuf.h"
#include "sym-code.h"

void sym_code__close(struct sym_code *c)
{
	free(c->kcore);
	c->kcore = NULL;
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

bool sym_code__is_live_kernel(const struct dsos *dsos, const struct dso *dso)
{
	return dso->kernel && dso->from_kallsyms && !dsos->cfg.kallsyms &&
	       !dsos->cfg.kernel_mismatch[0];
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

bool sym_code__open(struct sym_code *c, const struct dsos *dsos, struct dso *dso,
		    const struct symbol *sym)
{
	struct strbuf path = STRBUF_INIT;
	const void *image;
	size_t image_size;

	*c = (struct sym_code){ .fd = -1, .sym = sym };
	if (dso->kernel)
		return sym_code__is_live_kernel(dsos, dso) && open_kcore(c, sym);
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

	if (c->kcore) {
		disasm__walk(d, c->bytes, c->size, c->vaddr, fn, ctx);
		return;
	}

	while (off < c->sym->end && find_part(c, off, c->sym->end)) {
		disasm__walk(d, c->bytes, c->size, c->vaddr, fn, ctx);
		off = c->off + c->size;
	}
}

bool sym_code__vaddr_offset(const struct sym_code *c, uint64_t vaddr, uint64_t *off)
{
	Elf_Scn *scn = NULL;

	if (c->kcore) {	/* the kernel's symbols are at their addresses */
		*off = vaddr;
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
