/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PPROF_H
#define PM_PPROF_H
/*
 * data convert --to-pprof: the samples as pprof's profile.proto (what
 * continuous-profiling systems take), gzip-compressed. Each distinct
 * stack of a thread on a CPU is one Sample, with two values per event
 * (samples, period); its Locations are addresses in Mappings (with their
 * DSOs' build-ids), each with its Lines: the functions DWARF nests there,
 * inlined ones first, with their files and lines. Labels give the pid,
 * tid, comm and cpu.
 */
#include <stdint.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

struct pprof_opts {
	const char *symfs, *kallsyms;
};

/* 0, or an error with the cause in @err; *@nr_samples: those converted. */
int pprof_convert(struct perf_data *pd, const struct pprof_opts *o, FILE *out,
		  uint64_t *nr_samples, struct strbuf *err);

#endif
