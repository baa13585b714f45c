// SPDX-License-Identifier: GPL-2.0
/*
 * arm64: PERF_REG_ARM64_* registers, and perf mem's events on the
 * Statistical Profiling Extension (arm_spe_0): loads (with a minimum
 * latency), stores, or both at once. No TopDown events: Arm's come as
 * metrics of the PMU's common events.
 */
#include "../arch.h"

static const char *const machines[] = { "aarch64", "arm64", NULL };

static const char *const pmu_prefixes[] = { "armv8_", "armv9_", "arm_", NULL };

static const char *const reg_names[] = {
	"x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11",
	"x12", "x13", "x14", "x15", "x16", "x17", "x18", "x19", "x20", "x21", "x22",
	"x23", "x24", "x25", "x26", "x27", "x28", "x29", "lr", "sp", "pc",
};

#define ARM64_REGS_ALL ((1ULL << 33) - 1)
#define ARM64_REG_SP 31
#define ARM64_REG_PC 32

static void mem_events(arch_has_fn *has, void *ctx, struct arch_mem_event *out)
{
	static const struct arch_mem_event spe[ARCH_MEM_MAX] = {
		[ARCH_MEM_LOAD] = { "spe-load", "arm_spe_0/ts_enable=1,pa_enable=1,load_filter=1,"
				    "store_filter=0,min_latency=%u/", "arm_spe_0", NULL, true,
				    .what = "Arm SPE" },
		[ARCH_MEM_STORE] = { "spe-store", "arm_spe_0/ts_enable=1,pa_enable=1,"
				     "load_filter=0,store_filter=1/", "arm_spe_0", NULL, false,
				     .what = "Arm SPE" },
		[ARCH_MEM_LDST] = { "spe-ldst", "arm_spe_0/ts_enable=1,pa_enable=1,load_filter=1,"
				    "store_filter=1,min_latency=%u/", "arm_spe_0", NULL, true,
				    .what = "Arm SPE" },
	};

	(void)has, (void)ctx;
	for (int i = 0; i < ARCH_MEM_MAX; i++)
		out[i] = spe[i];
}

const struct pmu_arch_ops arch_arm64 = {
	.name = "arm64",
	.machines = machines,
	.pmu_prefixes = pmu_prefixes,
	.reg_names = reg_names,
	.nr_regs = sizeof(reg_names) / sizeof(reg_names[0]),
	.regs_sampled = ARM64_REGS_ALL,
	.regs_default = ARM64_REGS_ALL,
	.regs_unwind = 1ULL << ARM64_REG_SP | 1ULL << ARM64_REG_PC,
	.mem_events = mem_events,
};
