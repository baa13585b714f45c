// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_SAMPLE decoding. Every read is bounds-checked against the
 * record's own size, so a hostile record can only produce an error.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "../base/util.h"
#include "sample-fields.h"
#include "sample.h"

struct cursor {
	const uint8_t *p;
	const uint8_t *end;
	bool bad;
};

static bool take(struct cursor *c, uint64_t bytes, const void **out)
{
	if (c->bad || bytes > (uint64_t)(c->end - c->p)) {
		c->bad = true;
		return false;
	}
	*out = c->p;
	c->p += bytes;
	return true;
}

static uint64_t take_u64(struct cursor *c)
{
	const void *p;
	uint64_t v = 0;

	if (take(c, 8, &p))
		memcpy(&v, p, 8);
	return v;
}

/* Two u32 in one u64 slot (pid/tid, cpu/res). */
static void take_u32_pair(struct cursor *c, uint32_t *a, uint32_t *b)
{
	const void *p;

	if (!take(c, 8, &p))
		return;
	memcpy(a, p, 4);
	if (b)
		memcpy(b, (const uint8_t *)p + 4, 4);
}

static const uint64_t *take_u64_array(struct cursor *c, uint64_t nr)
{
	const void *p = NULL;

	if (nr > (uint64_t)(c->end - c->p) / 8) {
		c->bad = true;
		return NULL;
	}
	take(c, nr * 8, &p);
	return p;
}

static void sample_init(struct perf_sample *s, const struct pm_event_header *ev)
{
	/* gcc expands a memset of this size into "rep stos", slow to start
	 * and a tenth of a large report's reading thread; the C library's
	 * stores it in a few vector moves (and explicit_bzero is one gcc
	 * does not expand) */
	explicit_bzero(s, sizeof(*s));
	s->pid = s->tid = (uint32_t)-1;
	s->cpu = (uint32_t)-1;
	s->branch_hw_idx = (uint64_t)-1;
	s->data_src = PERF_MEM_DATA_SRC_NONE;
	s->misc = ev->misc;
	s->cpumode = ev->misc & PERF_RECORD_MISC_CPUMODE_MASK;
}

uint64_t perf_sample__read_words(uint64_t read_format, uint64_t nr)
{
	uint64_t per_value = sample_fields__read_value_words(read_format);
	uint64_t times = sample_fields__read_time_words(read_format);

	if (read_format & PERF_FORMAT_GROUP)
		return 1 + times + nr * per_value;
	return times + per_value;
}

static void parse_read(struct cursor *c, const struct perf_event_attr *attr,
		       struct perf_sample *s)
{
	uint64_t words = perf_sample__read_words(attr->read_format, 0);

	if (attr->read_format & PERF_FORMAT_GROUP) {
		const void *p;
		uint64_t nr;

		if (!take(c, 0, &p) || c->end - c->p < 8) {
			c->bad = true;
			return;
		}
		memcpy(&nr, c->p, 8);
		if (nr > 4096) {
			c->bad = true;
			return;
		}
		words = perf_sample__read_words(attr->read_format, nr);
	}
	s->read = take_u64_array(c, words);
	s->read_size = words;
}

static void parse_regs(struct cursor *c, uint64_t mask, struct sample_regs *r)
{
	r->abi = take_u64(c);
	r->mask = mask;
	if (r->abi)
		r->regs = take_u64_array(c, __builtin_popcountll(mask));
}

static void parse_branch_stack(struct cursor *c, const struct perf_event_attr *attr,
			       struct perf_sample *s)
{
	s->branch_nr = take_u64(c);
	if (sample_fields__has_hw_idx(attr))
		s->branch_hw_idx = take_u64(c);
	if (s->branch_nr > (uint64_t)(c->end - c->p) / sizeof(struct perf_branch_entry)) {
		c->bad = true;
		return;
	}
	s->branches = (const void *)take_u64_array(c, s->branch_nr * 3);
}

static void parse_user_stack(struct cursor *c, struct perf_sample *s)
{
	const void *p;

	s->user_stack_size = take_u64(c);
	if (!s->user_stack_size)
		return;
	if (take(c, s->user_stack_size, &p))
		s->user_stack = p;
	s->user_stack_dyn_size = take_u64(c);
}

static void parse_raw(struct cursor *c, struct perf_sample *s)
{
	const void *p;

	/* u32 size then the payload; size includes the padding to u64 */
	if (!take(c, 4, &p))
		return;
	memcpy(&s->raw_size, p, 4);
	if (take(c, s->raw_size, &p))
		s->raw_data = p;
}

static void parse_aux(struct cursor *c, struct perf_sample *s)
{
	const void *p;

	s->aux_size = take_u64(c);
	if (take(c, s->aux_size, &p))
		s->aux_data = p;
}

/* A walk of the field table (sample-fields.h) into @s. */
struct decoder {
	struct cursor c;
	const struct perf_event_attr *attr;
	struct perf_sample *s;
};

static void *dest(struct perf_sample *s, size_t off)
{
	return (uint8_t *)s + off;
}

/*
 * One flat dispatch switch: the field at the cursor, by its shape. A U64
 * is stored as it is; sample_finish() says what perf makes of it. Always
 * inlined: in each of the walk's unrolled steps the field is a constant,
 * its switch folds to the one case, and the decoder runs as fast as the
 * hand-written chain of tests it replaced (called, it took half as long
 * again).
 */
SAMPLE_FIELDS_INLINE void decode_field(void *ctx, const struct sample_field *f)
{
	struct decoder *d = ctx;
	struct perf_sample *s = d->s;
	uint64_t v;

	switch (f->shape) {
	case SAMPLE_SHAPE_U64:
		v = take_u64(&d->c);
		memcpy(dest(s, f->dest), &v, sizeof(v));
		break;
	case SAMPLE_SHAPE_U32_PAIR:
		take_u32_pair(&d->c, dest(s, f->dest),
			      f->dest_hi == SAMPLE_FIELD_DROPPED ? NULL : dest(s, f->dest_hi));
		break;
	case SAMPLE_SHAPE_READ:
		parse_read(&d->c, d->attr, s);
		break;
	case SAMPLE_SHAPE_CHAIN:
		s->callchain_nr = take_u64(&d->c);
		s->callchain = take_u64_array(&d->c, s->callchain_nr);
		break;
	case SAMPLE_SHAPE_RAW:
		parse_raw(&d->c, s);
		break;
	case SAMPLE_SHAPE_BRANCHES:
		parse_branch_stack(&d->c, d->attr, s);
		break;
	case SAMPLE_SHAPE_REGS:
		parse_regs(&d->c, sample_field__regs_mask(f, d->attr), dest(s, f->dest));
		break;
	case SAMPLE_SHAPE_STACK:
		parse_user_stack(&d->c, s);
		break;
	case SAMPLE_SHAPE_BLOB:
		parse_aux(&d->c, s);
		break;
	case SAMPLE_SHAPE__NR:
		break;
	}
}

/* What perf makes of the words stored: TIME's presence, WEIGHT_STRUCT's
 * three numbers in the one u64. */
static void sample_finish(struct perf_sample *s, uint64_t type)
{
	uint64_t w = s->weight;

	s->has_time = type & PERF_SAMPLE_TIME;
	if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
		s->weight = (uint32_t)w;
		s->ins_lat = (uint16_t)(w >> 32);
		s->p_stage_cyc = (uint16_t)(w >> 48);
	}
}

int perf_sample__parse(const struct pm_event_header *ev, const struct perf_event_attr *attr,
		       struct perf_sample *s, struct strbuf *err)
{
	uint64_t type = attr->sample_type;
	struct decoder d = {
		.c = { .p = (const uint8_t *)(ev + 1), .end = (const uint8_t *)ev + ev->size },
		.attr = attr,
		.s = s,
	};

	sample_init(s, ev);
	/* perf's rule: without PERIOD a sample weighs attr.sample_period */
	s->period = attr->sample_period;
	sample_fields__walk(type, decode_field, &d);
	sample_finish(s, type);
	if (d.c.bad) {
		strbuf_addf(err, "sample of %u bytes is shorter than its sample_type %#llx says",
			    ev->size, (unsigned long long)type);
		return -EINVAL;
	}
	return 0;
}

unsigned int perf_sample__id_words(uint64_t sample_type)
{
	return sample_fields__id_words(sample_type);
}

int perf_sample__parse_id(const struct pm_event_header *ev, const struct perf_event_attr *attr,
			  struct perf_sample *s, struct strbuf *err)
{
	uint64_t type = attr->sample_type;
	unsigned int words = perf_sample__id_words(type);
	struct decoder d = { .c.end = (const uint8_t *)ev + ev->size, .attr = attr, .s = s };

	sample_init(s, ev);
	if (!attr->sample_id_all || !words)
		return 0;
	if (ev->size < sizeof(*ev) + words * 8u) {
		strbuf_addf(err, "record of %u bytes has no room for its sample_id trailer",
			    ev->size);
		return -EINVAL;
	}
	d.c.p = d.c.end - words * 8u;
	sample_fields__walk_id(type, decode_field, &d);
	sample_finish(s, type);
	return 0;
}

void page_size__name(uint64_t size, struct strbuf *out)
{
	static const char unit[] = "BKMG";
	int i = 0;

	if (!size) {
		strbuf_addstr(out, "N/A");
		return;
	}
	/* perf's unit_number__scnprintf(): 1024 stays "1024B" */
	while (size / 1024 > 1 && i < 3) {
		size /= 1024;
		i++;
	}
	strbuf_addf(out, "%" PRIu64 "%c", size, unit[i]);
}

const char *branch_type__name(unsigned int type)
{
	static const char *const types[] = {
		"", "COND", "UNCOND", "IND", "CALL", "IND_CALL", "RET", "SYSCALL", "SYSRET",
		"COND_CALL", "COND_RET", "ERET", "IRQ", "SERROR", "NO_TX", "EXTEND_ABI",
	};

	return type < ARRAY_SIZE(types) ? types[type] : "(null)";
}

/* perf's get_branch_type(): nothing when unknown; an extended type by its
 * second field (glibc prints a name perf lacks as "(null)"). */
const char *branch_entry__type_name(const struct perf_branch_entry *b)
{
	static const char *const new_types[] = {
		"FAULT_ALGN", "FAULT_DATA", "FAULT_INST", "ARCH_1", "ARCH_2", "ARCH_3", "ARCH_4",
		"ARCH_5",
	};

	if (b->type == PERF_BR_EXTEND_ABI)
		return b->new_type < ARRAY_SIZE(new_types) ? new_types[b->new_type] : "(null)";
	return branch_type__name(b->type);
}
