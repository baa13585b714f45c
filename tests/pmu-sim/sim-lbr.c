// SPDX-License-Identifier: GPL-2.0
/* pmu-sim's last-branch record: see sim-lbr.h. */
#include <capstone/capstone.h>
#include <stddef.h>
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

static void find_memory_operand(const cs_insn *in, struct sim_insn *out);

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
	find_memory_operand(in, out);
	if (has_imm_target(in) && (out->kind == SB_CALL || out->kind == SB_JMP ||
				   out->kind == SB_COND))
		out->target = (uint64_t)in->detail->x86.operands[0].imm;
	cs_free(in, 1);
}

/* The explicit memory operand a load or store reads or writes; not
 * lea's or a nop's or a prefetch's, which access nothing. Implicit stack
 * accesses (push, pop, call, ret) are not counted. */
static void find_memory_operand(const cs_insn *in, struct sim_insn *out)
{
	const cs_x86 *x = &in->detail->x86;

	if (in->id == X86_INS_LEA || in->id == X86_INS_NOP || in_group(in, CS_GRP_JUMP) ||
	    in_group(in, CS_GRP_CALL) || !strncmp(in->mnemonic, "prefetch", 8))
		return;
	for (uint8_t i = 0; i < x->op_count; i++) {
		const cs_x86_op *op = &x->operands[i];

		if (op->type != X86_OP_MEM || !(op->access & (CS_AC_READ | CS_AC_WRITE)))
			continue;
		out->mem = (op->access & CS_AC_READ ? SIM_MEM_READ : 0) |
			   (op->access & CS_AC_WRITE ? SIM_MEM_WRITE : 0);
		out->seg = (uint16_t)op->mem.segment;
		out->base = (uint16_t)op->mem.base;
		out->index = (uint16_t)op->mem.index;
		out->scale = (uint8_t)op->mem.scale;
		out->disp = op->mem.disp;
		return;
	}
}

/* A general register's value; 32-bit names read the low half. */
static uint64_t reg_value(unsigned int reg, const struct user_regs_struct *r)
{
	static const struct { uint16_t r64, r32; size_t at; } regs[] = {
		{ X86_REG_RAX, X86_REG_EAX, offsetof(struct user_regs_struct, rax) },
		{ X86_REG_RBX, X86_REG_EBX, offsetof(struct user_regs_struct, rbx) },
		{ X86_REG_RCX, X86_REG_ECX, offsetof(struct user_regs_struct, rcx) },
		{ X86_REG_RDX, X86_REG_EDX, offsetof(struct user_regs_struct, rdx) },
		{ X86_REG_RSI, X86_REG_ESI, offsetof(struct user_regs_struct, rsi) },
		{ X86_REG_RDI, X86_REG_EDI, offsetof(struct user_regs_struct, rdi) },
		{ X86_REG_RBP, X86_REG_EBP, offsetof(struct user_regs_struct, rbp) },
		{ X86_REG_RSP, X86_REG_ESP, offsetof(struct user_regs_struct, rsp) },
		{ X86_REG_R8, X86_REG_R8D, offsetof(struct user_regs_struct, r8) },
		{ X86_REG_R9, X86_REG_R9D, offsetof(struct user_regs_struct, r9) },
		{ X86_REG_R10, X86_REG_R10D, offsetof(struct user_regs_struct, r10) },
		{ X86_REG_R11, X86_REG_R11D, offsetof(struct user_regs_struct, r11) },
		{ X86_REG_R12, X86_REG_R12D, offsetof(struct user_regs_struct, r12) },
		{ X86_REG_R13, X86_REG_R13D, offsetof(struct user_regs_struct, r13) },
		{ X86_REG_R14, X86_REG_R14D, offsetof(struct user_regs_struct, r14) },
		{ X86_REG_R15, X86_REG_R15D, offsetof(struct user_regs_struct, r15) },
	};
	for (size_t i = 0; i < sizeof(regs) / sizeof(regs[0]); i++) {
		uint64_t v;

		if (reg != regs[i].r64 && reg != regs[i].r32)
			continue;
		memcpy(&v, (const char *)r + regs[i].at, sizeof(v));
		return reg == regs[i].r64 ? v : (uint32_t)v;
	}
	return 0;
}

uint64_t sim_insn__address(const struct sim_insn *in, uint64_t ip,
			   const struct user_regs_struct *r)
{
	uint64_t a = (uint64_t)in->disp;

	if (in->base == X86_REG_RIP)
		a += ip + in->len;
	else if (in->base != X86_REG_INVALID)
		a += reg_value(in->base, r);
	if (in->index != X86_REG_INVALID)
		a += reg_value(in->index, r) * in->scale;
	if (in->seg == X86_REG_FS)
		a += r->fs_base;
	else if (in->seg == X86_REG_GS)
		a += r->gs_base;
	return a;
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

static void push_call(struct sim_lbr *l, uint64_t from, uint64_t to, enum sim_branch_kind k,
		      bool hit, uint64_t ret)
{
	l->ret_to[l->head] = ret;
	put_entry(l, from, to, k, hit);
}

/*
 * Call-stack mode (--call-graph lbr): a return takes its call off the
 * ring, as the hardware's LBR_CALL_STACK does; nothing else goes in. A
 * return to where no call on the ring returns (one made before the
 * window that the frame walk missed: a function's prologue) takes none.
 */
static bool call_stack_step(struct sim_lbr *l, const struct sim_insn *in, uint64_t from,
			    uint64_t to, bool hit)
{
	if (in->kind == SB_CALL || in->kind == SB_IND_CALL) {
		push_call(l, from, to, in->kind, hit, from + in->len);
		return true;
	}
	if (in->kind != SB_RET)
		return false;
	for (unsigned int d = 0; d < l->nr; d++) {
		if (l->ret_to[(l->head + l->depth - 1 - d) % l->depth] != to)
			continue;
		l->head = (l->head + l->depth - 1 - d) % l->depth;
		l->nr -= d + 1;
		break;
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
		return call_stack_step(l, in, from, to, hit);
	put_entry(l, from, to, k, hit);
	return true;
}

void sim_lbr__seed_call(struct sim_lbr *l, uint64_t from, uint64_t to, uint64_t ret)
{
	push_call(l, from, to, SB_CALL, true, ret);
}

void sim_lbr__read(const struct sim_lbr *l, struct perf_branch_entry *out)
{
	for (unsigned int i = 0; i < l->nr; i++)
		out[i] = l->ring[(l->head + l->depth - 1 - i) % l->depth];
}
