/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ANNOTATE_LISTING_H
#define PM_ANNOTATE_LISTING_H

/*
 * One symbol's listing as perf reads it from objdump -l -S: objdump's
 * heading, each instruction's text, and before it the function and
 * source lines objdump -l -S prints, with the samples of each
 * instruction. Both of annotate's layouts print it (--stdio numbered as
 * perf numbers objdump's lines, --stdio2 as perf's browser shows it).
 */
#include <stdbool.h>
#include <stdint.h>

#include "annotate-print.h"

/* A line that is not an instruction: objdump's text, or (where objdump
 * wrote an absolute "/file:line", which perf takes as a line number and
 * does not show) a mark of that line. */
#define LISTING_TEXT		(-1)
#define LISTING_FILE_LINE	(-2)

struct listing_line {
	int64_t off;			/* the instruction's offset into the symbol, or a LISTING_ kind */
	unsigned int file_line;		/* LISTING_FILE_LINE: the line it named */
	char *text;			/* an instruction's after its address */
	uint64_t period, samples;
	unsigned int jump_sources;
	const char *arrow;		/* "", "↓", "↑", "→", "←" */
	struct strbuf shown;		/* an instruction as perf rewrites it */
};

struct listing {
	struct printer *p;
	struct listing_line *v;
	size_t n, alloc;
	/* objdump -l's state: the function and line last named */
	char *prev_func;
	unsigned int prev_line, prev_disc;
	/* objdump -S's, per source file: the last line shown, the highest */
	struct src_state {
		char *path;
		unsigned int last_line, max_printed;
	} *files;
	size_t nr_files;
	/* binutils' names for C++ functions without a linkage name, by DIE */
	struct seen_func {
		uint64_t id;
		char *name;
		bool elf;	/* the ELF symbol's name, which it took */
	} *funcs;
	size_t nr_funcs;
};

void listing_add(struct listing *l, int64_t off, const char *text);

/* The listing of @p's symbol, disassembled by @d, its samples counted. */
void listing_build(struct listing *l, struct printer *p, struct disasm *d);
void listing_release(struct listing *l);

#endif
