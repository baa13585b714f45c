/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PMU_ARCH_H
#define PM_PMU_ARCH_H

/*
 * Which arch/ table applies. To the machine sysfs describes: the
 * architecture whose own PMUs it lists (ibs_op, arm_spe_0, hv_24x7, ...),
 * else the host's, so a described PMU of another architecture (a test's
 * PERF_MINI_SYSFS) gets its own rules on any host. To a recording: the
 * machine its ARCH header names.
 */
#include "../../arch/arch.h"
#include "pmu.h"

const struct pmu_arch_ops *pmus__arch(struct pmus *pmus);

/* The memory events of @pmus's machine, ARCH_MEM_MAX of them in @out. */
void pmus__mem_events(struct pmus *pmus, struct arch_mem_event *out);

/* Does @pmus have PMU @pmu (NULL: a core PMU) with event @alias (NULL:
 * the PMU alone)? An arch_has_fn for @pmus. */
bool pmus__has_event(void *pmus, const char *pmu, const char *alias);

#endif
