// SPDX-License-Identifier: GPL-2.0
/*
 * x86: PERF_REG_X86_* registers, Intel's load-latency and store events
 * or AMD's IBS for perf mem, Intel's TopDown events.
 */
#include "../arch.h"

static const char *const machines[] = { "x86_64", "x86", "i386", "i686", "amd64", NULL };

/* PMUs no other architecture has: AMD's IBS and IOMMU, Intel's PT and uncore */
static const char *const pmu_prefixes[] = {
	"ibs_", "amd_", "intel_", "uncore_", "cstate_", "msr", NULL,
};

static const char *const reg_names[] = {
	"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
	"DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

/* DS, ES, FS and GS (bits 12-15) are not sampled on x86_64 */
#define X86_REGS_SAMPLED 0xff0fffULL
#define X86_REG_SP 7
#define X86_REG_IP 8

/*
 * perf's choice: Intel's events on the core PMU(s) that describe them;
 * where none does and an IBS op PMU exists (AMD), one IBS event that
 * samples loads and stores together.
 */
static void mem_events(arch_has_fn *has, void *ctx, struct arch_mem_event *out)
{
	static const struct arch_mem_event intel[ARCH_MEM_MAX] = {
		[ARCH_MEM_LOAD] = { "ldlat-loads", "%s/mem-loads,ldlat=%u/P", NULL, "mem-loads",
				    true, "mem-loads-aux",
				    "{%s/mem-loads-aux/,%s/mem-loads,ldlat=%u/}:P",
				    "Intel load latency sampling" },
		[ARCH_MEM_STORE] = { "ldlat-stores", "%s/mem-stores/P", NULL, "mem-stores", false,
				     .what = "Intel precise store sampling" },
	};
	static const struct arch_mem_event amd[ARCH_MEM_MAX] = {
		[ARCH_MEM_LDST] = { "mem-ldst", "ibs_op//", "ibs_op", NULL, false,
				    .what = "AMD IBS" },
	};
	bool intel_events = has(ctx, NULL, "mem-loads") || has(ctx, NULL, "mem-stores");
	const struct arch_mem_event *t = !intel_events && has(ctx, "ibs_op", NULL) ? amd : intel;

	for (int i = 0; i < ARCH_MEM_MAX; i++)
		out[i] = t[i];
}

static const char *const topdown_levels[][4] = {
	{ "topdown-retiring", "topdown-bad-spec", "topdown-fe-bound", "topdown-be-bound" },
	{ "topdown-heavy-ops", "topdown-br-mispredict", "topdown-fetch-lat",
	  "topdown-mem-bound" },
};

/* Skylake and before: counted on generic counters, in perf's order */
static const char *const topdown_generic[] = {
	"topdown-total-slots", "topdown-slots-retired", "topdown-recovery-bubbles",
	"topdown-fetch-bubbles", "topdown-slots-issued",
};

static const struct arch_topdown topdown = {
	.slots = "slots",
	.levels = topdown_levels,
	.nr_levels = 2,
	.generic = topdown_generic,
	.nr_generic = 5,
};

const struct pmu_arch_ops arch_x86 = {
	.name = "x86",
	.machines = machines,
	.pmu_prefixes = pmu_prefixes,
	.reg_names = reg_names,
	.nr_regs = sizeof(reg_names) / sizeof(reg_names[0]),
	.regs_sampled = X86_REGS_SAMPLED,
	.regs_default = X86_REGS_SAMPLED,
	.regs_unwind = 1ULL << X86_REG_SP | 1ULL << X86_REG_IP,
	.mem_events = mem_events,
	.topdown = &topdown,
	.syscall_name = x86_64_syscall_name,
};
