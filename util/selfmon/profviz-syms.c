// SPDX-License-Identifier: GPL-2.0
/*
 * profviz.so's symbols: the function at an address of this process, from
 * the ELF file mapped there (its .symtab, else .dynsym, through libelf),
 * demangled by the C++ runtime's __cxa_demangle where the program has one.
 */
#include <dlfcn.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profviz.h"
#include "../symbols/elf-walk.h"

typedef char *cxa_demangle_fn(const char *name, char *buf, size_t *len, int *status);

/* The file mapped at @addr and @addr as an offset into it. */
static bool mapping_of(uintptr_t addr, char *path, size_t size, uint64_t *file_off)
{
	FILE *f = fopen("/proc/self/maps", "re");
	char line[4096 + 128];
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		unsigned long start, end, pgoff;
		int name_at = 0;

		if (sscanf(line, "%lx-%lx %*s %lx %*s %*s %n", &start, &end, &pgoff, &name_at) < 3 ||
		    addr < start || addr >= end || !name_at || line[name_at] != '/')
			continue;
		line[strcspn(line, "\n")] = '\0';
		snprintf(path, size, "%s", line + name_at);
		*file_off = addr - start + pgoff;
		found = true;
	}
	fclose(f);
	return found;
}

static bool function_at(const GElf_Sym *sym, const char *name, void *ctx)
{
	uint64_t vaddr = *(const uint64_t *)ctx;

	(void)name;
	return GELF_ST_TYPE(sym->st_info) == STT_FUNC && vaddr >= sym->st_value &&
	       vaddr < sym->st_value + (sym->st_size ?: 1);
}

/* The function symbol of @type (SHT_SYMTAB, SHT_DYNSYM) covering @vaddr. */
static char *symbol_in(Elf *elf, Elf64_Word type, uint64_t vaddr)
{
	GElf_Sym sym;
	const char *name = elf_find_symbol(elf, type, function_at, &vaddr, &sym);

	return name ? strdup(*name ? name : "?") : NULL;
}

static char *demangled(char *name)
{
	cxa_demangle_fn *demangle = (cxa_demangle_fn *)dlsym(RTLD_DEFAULT, "__cxa_demangle");
	int status = -1;
	char *d;

	if (!name || strncmp(name, "_Z", 2) || !demangle)
		return name;
	d = demangle(name, NULL, NULL, &status);
	if (status || !d)
		return name;
	free(name);
	return d;
}

char *pv_symbol_name(uintptr_t addr)
{
	char path[4096], *name = NULL;
	uint64_t off;
	Elf *elf;
	int fd;

	if (mapping_of(addr, path, sizeof(path), &off) && elf_version(EV_CURRENT) != EV_NONE &&
	    (fd = open(path, O_RDONLY | O_CLOEXEC)) >= 0) {
		if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL))) {
			uint64_t vaddr = elf_offset_to_vaddr(elf, off);

			name = symbol_in(elf, SHT_SYMTAB, vaddr) ?: symbol_in(elf, SHT_DYNSYM, vaddr);
			elf_end(elf);
		}
		close(fd);
	}
	if (!name && asprintf(&name, "%#lx", (unsigned long)addr) < 0)
		return NULL;
	return demangled(name);
}
