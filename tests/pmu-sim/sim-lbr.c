// SPDX-License-Identifier: GPL-2.0
/* pmu-sim's last-branch record: see sim-lbr.h. */
#include <capstone/capstone.h>
#include <string.h>

#include "sim-lbr.h"

/* --- what an instruction is ------------------------------------------------ */

static bool in_group(const cs_insn *in, uint8_t group)
{
	for (uint8_t i = 0; i < in->detail->groups_count; i++)
		if (in->detail->groups[i] == group)
			return true;
	return false;
}

static bool has_imm_target(const cs_insn *in)
{
	const cs_x86 *x = &in->detail->x86;

	return x->op_count == 1 && x->operands[0].type == X86_OP_IMM;
}

static enum sim_branch_kind kind_of(const cs_insn *in)
{
	switch (in->id) {
	case X86_INS_SYSCALL: case X86_INS_SYSENTER: case X86_INS_INT: case X86_INS_INT1:
	case X86_INS_INT3: case X86_INS_INTO:
		return SB_SYSCALL;
	case X86_INS_JMP: case X86_INS_LJMP:
		return has_imm_target(in) ? SB_JMP : SB_IND_JMP;
	default:
		break;
	}
	if (in_group(in, CS_GRP_CALL))
		return has_imm_target(in) ? SB_CALL : SB_IND_CALL;
	if (in_group(in, CS_GRP_RET) || in_group(in, CS_GRP_IRET))
		return SB_RET;
	if (in_group(in, CS_GRP_JUMP))
		return SB_COND;	/* jcc, jrcxz, loop: the unconditional ones are above */
	if (in_group(in, CS_GRP_INT))
		return SB_SYSCALL;
	return SB_NONE;
}

void sim_insn__decode(const uint8_t *code, size_t size, uint64_t ip, struct sim_insn *out)
{
	static csh cs;
	static bool opened;
	cs_insn *in = NULL;

	*out = (struct sim_insn){ 0 };
	if (!opened) {
		if (cs_open(CS_ARCH_X86, CS_MODE_64, &cs) != CS_ERR_OK)
			return;
		cs_option(cs, CS_OPT_DETAIL, CS_OPT_ON);
		opened = true;
	}
	if (cs_disasm(cs, code, size, ip, 1, &in) != 1)
		return;
	out->len = (uint8_t)in->size;
	out->kind = (uint8_t)kind_of(in);
	cs_free(in, 1);
}

/* --- the predictor ----------------------------------------------------------- */

/*
 * Enough of a branch predictor for mispredict flags that follow the code:
 * two-bit counters for conditional branches, the last target for indirect
 * ones (a BTB), a return stack buffer for returns. Shared by every thread,
 * as a core's tables are by what runs on it.
 */
#define TABLE 4096

static uint8_t counters[TABLE];		/* 0-1 not taken, 2-3 taken */
static uint64_t btb_from[TABLE], btb_to[TABLE];

static unsigned int slot(uint64_t ip)
{
	return (unsigned int)((ip ^ ip >> 12) % TABLE);
}

static bool predict_cond(uint64_t from, bool taken)
{
	uint8_t *c = &counters[slot(from)];
	bool hit = (*c >= 2) == taken;

	if (taken && *c < 3)
		(*c)++;
	else if (!taken && *c > 0)
		(*c)--;
	return hit;
}

static bool predict_indirect(uint64_t from, uint64_t to)
{
	unsigned int s = slot(from);
	bool hit = btb_from[s] == from && btb_to[s] == to;

	btb_from[s] = from;
	btb_to[s] = to;
	return hit;
}

static bool predict_return(struct sim_lbr *l, uint64_t to)
{
	if (!l->rsb_nr)
		return true;	/* the call came before the window: assume it was seen */
	return l->rsb[--l->rsb_nr] == to;
}

static void push_return(struct sim_lbr *l, uint64_t ret)
{
	if (l->rsb_nr == sizeof(l->rsb) / sizeof(l->rsb[0])) {
		memmove(l->rsb, l->rsb + 1, sizeof(l->rsb) - sizeof(l->rsb[0]));
		l->rsb_nr--;
	}
	l->rsb[l->rsb_nr++] = ret;
}

/* --- the ring ------------------------------------------------------------------ */

void sim_lbr__init(struct sim_lbr *l, unsigned int depth, uint64_t filter)
{
	memset(l, 0, sizeof(*l));
	l->depth = depth < SIM_LBR_MAX ? depth : SIM_LBR_MAX;
	l->filter = filter;
}

static bool passes(uint64_t f, enum sim_branch_kind k)
{
	if (!(f & PERF_SAMPLE_BRANCH_USER))
		return false;	/* every stepped branch is a user one */
	if (f & (PERF_SAMPLE_BRANCH_ANY | PERF_SAMPLE_BRANCH_CALL_STACK))
		return true;
	switch (k) {
	case SB_COND: return f & PERF_SAMPLE_BRANCH_COND;
	case SB_IND_JMP: return f & PERF_SAMPLE_BRANCH_IND_JUMP;
	case SB_CALL: return f & (PERF_SAMPLE_BRANCH_ANY_CALL | PERF_SAMPLE_BRANCH_CALL);
	case SB_IND_CALL: return f & (PERF_SAMPLE_BRANCH_ANY_CALL | PERF_SAMPLE_BRANCH_IND_CALL);
	case SB_RET: return f & PERF_SAMPLE_BRANCH_ANY_RETURN;
	default: return false;
	}
}

static unsigned int br_type(enum sim_branch_kind k)
{
	static const unsigned int type[] = {
		[SB_COND] = PERF_BR_COND, [SB_JMP] = PERF_BR_UNCOND, [SB_IND_JMP] = PERF_BR_IND,
		[SB_CALL] = PERF_BR_CALL, [SB_IND_CALL] = PERF_BR_IND_CALL, [SB_RET] = PERF_BR_RET,
		[SB_SYSCALL] = PERF_BR_SYSCALL,
	};
	return type[k];
}

static void put_entry(struct sim_lbr *l, uint64_t from, uint64_t to, enum sim_branch_kind k,
		      bool hit)
{
	struct perf_branch_entry *e = &l->ring[l->head];

	memset(e, 0, sizeof(*e));
	e->from = from;
	e->to = to;
	if (!(l->filter & PERF_SAMPLE_BRANCH_NO_FLAGS)) {
		e->mispred = !hit;
		e->predicted = hit;
	}
	if (!(l->filter & PERF_SAMPLE_BRANCH_NO_CYCLES))
		e->cycles = l->since < 0xffff ? l->since : 0xffff;
	if (l->filter & PERF_SAMPLE_BRANCH_TYPE_SAVE)
		e->type = br_type(k);
	l->head = (l->head + 1) % l->depth;
	if (l->nr < l->depth)
		l->nr++;
	l->since = 0;
}

/* Call-stack mode (--call-graph lbr): a return takes its call off the
 * ring, as the hardware's LBR_CALL_STACK does; nothing else goes in. */
static bool call_stack_step(struct sim_lbr *l, enum sim_branch_kind k, uint64_t from,
			    uint64_t to, bool hit)
{
	if (k == SB_CALL || k == SB_IND_CALL) {
		put_entry(l, from, to, k, hit);
		return true;
	}
	if (k == SB_RET && l->nr) {
		l->head = (l->head + l->depth - 1) % l->depth;
		l->nr--;
	}
	return false;
}

bool sim_lbr__step(struct sim_lbr *l, const struct sim_insn *in, uint64_t from, uint64_t to)
{
	enum sim_branch_kind k = in->kind;
	bool taken = k != SB_NONE && (k != SB_COND || to != from + in->len), hit = true;

	l->since++;
	if (k == SB_COND)
		hit = predict_cond(from, taken);
	if (!taken)
		return false;
	if (k == SB_IND_JMP || k == SB_IND_CALL)
		hit = predict_indirect(from, to);
	else if (k == SB_RET)
		hit = predict_return(l, to);
	if (k == SB_CALL || k == SB_IND_CALL)
		push_return(l, from + in->len);
	if (!passes(l->filter, k))
		return false;
	if (l->filter & PERF_SAMPLE_BRANCH_CALL_STACK)
		return call_stack_step(l, k, from, to, hit);
	put_entry(l, from, to, k, hit);
	return true;
}

void sim_lbr__read(const struct sim_lbr *l, struct perf_branch_entry *out)
{
	for (unsigned int i = 0; i < l->nr; i++)
		out[i] = l->ring[(l->head + l->depth - 1 - i) % l->depth];
}
