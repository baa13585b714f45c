/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ELF_WALK_H
#define PM_ELF_WALK_H

/*
 * Walks over an ELF file (libelf) that need nothing else of perf-mini,
 * so profviz.so is built with them too: a file offset as a virtual
 * address, the first symbol a test accepts, a section by its name.
 */
#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>

/* @off, an offset into the file, as the virtual address its PT_LOAD
 * segment maps it to; @off itself when none covers it. */
uint64_t elf_offset_to_vaddr(Elf *elf, uint64_t off);

typedef bool elf_sym_test(const GElf_Sym *sym, const char *name, void *ctx);

/* The name of the first symbol of the sections of @type (SHT_SYMTAB,
 * SHT_DYNSYM) that @test accepts, with the symbol in @sym; NULL if none.
 * A test that accepts none sees every symbol, in the table's order. */
const char *elf_find_symbol(Elf *elf, Elf64_Word type, elf_sym_test *test, void *ctx,
			    GElf_Sym *sym);

/* The section named @name, its header in @sh; NULL if none. */
Elf_Scn *elf_section_by_name(Elf *elf, const char *name, GElf_Shdr *sh);

#endif
