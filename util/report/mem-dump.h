/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_MEM_DUMP_H
#define PM_MEM_DUMP_H

/*
 * perf mem report -D: one line per sample, "PID TID IP ADDR [PHYS ADDR]
 * [DATA PAGE SIZE] LOCAL WEIGHT DSRC dso:symbol", in perf's layout
 * (including its quirks: only the first line is padded, and its ADDR
 * reads "0x016" then the hex digits).
 */
#include <stdbool.h>
#include <stdio.h>

#include "../base/strbuf.h"

struct mem_dump_opts {
	const char *input;
	const char *field_sep;		/* -x; NULL: spaces */
	const char *cpu_list;		/* -C: only samples on these CPUs */
	bool phys_addr;			/* a PHYS ADDR column */
	bool data_page_size;		/* a DATA PAGE SIZE column */
	bool hide_unresolved;		/* -U: only samples with a symbol */
	const char *symfs, *kallsyms, *vmlinux;
	struct strbuf *notes;		/* what the reader mended, to tell the user */
};

/* Returns 0, or -errno with a message in @err. */
int mem_dump(const struct mem_dump_opts *o, FILE *out, struct strbuf *err);

#endif
