/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CPUID_H
#define PM_CPUID_H

/*
 * The CPU's identity as perf spells it for its event tables:
 * "GenuineIntel-6-7E-5" (vendor, family, model and stepping, the last two
 * in upper-case hex), from <proc_root>/cpuinfo. Returns 0, or -ENOENT when
 * cpuinfo lacks the fields (non-x86: no table applies).
 */
#include <stddef.h>

int cpuid__read(const char *proc_root, char *buf, size_t size);

#endif
