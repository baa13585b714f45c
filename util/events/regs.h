/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_REGS_H
#define PM_REGS_H

/*
 * --user-regs/-I register lists, by the host architecture's table
 * (arch/; arch__reg_name() names a bit, as perf_reg_name()).
 */
#include <stdint.h>

#include "../../arch/arch.h"
#include "../base/strbuf.h"

/* "ax,bx,ip" (any case) into @mask. Returns 0 or -EINVAL naming the
 * register and listing the ones @arch samples in @err. */
int regs__parse(const struct pmu_arch_ops *arch, const char *list, uint64_t *mask,
		struct strbuf *err);

#endif
