/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SAMPLE_H
#define PM_SAMPLE_H

/*
 * Decoding PERF_RECORD_SAMPLE (fields in the kernel's order, chosen by the
 * attr's sample_type, as sample-fields.h lays them out) and the sample_id
 * trailer of other records. The decoded sample points into the record: it
 * lives as long as the record.
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "perf-data-format.h"

struct sample_regs {
	uint64_t abi;		/* PERF_SAMPLE_REGS_ABI_*; 0: none */
	uint64_t mask;
	const uint64_t *regs;	/* one per bit of mask */
};

struct perf_sample {
	uint64_t id;
	uint64_t ip;
	uint32_t pid, tid;	/* (u32)-1 when absent */
	uint64_t time;
	bool has_time;
	uint64_t addr;
	uint64_t stream_id;
	uint32_t cpu;		/* (u32)-1 when absent */
	uint64_t period;
	const uint64_t *read;	/* raw read_format values */
	uint64_t read_size;	/* in u64 words */
	uint64_t callchain_nr;
	const uint64_t *callchain;
	/* from this index on, entries are frames whatever their value (an
	 * unwound user stack's last frame can be -1, as perf's): 0 for none */
	uint64_t callchain_frames_from;
	uint32_t raw_size;
	const void *raw_data;
	uint64_t branch_nr;
	uint64_t branch_hw_idx;	/* -1 when the kernel did not save it */
	const struct perf_branch_entry *branches;
	struct sample_regs user_regs;
	uint64_t user_stack_size;
	const void *user_stack;
	uint64_t user_stack_dyn_size;
	uint64_t weight;
	uint16_t ins_lat;
	uint16_t p_stage_cyc;
	uint64_t data_src;
	uint64_t transaction;
	struct sample_regs intr_regs;
	uint64_t phys_addr;
	uint64_t cgroup;
	uint64_t data_page_size;
	uint64_t code_page_size;
	uint64_t aux_size;
	const void *aux_data;
	uint16_t misc;
	uint8_t cpumode;	/* misc & PERF_RECORD_MISC_CPUMODE_MASK */
};

/* perf's PERF_MEM_DATA_SRC_NONE: a sample recorded without DATA_SRC reads
 * as "not available" in every field but the level number */
#define PERF_MEM_DATA_SRC_NONE \
	(PERF_MEM_S(OP, NA) | PERF_MEM_S(LVL, NA) | PERF_MEM_S(SNOOP, NA) | \
	 PERF_MEM_S(LOCK, NA) | PERF_MEM_S(TLB, NA))

/*
 * Decode a PERF_RECORD_SAMPLE described by @attr. Returns 0, or -EINVAL
 * with a message in @err when a field runs past the record's end.
 */
int perf_sample__parse(const struct pm_event_header *ev, const struct perf_event_attr *attr,
		       struct perf_sample *s, struct strbuf *err);

/*
 * Decode the sample_id trailer of a non-sample kernel record (only present
 * when attr.sample_id_all). Fields absent stay at their "none" values.
 */
int perf_sample__parse_id(const struct pm_event_header *ev, const struct perf_event_attr *attr,
			  struct perf_sample *s, struct strbuf *err);

/* Number of u64 words of the sample_id trailer for @sample_type. */
unsigned int perf_sample__id_words(uint64_t sample_type);

/* Bytes of a read_format value block (for a group: @nr members). */
uint64_t perf_sample__read_words(uint64_t read_format, uint64_t nr);

/* A data or code page size as perf names it: "4K", "2M", "N/A" for 0. */
void page_size__name(uint64_t size, struct strbuf *out);

/* perf's name of branch type @type ("COND", "CALL"; "" for none). */
const char *branch_type__name(unsigned int type);
/* An entry's type by perf's get_branch_type(): an extended one by its
 * second field ("FAULT_DATA", "ARCH_1"). */
const char *branch_entry__type_name(const struct perf_branch_entry *b);

#endif
