/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SIM_STEPPER_H
#define PM_SIM_STEPPER_H

/*
 * pmu-sim's stepper: a helper process that traces the workload (ptrace)
 * so that a simulated sample can carry what the hardware would have seen
 * there. Asked for a window of a thread, it stops the thread, single-steps
 * it until the last-branch record (sim-lbr.h) has filled, or up to a load
 * (store) that a memory event would sample, every access on the way fed
 * to the cache model (sim-cache.h); it answers the branches, that access,
 * the thread's registers at the end, its frame-pointer callchain and the
 * top of its stack; then the thread runs on.
 */
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "sim-lbr.h"

#define SIM_NR_REGS 24		/* perf's x86-64 registers: AX .. R15 */
#define SIM_CHAIN_MAX 127	/* the kernel's perf_event_max_stack */
#define SIM_STACK_MAX 65528	/* the most a sample's user stack holds */

enum sim_mem_want { SIM_WANT_NONE, SIM_WANT_LOAD, SIM_WANT_STORE };

struct sim_window {
	uint64_t regs[SIM_NR_REGS];	/* at the window's end, in perf's order */
	uint64_t hw_idx;		/* the LBR's top-of-stack index */
	uint64_t mem_addr, data_src;	/* the sampled load or store (sim-cache.h) */
	uint32_t weight, mem_found;	/* its latency; whether one was found */
	uint32_t nr_branches, nr_chain;
	uint64_t stack_len;		/* bytes of @stack, read up from the SP */
	struct perf_branch_entry branches[SIM_LBR_MAX];	/* most recent first */
	uint64_t chain[SIM_CHAIN_MAX];	/* the IP, then return addresses */
	uint8_t stack[SIM_STACK_MAX];
};

struct sim_window_req {
	pid_t tid;
	uint32_t lbr_depth;	/* the described PMU's, at most SIM_LBR_MAX */
	uint64_t filter;	/* branch_sample_type, privilege bits resolved */
	uint32_t max_chain;	/* 0: no callchain */
	uint32_t stack_bytes;	/* 0: no stack */
	uint32_t mem_want;	/* enum sim_mem_want: end at such an access */
	uint32_t ldlat;		/* a load is sampled from this latency up */
	uint32_t hold;		/* the workload stays stopped after it, until
				 * sim_stepper__release() */
};

/* The workload a run of held windows stopped runs on. */
void sim_stepper__release(void);

/* Trace @pid and what it starts from now on (threads, children): 0, or
 * -errno with a line on stderr saying why the windows will be empty. */
int sim_stepper__attach(pid_t pid);

/* A window of the thread @req->tid into @w: 0, or -errno (the thread is
 * not traced, gone, or in a system call; -ENOENT: no access to sample)
 * with @w untouched. @stopped(@ctx), when given, is called once the
 * thread and the workload's others stand still, before the first step:
 * whatever they were sampled doing before is in the rings by then. */
int sim_stepper__window(const struct sim_window_req *req, struct sim_window *w,
			void (*stopped)(void *ctx), void *ctx);

#endif
