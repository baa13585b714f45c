/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UNWIND_STEP_H
#define PM_UNWIND_STEP_H
/*
 * One frame up the user stack the way libdwfl's handle_cfi() takes it,
 * from CFI rules read through libdw once per (module, address) and kept:
 * a profile unwinds through the same few hundred addresses thousands of
 * times, and libdw finds the FDE and runs its program at every one.
 * Only rules of the plain kinds (the CFA a register plus an offset; each
 * register undefined, unchanged, or at or beside the CFA) are taken; for
 * anything else the caller lets libdwfl unwind the whole stack.
 */
#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdwfl.h>

/* x86-64's DWARF registers as libdwfl tracks them: 0-15, then the
 * return address (16). */
#define STEP_NREGS 17
#define STEP_RA 16

struct step_regs {
	uint64_t val[STEP_NREGS];
	uint32_t set;			/* bit r: val[r] is known */
};

enum step_result {
	STEP_UP,	/* @out is the caller's frame, its pc in val[STEP_RA] */
	STEP_END,	/* the outermost frame: libdwfl ends here too */
	STEP_UNKNOWN,	/* rules this does not follow: ask libdwfl */
};

/* Reads a word of the sampled process at @addr, as libdwfl's callback. */
typedef bool step_read_fn(uint64_t addr, uint64_t *word, void *arg);

struct step_cache;

struct step_cache *step_cache__new(void);
void step_cache__free(struct step_cache *c);

/* From the frame @in of module @mod, at @pc (already less one for a
 * return address), to its caller's. */
enum step_result step_up(struct step_cache *c, Dwfl_Module *mod, uint64_t pc,
			 const struct step_regs *in, struct step_regs *out, step_read_fn *read,
			 void *arg);

#endif
