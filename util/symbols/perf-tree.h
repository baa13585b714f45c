/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PERF_TREE_H
#define PM_PERF_TREE_H

/*
 * Where perf's symbols overlap, the one it finds depends on the shape of
 * its red-black tree. perf stretches a size-less ELF symbol (a program's
 * _init) to the next ELF symbol before it adds the "name@plt" stubs, so
 * that symbol covers the PLT, and a sample in a stub is named by
 * whichever of the two its search meets first. This module builds that
 * tree as perf does (same insertions, same duplicate removal, same
 * rebalancing) and says, for the addresses a stretched symbol shares
 * with the stubs, what perf's search returns.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct symbol;

/* perf names [start, end) with the symbol that starts at @sym_start
 * (none when @found is false), not with the PLT stub there, if any;
 * in perf's table that symbol ends at @sym_end, past the stubs. */
struct sym_override {
	uint64_t start, end, sym_start, sym_end;
	bool found;
};

/*
 * @v: a table's symbols in the order they were read, the ELF file's first
 * and the PLT stubs from @plt_from on; names already set. Returns how many
 * ranges it wrote to *@out (malloc'd, in address order; NULL when none):
 * those where perf's answer is not the stub there, or no symbol where no
 * stub is. 0 when no size-less symbol reaches over a stub.
 */
size_t perf_tree_plt_overrides(const struct symbol *v, size_t nr, size_t plt_from,
			       struct sym_override **out);

#endif
