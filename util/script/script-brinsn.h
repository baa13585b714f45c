/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCRIPT_BRINSN_H
#define PM_SCRIPT_BRINSN_H

#include <stdbool.h>

#include "../base/strbuf.h"
#include "../data/sample.h"
#include "insn-fetch.h"

/* perf script's -F brstackinsn (@with_len: brstackinsnlen, each
 * instruction's length too) for sample @s of thread @t, into @sb; @x86:
 * the recording's code is x86's; @max_blocks: the newest blocks only
 * (0: all). */
void script_brstackinsn(struct insn_fetch *f, bool x86, bool with_len, unsigned int max_blocks,
			struct machine *m,
			struct thread *t, const struct perf_sample *s, struct strbuf *sb);

#endif
