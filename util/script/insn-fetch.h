/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_INSN_FETCH_H
#define PM_INSN_FETCH_H

/*
 * The instruction a sample's IP points at, for script -F insn,insnlen:
 * its bytes read from the recorded binary (or the build-id cache) at the
 * map's file offset, its length decoded by capstone (util/disasm),
 * as perf reads it from the DSO. Kernel addresses give nothing (perf
 * reads no kernel text without a vmlinux either).
 */
#include <stddef.h>
#include <stdint.h>

#include "../report/resolve.h"

struct insn_fetch;

/* For the recording's arch (its ARCH header, NULL: the host's). */
struct insn_fetch *insn_fetch__new(const char *arch);
void insn_fetch__delete(struct insn_fetch *f);

/* Up to @len bytes of code at @al into @buf: how many, 0 when none. */
size_t insn_fetch__read(struct insn_fetch *f, struct machine *m, const struct addr_location *al,
			uint8_t *buf, size_t len);

/* The disassembler, NULL when the arch has none. */
struct disasm *insn_fetch__disasm(struct insn_fetch *f);

/* The instruction at @al: its length, 0 when unknown; its bytes in @buf
 * (room for 16). */
size_t insn_fetch__at(struct insn_fetch *f, struct machine *m, const struct addr_location *al,
		      uint8_t *buf);

#endif
