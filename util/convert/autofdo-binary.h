/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_AUTOFDO_BINARY_H
#define PM_AUTOFDO_BINARY_H

/*
 * A binary as AutoFDO's create_llvm_prof reads it, for data convert
 * --to-autofdo: every named, sized ELF symbol (.symtab, then .dynsym),
 * the first at an address its name and the later ones its aliases;
 * addresses are file offsets plus the first PT_LOAD's virtual address.
 * The DWARF (version 5 too, which create_llvm_prof 0.19 cannot read) is
 * read only for the sampled functions: each address's line row (the last
 * at an address, none after a sequence's end) and the subprograms (in no
 * other one, in whatever namespace or class) and inlined calls covering
 * it, innermost first, as an inline stack of (function, its first line,
 * line, discriminator). The names are libdw's: valid until close.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

struct afdo_sym {
	uint64_t start, size;
	const char *name;
	size_t first_alias, nr_aliases;	/* in afdo_binary.aliases */
};

struct afdo_frame {
	const char *name;	/* mangled where the DWARF has it; NULL: unknown */
	uint32_t start_line, line, disc;
};

struct afdo_row;
struct afdo_die;
struct afdo_top;

struct afdo_binary {
	int fd;
	void *elf;		/* Elf * */
	void *dwarf;		/* Dwarf *, NULL without DWARF */
	uint64_t load_vaddr;	/* the first PT_LOAD's p_vaddr */
	struct afdo_sym *syms;	/* by start, one per address */
	size_t nr_syms;
	const char **aliases;
	size_t nr_aliases;
	char *strings;		/* the names, copied */
	struct afdo_row *rows;	/* the sampled functions' line rows, by address */
	size_t nr_rows;
	struct afdo_die *dies;	/* their subprograms and inlined calls */
	size_t nr_dies, alloc_dies;
	struct afdo_top *tops;	/* the subprograms' ranges, by address */
	size_t nr_tops, alloc_tops;
};

/* @path's symbols; false with @err when it is not a readable ELF. */
bool afdo_binary__open(struct afdo_binary *b, const char *path, struct strbuf *err);
void afdo_binary__close(struct afdo_binary *b);

/* The symbol whose [start, start + size) holds @addr, NULL if none. */
const struct afdo_sym *afdo_binary__sym_at(const struct afdo_binary *b, uint64_t addr);
/* The symbol starting at @addr, NULL if none. */
const struct afdo_sym *afdo_binary__sym_starting(const struct afdo_binary *b, uint64_t addr);

/* Read the line rows and subprograms of the sampled functions (the
 * symbols at @starts, sorted); false when the binary has no DWARF that
 * create_llvm_prof could read (@err says which). */
bool afdo_binary__read_dwarf(struct afdo_binary *b, const uint64_t *starts, size_t nr,
			     struct strbuf *err);

/* @addr's inline stack, innermost first, at most @max frames; 0 where
 * no line row covers it. */
size_t afdo_binary__inline_stack(const struct afdo_binary *b, uint64_t addr,
				 struct afdo_frame *frames, size_t max);

#endif
