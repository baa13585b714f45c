/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BOLT_CFG_H
#define PM_BOLT_CFG_H

/*
 * A binary's functions as BOLT sees them (for data convert --to-bolt):
 * its ELF function symbols by address, each named as BOLT's fdata names
 * it (a local "f" is "f/1"), and on first use its basic blocks, built
 * from capstone's disassembly by the rules llvm-bolt's CFG follows: a
 * block starts at the entry, at a jump's target and after a jump, return
 * or trap (a conditional jump followed by an unconditional one keeps
 * both); calls do not end blocks. A trace between two LBR entries is
 * turned into the fall-through edges it crossed, or refused where the
 * code says it cannot have run so.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

struct bolt_bb;
struct disasm;

struct bolt_func {
	uint64_t start, size;	/* vaddr, its symbol's size */
	uint64_t end_max;	/* up to the next function: where lookups stop */
	const char *name;	/* fdata's: a local's with "/N" */
	const uint8_t *code;	/* its bytes (size of them) in the ELF image */
	int8_t cfg;		/* 0 not built yet, 1 built, -1 not simple */
	size_t nr_bbs;
	struct bolt_bb *bbs;
};

struct bolt_binary {
	int fd;
	void *elf;		/* Elf * */
	bool fixed_address;	/* ET_EXEC: no load bias */
	struct bolt_func *funcs;	/* by start */
	size_t nr_funcs;
	struct strbuf names;
	struct disasm *disasm;
};

/* @path's function symbols (.symtab, else .dynsym); false with @err when
 * it is not a readable ELF or names no function. */
bool bolt_binary__open(struct bolt_binary *b, const char *path, const char *arch,
		       struct strbuf *err);
void bolt_binary__close(struct bolt_binary *b);

/* @vaddr's file offset as a virtual address (by the PT_LOADs). */
uint64_t bolt_binary__vaddr(struct bolt_binary *b, uint64_t file_off);

/* The function holding @vaddr, up to the next one (BOLT's max size). */
struct bolt_func *bolt_binary__func_at(struct bolt_binary *b, uint64_t vaddr);

static inline bool bolt_func__contains(const struct bolt_func *f, uint64_t vaddr)
{
	return vaddr >= f->start && vaddr - f->start < f->size;
}

/* Whether the instruction at @off into @f is a return. */
bool bolt_func__is_return(struct bolt_binary *b, struct bolt_func *f, uint64_t off);

/* A fall-through edge, offsets into its function: from the last
 * instruction of a block to the block after it. */
struct bolt_edge {
	uint64_t from, to;
};

/*
 * The fall-through edges of the trace from @from to @to (offsets into
 * @f): into @edges (grown as needed, *@nr of them); false when the trace
 * cannot have run (not simple code, backwards, a block with no
 * fall-through on the way). @external: the branch into @from came from
 * outside @f (a return: the trace then starts at the call before it).
 */
bool bolt_func__fallthroughs(struct bolt_binary *b, struct bolt_func *f, uint64_t from,
			     uint64_t to, bool external, struct bolt_edge **edges, size_t *nr,
			     size_t *alloc);

#endif
