/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CALLCHAIN_H
#define PM_CALLCHAIN_H

/*
 * Walking a sample's callchain (PERF_SAMPLE_CALLCHAIN): the kernel's
 * PERF_CONTEXT_* markers switch between kernel and user frames; each real
 * frame is resolved to its map, DSO and symbol like a sample's ip.
 */
#include "../data/sample.h"
#include "../symbols/machine.h"
#include "../symbols/srcline.h"
#include "resolve.h"

struct callchain_frame {
	uint64_t ip;			/* as recorded */
	struct addr_location al;	/* al.addr is map-relative when mapped */
	uint8_t mode;			/* the cpumode it was resolved in */
};

typedef int callchain_fn(void *ctx, const struct callchain_frame *frame);

/*
 * The frames of a sample's callchain as perf report resolves them: in
 * callee order (innermost first) or caller order (outermost first), at most
 * @max_stack (0: all) counted from where the walk starts. Like perf, each
 * frame takes the mode of the nearest context marker before it in the
 * recorded (innermost-first) order; callee order starts in user mode,
 * caller order in the mode of the last marker.
 * Returns the number of frames written to @out (room for callchain_nr).
 */
size_t callchain__frames(struct machine *m, struct thread *t, const struct perf_sample *s,
			 bool caller, unsigned int max_stack, struct callchain_frame *out);

/*
 * perf report's --inline: each user frame of @in (a dwarf-unwound chain)
 * as the functions its DWARF nests at the address (srcline__inline_syms),
 * innermost first in callee order, outermost first in caller order. Up to
 * @max frames in @out; returns how many.
 */
size_t callchain__expand_inlines(struct srclines *sl, struct machine *m,
				 const struct callchain_frame *in, size_t n, bool caller,
				 struct callchain_frame *out, size_t max);

/* Words a callchain__unwound() buffer needs: the kernel's chain (half of
 * it at most), a marker and the unwound user frames (perf's 127). */
#define UNWOUND_USER_MAX 127
#define UNWOUND_CHAIN_MAX (2 * 128 + 8)

/*
 * @s as perf sees a --call-graph dwarf sample: the kernel part of its
 * callchain, then PERF_CONTEXT_USER and the user frames unwound from its
 * stack copy, in @buf (UNWOUND_CHAIN_MAX words) and described by @tmp.
 * @s itself when it has no stack copy to unwind.
 */
const struct perf_sample *callchain__unwound(struct machine *m, struct thread *t,
					     const struct perf_sample *s, struct perf_sample *tmp,
					     uint64_t *buf);

/*
 * @s as perf sees a --call-graph lbr sample (its event's
 * branch_sample_type has CALL_STACK, @attr_branch_type): the kernel part
 * of its callchain, then PERF_CONTEXT_USER, the entry of the function the
 * last call went to, and every call's source from the LBR call stack, in
 * place of the recorded user frames; in @buf (UNWOUND_CHAIN_MAX words),
 * described by @tmp. @s itself when it is no such sample.
 */
const struct perf_sample *callchain__lbr(uint64_t attr_branch_type, const struct perf_sample *s,
					 struct perf_sample *tmp, uint64_t *buf);

/*
 * Whether a marker perf does not know (a frame-pointer walk that read
 * garbage, such as -1, as a return address) comes within @max_stack
 * frames of the walk (callers first with @caller): perf then keeps no
 * frame of the sample at all.
 */
bool callchain__corrupt(const struct perf_sample *s, bool caller, unsigned int max_stack);

/* Call @fn for each frame, innermost first, at most @max_stack (0: all). */
int callchain__walk(struct machine *m, struct thread *t, const struct perf_sample *s,
		    unsigned int max_stack, callchain_fn *fn, void *ctx);

#endif
