/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REGS_H
#define PM_REGS_H

/*
 * x86_64's sampled registers as perf names them (perf_reg_name(): AX ...
 * R15, by their PERF_REG_X86_* bit) for record --user-regs/-I and script
 * -F uregs/iregs. (arch/, issue 15, is where the other architectures'
 * tables will go.)
 */
#include <stdint.h>

#include "../base/strbuf.h"

/* The registers perf samples by default: AX..SS and R8..R15 */
#define REGS_DEFAULT_MASK 0xff0fffULL

/* The name of register bit @bit ("AX"), or "unknown" as perf. */
const char *regs__name(int bit);

/* "ax,bx,ip" (any case) into @mask. Returns 0 or -EINVAL naming the
 * register and listing them in @err. */
int regs__parse(const char *list, uint64_t *mask, struct strbuf *err);

#endif
