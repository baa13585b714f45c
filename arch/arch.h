/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ARCH_H
#define PM_ARCH_H

/*
 * What perf-mini must know of a CPU architecture, one ops table each
 * (arch/x86, arch/arm64, arch/powerpc): the sampled registers and their
 * names, the memory events perf mem uses, the TopDown events. util/ calls
 * through a table; which one is chosen at run time (the machine a file
 * was recorded on, the host, or the PMUs sysfs describes: see
 * util/events/pmu-arch.h), never at build time, so every table runs and
 * is tested on any host. Tables and facts only: arch/ includes nothing of
 * util/.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* perf mem's three kinds of memory event (perf's PERF_MEM_EVENTS__*) */
enum arch_mem_kind { ARCH_MEM_LOAD, ARCH_MEM_STORE, ARCH_MEM_LDST, ARCH_MEM_MAX };

struct arch_mem_event {
	const char *tag;	/* perf mem -e name ("ldlat-loads"); NULL: the arch has none */
	const char *spec;	/* the event: %s the core PMU (when @pmu is NULL), then
				 * %u the latency (when @ldlat) */
	const char *pmu;	/* the PMU it needs; NULL: each core PMU (cpu, cpu_core, ...) */
	const char *alias;	/* the event it needs on that PMU; NULL: the PMU is enough */
	bool ldlat;		/* spec takes the load latency (%u) */
	/* where the PMU has event @aux, @aux_spec instead (a group it leads:
	 * Intel's mem-loads-aux); %s the PMU twice, then %u */
	const char *aux, *aux_spec;
	const char *what;	/* what samples them, for messages: "AMD IBS" */
};

/* Answers whether the described machine has PMU @pmu (NULL: the core
 * ones) with event @alias (NULL: the PMU alone). */
typedef bool arch_has_fn(void *ctx, const char *pmu, const char *alias);

struct arch_topdown {
	const char *slots;			/* the event that must lead a metric group */
	const char *const (*levels)[4];		/* the metric events of level 1, 2 */
	int nr_levels;
	const char *const *generic;		/* the older generic-counter events */
	int nr_generic;
};

struct pmu_arch_ops {
	const char *name;		/* perf's name: "x86", "arm64", "powerpc" */
	const char *const *machines;	/* uname -m / HEADER_ARCH spellings, NULL-ended */
	const char *const *pmu_prefixes;	/* PMUs only this arch has, NULL-ended */
	/* sampled registers: name of each PERF_REG_* bit ("" where none) */
	const char *const *reg_names;
	int nr_regs;
	uint64_t regs_sampled;	/* the ones that can be sampled (--user-regs, -I) */
	uint64_t regs_default;	/* --user-regs / -I without a list, as perf */
	uint64_t regs_unwind;	/* the least a DWARF unwinder needs: SP and IP */
	/* fills @out (ARCH_MEM_MAX entries) with the memory events the
	 * described machine has: Intel's or AMD's on x86 */
	void (*mem_events)(arch_has_fn *has, void *ctx, struct arch_mem_event *out);
	const struct arch_topdown *topdown;	/* NULL: no TopDown events */
	/* The data_src the kernel makes of a sample's SIER (POWER's sampled
	 * instruction event register), for a simulated PMU; NULL where the
	 * hardware reports data_src itself. */
	uint64_t (*data_src_of_sier)(uint64_t sier);
	/* a system call's name by its number (raw_syscalls' id), or NULL */
	const char *(*syscall_name)(int64_t id);
};

extern const struct pmu_arch_ops arch_x86, arch_arm64, arch_powerpc;

/* Every table, NULL-ended. */
extern const struct pmu_arch_ops *const arch_all[];

/* The table for a machine name ("x86_64", "aarch64", "ppc64le"), or NULL. */
const struct pmu_arch_ops *arch__by_machine(const char *machine);

/* The table of the build host's architecture (x86 when none fits). */
const struct pmu_arch_ops *arch__host(void);

/*
 * Reading counters from user space (util/selfmon): rdpmc and the TSC on
 * x86. The one choice made at build time, as these are instructions only
 * the build's CPU runs; where it has none (or no x86) they answer false
 * and the caller reads through the kernel. @counter is an rdpmc selector:
 * the mmap page's index - 1, or a fixed/metric one (1 << 30 | n, 1 << 29).
 */
bool arch_user_read_counter(uint32_t counter, uint64_t *raw);
bool arch_user_read_cycles(uint64_t *cycles);

const char *x86_64_syscall_name(int64_t id);

/* System call @id's name, NULL where the table has none. */
const char *arch__syscall_name(const struct pmu_arch_ops *arch, int64_t id);

/* Register bit @bit's name, or "unknown" as perf says. */
const char *arch__reg_name(const struct pmu_arch_ops *arch, int bit);

/* The bit of register @name (@len bytes, any case) that can be sampled,
 * or -1. */
int arch__reg_bit(const struct pmu_arch_ops *arch, const char *name, size_t len);

#endif
