// SPDX-License-Identifier: GPL-2.0
/*
 * powerpc: PERF_REG_POWERPC_* registers, and perf mem's events on the
 * core PMU's mem-loads and mem-stores (POWER8 and later: marked loads and
 * stores, whose SIER the kernel decodes into data_src, see
 * Documentation/perf-mini-mem.txt). No TopDown events.
 */
#include <linux/perf_event.h>

#include "../arch.h"

static const char *const machines[] = { "ppc64le", "ppc64", "powerpc", "ppc", NULL };

/* the hypervisor's and the in-memory collection counters' PMUs */
static const char *const pmu_prefixes[] = { "hv_24x7", "hv_gpci", "nest_", "core_imc",
					    "thread_imc", "trace_imc", NULL };

static const char *const reg_names[] = {
	"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11",
	"r12", "r13", "r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22",
	"r23", "r24", "r25", "r26", "r27", "r28", "r29", "r30", "r31", "nip", "msr",
	"orig_r3", "ctr", "link", "xer", "ccr", "softe", "trap", "dar", "dsisr", "sier",
	"mmcra",
};

#define POWERPC_REGS_ALL ((1ULL << 45) - 1)
#define POWERPC_REG_SP 1	/* r1 */
#define POWERPC_REG_NIP 32

static void mem_events(arch_has_fn *has, void *ctx, struct arch_mem_event *out)
{
	static const struct arch_mem_event power[ARCH_MEM_MAX] = {
		[ARCH_MEM_LOAD] = { "ldlat-loads", "cpu/mem-loads/", "cpu", "mem-loads", false,
				    .what = "POWER marked loads" },
		[ARCH_MEM_STORE] = { "ldlat-stores", "cpu/mem-stores/", "cpu", "mem-stores", false,
				     .what = "POWER marked stores" },
	};

	(void)has, (void)ctx;
	for (int i = 0; i < ARCH_MEM_MAX; i++)
		out[i] = power[i];
}

/* SIER's fields: the instruction type (bits 15-17: 1 load, 2 store) and
 * where a marked load or store found its data (LDST, bits 1-3) */
#define SIER_TYPE(sier) (((sier) >> 15) & 7)
#define SIER_LDST(sier) (((sier) >> 1) & 7)

#define DS(a, b) PERF_MEM_S(a, b)
#define LOAD_HIT(lvl) (DS(OP, LOAD) | DS(LVL, HIT) | DS(LVL, lvl))

/* POWER8's mapping of LDST onto the arch-neutral levels (the kernel's
 * ldst_src_map): REM_CCE1 is another core's cache on the same chip,
 * REM_CCE2 another chip's or node's */
static uint64_t data_src_of_sier(uint64_t sier)
{
	static const uint64_t ldst_src[8] = {
		DS(LVL, NA), LOAD_HIT(L1), LOAD_HIT(L2), LOAD_HIT(L3), LOAD_HIT(LOC_RAM),
		LOAD_HIT(REM_CCE1), LOAD_HIT(REM_CCE2), DS(OP, STORE) | DS(LVL, MISS) | DS(LVL, L1),
	};

	if (SIER_TYPE(sier) != 1 && SIER_TYPE(sier) != 2)
		return 0;	/* not a load or a store: nothing added */
	return ldst_src[SIER_LDST(sier)];
}

const struct pmu_arch_ops arch_powerpc = {
	.name = "powerpc",
	.machines = machines,
	.pmu_prefixes = pmu_prefixes,
	.reg_names = reg_names,
	.nr_regs = sizeof(reg_names) / sizeof(reg_names[0]),
	.regs_sampled = POWERPC_REGS_ALL,
	.regs_default = POWERPC_REGS_ALL,
	.regs_unwind = 1ULL << POWERPC_REG_SP | 1ULL << POWERPC_REG_NIP,
	.mem_events = mem_events,
	.data_src_of_sier = data_src_of_sier,
};
