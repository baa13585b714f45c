/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DISASM_H
#define PM_DISASM_H

/*
 * Machine code to text, with capstone (Debian's libcapstone), in
 * objdump's spelling where perf users read it: the mnemonic padded to
 * six, operands without spaces after commas; AT&T syntax, or Intel's.
 * A direct jump or call says where it goes (the caller names it), an x86
 * RIP-relative operand what it addresses.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

struct disasm;

struct disasm_insn {
	uint64_t addr;
	uint16_t size;
	uint8_t bytes[16];
	char mnemonic[32];
	char operands[160];	/* objdump's spelling, without a direct target */
	bool has_target;	/* a direct jump or call: @target */
	bool is_call;
	bool is_branch;		/* a jump, call, return or interrupt, direct or not */
	bool is_return;
	bool is_jump;		/* a jump, direct or not, conditional or not */
	bool is_cond_jump;	/* x86: jcc, jrcxz, loop (any jump elsewhere) */
	uint64_t target;
	bool has_rip_ref;	/* x86: an operand at @rip_ref (objdump's "# addr") */
	uint64_t rip_ref;
};

/* For @arch (the recording's uname -m: x86_64, i386/i686, aarch64);
 * NULL with @err for another. */
struct disasm *disasm__new(const char *arch, bool intel, struct strbuf *err);
void disasm__delete(struct disasm *d);

/* The instructions of @code (@size bytes at @addr) in order, through @fn
 * (which returns non-zero to stop); how many were walked. Bytes capstone
 * does not decode come as ".byte" data, as long as the instruction they
 * are when that is known (AVX and AVX-512's VEX and EVEX encodings, which
 * Debian's capstone 4 only partly decodes), else one byte. */
typedef int disasm_fn(const struct disasm_insn *insn, void *ctx);
size_t disasm__walk(struct disasm *d, const uint8_t *code, size_t size, uint64_t addr,
		    disasm_fn *fn, void *ctx);

/* The instruction at the start of @code in @out; its length, 0 when it
 * does not decode (capstone's undecoded AVX ones count, as data). */
size_t disasm__one(struct disasm *d, const uint8_t *code, size_t size, uint64_t addr,
		   struct disasm_insn *out);

/* The length of the instruction at the start of @code, 0 when it does
 * not decode (capstone's undecoded AVX ones count, as in disasm__one()). */
size_t disasm__length(struct disasm *d, const uint8_t *code, size_t size, uint64_t addr);

#endif
