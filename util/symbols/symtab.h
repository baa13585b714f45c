/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SYMTAB_H
#define PM_SYMTAB_H

/*
 * Building a DSO's symbol table (used by dso.c and symbol-elf.c): collect
 * (address, size, name, binding), then symtab_finish() sorts, drops
 * aliases the way perf's choose_best_symbol() does, closes size-less
 * symbols at the next one, and hands the table to the dso.
 */
#include <stdint.h>

#include "../base/strbuf.h"
#include "dso.h"

struct symtab {
	struct symbol *v;
	size_t nr, alloc;
	struct strbuf names;
	size_t *name_off;	/* offsets into names until symtab_finish() */
	bool sizes_final;	/* a size-less symbol is not closed at the next
				 * one (perf's JIT maps) */
	bool demangle;		/* ELF names demangled as they come (demangle.h) */
	size_t plt_from;	/* the first PLT stub's index, after the ELF
				 * file's symbols; 0: none (perf-tree.h) */
};

#define SYMTAB_INIT { .names = STRBUF_INIT }

void symtab_add(struct symtab *t, uint64_t start, uint64_t size, const char *name,
		uint8_t binding);
void symtab_finish(struct symtab *t, struct dso *dso);

/*
 * ELF symbols of @path into @t, addresses as file offsets for user DSOs
 * (absolute for the kernel), computed with the program headers of
 * @runtime (the binary that ran, for a separate .debug file whose own
 * headers describe no file contents) or of @path when NULL. False when a
 * file is not a readable ELF.
 */
bool symtab_load_elf(struct symtab *t, const char *path, const char *runtime, bool kernel);

/* The same from an ELF image in memory (the vDSO). */
bool symtab_load_elf_image(struct symtab *t, const void *image, size_t size);

/* This process's vDSO image (identical in every process of this boot). */
const void *vdso_image(size_t *size);

#endif
