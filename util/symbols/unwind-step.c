// SPDX-License-Identifier: GPL-2.0
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <stdlib.h>

#include "../base/hash.h"
#include "unwind-step.h"

enum rule_kind {
	RULE_UNDEFINED,	/* call-clobbered: unknown in the caller */
	RULE_SAME,	/* unchanged by this frame */
	RULE_AT_CFA,	/* saved at CFA + offset */
	RULE_BY_CFA,	/* its value is CFA + offset */
};

struct step_rules {
	Dwfl_Module *mod;	/* NULL: an empty slot */
	uint64_t pc;
	bool plain;		/* every rule below one step_up() follows */
	uint8_t cfa_reg;
	int64_t cfa_off;
	uint8_t kind[STEP_NREGS];
	int64_t off[STEP_NREGS];
};

#define STEP_SLOTS 4096

struct step_cache {
	struct step_rules slot[STEP_SLOTS];
};

struct step_cache *step_cache__new(void)
{
	return calloc(1, sizeof(struct step_cache));
}

void step_cache__free(struct step_cache *c)
{
	free(c);
}

/*
 * rbx is callee-saved (the psABI), unchanged where the CFI says nothing
 * of it, as libunwind (perf's unwinder) takes it; libdw's x86-64 default
 * rules name register 0 (rax) where they mean rbx, and so lose it: the
 * caller of a frame whose CFA is rbx-based (glibc's lazy-binding
 * trampoline, _dl_runtime_resolve) was the end of the stack.
 */
#define DWARF_RBX 3

/* libdw's form of a register rule (dwarf_frame_register()) as a kind. */
static bool register_rule(Dwarf_Frame *frame, int regno, struct step_rules *r)
{
	Dwarf_Op mem[3], *ops;
	size_t nops, n = 1;

	if (dwarf_frame_register(frame, regno, mem, &ops, &nops) != 0)
		return false;
	if (nops == 0) {
		if (ops != mem && ops != NULL)
			return false;
		r->kind[regno] = ops == mem && regno != DWARF_RBX ? RULE_UNDEFINED : RULE_SAME;
		return true;
	}
	if (ops != mem || ops[0].atom != DW_OP_call_frame_cfa)
		return false;
	r->off[regno] = 0;
	if (n < nops && ops[n].atom == DW_OP_plus_uconst)
		r->off[regno] = (int64_t)ops[n++].number;
	r->kind[regno] = RULE_AT_CFA;
	if (n < nops && ops[n].atom == DW_OP_stack_value) {
		r->kind[regno] = RULE_BY_CFA;
		n++;
	}
	return n == nops;
}

static bool frame_rules(Dwarf_Frame *frame, struct step_rules *r)
{
	Dwarf_Op *ops;
	size_t nops;
	bool signal;

	/* a signal frame changes how libdwfl treats the next address */
	if (dwarf_frame_info(frame, NULL, NULL, &signal) != STEP_RA || signal)
		return false;
	if (dwarf_frame_cfa(frame, &ops, &nops) != 0 || nops != 1 ||
	    ops[0].atom != DW_OP_bregx || ops[0].number >= STEP_NREGS)
		return false;
	r->cfa_reg = (uint8_t)ops[0].number;
	r->cfa_off = (int64_t)ops[0].number2;
	for (int regno = 0; regno < STEP_NREGS; regno++)
		if (!register_rule(frame, regno, r))
			return false;
	return true;
}

/* As libdwfl: the .eh_frame's entry, else the .debug_frame's. */
static bool derive(Dwfl_Module *mod, uint64_t pc, struct step_rules *r)
{
	Dwarf_CFI *cfi[2];
	Dwarf_Addr bias[2];
	Dwarf_Frame *frame;
	bool plain;

	cfi[0] = dwfl_module_eh_cfi(mod, &bias[0]);
	for (int i = 0; i < 2; i++) {
		if (i == 1)
			cfi[1] = dwfl_module_dwarf_cfi(mod, &bias[1]);
		if (!cfi[i] || dwarf_cfi_addrframe(cfi[i], pc - bias[i], &frame) != 0)
			continue;
		plain = frame_rules(frame, r);
		free(frame);
		return plain;
	}
	return false;	/* libdwfl would guess from the frame pointer */
}

static const struct step_rules *rules_at(struct step_cache *c, Dwfl_Module *mod, uint64_t pc)
{
	uint64_t k = hash_combine(pc, (uintptr_t)mod);
	struct step_rules *r = &c->slot[k >> 52 & (STEP_SLOTS - 1)];

	if (r->mod != mod || r->pc != pc) {
		r->mod = mod;
		r->pc = pc;
		r->plain = derive(mod, pc, r);
	}
	return r;
}

/*
 * handle_cfi()'s walk over the registers: one it cannot compute (a base
 * register unknown, a word outside what was recorded) stays unknown; the
 * return address undefined or unknown ends the stack (one read as zero is
 * the caller's to end).
 */
enum step_result step_up(struct step_cache *c, Dwfl_Module *mod, uint64_t pc,
			 const struct step_regs *in, struct step_regs *out, step_read_fn *read,
			 void *arg)
{
	const struct step_rules *r = rules_at(c, mod, pc);
	bool have_cfa, ra_undefined = false;
	uint64_t cfa;

	if (!r->plain)
		return STEP_UNKNOWN;
	have_cfa = in->set >> r->cfa_reg & 1;
	cfa = in->val[r->cfa_reg] + (uint64_t)r->cfa_off;
	out->set = 0;
	for (int regno = 0; regno < STEP_NREGS; regno++) {
		uint64_t v;

		switch (r->kind[regno]) {
		case RULE_UNDEFINED:
			ra_undefined |= regno == STEP_RA;
			continue;
		case RULE_SAME:
			if (!(in->set >> regno & 1))
				continue;
			v = in->val[regno];
			break;
		default:
			if (!have_cfa)
				continue;
			v = cfa + (uint64_t)r->off[regno];
			if (r->kind[regno] == RULE_AT_CFA && !read(v, &v, arg))
				continue;
			break;
		}
		out->val[regno] = v;
		out->set |= 1u << regno;
	}
	if (ra_undefined || !(out->set >> STEP_RA & 1))
		return STEP_END;
	return STEP_UP;
}
