// SPDX-License-Identifier: GPL-2.0
#include <inttypes.h>

#include "attr-print.h"
#include <stdbool.h>

#include "../base/util.h"

struct bit_name {
	unsigned long long bit;
	const char *name;
};

#define BIT_NAME(prefix, n) { prefix##n, #n }

static const struct bit_name sample_type_names[] = {
	BIT_NAME(PERF_SAMPLE_, IP), BIT_NAME(PERF_SAMPLE_, TID), BIT_NAME(PERF_SAMPLE_, TIME),
	BIT_NAME(PERF_SAMPLE_, ADDR), BIT_NAME(PERF_SAMPLE_, READ),
	BIT_NAME(PERF_SAMPLE_, CALLCHAIN), BIT_NAME(PERF_SAMPLE_, ID), BIT_NAME(PERF_SAMPLE_, CPU),
	BIT_NAME(PERF_SAMPLE_, PERIOD), BIT_NAME(PERF_SAMPLE_, STREAM_ID),
	BIT_NAME(PERF_SAMPLE_, RAW), BIT_NAME(PERF_SAMPLE_, BRANCH_STACK),
	BIT_NAME(PERF_SAMPLE_, REGS_USER), BIT_NAME(PERF_SAMPLE_, STACK_USER),
	BIT_NAME(PERF_SAMPLE_, IDENTIFIER), BIT_NAME(PERF_SAMPLE_, REGS_INTR),
	BIT_NAME(PERF_SAMPLE_, DATA_SRC), BIT_NAME(PERF_SAMPLE_, WEIGHT),
	BIT_NAME(PERF_SAMPLE_, PHYS_ADDR), BIT_NAME(PERF_SAMPLE_, AUX),
	BIT_NAME(PERF_SAMPLE_, CGROUP), BIT_NAME(PERF_SAMPLE_, DATA_PAGE_SIZE),
	BIT_NAME(PERF_SAMPLE_, CODE_PAGE_SIZE), BIT_NAME(PERF_SAMPLE_, WEIGHT_STRUCT),
	BIT_NAME(PERF_SAMPLE_, TRANSACTION),	/* perf's own list (and order) lacks it */
};

static const struct bit_name read_format_names[] = {
	BIT_NAME(PERF_FORMAT_, TOTAL_TIME_ENABLED), BIT_NAME(PERF_FORMAT_, TOTAL_TIME_RUNNING),
	BIT_NAME(PERF_FORMAT_, ID), BIT_NAME(PERF_FORMAT_, GROUP), BIT_NAME(PERF_FORMAT_, LOST),
};

static const struct bit_name branch_type_names[] = {
	BIT_NAME(PERF_SAMPLE_BRANCH_, USER), BIT_NAME(PERF_SAMPLE_BRANCH_, KERNEL),
	BIT_NAME(PERF_SAMPLE_BRANCH_, HV), BIT_NAME(PERF_SAMPLE_BRANCH_, ANY),
	BIT_NAME(PERF_SAMPLE_BRANCH_, ANY_CALL), BIT_NAME(PERF_SAMPLE_BRANCH_, ANY_RETURN),
	BIT_NAME(PERF_SAMPLE_BRANCH_, IND_CALL), BIT_NAME(PERF_SAMPLE_BRANCH_, ABORT_TX),
	BIT_NAME(PERF_SAMPLE_BRANCH_, IN_TX), BIT_NAME(PERF_SAMPLE_BRANCH_, NO_TX),
	BIT_NAME(PERF_SAMPLE_BRANCH_, COND), BIT_NAME(PERF_SAMPLE_BRANCH_, CALL_STACK),
	BIT_NAME(PERF_SAMPLE_BRANCH_, IND_JUMP), BIT_NAME(PERF_SAMPLE_BRANCH_, CALL),
	BIT_NAME(PERF_SAMPLE_BRANCH_, NO_FLAGS), BIT_NAME(PERF_SAMPLE_BRANCH_, NO_CYCLES),
	BIT_NAME(PERF_SAMPLE_BRANCH_, TYPE_SAVE), BIT_NAME(PERF_SAMPLE_BRANCH_, HW_INDEX),
	BIT_NAME(PERF_SAMPLE_BRANCH_, PRIV_SAVE),
};

static void print_bits(struct strbuf *sb, unsigned long long v, const struct bit_name *names,
		       size_t nr)
{
	bool first = true;

	for (size_t i = 0; i < nr; i++) {
		if (!(v & names[i].bit))
			continue;
		strbuf_addf(sb, "%s%s", first ? "" : "|", names[i].name);
		v &= ~names[i].bit;
		first = false;
	}
	if (v)
		strbuf_addf(sb, "%s%#llx", first ? "" : "|", v);
}

void attr_print_sample_type(struct strbuf *sb, unsigned long long v)
{
	print_bits(sb, v, sample_type_names, ARRAY_SIZE(sample_type_names));
}

void attr_print_read_format(struct strbuf *sb, unsigned long long v)
{
	print_bits(sb, v, read_format_names, ARRAY_SIZE(read_format_names));
}

void attr_print_branch_type(struct strbuf *sb, unsigned long long v)
{
	print_bits(sb, v, branch_type_names, ARRAY_SIZE(branch_type_names));
}

enum attr_fmt { AF_UNSIGNED, AF_HEX, AF_SIGNED, AF_SAMPLE, AF_READ, AF_BRANCH };

/* -vv prints one "  name   value" line per field; perf.data headers one
 * "name = value, " run per event. */
struct attr_out {
	struct strbuf *sb;
	bool inline_style;
	bool pairs;	/* evlist -v: "name: value" runs, comma-separated */
	bool first;
};

static void field(struct attr_out *out, const char *name, unsigned long long v,
		  enum attr_fmt fmt)
{
	struct strbuf *sb = out->sb;

	if (!v)
		return;
	if (out->pairs)
		strbuf_addf(sb, "%s%s: ", out->first ? "" : ", ", name);
	else if (out->inline_style)
		strbuf_addf(sb, ", %s = ", name);
	else
		strbuf_addf(sb, "  %-32s ", name);
	switch (fmt) {
	case AF_UNSIGNED: strbuf_addf(sb, "%llu", v); break;
	case AF_HEX: strbuf_addf(sb, "%#llx", v); break;
	case AF_SIGNED: strbuf_addf(sb, "%lld", (long long)v); break;
	case AF_SAMPLE: attr_print_sample_type(sb, v); break;
	case AF_READ: attr_print_read_format(sb, v); break;
	case AF_BRANCH: attr_print_branch_type(sb, v); break;
	}
	if (!out->inline_style && !out->pairs)
		strbuf_addch(sb, '\n');
	out->first = false;
}

#define F(name, fmt) field(out, #name, a->name, fmt)
#define U(name) F(name, AF_UNSIGNED)

static void print_flags(struct attr_out *out, const struct perf_event_attr *a)
{
	U(disabled); U(inherit); U(pinned); U(exclusive); U(exclude_user); U(exclude_kernel);
	U(exclude_hv); U(exclude_idle); U(mmap); U(comm); U(freq); U(inherit_stat);
	U(enable_on_exec); U(task); U(watermark); U(precise_ip); U(mmap_data);
	U(sample_id_all); U(exclude_host); U(exclude_guest); U(exclude_callchain_kernel);
	U(exclude_callchain_user); U(mmap2); U(comm_exec); U(use_clockid); U(context_switch);
	U(write_backward); U(namespaces); U(ksymbol); U(bpf_event); U(aux_output); U(cgroup);
	U(text_poke); U(build_id); U(inherit_thread); U(remove_on_exec); U(sigtrap);
}

static void print_attr(struct attr_out *out, const struct perf_event_attr *a)
{
	U(type);
	U(size);
	F(config, AF_HEX);
	field(out, "{ sample_period, sample_freq }", a->sample_period, AF_UNSIGNED);
	F(sample_type, AF_SAMPLE);
	F(read_format, AF_READ);
	print_flags(out, a);
	field(out, "{ wakeup_events, wakeup_watermark }", a->wakeup_events, AF_UNSIGNED);
	U(bp_type);
	field(out, "{ bp_addr, config1 }", a->bp_addr, AF_HEX);
	field(out, "{ bp_len, config2 }", a->bp_len, AF_HEX);
	F(branch_sample_type, AF_BRANCH);
	F(sample_regs_user, AF_HEX);
	U(sample_stack_user);
	F(clockid, AF_SIGNED);
	F(sample_regs_intr, AF_HEX);
	U(aux_watermark);
	U(sample_max_stack);
	U(aux_sample_size);
	U(sig_data);
}

void attr_print(struct strbuf *sb, const struct perf_event_attr *attr)
{
	struct attr_out out = { .sb = sb };

	print_attr(&out, attr);
}

void attr_print_inline(struct strbuf *sb, const struct perf_event_attr *attr)
{
	struct attr_out out = { .sb = sb, .inline_style = true };

	print_attr(&out, attr);
}

void attr_print_pairs(struct strbuf *sb, const struct perf_event_attr *attr)
{
	struct attr_out out = { .sb = sb, .pairs = true, .first = true };

	print_attr(&out, attr);
}
