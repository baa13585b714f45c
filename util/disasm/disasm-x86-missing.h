/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DISASM_X86_MISSING_H
#define PM_DISASM_X86_MISSING_H

/*
 * The x86 instructions Debian's capstone 4 does not decode (AVX-512's
 * mask-register instructions and compares into masks, rdpkru, ...), in
 * objdump's spelling (AT&T or Intel). See disasm.h.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "disasm.h"

/* The instruction at @code (at @addr) in @out when it is one of these;
 * its length, or 0. */
size_t x86_missing_decode(const uint8_t *code, size_t size, uint64_t addr, bool intel,
		     struct disasm_insn *out);

/* capstone 4's operands @ops of the EVEX instruction @code, whose
 * address's index register it names as a vector register, mended. */
void x86_evex_fix_index(const uint8_t *code, size_t size, bool intel, char *ops);

#endif
