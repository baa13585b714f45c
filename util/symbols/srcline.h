/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SRCLINE_H
#define PM_SRCLINE_H

/*
 * Source lines for report --sort srcline, from the DWARF line tables of
 * the binaries (or their separate debug files, found by build-id) with
 * libdw, in perf's spelling: "file.c:12" (the file's base name); for an
 * address the line table of a binary with DWARF does not cover, what
 * addr2line tells perf ("crtstuff.c:0" from the nearest function's file
 * symbol, else "??:0"); where no function covers it (a PLT) or in a
 * binary without DWARF, perf's fallback: "symbol+offset" (decimal) when
 * the caller gave a symbol, else "dso[address]"; "??:0" for an address
 * in no DSO.
 *
 * Ownership: the strings are interned in struct srclines and live until
 * srclines__exit().
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/hmap.h"
#include "../base/strbuf.h"
#include "dso.h"

struct srclines {
	struct hmap lines;		/* struct srcline_entry *, by (dso, addr) */
	struct srcline_module *modules;	/* one libdw session per DSO read */
	struct hmap inlines;		/* inline lists, by (dso, addr) */
	struct hmap files;		/* srcfile, by (dso, addr) */
	bool full_path;		/* --full-source-path: the file as DWARF names it */
};

/* The line of @addr (map_ip space) in @dso, @sym its symbol or NULL. */
const char *srcline__get(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			 const struct symbol *sym, uint64_t addr);
/* The line table's discriminator at @addr of @dso (which of the blocks
 * of one line it is, as objdump -l shows it), 0 where it has none. */
unsigned int srcline__discriminator(struct srclines *sl, const struct dsos *dsos,
				   struct dso *dso, uint64_t addr);

/*
 * perf's srcfile of @addr: the file of its srcline ("burn.c"), "" where
 * only a symbol offset or nothing is known ("??:0"). Valid until
 * srclines__exit().
 */
const char *srcline__file(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			  const struct symbol *sym, uint64_t addr);

/*
 * The functions at @addr of @dso as its DWARF nests them, innermost first:
 * the inlined ones, then the function they are inlined into (perf's
 * inline list). Up to @max names in @names and, when @lines is not NULL,
 * their srclines there (the address's line for the first, then each call
 * site; NULL where unknown), which stay valid until srclines__exit().
 * Where the DWARF has no function at @addr, as addr2line: one entry, named
 * "" (the ELF symbol's), with the line it knows or "??:0"; 0 only when no
 * binary can be read.
 */
size_t srcline__inlines(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			uint64_t addr, const char **names, const char **lines, size_t max);

/*
 * The same list as symbols, as perf's report has it: @base (the ELF
 * symbol at @addr) where the name is its own, else a symbol of @base's
 * range marked inlined, alive until srclines__exit().
 */
size_t srcline__inline_syms(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
			    const struct symbol *base, uint64_t addr, const struct symbol **syms,
			    size_t max);

/* The function the DWARF has at an address (the innermost inlined one). */
struct srcline_func {
	uint64_t id;		/* its DIE, the same for each address of it */
	const char *linkage;	/* its linkage (mangled) name, or NULL */
	const char *name;	/* its plain name, or NULL */
	bool plain;		/* of a language that does not mangle names (C) */
	bool has_low;
	uint64_t low;		/* its first address, in the binary's */
};

/* The function at @addr of @dso; false when the DWARF has none there.
 * Its names stay valid until srclines__exit(). */
bool srcline__function(struct srclines *sl, const struct dsos *dsos, struct dso *dso,
		       uint64_t addr, struct srcline_func *f);

/* Whether @dso (a user one) has DWARF: objdump -l then names functions
 * from the ELF symbols where no line table knows an address. */
bool srcline__has_dwarf(struct srclines *sl, const struct dsos *dsos, struct dso *dso);

void srclines__exit(struct srclines *sl);

#endif
