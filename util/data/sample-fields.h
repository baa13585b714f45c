/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SAMPLE_FIELDS_H
#define PM_SAMPLE_FIELDS_H

/*
 * The fields of PERF_RECORD_SAMPLE: one entry per PERF_SAMPLE_* bit, in
 * the order the kernel writes them (perf_output_sample()), each with its
 * shape, which says what decides its length. The decoder (sample.c) and
 * the byte swapper (swap.c) know the layout only through this table, and
 * walk it with an action per shape; report -D's dumper (dump.c) prints
 * the decoded fields in perf's own order, which is not the sample's, and
 * takes each field's presence and place from here. The sample_id trailer
 * of the other kernel records is some of the same fields in another order
 * (sample_fields__walk_id()).
 *
 * The table is in this header, not in a .c file, for the decoder's sake:
 * with its contents in sight and the walks unrolled, the compiler turns a
 * walk into the straight line of tests a hand-written decoder would be
 * (walking a table it could not see, decoding took up to half as long
 * again). So each file that includes this has its own copy: compare
 * fields by their index, never by address across files.
 */
#include <linux/perf_event.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sample.h"

enum sample_shape {
	SAMPLE_SHAPE_U64,	/* one u64 */
	SAMPLE_SHAPE_U32_PAIR,	/* two u32 in one u64 slot: pid/tid, cpu/reserved */
	SAMPLE_SHAPE_READ,	/* the attr's read_format block; a group's starts
				 * with its number of members */
	SAMPLE_SHAPE_CHAIN,	/* a u64 count, then that many u64 */
	SAMPLE_SHAPE_RAW,	/* a u32 size, then that many bytes */
	SAMPLE_SHAPE_BRANCHES,	/* a u64 count, a u64 hw_idx where the attr's
				 * branch_sample_type has HW_INDEX, then count
				 * perf_branch_entry (24 bytes each) */
	SAMPLE_SHAPE_REGS,	/* a u64 ABI, then unless it is 0 a u64 per bit
				 * of the attr's register mask */
	SAMPLE_SHAPE_STACK,	/* a u64 size, that many bytes, then unless the
				 * size is 0 a u64 of how many were in use */
	SAMPLE_SHAPE_BLOB,	/* a u64 size, then that many bytes */
	SAMPLE_SHAPE__NR
};

/* The table's indices, in the sample's order. */
enum sample_field_idx {
	SAMPLE_FIELD_IDENTIFIER,
	SAMPLE_FIELD_IP,
	SAMPLE_FIELD_TID,
	SAMPLE_FIELD_TIME,
	SAMPLE_FIELD_ADDR,
	SAMPLE_FIELD_ID,
	SAMPLE_FIELD_STREAM_ID,
	SAMPLE_FIELD_CPU,
	SAMPLE_FIELD_PERIOD,
	SAMPLE_FIELD_READ,
	SAMPLE_FIELD_CALLCHAIN,
	SAMPLE_FIELD_RAW,
	SAMPLE_FIELD_BRANCH_STACK,
	SAMPLE_FIELD_REGS_USER,
	SAMPLE_FIELD_STACK_USER,
	SAMPLE_FIELD_WEIGHT,		/* WEIGHT or WEIGHT_STRUCT: one u64 either way */
	SAMPLE_FIELD_DATA_SRC,
	SAMPLE_FIELD_TRANSACTION,
	SAMPLE_FIELD_REGS_INTR,
	SAMPLE_FIELD_PHYS_ADDR,
	SAMPLE_FIELD_CGROUP,
	SAMPLE_FIELD_DATA_PAGE_SIZE,
	SAMPLE_FIELD_CODE_PAGE_SIZE,
	SAMPLE_FIELD_AUX,
	SAMPLE_FIELD__NR
};

/* A dest_hi of a U32_PAIR whose second half nothing keeps (CPU's). */
#define SAMPLE_FIELD_DROPPED ((size_t)-1)

struct sample_field {
	uint64_t bits;		/* the PERF_SAMPLE_* bit(s) that bring it */
	enum sample_shape shape;
	/*
	 * Where the decoded value sits in struct perf_sample, for the shapes
	 * several fields have: U64 its uint64_t, U32_PAIR the first uint32_t
	 * (the second at dest_hi), REGS its struct sample_regs. The other
	 * shapes are one field's each, and its decoder knows the place.
	 */
	size_t dest, dest_hi;
	size_t mask_in_attr;	/* REGS: the attr's uint64_t register mask */
};

#define SAMPLE_FIELD_U64(bit, member) \
	{ PERF_SAMPLE_##bit, SAMPLE_SHAPE_U64, offsetof(struct perf_sample, member) }
#define SAMPLE_FIELD_OF(bit, shape) { PERF_SAMPLE_##bit, SAMPLE_SHAPE_##shape }
#define SAMPLE_FIELD_REGS(bit, member, mask)                                       \
	{ PERF_SAMPLE_##bit, SAMPLE_SHAPE_REGS, offsetof(struct perf_sample, member), 0, \
	  offsetof(struct perf_event_attr, mask) }

static const struct sample_field sample_fields[SAMPLE_FIELD__NR] = {
	[SAMPLE_FIELD_IDENTIFIER] = SAMPLE_FIELD_U64(IDENTIFIER, id),
	[SAMPLE_FIELD_IP] = SAMPLE_FIELD_U64(IP, ip),
	[SAMPLE_FIELD_TID] = { PERF_SAMPLE_TID, SAMPLE_SHAPE_U32_PAIR,
			       offsetof(struct perf_sample, pid),
			       offsetof(struct perf_sample, tid) },
	[SAMPLE_FIELD_TIME] = SAMPLE_FIELD_U64(TIME, time),
	[SAMPLE_FIELD_ADDR] = SAMPLE_FIELD_U64(ADDR, addr),
	[SAMPLE_FIELD_ID] = SAMPLE_FIELD_U64(ID, id),	/* the same id as IDENTIFIER's */
	[SAMPLE_FIELD_STREAM_ID] = SAMPLE_FIELD_U64(STREAM_ID, stream_id),
	[SAMPLE_FIELD_CPU] = { PERF_SAMPLE_CPU, SAMPLE_SHAPE_U32_PAIR,
			       offsetof(struct perf_sample, cpu), SAMPLE_FIELD_DROPPED },
	[SAMPLE_FIELD_PERIOD] = SAMPLE_FIELD_U64(PERIOD, period),
	[SAMPLE_FIELD_READ] = SAMPLE_FIELD_OF(READ, READ),
	[SAMPLE_FIELD_CALLCHAIN] = SAMPLE_FIELD_OF(CALLCHAIN, CHAIN),
	[SAMPLE_FIELD_RAW] = SAMPLE_FIELD_OF(RAW, RAW),
	[SAMPLE_FIELD_BRANCH_STACK] = SAMPLE_FIELD_OF(BRANCH_STACK, BRANCHES),
	[SAMPLE_FIELD_REGS_USER] = SAMPLE_FIELD_REGS(REGS_USER, user_regs, sample_regs_user),
	[SAMPLE_FIELD_STACK_USER] = SAMPLE_FIELD_OF(STACK_USER, STACK),
	/* WEIGHT_STRUCT's u32 and two u16 fill the same u64 and are turned as
	 * one (a big-endian perf lays the struct out backwards for that) */
	[SAMPLE_FIELD_WEIGHT] = { PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT,
				  SAMPLE_SHAPE_U64, offsetof(struct perf_sample, weight) },
	[SAMPLE_FIELD_DATA_SRC] = SAMPLE_FIELD_U64(DATA_SRC, data_src),
	[SAMPLE_FIELD_TRANSACTION] = SAMPLE_FIELD_U64(TRANSACTION, transaction),
	[SAMPLE_FIELD_REGS_INTR] = SAMPLE_FIELD_REGS(REGS_INTR, intr_regs, sample_regs_intr),
	[SAMPLE_FIELD_PHYS_ADDR] = SAMPLE_FIELD_U64(PHYS_ADDR, phys_addr),
	[SAMPLE_FIELD_CGROUP] = SAMPLE_FIELD_U64(CGROUP, cgroup),
	[SAMPLE_FIELD_DATA_PAGE_SIZE] = SAMPLE_FIELD_U64(DATA_PAGE_SIZE, data_page_size),
	[SAMPLE_FIELD_CODE_PAGE_SIZE] = SAMPLE_FIELD_U64(CODE_PAGE_SIZE, code_page_size),
	[SAMPLE_FIELD_AUX] = SAMPLE_FIELD_OF(AUX, BLOB),
};

/* The sample_id trailer, in the kernel's __perf_event__output_id_sample()
 * order: IDENTIFIER last, so that a reader finds it from the record's end. */
static const enum sample_field_idx sample_id_fields[] = {
	SAMPLE_FIELD_TID, SAMPLE_FIELD_TIME, SAMPLE_FIELD_ID, SAMPLE_FIELD_STREAM_ID,
	SAMPLE_FIELD_CPU, SAMPLE_FIELD_IDENTIFIER,
};

/*
 * What a walker does with the field @f at its cursor; @ctx is the
 * walker's. Each walker is one switch on f->shape with a case for every
 * shape, and no default: the compiler's -Wswitch then names any walker
 * that a new shape would leave out.
 */
typedef void sample_field_fn(void *ctx, const struct sample_field *f);

/*
 * The walks are always inlined, and so @fn is a known function in each
 * unrolled step: the decoder's, always inlined too, folds there to the
 * one case of its switch (the decoder's speed is the reason; the other
 * walkers may be called).
 */
#define SAMPLE_FIELDS_INLINE static inline __attribute__((always_inline))

/* Call @fn for each field @sample_type brings, in the sample's order. */
SAMPLE_FIELDS_INLINE void sample_fields__walk(uint64_t sample_type, sample_field_fn *fn,
					      void *ctx)
{
#pragma GCC unroll 32
	for (int i = 0; i < SAMPLE_FIELD__NR; i++)
		if (sample_type & sample_fields[i].bits)
			fn(ctx, &sample_fields[i]);
}

/* The same for the sample_id trailer of a kernel record other than
 * SAMPLE (where attr.sample_id_all). */
SAMPLE_FIELDS_INLINE void sample_fields__walk_id(uint64_t sample_type, sample_field_fn *fn,
						 void *ctx)
{
#pragma GCC unroll 8
	for (size_t i = 0; i < sizeof(sample_id_fields) / sizeof(sample_id_fields[0]); i++)
		if (sample_type & sample_fields[sample_id_fields[i]].bits)
			fn(ctx, &sample_fields[sample_id_fields[i]]);
}

/* u64 words of that trailer. */
static inline unsigned int sample_fields__id_words(uint64_t sample_type)
{
	unsigned int words = 0;

#pragma GCC unroll 8
	for (size_t i = 0; i < sizeof(sample_id_fields) / sizeof(sample_id_fields[0]); i++)
		words += !!(sample_type & sample_fields[sample_id_fields[i]].bits);
	return words;
}

/* Whether a BRANCHES field has the hw_idx word. */
static inline int sample_fields__has_hw_idx(const struct perf_event_attr *attr)
{
	return !!(attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX);
}

/* u64 words of a READ field: of each value (with its id and lost count),
 * and of the times before the values. */
static inline unsigned int sample_fields__read_value_words(uint64_t read_format)
{
	return 1 + !!(read_format & PERF_FORMAT_ID) + !!(read_format & PERF_FORMAT_LOST);
}

static inline unsigned int sample_fields__read_time_words(uint64_t read_format)
{
	return !!(read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) +
	       !!(read_format & PERF_FORMAT_TOTAL_TIME_RUNNING);
}

/* The registers a REGS field holds: its mask in @attr. */
static inline uint64_t sample_field__regs_mask(const struct sample_field *f,
					       const struct perf_event_attr *attr)
{
	uint64_t mask;

	memcpy(&mask, (const uint8_t *)attr + f->mask_in_attr, sizeof(mask));
	return mask;
}

/* Bytes of a field of @shape whatever the sample holds (8), or 0 for a
 * shape whose length the sample or the attr says. */
unsigned int sample_fields__fixed_size(enum sample_shape shape);

/*
 * Byte offset after the record header of field @idx in samples of
 * @sample_type: -1 when they lack it, or a field of variable length comes
 * before it (read the samples with sample_fields__walk() then).
 */
int sample_fields__offset(uint64_t sample_type, enum sample_field_idx idx);

/* The decoded value of U64 field @f, and the registers of REGS field @f,
 * in @s (borrowed, valid as long as @s). */
const uint64_t *sample_field__u64(const struct sample_field *f, const struct perf_sample *s);
const struct sample_regs *sample_field__regs(const struct sample_field *f,
					     const struct perf_sample *s);

#endif
