/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UNWIND_H
#define PM_UNWIND_H

/*
 * User-space callchains of samples recorded with --call-graph dwarf: the
 * registers (REGS_USER) and a copy of the stack (STACK_USER) are unwound
 * with libdw, which reads the call frame information (.eh_frame /
 * .debug_frame) of the binaries the thread had mapped. Like perf, the
 * return addresses of callers are given minus one (the call instruction),
 * so symbols and lines are those of the call site.
 */
#include <stddef.h>
#include <stdint.h>

#include "../data/sample.h"
#include "machine.h"

/* Can @s be unwound (x86-64 registers with SP and IP, a stack copy)? */
bool unwind__possible(const struct perf_sample *s);

/*
 * The user frames of @s, innermost first, in @ips (at most @max): the
 * sample's user IP, then each caller. Stops where the CFI or the stack
 * copy ends. Returns the number of frames.
 */
size_t unwind__user(struct machine *m, struct thread *t, const struct perf_sample *s,
		    uint64_t *ips, size_t max);

/* The libdw sessions unwind__user() keeps in m->unwind_cache. */
void unwind__cache_free(void *cache);

#endif
