/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REGS_H
#define PM_REGS_H

/*
 * Sampled registers as perf names them (perf_reg_name()), by the
 * architecture's table (arch/): record --user-regs/-I on the host's, and
 * script -F uregs/iregs on the recording machine's.
 */
#include <stdint.h>

#include "../../arch/arch.h"
#include "../base/strbuf.h"

/* The name of register bit @bit ("AX"), or "unknown" as perf. */
const char *regs__name(const struct pmu_arch_ops *arch, int bit);

/* "ax,bx,ip" (any case) into @mask. Returns 0 or -EINVAL naming the
 * register and listing the ones @arch samples in @err. */
int regs__parse(const struct pmu_arch_ops *arch, const char *list, uint64_t *mask,
		struct strbuf *err);

#endif
