/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DATA_SRC_H
#define PM_DATA_SRC_H

/*
 * A sample's PERF_SAMPLE_DATA_SRC (where a load or store was served:
 * cache level, snoop, TLB, lock, block reason) in the words perf prints:
 * "|OP LOAD|LVL L1 or L1 hit|SNP None|TLB L1 or L2 hit|LCK No|BLK  N/A".
 * The kernel's union perf_mem_data_src defines the fields; the names and
 * their order are perf 6.1's, so perf script lines match byte for byte.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"

void data_src__describe(uint64_t data_src, struct strbuf *out);

/* It says something: not 0, nor the kernel's all-N/A default (what a
 * cpu-clock sample carries when DATA_SRC is asked, as --call-graph dwarf
 * asks it). */
bool data_src__known(uint64_t data_src);

/* Its parts, as report's memory columns print them: "L1 or L1 hit",
 * "None", "L1 or L2 hit", "No", " N/A" (sic: perf's leading space). */
void data_src__level(uint64_t data_src, struct strbuf *out);
void data_src__snoop(uint64_t data_src, struct strbuf *out);
void data_src__tlb(uint64_t data_src, struct strbuf *out);
void data_src__lock(uint64_t data_src, struct strbuf *out);
void data_src__blocked(uint64_t data_src, struct strbuf *out);

/* page_size__name() is in ../data/sample.h */
#include "../data/sample.h"

#endif
