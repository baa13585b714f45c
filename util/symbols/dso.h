/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DSO_H
#define PM_DSO_H

/*
 * Shared objects (executables, libraries, the kernel) and their symbols.
 * Symbols are loaded once, on the first lookup, from the ELF file (libelf:
 * .symtab, else .dynsym) or from kallsyms for the kernel, and only when
 * the file on disk is the one that was recorded (same build-id). Symbol
 * addresses are kept in the space map__map_ip() yields (file offsets for
 * user DSOs, absolute addresses for the kernel), so a lookup is one binary
 * search per address.
 */
#include <stdio.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "perf-tree.h"

struct symbol {
	uint64_t start, end;	/* [start, end) */
	const char *name;	/* points into the dso's name arena */
	uint32_t namelen;	/* 40 bytes a symbol: kallsyms has 100k+ of them */
	uint8_t binding;	/* STB_LOCAL, STB_GLOBAL, STB_WEAK */
	bool is_object;		/* data (STT_OBJECT), printed as name+offset */
	bool inlined;		/* a function DWARF inlines into this one's range
				 * (perf's "name (inlined)" frames) */
	uint32_t seq;		/* position in the symbol table, the last tie-break */
};

struct dso {
	char *long_name;
	const char *short_name;	/* basename, "[kernel.kallsyms]", "[module]" */
	char *short_name_alloc;
	bool kernel;
	bool is_module;
	bool path_known;	/* a module the header's build-ids name by its path */
	uint32_t seq;		/* creation order, 1 up: a stable order among DSOs */
	uint8_t build_id[20];
	uint8_t build_id_size;	/* 0: unknown */
	bool symbols_loaded;
	bool from_kallsyms;	/* the kernel's symbols came from a kallsyms file */
	/* the -k file the kernel's symbols came from (perf's long name for
	 * it), borrowed from the dsos' config; NULL otherwise */
	const char *vmlinux_path;
	int8_t binary_ok;	/* dso__binary_path(): 0 unknown, 1 yes, -1 no */
	struct symbol *syms;	/* sorted by start */
	size_t nr_syms;
	char *names;		/* arena for symbol names */
	void *names_map;	/* or the cache file mapped that holds it, */
	size_t names_map_size;	/* the bounds and, until a lookup makes a */
	const void *lazy_syms;	/* symbol of one, its record (kallsyms.h) */
	uint64_t names_size;	/* with lazy_syms: the bytes names holds */
	/* [start, end) of each symbol, side by side: a lookup's binary search
	 * touches a quarter of the cache lines it would in syms */
	uint64_t *bounds;
	/* where perf names a PLT stub by the symbol stretched over it */
	struct sym_override *plt_overrides;
	size_t nr_plt_overrides;
	/* the vDSO of another machine, from the build-id cache (an archive) */
	void *vdso_copy;
	size_t vdso_copy_size;
	struct dso *next;
};

struct dsos_config {
	const char *symfs;	/* prefix for every DSO path, "" by default */
	const char *kallsyms;	/* NULL: /proc/kallsyms when it matches */
	const char *vmlinux;	/* kernel symbols from this ELF, before kallsyms */
	/* Why the recorded kernel is not the running one ("" when it is):
	 * this machine's /proc/kallsyms would name the wrong functions. */
	char kernel_mismatch[160];
	uint8_t kernel_build_id[20];	/* the recorded kernel's, from the header */
	size_t kernel_build_id_size;
	bool vmlinux_rejected;	/* -k named another kernel: as perf, no symbols */
	bool no_demangle;	/* --no-demangle: user symbols as the ELF spells them */
	bool demangle_kernel;	/* --demangle-kernel: the kernel's ELF symbols too */
	FILE *verbose;		/* -v: where each table came from, told here */
};

struct dsos {
	struct dso *head;
	struct dsos_config cfg;
	size_t nr;
	bool kernel_unresolved;	/* kernel symbols were wanted, cfg.kernel_mismatch said no */
	/* where the recording's kernel map says its reference symbol ("_text")
	 * was at run time: what relocates a vmlinux's symbols (KASLR) */
	char kernel_ref_name[32];
	uint64_t kernel_ref_addr;
	int8_t vmlinux_delta_known;	/* 0 not asked, 1 yes, -1 no */
	uint64_t vmlinux_delta;		/* run-time address less the vmlinux's */
	uint64_t vmlinux_text_start, vmlinux_text_end;	/* its .text, relocated */
	uint64_t vmlinux_text_offset;	/* and where .text is in the file */
};

struct dso *dsos__findnew(struct dsos *dsos, const char *long_name, bool kernel);

/* The pid of a JIT's symbol file "/tmp/perf-PID.map", else -1. */
int dso__jit_tid(const struct dso *dso);
void dsos__exit(struct dsos *dsos);

/* How far the recorded kernel ran from where cfg.vmlinux links it (KASLR):
 * the kernel map's reference symbol at run time less its value in the
 * vmlinux; 0 when either is unknown. */
uint64_t dsos__vmlinux_delta(struct dsos *dsos);

/* The symbol containing @addr (in map_ip space), loading symbols once. */
const struct symbol *dso__find_symbol(struct dsos *dsos, struct dso *dso, uint64_t addr);
/* The symbol holding @addr in the table alone, without perf's way of
 * naming a PLT stub (perf-tree.h): what objdump's labels name. */
const struct symbol *dso__table_symbol(struct dsos *dsos, struct dso *dso, uint64_t addr);

/*
 * From the first symbol's start to the last one's end, when @dso's
 * symbols (loaded now if need be) came from kallsyms; else false.
 */
bool dso__kallsyms_span(struct dsos *dsos, struct dso *dso, uint64_t *start, uint64_t *end);

/*
 * The binary of a user DSO on disk (under --symfs), when it is the one
 * recorded (same build-id): for readers of its contents such as the
 * unwinder. False when there is none.
 */
struct strbuf;
bool dso__binary_path(const struct dsos *dsos, struct dso *dso, struct strbuf *path);

/* This machine's vDSO image when @dso is the recorded [vdso], else NULL. */
const void *dso__vdso_image(const struct dsos *dsos, const struct dso *dso, size_t *size);

/* Set a DSO's build-id (from the header or an MMAP2 record). */
void dso__set_build_id(struct dso *dso, const uint8_t *id, size_t size);

/* Read the GNU build-id note of an ELF file; returns its size or 0. */
size_t elf_read_build_id(const char *path, uint8_t *out, size_t out_size);

/* The build-id of this machine's vDSO, or 0. */
size_t vdso_build_id(uint8_t *out, size_t out_size);

#endif
