/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SIM_LBR_H
#define PM_SIM_LBR_H

/*
 * pmu-sim's last-branch record: what an Intel LBR would hold after the
 * instructions a traced thread was single-stepped through. Each stepped
 * instruction is classified (capstone), a taken branch that passes the
 * attr's branch_sample_type filter goes into a ring of the described
 * PMU's depth, with the flags the hardware gives: mispredicted or
 * predicted by a small modelled predictor, cycles since the previous
 * entry (one per instruction), the branch type for TYPE_SAVE. The
 * decoder also says where an instruction's explicit memory operand
 * points (the stepper's loads and stores: sim-cache.h).
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/user.h>

#define SIM_LBR_MAX 64

enum sim_branch_kind {
	SB_NONE,	/* not a branch */
	SB_COND,
	SB_JMP,
	SB_IND_JMP,
	SB_CALL,
	SB_IND_CALL,
	SB_RET,
	SB_SYSCALL,	/* into the kernel: syscall, sysenter, int */
};

#define SIM_MEM_READ 1
#define SIM_MEM_WRITE 2

struct sim_insn {
	uint8_t len;		/* 0: capstone does not decode it (never a branch) */
	uint8_t kind;		/* enum sim_branch_kind */
	uint8_t mem;		/* SIM_MEM_*: how it accesses its memory operand */
	uint8_t scale;
	uint16_t seg, base, index;	/* the operand's capstone x86 registers */
	int64_t disp;
	uint64_t target;	/* a direct jump's or call's */
};

/* The instruction at the start of @code (@size bytes at @ip). */
void sim_insn__decode(const uint8_t *code, size_t size, uint64_t ip, struct sim_insn *out);

/* The address the memory operand of @in, at @ip, reads or writes with the
 * thread's registers @r. */
uint64_t sim_insn__address(const struct sim_insn *in, uint64_t ip,
			   const struct user_regs_struct *r);

struct sim_lbr {
	uint64_t filter;	/* branch_sample_type, privilege bits resolved */
	unsigned int depth, nr, head;
	uint32_t since;		/* instructions since the last entry */
	struct perf_branch_entry ring[SIM_LBR_MAX];
	uint64_t ret_to[SIM_LBR_MAX];	/* call-stack mode: where each call returns */
	uint64_t rsb[16];	/* the return stack buffer's predictions */
	unsigned int rsb_nr;
};

void sim_lbr__init(struct sim_lbr *l, unsigned int depth, uint64_t filter);

/* One stepped instruction @in at @from, after which the thread is at
 * @to. True when the ring took an entry. */
bool sim_lbr__step(struct sim_lbr *l, const struct sim_insn *in, uint64_t from, uint64_t to);

/* Call-stack mode: a call made before the window (from a frame-pointer
 * walk), outermost first, as if the LBR had seen it. */
void sim_lbr__seed_call(struct sim_lbr *l, uint64_t from, uint64_t to, uint64_t ret);

/* The entries, most recent first, into @out (room for l->nr). */
void sim_lbr__read(const struct sim_lbr *l, struct perf_branch_entry *out);

/* Whether the ring has filled: the window it models is complete. */
static inline bool sim_lbr__is_full(const struct sim_lbr *l)
{
	return l->nr == l->depth;
}

#endif
