// SPDX-License-Identifier: GPL-2.0
/* Offsets to addresses and symbol searches in an ELF file: elf-walk.h. */
#include <stddef.h>
#include <string.h>

#include "elf-walk.h"

uint64_t elf_offset_to_vaddr(Elf *elf, uint64_t off)
{
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

const char *elf_find_symbol(Elf *elf, Elf64_Word type, elf_sym_test *test, void *ctx,
			    GElf_Sym *sym)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		Elf_Data *data;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type != type || !sh.sh_entsize ||
		    !(data = elf_getdata(scn, NULL)))
			continue;
		for (size_t i = 0; i < sh.sh_size / sh.sh_entsize; i++) {
			const char *name;

			if (!gelf_getsym(data, (int)i, sym))
				continue;
			name = elf_strptr(elf, sh.sh_link, sym->st_name);
			if (test(sym, name ? name : "", ctx))
				return name ? name : "";
		}
	}
	return NULL;
}

Elf_Scn *elf_section_by_name(Elf *elf, const char *name, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *n;

		if (gelf_getshdr(scn, sh) && (n = elf_strptr(elf, shstrndx, sh->sh_name)) &&
		    !strcmp(n, name))
			return scn;
	}
	return NULL;
}
