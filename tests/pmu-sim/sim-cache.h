/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SIM_CACHE_H
#define PM_SIM_CACHE_H

/*
 * pmu-sim's memory hierarchy: where the loads and stores the stepper sees
 * would have been served, for a memory sample's data_src and weight. An
 * Ice Lake server core's sizes (README.md): set-associative L1d, L2 and
 * L3 with LRU replacement and 64-byte lines, a DTLB and an STLB of 4 KiB
 * pages, and who writes each line: a load of a line another thread of
 * the process is writing is a HITM, served from that thread's core.
 * Every access the stepper feeds stays in the model.
 */
#include <stdbool.h>
#include <stdint.h>
#include <sys/types.h>

struct sim_access {
	uint64_t data_src;	/* PERF_MEM_* as the kernel's PEBS decoding gives it */
	uint32_t latency;	/* cycles: the sample's weight */
};

/* The stepper starts another window (of any thread). */
void sim_cache__new_window(void);

/* The access at @addr by thread @tid of process @tgid (a store when
 * @store), into the model, and what it cost. */
void sim_cache__access(uint64_t addr, pid_t tgid, pid_t tid, bool store, struct sim_access *out);

#endif
