/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ANNOTATE_H
#define PM_ANNOTATE_H

/*
 * perf annotate --stdio: each symbol that samples hit, disassembled
 * (util/disasm, capstone; never objdump) with the share of its
 * samples at each instruction, source lines (DWARF) between them. One
 * symbol after the other, per event, heaviest first. cmd/annotate.c
 * fills the options; this module reads the file and prints.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "../base/hmap.h"
#include "../base/strbuf.h"
#include "../data/perf-data.h"
#include "../data/session.h"
#include "../symbols/machine.h"
#include "../symbols/srccode.h"
#include "../symbols/srcline.h"

struct cpu_map;
enum percent_type {
	PERCENT_LOCAL_PERIOD,	/* of the symbol's period (perf's default) */
	PERCENT_GLOBAL_PERIOD,	/* of the event's */
	PERCENT_LOCAL_HITS,	/* of the symbol's samples */
	PERCENT_GLOBAL_HITS,
};

struct annotate_opts {
	const char *input;
	const char *symbol;		/* -s: only this one */
	const char *dsos;		/* -d: only symbols of these */
	const char *cpu_list;		/* -C: only samples on these CPUs */
	const char *symfs, *kallsyms;
	const char *vmlinux;		/* -k: the kernel's symbols and code from it */
	bool source;			/* source lines between the instructions */
	bool print_line;		/* -l: the lines' summary, each line's srcline */
	bool asm_raw;			/* the instructions' bytes */
	bool stdio2;			/* perf's --stdio2 layout */
	bool intel;			/* -M intel */
	bool show_nr_samples;		/* -n: samples instead of percentages */
	bool show_total_period;		/* periods instead */
	bool full_paths;		/* -P: the DSO's path in the title */
	bool demangle, demangle_kernel;
	bool color;			/* percentages coloured as perf colours them */
	enum percent_type percent_type;
	double percent_limit;		/* symbols under this share left out */
};

/* A symbol's samples, by the byte of the symbol they hit. */
struct ann_sym {
	struct dso *dso;
	const struct symbol *sym;
	int evsel;
	uint64_t period, samples;
	uint64_t *byte_period, *byte_samples;	/* sym->end - sym->start long */
};

struct annotate {
	struct annotate_opts *o;
	struct perf_data pd;
	struct machine machine;
	struct session_stats stats;
	struct ann_sym *syms;
	size_t nr_syms, alloc_syms;
	struct hmap by_sym;		/* index + 1 into syms, by (sym, evsel) */
	uint64_t *event_period, *event_samples;	/* by evsel */
	uint64_t nr_kernel;		/* samples in the kernel, not annotated */
	const char *kernel_why;		/* why not (NULL: not yet asked) */
	int kcore;			/* /proc/kcore: 1 readable, -1 not, 0 not tried */
	struct cpu_map *cpus;		/* -C's */
	struct srclines srclines;
	struct srccode srccode;
	struct strbuf err;
};

/* Read the file (after perf_data__open) into the symbols' counts. 0, or
 * an error with @a->err. */
int annotate__process(struct annotate *a);

/* The symbols, perf annotate --stdio's layout. -ENODATA when none has
 * samples (with -s: that one), with @a->err saying what there is. */
int annotate__fprintf(struct annotate *a, FILE *out);

void annotate__exit(struct annotate *a);

#endif
