/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SYM_CODE_H
#define PM_SYM_CODE_H

/*
 * A symbol's machine code, read from its binary (or the build-id cache,
 * or this machine's vDSO image) as objdump reads it: section by section,
 * a symbol perf extends over several (_init over the PLT) without the
 * gaps between them. For annotate's listing and branch mode's IPC. The
 * running kernel's code (and its modules') comes from /proc/kcore, which
 * root reads (CAP_SYS_RAWIO), when the recording is of this kernel, or
 * from the vmlinux the user names (-k), relocated by the recording's KASLR
 * offset.
 */
#include <gelf.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../symbols/dso.h"
#include "disasm.h"

struct elf_names;

struct sym_code {
	int fd;
	Elf *elf;
	const struct symbol *sym;
	const uint8_t *bytes;		/* the part of the symbol in one section */
	size_t size;
	uint64_t vaddr, off;		/* of bytes[0] */
	char section[64];		/* the first part's, for annotate's title */
	uint64_t start_vaddr;		/* where the symbol starts */
	uint8_t *kcore;			/* the kernel symbol's bytes, read whole */
	uint64_t kernel_delta;		/* -k: its run-time address less vmlinux's */
	struct elf_names *names;	/* sym_code__data_name()'s index */
	/* a stripped binary named from its debug file's .symtab, as objdump
	 * -S names it (set before the first name is asked for) */
	bool use_debug_symbols;
	char debug_path[96];
	int debug_fd;
	Elf *debug_elf;
};

/* /proc/kcore, or the image $PERF_MINI_KCORE names (for tests: an ELF
 * core file whose PT_LOADs stand for the kernel's memory). */
const char *sym_code__kcore_path(void);

/* Whether @dso's code is this kernel's, which /proc/kcore holds. */
bool sym_code__is_live_kernel(const struct dsos *dsos, const struct dso *dso);

/* The code of @sym (@dso's); false when no binary holds it (or, for the
 * kernel, /proc/kcore cannot be read: errno EACCES or EPERM). */
bool sym_code__open(struct sym_code *c, const struct dsos *dsos, struct dso *dso,
		    const struct symbol *sym);
void sym_code__close(struct sym_code *c);

/* Every part of the symbol, disassembled, through @fn. */
void sym_code__walk(struct sym_code *c, struct disasm *d, disasm_fn *fn, void *ctx);

/* An instruction's offset into the symbol, while sym_code__walk() is in
 * the part holding @vaddr. */
static inline uint64_t sym_code__offset(const struct sym_code *c, uint64_t vaddr)
{
	return c->off + (vaddr - c->vaddr) - c->sym->start;
}

/* objdump's name for data at @vaddr: " <sym+0xoff>" after the nearest
 * symbol at or below it, in any section (objdump's "# 2018
 * <_IO_stdin_used+0x18>"), the dynamic ones of a stripped binary with
 * their versions, C++ names demangled with @demangle; into @out, false
 * when there is none. */
bool sym_code__data_name(struct sym_code *c, uint64_t vaddr, bool demangle, struct strbuf *out);

/* objdump's name for the PLT entry at @vaddr ("operator new(unsigned
 * long)@plt", "*ABS*+0x9f1c0@plt" for an IRELATIVE slot), into @out;
 * false when @vaddr starts no entry of .plt or .plt.sec. */
bool sym_code__plt_name(struct sym_code *c, uint64_t vaddr, bool demangle, struct strbuf *out);

/* @vaddr's file offset, by the section that holds it (the symbols are
 * kept by file offset). */
bool sym_code__vaddr_offset(const struct sym_code *c, uint64_t vaddr, uint64_t *off);

#endif
