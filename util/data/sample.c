// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_SAMPLE decoding. Every read is bounds-checked against the
 * record's own size, so a hostile record can only produce an error.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "../base/util.h"
#include "sample.h"

struct cursor {
	const uint8_t *p;
	const uint8_t *end;
	const uint8_t *start;
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
	uint64_t per_value = 1 + !!(read_format & PERF_FORMAT_ID) +
			     !!(read_format & PERF_FORMAT_LOST);
	uint64_t times = !!(read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) +
			 !!(read_format & PERF_FORMAT_TOTAL_TIME_RUNNING);

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
	if (attr->branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX)
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

static void parse_weight(struct cursor *c, uint64_t type, struct perf_sample *s)
{
	uint64_t w = take_u64(c);

	if (type & PERF_SAMPLE_WEIGHT_STRUCT) {
		s->weight = (uint32_t)w;
		s->ins_lat = (uint16_t)(w >> 32);
		s->p_stage_cyc = (uint16_t)(w >> 48);
	} else {
		s->weight = w;
	}
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

static void parse_tail(struct cursor *c, const struct perf_event_attr *attr,
		       struct perf_sample *s)
{
	uint64_t type = attr->sample_type;
	const void *p;

	if (type & PERF_SAMPLE_BRANCH_STACK)
		parse_branch_stack(c, attr, s);
	if (type & PERF_SAMPLE_REGS_USER)
		parse_regs(c, attr->sample_regs_user, &s->user_regs);
	if (type & PERF_SAMPLE_STACK_USER)
		parse_user_stack(c, s);
	if (type & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT))
		parse_weight(c, type, s);
	if (type & PERF_SAMPLE_DATA_SRC)
		s->data_src = take_u64(c);
	if (type & PERF_SAMPLE_TRANSACTION)
		s->transaction = take_u64(c);
	if (type & PERF_SAMPLE_REGS_INTR)
		parse_regs(c, attr->sample_regs_intr, &s->intr_regs);
	if (type & PERF_SAMPLE_PHYS_ADDR)
		s->phys_addr = take_u64(c);
	if (type & PERF_SAMPLE_CGROUP)
		s->cgroup = take_u64(c);
	if (type & PERF_SAMPLE_DATA_PAGE_SIZE)
		s->data_page_size = take_u64(c);
	if (type & PERF_SAMPLE_CODE_PAGE_SIZE)
		s->code_page_size = take_u64(c);
	if (type & PERF_SAMPLE_AUX) {
		s->aux_size = take_u64(c);
		if (take(c, s->aux_size, &p))
			s->aux_data = p;
	}
}

/* TID and TIME, which both layouts carry in this order. */
static void parse_tid_time(struct cursor *c, uint64_t type, struct perf_sample *s)
{
	if (type & PERF_SAMPLE_TID)
		take_u32_pair(c, &s->pid, &s->tid);
	if (type & PERF_SAMPLE_TIME) {
		s->time = take_u64(c);
		s->has_time = true;
	}
}

/* ID, STREAM_ID and CPU, likewise shared. */
static void parse_id_cpu(struct cursor *c, uint64_t type, struct perf_sample *s)
{
	if (type & PERF_SAMPLE_ID)
		s->id = take_u64(c);
	if (type & PERF_SAMPLE_STREAM_ID)
		s->stream_id = take_u64(c);
	if (type & PERF_SAMPLE_CPU)
		take_u32_pair(c, &s->cpu, NULL);
}

int perf_sample__parse(const struct pm_event_header *ev, const struct perf_event_attr *attr,
		       struct perf_sample *s, struct strbuf *err)
{
	uint64_t type = attr->sample_type;
	struct cursor c = {
		.start = (const uint8_t *)ev,
		.p = (const uint8_t *)(ev + 1),
		.end = (const uint8_t *)ev + ev->size,
	};

	sample_init(s, ev);
	if (type & PERF_SAMPLE_IDENTIFIER)
		s->id = take_u64(&c);
	if (type & PERF_SAMPLE_IP)
		s->ip = take_u64(&c);
	parse_tid_time(&c, type, s);
	if (type & PERF_SAMPLE_ADDR)
		s->addr = take_u64(&c);
	parse_id_cpu(&c, type, s);
	/* perf's rule: without PERIOD a sample weighs attr.sample_period */
	s->period = (type & PERF_SAMPLE_PERIOD) ? take_u64(&c) : attr->sample_period;
	if (type & PERF_SAMPLE_READ)
		parse_read(&c, attr, s);
	if (type & PERF_SAMPLE_CALLCHAIN) {
		s->callchain_nr = take_u64(&c);
		s->callchain = take_u64_array(&c, s->callchain_nr);
	}
	if (type & PERF_SAMPLE_RAW)
		parse_raw(&c, s);
	parse_tail(&c, attr, s);
	if (c.bad) {
		strbuf_addf(err, "sample of %u bytes is shorter than its sample_type %#llx says",
			    ev->size, (unsigned long long)type);
		return -EINVAL;
	}
	return 0;
}

unsigned int perf_sample__id_words(uint64_t sample_type)
{
	return !!(sample_type & PERF_SAMPLE_TID) + !!(sample_type & PERF_SAMPLE_TIME) +
	       !!(sample_type & PERF_SAMPLE_ID) + !!(sample_type & PERF_SAMPLE_STREAM_ID) +
	       !!(sample_type & PERF_SAMPLE_CPU) + !!(sample_type & PERF_SAMPLE_IDENTIFIER);
}

int perf_sample__parse_id(const struct pm_event_header *ev, const struct perf_event_attr *attr,
			  struct perf_sample *s, struct strbuf *err)
{
	uint64_t type = attr->sample_type;
	unsigned int words = perf_sample__id_words(type);
	struct cursor c = { .end = (const uint8_t *)ev + ev->size };

	sample_init(s, ev);
	if (!attr->sample_id_all || !words)
		return 0;
	if (ev->size < sizeof(*ev) + words * 8u) {
		strbuf_addf(err, "record of %u bytes has no room for its sample_id trailer",
			    ev->size);
		return -EINVAL;
	}
	c.p = c.end - words * 8u;
	parse_tid_time(&c, type, s);
	parse_id_cpu(&c, type, s);
	if (type & PERF_SAMPLE_IDENTIFIER)
		s->id = take_u64(&c);
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
