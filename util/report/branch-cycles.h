/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BRANCH_CYCLES_H
#define PM_BRANCH_CYCLES_H

/*
 * Branch mode's IPC column (perf's ipc_lbr): the cycles each branch
 * stack entry counts since the one before, accounted per basic block of
 * the symbol the block ends in (perf's hist__account_cycles), then at
 * print time each symbol's instructions per cycle over the blocks seen,
 * and the share of its instructions they cover: "1.23  [ 45.6%]". The
 * instructions are counted in the symbol's disassembly (capstone, as
 * perf counts objdump's lines).
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/sample.h"
#include "../symbols/machine.h"

struct branch_cycles;

/* @nonany: the file's branch stacks are not of every branch (perf then
 * knows no block's start); @arch: the recording's (NULL: the host's). */
struct branch_cycles *branch_cycles__new(const struct dsos *dsos, const char *arch, bool nonany);
void branch_cycles__delete(struct branch_cycles *bc);

/* A sample's stack, when its newest entry counted cycles. 0 or -ENOMEM. */
int branch_cycles__account(struct branch_cycles *bc, struct machine *m, struct thread *t,
			   const struct perf_sample *s);

/* @sym's cell: "IPC [coverage]", zeros where nothing was counted or no
 * binary holds its code. */
void branch_cycles__cell(struct branch_cycles *bc, const struct symbol *sym, struct strbuf *sb);

#endif
