/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ANNOTATE_PRINT_H
#define PM_ANNOTATE_PRINT_H

/*
 * What annotate's two layouts share (annotate-print: --stdio,
 * annotate-stdio2: --stdio2): one symbol's code being printed, and
 * objdump's text of its instructions.
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "annotate.h"
#include "../disasm/disasm.h"
#include "../disasm/sym-code.h"

struct printer {
	struct annotate *a;
	const struct ann_sym *s;
	struct sym_code code;
	FILE *out;
	struct strbuf line;
	const char *last_srcline;
	int pad;			/* the value column's width: "%*s: " for other lines */
	int addr_width;			/* the hex digits of the last instruction's address */
	uint64_t total_period, total_samples;	/* the percentages' base */
};

/* hex digits of @v, as perf sizes its address columns */
int annotate_hex_digits(uint64_t v);

/* --percent-type's names, as perf's titles say them */
extern const char *const annotate_percent_names[];

/* objdump's text of @in after its address ("mov    %rdi,%rax", "jle
 * 1194 <middle+0x3b>", with --asm-raw its bytes first), into @out. */
void annotate_insn_text(struct printer *p, const struct disasm_insn *in, struct strbuf *out);

/* objdump's " <name>" for the symbol's first address. */
void annotate_symbol_label(struct printer *p, struct strbuf *out);

/* The object's name in the title: the vmlinux read for the kernel (-k),
 * as perf names it. */
const char *annotate_dso_name(const struct printer *p, bool full);

/* -l: each source line's share, heaviest first. */
void annotate_line_summary(struct printer *p, struct disasm *d);

/* The symbol in perf annotate --stdio2's layout. */
void annotate_stdio2_symbol(struct printer *p, struct disasm *d);

#endif
