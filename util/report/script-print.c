// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../base/util.h"
#include "../data/event-text.h"
#include "../symbols/srccode.h"
#include "callchain.h"
#include "data-src.h"
#include "insn-fetch.h"
#include "resolve.h"
#include "script-brinsn.h"
#include "script-print.h"
#include "../base/xalloc.h"

static const struct {
	const char *name;
	uint64_t bit;
} field_names[] = {
	{ "comm", SF_COMM }, { "pid", SF_PID }, { "tid", SF_TID }, { "cpu", SF_CPU },
	{ "time", SF_TIME }, { "period", SF_PERIOD }, { "event", SF_EVENT }, { "ip", SF_IP },
	{ "sym", SF_SYM }, { "symoff", SF_SYMOFF }, { "dso", SF_DSO }, { "addr", SF_ADDR },
	{ "trace", SF_TRACE }, { "data_src", SF_DATA_SRC }, { "weight", SF_WEIGHT },
	{ "ins_lat", SF_INS_LAT }, { "phys_addr", SF_PHYS_ADDR },
	{ "data_page_size", SF_DATA_PAGE_SIZE }, { "code_page_size", SF_CODE_PAGE_SIZE },
	{ "brstack", SF_BRSTACK }, { "brstacksym", SF_BRSTACKSYM },
	{ "brstackoff", SF_BRSTACKOFF }, { "srcline", SF_SRCLINE }, { "misc", SF_MISC },
	{ "tod", SF_TOD }, { "flags", SF_FLAGS }, { "ipc", SF_IPC }, { "iregs", SF_IREGS },
	{ "uregs", SF_UREGS }, { "srccode", SF_SRCCODE }, { "insn", SF_INSN },
	{ "insnlen", SF_INSNLEN }, { "brstackinsn", SF_BRSTACKINSN },
	{ "brstackinsnlen", SF_BRSTACKINSNLEN },
};

/* What each field needs in the samples (any of the bits). */
static const struct {
	uint64_t field;
	uint64_t bits;
	const char *name, *attr;
} needs[] = {
	{ SF_CPU, PERF_SAMPLE_CPU, "cpu", "CPU" },
	{ SF_TIME, PERF_SAMPLE_TIME, "time", "TIME" },
	{ SF_IP, PERF_SAMPLE_IP, "ip", "IP" },
	{ SF_ADDR, PERF_SAMPLE_ADDR, "addr", "ADDR" },
	{ SF_PERIOD, PERF_SAMPLE_PERIOD, "period", "PERIOD" },
	{ SF_TRACE, PERF_SAMPLE_RAW, "trace", "RAW" },
	{ SF_DATA_SRC, PERF_SAMPLE_DATA_SRC, "data_src", "DATA_SRC" },
	{ SF_WEIGHT, PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT, "weight", "WEIGHT" },
	{ SF_INS_LAT, PERF_SAMPLE_WEIGHT_STRUCT, "ins_lat", "WEIGHT_STRUCT" },
	{ SF_PHYS_ADDR, PERF_SAMPLE_PHYS_ADDR, "phys_addr", "PHYS_ADDR" },
	{ SF_DATA_PAGE_SIZE, PERF_SAMPLE_DATA_PAGE_SIZE, "data_page_size", "DATA_PAGE_SIZE" },
	{ SF_CODE_PAGE_SIZE, PERF_SAMPLE_CODE_PAGE_SIZE, "code_page_size", "CODE_PAGE_SIZE" },
	{ SF_IREGS, PERF_SAMPLE_REGS_INTR, "iregs", "REGS_INTR" },
	{ SF_UREGS, PERF_SAMPLE_REGS_USER, "uregs", "REGS_USER" },
};	/* the branch fields: nothing where there is no stack, as perf */

static int field_bit(const char *name, size_t len, uint64_t *bit, struct strbuf *err)
{
	for (size_t i = 0; i < ARRAY_SIZE(field_names); i++) {
		if (strlen(field_names[i].name) == len && !strncmp(field_names[i].name, name, len)) {
			*bit = field_names[i].bit;
			return 0;
		}
	}
	strbuf_addf(err, "-F: unknown field '%.*s'\nhint: fields are comm, pid, tid, cpu, time, "
		    "period, event, ip, sym, symoff, dso, addr, trace, data_src, weight, ins_lat, "
		    "phys_addr, data_page_size, code_page_size, brstack, brstacksym, brstackoff, "
		    "srcline, misc, tod, flags, ipc, iregs, uregs, srccode, insn, insnlen, "
		    "brstackinsn, brstackinsnlen",
		    (int)len, name);
	return -EINVAL;
}

/* "comm,tid,ip" replaces the default fields; "+addr,-period" changes
 * them, as in perf (which refuses to mix the two forms). */
static int parse_list(const char *list, const char *spec, struct script_fields *sf,
		      struct strbuf *err)
{
	bool modify = *list == '+' || *list == '-';

	*sf = (struct script_fields){ .replace = !modify, .none = !*list };
	for (const char *s = list; *s; s += strcspn(s, ","), s += !!*s) {
		size_t len = strcspn(s, ",");
		char sign = *s == '+' || *s == '-' ? *s : 0;
		uint64_t bit;

		if (!!sign != modify) {
			strbuf_addf(err, "-F %s: a list either replaces the fields (ip,sym) or "
				    "changes them (+addr,-period), not both\nhint: put + or - before "
				    "every field, or before none", spec);
			return -EINVAL;
		}
		if (field_bit(s + !!sign, len - !!sign, &bit, err))
			return -EINVAL;
		if (sign == '+')
			sf->add |= bit, sf->remove &= ~bit;
		else if (sign == '-')
			sf->remove |= bit, sf->add &= ~bit;
		else
			sf->fields |= bit;
	}
	return 0;
}

static const struct {
	const char *name, *desc;
	unsigned int type;
} type_names[] = {
	{ "hw", "hardware", PERF_TYPE_HARDWARE }, { "sw", "software", PERF_TYPE_SOFTWARE },
	{ "trace", "tracepoint", PERF_TYPE_TRACEPOINT }, { "raw", "raw", PERF_TYPE_RAW },
	{ "break", "breakpoint", PERF_TYPE_BREAKPOINT },
};

int script_print__parse_fields(struct script_print *p, const char *spec, struct strbuf *warn,
			       struct strbuf *err)
{
	const char *colon = strchr(spec, ':');
	struct script_fields sf;
	size_t i;

	if (!colon) {
		if (parse_list(spec, spec, &sf, err))
			return -EINVAL;
		for (i = 0; i < SCRIPT_NR_TYPES; i++) {
			p->by_type[i] = sf;
			/* as perf: a tracepoint's payload, asked for every event, is
			 * left out for the others (with a warning) */
			if (i != PERF_TYPE_TRACEPOINT) {
				p->by_type[i].fields &= ~(uint64_t)SF_TRACE;
				p->by_type[i].add &= ~(uint64_t)SF_TRACE;
			}
		}
		if ((sf.fields | sf.add) & SF_TRACE)
			strbuf_addf(warn, "-F %s: 'trace' is printed for tracepoints only\n", spec);
		return 0;
	}
	for (i = 0; i < ARRAY_SIZE(type_names); i++)
		if (strlen(type_names[i].name) == (size_t)(colon - spec) &&
		    !strncmp(type_names[i].name, spec, (size_t)(colon - spec)))
			break;
	if (i == ARRAY_SIZE(type_names)) {
		strbuf_addf(err, "-F %s: unknown event type '%.*s'\nhint: the types are hw, sw, "
			    "trace, raw, break (or no type: every event)", spec,
			    (int)(colon - spec), spec);
		return -EINVAL;
	}
	if (parse_list(colon + 1, spec, &sf, err))
		return -EINVAL;
	if (((sf.fields | sf.add) & SF_TRACE) && type_names[i].type != PERF_TYPE_TRACEPOINT) {
		strbuf_addf(err, "-F %s: 'trace' is not valid for %s events\nhint: it is a "
			    "tracepoint's payload (-F trace:...)", spec, type_names[i].desc);
		return -EINVAL;
	}
	sf.typed = true;
	p->by_type[type_names[i].type] = sf;
	return 0;
}

static uint64_t asked_anywhere(const struct script_print *p)
{
	uint64_t asked = 0;

	for (size_t i = 0; i < SCRIPT_NR_TYPES; i++)
		asked |= p->by_type[i].replace ? p->by_type[i].fields : p->by_type[i].add;
	return asked;
}

int script_print__check_fields(const struct script_print *p, struct strbuf *err)
{
	for (size_t i = 0; i < SCRIPT_NR_TYPES; i++) {
		const struct script_fields *sf = &p->by_type[i];

		uint64_t lines = sf->fields & (SF_SRCLINE | SF_SRCCODE);

		if (sf->replace && lines && !(sf->fields & SF_IP)) {
			const char *name = lines & SF_SRCLINE ? "srcline" : "srccode";

			strbuf_addf(err, "-F %s needs the ip: the source line is the sampled "
				    "address's\nhint: add ip to -F (e.g. -F comm,ip,sym,%s)", name,
				    name);
			return -EINVAL;
		}
	}
	if ((asked_anywhere(p) & SF_TOD) && !p->has_clock) {
		strbuf_addstr(err, "-F tod: the file has no clock data to tell the time of day "
			      "from its timestamps\nhint: record with -k (--clockid), e.g. "
			      "perf-mini record -k mono");
		return -EINVAL;
	}
	return 0;
}

static unsigned int type_index(const struct perf_event_attr *attr)
{
	return attr->type < SCRIPT_NR_TYPES - 1 ? attr->type : SCRIPT_NR_TYPES - 1;
}

static const struct script_fields *fields_for(const struct script_print *p,
					      const struct pd_evsel *e)
{
	return &p->by_type[type_index(&e->attr)];
}

void script_print__set_events(struct script_print *p, const struct pd_evsel *const *ev,
			      size_t nr)
{
	for (size_t i = nr; i-- > 0;) {
		const struct perf_event_attr *a = &ev[i]->attr;

		if (a->type != PERF_TYPE_SOFTWARE || a->config != PERF_COUNT_SW_DUMMY)
			p->type_attr[type_index(a)] = a;
		if (a->type == PERF_TYPE_TRACEPOINT && (a->sample_type & PERF_SAMPLE_CALLCHAIN))
			p->tp_callchain = true;
	}
}

/* The memory fields a raw event's samples carry (record -d's memory
 * events show them by default). Asked for every sample: plain tests. */
static uint64_t memory_fields(uint64_t st)
{
	uint64_t f = 0;

	f |= st & PERF_SAMPLE_ADDR ? SF_ADDR : 0;
	f |= st & PERF_SAMPLE_DATA_SRC ? SF_DATA_SRC : 0;
	f |= st & (PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT) ? SF_WEIGHT : 0;
	f |= st & PERF_SAMPLE_WEIGHT_STRUCT ? SF_INS_LAT : 0;
	f |= st & PERF_SAMPLE_PHYS_ADDR ? SF_PHYS_ADDR : 0;
	f |= st & PERF_SAMPLE_DATA_PAGE_SIZE ? SF_DATA_PAGE_SIZE : 0;
	f |= st & PERF_SAMPLE_CODE_PAGE_SIZE ? SF_CODE_PAGE_SIZE : 0;
	return f;
}

uint64_t script_print__default_fields(const struct perf_event_attr *attr)
{
	uint64_t f = SF_COMM | SF_TID | SF_EVENT;

	/* as perf: no time column where the samples carry none (--per-thread) */
	if (attr->sample_type & PERF_SAMPLE_TIME)
		f |= SF_TIME;
	if (attr->sample_type & PERF_SAMPLE_CPU)
		f |= SF_CPU;
	if (attr->type == PERF_TYPE_TRACEPOINT)
		return f | SF_TRACE;
	f |= SF_PERIOD | SF_IP | SF_SYM | SF_SYMOFF | SF_DSO;
	if (attr->type == PERF_TYPE_RAW)
		f |= memory_fields(attr->sample_type);
	return f;
}

/* The blocks between branches are known when the stacks hold every one:
 * perf asks it of the events together (some may have no stack). */
static int check_brstackinsn(const struct script_print *p, const struct pd_evsel *const *ev,
			     size_t nr, struct strbuf *err)
{
	uint64_t types = 0, asked = 0;

	for (size_t i = 0; i < nr; i++) {
		const struct script_fields *sf = fields_for(p, ev[i]);

		types |= ev[i]->attr.branch_sample_type;
		asked |= sf->none ? 0 : sf->replace ? sf->fields : sf->add;
	}
	if (!(asked & (SF_BRSTACKINSN | SF_BRSTACKINSNLEN)) || (types & PERF_SAMPLE_BRANCH_ANY))
		return 0;
	strbuf_addstr(err, "-F brstackinsn: the samples have no stack of every taken branch, to "
		      "walk the code between\nhint: record with perf-mini record -b (all "
		      "branches), or leave brstackinsn out of -F");
	return -EINVAL;
}

int script_print__check_types(const struct script_print *p, const struct pd_evsel *const *ev,
			      size_t nr, struct strbuf *err)
{
	for (size_t i = 0; i < ARRAY_SIZE(type_names); i++) {
		const struct script_fields *sf = &p->by_type[type_names[i].type];
		size_t k = 0;

		if (!sf->typed || !sf->none)
			continue;
		while (k < nr && ev[k]->attr.type != type_names[i].type)
			k++;
		if (k == nr) {
			strbuf_addf(err, "-F %s: hides the %s events, but there are none\n"
				    "hint: leave that -F out", type_names[i].name, type_names[i].desc);
			return -EINVAL;
		}
	}
	return check_brstackinsn(p, ev, nr, err);
}

int script_print__check(const struct script_print *p, const struct pd_evsel *e,
			struct strbuf *err)
{
	const struct script_fields *sf = fields_for(p, e);
	uint64_t asked = sf->none ? 0 : sf->replace ? sf->fields : sf->add;

	for (size_t i = 0; i < ARRAY_SIZE(needs); i++) {
		if (!(asked & needs[i].field) || (e->attr.sample_type & needs[i].bits))
			continue;
		strbuf_addf(err, "samples of '%s' have no %s attribute: cannot print the '%s' "
			    "field\nhint: leave '%s' out of -F", e->name, needs[i].attr,
			    needs[i].name, needs[i].name);
		return -EINVAL;
	}
	return 0;
}

static uint64_t fields_of(const struct script_print *p, const struct pd_evsel *e)
{
	const struct script_fields *sf = fields_for(p, e);
	const struct perf_event_attr *rep = p->type_attr[type_index(&e->attr)];
	uint64_t f;

	if (sf->replace)
		return sf->fields;
	if (rep) {
		f = script_print__default_fields(rep);
	} else {	/* built only here: zeroing it was a cost per sample */
		struct perf_event_attr any = { .type = e->attr.type, .sample_type = ~0ULL };

		f = script_print__default_fields(&any);
	}
	/* perf: tracepoints recorded with callchains show them, and where,
	 * unless -F changed anything */
	if (e->attr.type == PERF_TYPE_TRACEPOINT && p->tp_callchain && !p->no_callchain &&
	    !sf->add && !sf->remove)
		f |= SF_IP | SF_SYM | SF_SYMOFF | SF_DSO;
	return (f | sf->add) & ~sf->remove;
}

static const char *dso_name(const struct dso *dso)
{
	if (!dso)
		return "[unknown]";
	/* perf names a module by its path only when the build-ids listed it,
	 * and a kernel by its vmlinux path when they name one */
	if (dso->kernel && !(dso->is_module && dso->path_known) &&
	    strcmp(dso->short_name, "[kernel.vmlinux]"))
		return dso->short_name;
	return dso->long_name;
}

/* "sym+off", "sym" or "[unknown]" */
static void print_sym(const struct addr_location *al, bool offset, struct strbuf *sb)
{
	if (!al->sym) {
		strbuf_addstr(sb, "[unknown]");
		return;
	}
	strbuf_add(sb, al->sym->name, al->sym->namelen);
	if (offset) {
		strbuf_addstr(sb, "+0x");
		strbuf_addhex(sb, al->addr - al->sym->start, 0);
	}
}

/* " sym+off (dso)" after an address, as the fields ask. */
static void print_location(uint64_t f, const struct addr_location *al, struct strbuf *sb)
{
	if (f & SF_SYM) {
		strbuf_addch(sb, ' ');
		print_sym(al, f & SF_SYMOFF, sb);
	}
	if (f & SF_DSO) {
		strbuf_addstr(sb, " (");
		strbuf_addstr(sb, dso_name(al->map ? al->map->dso : NULL));
		strbuf_addch(sb, ')');
	}
}

/* perf's registers: " ABI:2 " and "%5s:0x%lx " for each in @mask */
static void print_regs(const struct pmu_arch_ops *arch, const struct sample_regs *r,
		       uint64_t mask, struct strbuf *sb)
{
	int i = 0;

	if (!r->regs)
		return;
	strbuf_addf(sb, " ABI:%" PRIu64 " ", r->abi);
	for (int bit = 0; bit < 64; bit++)
		if (mask >> bit & 1)
			strbuf_addf(sb, "%5s:0x%" PRIx64 " ", arch__reg_name(arch ? arch : arch__host(), bit),
				    r->regs[i++]);
}

/* perf's map__fprintf_srcline(): "\n  file.c:12" after a located
 * address, nothing where no line is known */
static void print_srcline(uint64_t f, struct srclines *sl, struct machine *m,
			  const struct addr_location *al, struct strbuf *sb)
{
	const char *line;

	if (!(f & SF_SRCLINE) || !sl || !al->map)
		return;
	line = srcline__get(sl, &m->dsos, al->map->dso, NULL, al->addr);
	if (line && strcmp(line, "??:0")) {
		strbuf_addstr(sb, "\n  ");
		strbuf_addstr(sb, line);
	}
}

/* perf's " ilen: 3 insn: 48 01 fa": the instruction at the ip */
static void print_insn(const struct script_print *p, uint64_t f, struct machine *m,
		       struct thread *t, const struct perf_sample *s, struct strbuf *sb)
{
	struct addr_location al;
	uint8_t buf[16];
	size_t len;

	resolve_addr(m, t, s->cpumode, s->ip, &al);
	len = insn_fetch__at(p->insns, m, &al, buf);
	if (f & SF_INSNLEN)
		strbuf_addf(sb, " ilen: %zu", len);
	if ((f & SF_INSN) && len) {
		strbuf_addstr(sb, " insn:");
		for (size_t i = 0; i < len; i++)
			strbuf_addf(sb, " %02x", buf[i]);
	}
}

struct frame_ctx {
	uint64_t fields;
	struct strbuf *sb;
	struct srclines *inlines;	/* expand this sample's user frames */
	struct srclines *srclines;	/* -F srcline */
	struct machine *m;
};

/*
 * perf's inline list for an unwound user frame: one line per function the
 * DWARF nests at the address, innermost first, each with the frame's
 * address and offset, and with -F srcline the entry's own line (the
 * address's, then each call site's); a name other than the ELF symbol's is
 * "(inlined)", after its srcline. Returns false when there is nothing to
 * expand.
 */
static bool print_inlined(struct frame_ctx *c, const struct callchain_frame *frame)
{
	const struct addr_location *al = &frame->al;
	const char *names[32], *lines[32];
	size_t n;

	if (!c->inlines || frame->mode != PERF_RECORD_MISC_USER || !al->sym || !al->map)
		return false;
	n = srcline__inlines(c->inlines, &c->m->dsos, al->map->dso, al->addr, names, lines,
			     ARRAY_SIZE(names));
	for (size_t i = 0; i < n; i++) {
		bool real = !*names[i] || !strcmp(names[i], al->sym->name);

		strbuf_addch(c->sb, '\t');
		if (c->fields & SF_IP)
			strbuf_addhex(c->sb, al->addr, 16);
		if (real) {
			print_location(c->fields, al, c->sb);
		} else if (c->fields & SF_SYM) {	/* no dso, as perf */
			strbuf_addch(c->sb, ' ');
			strbuf_addstr(c->sb, names[i]);
			if (c->fields & SF_SYMOFF) {
				strbuf_addstr(c->sb, "+0x");
				strbuf_addhex(c->sb, al->addr - al->sym->start, 0);
			}
		}
		if ((c->fields & SF_SRCLINE) && lines[i])
			strbuf_addf(c->sb, "\n  %s", lines[i]);
		else
			print_srcline(c->fields, c->srclines, c->m, al, c->sb);
		if (!real)
			strbuf_addstr(c->sb, " (inlined)");
		strbuf_addch(c->sb, '\n');
	}
	return n > 0;
}

static int print_frame(void *ctx, const struct callchain_frame *frame)
{
	struct frame_ctx *c = ctx;
	const struct map *map = frame->al.map;

	if (print_inlined(c, frame))
		return 0;

	strbuf_addch(c->sb, '\t');
	/* perf prints kernel frames (modules too) as recorded, user ones
	 * relative to their DSO */
	if (c->fields & SF_IP)
		strbuf_addhex(c->sb, map && map->dso->kernel ? frame->ip : frame->al.addr, 16);
	print_location(c->fields, &frame->al, c->sb);
	print_srcline(c->fields, c->srclines, c->m, &frame->al, c->sb);
	strbuf_addch(c->sb, '\n');
	return 0;
}

static void print_comm(const struct script_print *p, uint64_t f, bool chain,
		       struct thread *t, struct strbuf *sb)
{
	char cut[9];

	if (!(f & SF_COMM))
		return;
	if (p->latency) {	/* perf's "%8.8s": cut to 8 */
		snprintf(cut, sizeof(cut), "%s", t->comm);
		strbuf_addrpad(sb, cut, 8);
	} else if (chain) {
		strbuf_addstr(sb, t->comm);
	} else {
		strbuf_addrpad(sb, t->comm, 16);
	}
	strbuf_addch(sb, ' ');
}

static void print_time(const struct script_print *p, uint64_t t, struct strbuf *sb)
{
	strbuf_addint(sb, (int64_t)(t / 1000000000), 5, ' ', false);
	strbuf_addch(sb, '.');
	if (p->nanosecs)
		strbuf_addint(sb, (int64_t)(t % 1000000000), 9, '0', false);
	else
		strbuf_addint(sb, (int64_t)(t % 1000000000 / 1000), 6, '0', false);
	strbuf_addstr(sb, ": ");
}

/* perf's -F misc: the cpumode's letters (tested bit-wise, as perf does:
 * a hypervisor sample is "KUH"), a record type's own flag, padded to 6 */
static void print_misc(uint32_t type, uint16_t misc, struct strbuf *sb)
{
	static const struct { uint16_t bits; char c; } modes[] = {
		{ PERF_RECORD_MISC_KERNEL, 'K' }, { PERF_RECORD_MISC_USER, 'U' },
		{ PERF_RECORD_MISC_HYPERVISOR, 'H' }, { PERF_RECORD_MISC_GUEST_KERNEL, 'G' },
		{ PERF_RECORD_MISC_GUEST_USER, 'g' },
	};
	size_t start = sb->len;

	for (size_t i = 0; i < ARRAY_SIZE(modes); i++)
		if ((misc & modes[i].bits) == modes[i].bits)
			strbuf_addch(sb, modes[i].c);
	if ((type == PERF_RECORD_MMAP || type == PERF_RECORD_MMAP2) &&
	    (misc & PERF_RECORD_MISC_MMAP_DATA))
		strbuf_addch(sb, 'M');
	if (type == PERF_RECORD_COMM && (misc & PERF_RECORD_MISC_COMM_EXEC))
		strbuf_addch(sb, 'E');
	if ((type == PERF_RECORD_SWITCH || type == PERF_RECORD_SWITCH_CPU_WIDE) &&
	    (misc & PERF_RECORD_MISC_SWITCH_OUT)) {
		strbuf_addch(sb, 'S');
		if (misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT)
			strbuf_addch(sb, 'p');
	}
	/* perf's "%*s" of " " in 6 - printed: one space at least */
	strbuf_addchars(sb, ' ', sb->len - start < 6 ? 6 - (sb->len - start) : 1);
}

/* perf's -F tod: the time of day of sample time @t from the clock data */
static void print_tod(const struct script_print *p, uint64_t t, struct strbuf *sb)
{
	uint64_t tod = t > p->clockid_ns ? p->tod_ns + (t - p->clockid_ns) :
					   p->tod_ns - (p->clockid_ns - t);
	time_t sec = (time_t)(tod / 1000000000);
	uint64_t nsec = tod % 1000000000;
	char date[64];
	struct tm tm;

	if (!localtime_r(&sec, &tm)) {
		strbuf_addstr(sb, "failed ");
		return;
	}
	strftime(date, sizeof(date), "%Y-%m-%d %H:%M:%S", &tm);
	strbuf_addf(sb, p->nanosecs ? "%s.%09" PRIu64 " " : "%s.%06" PRIu64 " ", date,
		    p->nanosecs ? nsec : nsec / 1000);
}

/* perf's sample start after the comm: pid/tid, cpu, misc, the time of day,
 * the time @t shows; @type is the record's (misc's letters depend on it). */
static void print_ids(uint64_t f, const struct perf_sample *s, struct strbuf *sb)
{
	if (f & SF_PID) {
		strbuf_addint(sb, (int32_t)s->pid, 5, ' ', false);
		strbuf_addch(sb, (f & SF_TID) ? '/' : ' ');
	}
	if (f & SF_TID) {
		strbuf_addint(sb, (int32_t)s->tid, 5, ' ', (f & SF_PID) != 0);
		strbuf_addch(sb, ' ');
	}
}

/* The cpu and what follows it up to the time (@t: as shown). */
static void print_when(const struct script_print *p, uint64_t f, const struct perf_sample *s,
		       uint64_t t, uint32_t type, struct strbuf *sb)
{
	if (f & SF_CPU && p->latency) {
		strbuf_addint(sb, (int32_t)s->cpu, 3, ' ', false);
		strbuf_addch(sb, ' ');
	} else if (f & SF_CPU) {
		strbuf_addch(sb, '[');
		strbuf_addint(sb, (int32_t)s->cpu, 3, '0', false);
		strbuf_addstr(sb, "] ");
	}
	if (f & SF_MISC)
		print_misc(type, s->misc, sb);
	if ((f & SF_TOD) && p->has_clock)
		print_tod(p, s->time, sb);
	if (f & SF_TIME)
		print_time(p, t, sb);
}

static void print_start(const struct script_print *p, uint64_t f,
			const struct perf_sample *s, uint64_t t, uint32_t type, struct strbuf *sb)
{
	print_ids(f, s, sb);
	print_when(p, f, s, t, type, sb);
}

/* What follows the time up to the event's name. */
static void print_tail(const struct script_print *p, uint64_t f, const struct perf_sample *s,
		       const struct pd_evsel *e, struct strbuf *sb)
{
	if (f & SF_PERIOD) {
		strbuf_addint(sb, (int64_t)s->period, 10, ' ', false);
		strbuf_addch(sb, ' ');
	}
	if (f & SF_EVENT) {
		strbuf_addrpad(sb, e->name, p->name_width);
		strbuf_addstr(sb, ": ");
	}
	/* perf's branch flags (call, return, ...) come from decoded
	 * instruction traces only: a sampled event's are none, its column
	 * blank */
	if (f & SF_FLAGS)
		strbuf_addchars(sb, ' ', 2 + 21 + 1);
}

/* What follows the comm up to the event's name: the sample alone says it
 * (and @t, its time as shown). */
static void print_middle(const struct script_print *p, uint64_t f,
			 const struct perf_sample *s, uint64_t t, const struct pd_evsel *e,
			 struct strbuf *sb)
{
	print_start(p, f, s, t, PERF_RECORD_SAMPLE, sb);
	print_tail(p, f, s, e, sb);
}

/* The time a line shows: perf's --reltime counts from the first event
 * shown with a time (0 until one has a non-zero one), --deltatime from the
 * one before. */
static uint64_t shown_time(struct script_print *p, uint64_t t)
{
	uint64_t shown = t;

	if (p->time_mode == SCRIPT_TIME_REL) {
		if (!p->first_time)
			p->first_time = t;
		shown = t - p->first_time;
	} else if (p->time_mode == SCRIPT_TIME_DELTA) {
		shown = p->prev_time ? t - p->prev_time : 0;
		p->prev_time = t;
	}
	return shown;
}

size_t script_print__prepare(const struct script_print *p, const struct perf_sample *s,
			     const struct pd_evsel *e, struct strbuf *scratch, char *note,
			     size_t size)
{
	strbuf_reset(scratch);
	print_when(p, fields_of(p, e), s, s->time, PERF_RECORD_SAMPLE, scratch);
	if (scratch->len >= size)
		return 0;	/* the tool's thread formats it */
	memcpy(note, scratch->buf, scratch->len + 1);
	return scratch->len + 1;
}

/* perf's sample_addr_correlates_sym(): a fault's address, or a branch
 * trace's, is one of the process's, resolved like an ip. */
static bool addr_is_code(const struct perf_event_attr *attr)
{
	if (attr->type == PERF_TYPE_SOFTWARE)
		return attr->config == PERF_COUNT_SW_PAGE_FAULTS ||
		       attr->config == PERF_COUNT_SW_PAGE_FAULTS_MIN ||
		       attr->config == PERF_COUNT_SW_PAGE_FAULTS_MAJ;
	return attr->type == PERF_TYPE_HARDWARE &&
	       (attr->config & PERF_COUNT_HW_BRANCH_INSTRUCTIONS) && attr->sample_period == 1;
}

static void print_addr(uint64_t f, struct machine *m, struct thread *t,
		       const struct perf_sample *s, const struct pd_evsel *e, struct strbuf *sb)
{
	struct addr_location al;

	strbuf_addhex(sb, s->addr, 16);
	if (!addr_is_code(&e->attr))
		return;
	resolve_addr_fb(m, t, s->cpumode, s->addr, &al);
	print_location(f, &al, sb);
}

/* "%16lx <decoded>", cut at 99 bytes and padded to the widest so far, as
 * perf formats it (into a 100-byte buffer, with a running maximum). */
static void print_data_src(struct script_print *p, const struct perf_sample *s,
			   struct strbuf *sb)
{
	size_t start = sb->len;
	int len;

	strbuf_addhex(sb, s->data_src, 16);
	strbuf_addch(sb, ' ');
	data_src__describe(s->data_src, sb);
	if (sb->len - start > 99)
		strbuf_setlen(sb, start + 99);
	len = (int)(sb->len - start);
	if (p->data_src_width < len)
		p->data_src_width = len;
	strbuf_addchars(sb, ' ', (size_t)(p->data_src_width - len));
}

static void print_memory(struct script_print *p, uint64_t f, const struct perf_sample *s,
			 struct strbuf *sb)
{
	if (f & SF_DATA_SRC)
		print_data_src(p, s, sb);
	if (f & SF_WEIGHT)
		strbuf_addf(sb, "%16" PRIu64, s->weight);
	if (f & SF_INS_LAT)
		strbuf_addf(sb, "%16u", (unsigned int)s->ins_lat);
}


static void branch_flags(const struct perf_branch_entry *b, struct strbuf *sb)
{
	strbuf_addch(sb, '/');
	strbuf_addch(sb, !(b->mispred || b->predicted) ? '-' : b->predicted ? 'P' : 'M');
	strbuf_addch(sb, '/');
	strbuf_addch(sb, b->in_tx ? 'X' : '-');
	strbuf_addch(sb, '/');
	strbuf_addch(sb, b->abort ? 'A' : '-');
	strbuf_addch(sb, '/');
	strbuf_addint(sb, b->cycles, 0, ' ', false);
	strbuf_addch(sb, '/');
	strbuf_addstr(sb, branch_entry__type_name(b));
	strbuf_addch(sb, ' ');
}

static void branch_dso(uint64_t f, const struct addr_location *al, struct strbuf *sb)
{
	if (!(f & SF_DSO))
		return;
	strbuf_addch(sb, '(');
	strbuf_addstr(sb, dso_name(al->map ? al->map->dso : NULL));
	strbuf_addch(sb, ')');
}

/* Where @addr lies in its mapping (perf's map__dso_map_ip()): from the
 * file's start for a DSO, from the map's start for kernel text, whose
 * recorded pgoff is an address; unmapped addresses stay as they are. */
static uint64_t map_offset(const struct addr_location *al, uint64_t addr)
{
	if (!al->map)
		return addr;
	return addr - al->map->start + (al->map->identity ? 0 : al->map->pgoff);
}

/* brstack: " 0xfrom/0xto/flags " per branch; brstacksym the same with
 * "sym+off" for the addresses, brstackoff with offsets in their DSOs;
 * "(dso)" after each with the dso field. perf prints only the first of
 * the three asked for. */
static void print_branches(uint64_t f, struct machine *m, struct thread *t,
			   const struct perf_sample *s, struct strbuf *sb)
{
	for (uint64_t i = 0; s->branches && i < s->branch_nr; i++) {
		const struct perf_branch_entry *b = &s->branches[i];
		bool sym = !(f & SF_BRSTACK) && (f & SF_BRSTACKSYM);
		/* brstackoff: addresses within their DSOs where mapped */
		bool off = !(f & (SF_BRSTACK | SF_BRSTACKSYM));
		struct addr_location from = { 0 }, to = { 0 };

		if (sym || off || (f & SF_DSO)) {	/* plain brstack needs no maps */
			resolve_addr_fb(m, t, s->cpumode, b->from, &from);
			resolve_addr_fb(m, t, s->cpumode, b->to, &to);
		}
		if (!sym) {
			strbuf_addstr(sb, " 0x");
			strbuf_addhex(sb, off ? map_offset(&from, b->from) : b->from, 0);
			branch_dso(f, &from, sb);
			strbuf_addstr(sb, "/0x");
			strbuf_addhex(sb, off ? map_offset(&to, b->to) : b->to, 0);
			branch_dso(f, &to, sb);
		} else {
			print_sym(&from, true, sb);
			branch_dso(f, &from, sb);
			strbuf_addch(sb, '/');
			print_sym(&to, true, sb);
			branch_dso(f, &to, sb);
		}
		branch_flags(b, sb);
	}
}

static void page_size(uint64_t size, struct strbuf *sb)
{
	strbuf_addch(sb, ' ');
	page_size__name(size, sb);
}

static void print_page_info(uint64_t f, const struct perf_sample *s, struct strbuf *sb)
{
	if (f & SF_PHYS_ADDR)
		strbuf_addhex(sb, s->phys_addr, 16);
	if (f & SF_DATA_PAGE_SIZE)
		page_size(s->data_page_size, sb);
	if (f & SF_CODE_PAGE_SIZE)
		page_size(s->code_page_size, sb);
}

/*
 * perf's print_srccode(): the text of the sample's source line, when the
 * line is not the one last shown for its thread (a file that cannot be
 * read shows nothing and changes nothing).
 */
static void print_srccode(struct script_print *p, struct machine *m, struct thread *t,
			  const struct perf_sample *s, struct strbuf *sb)
{
	struct addr_location al;
	const char *where, *colon, *text;
	unsigned long line;
	char *path;
	int len;

	resolve_addr(m, t, s->cpumode, s->ip, &al);
	if (!al.map || !p->srccode_lines)
		return;
	where = srcline__get(p->srccode_lines, &m->dsos, al.map->dso, al.sym, al.addr);
	colon = where ? strrchr(where, ':') : NULL;
	if (!colon || (t->srccode_shown && !strcmp(t->srccode_shown, where)))
		return;
	line = strtoul(colon + 1, NULL, 10);
	path = must_strndup(where, (size_t)(colon - where));
	text = line <= UINT_MAX ? srccode__line(p->srccode, path, (unsigned int)line, &len) : NULL;
	free(path);
	if (!text)
		return;
	strbuf_addf(sb, "|%-8lu %.*s\n", line, len, text);
	t->srccode_shown = where;
}

void script_print__sample(struct script_print *p, struct machine *m,
			  const struct perf_sample *s, const struct pd_evsel *e,
			  const char *middle, FILE *out)
{
	uint64_t f = fields_of(p, e);
	struct thread *t;
	uint64_t unwound[UNWOUND_CHAIN_MAX];
	struct perf_sample tmp;
	bool chain;

	if (fields_for(p, e)->none)
		return;		/* -F type: with no field */
	t = machine__findnew_thread(m, (int32_t)s->pid, (int32_t)s->tid);

	if (!p->no_callchain && (f & SF_IP))
		s = callchain__unwound(m, t, s, &tmp, unwound);
	chain = !p->no_callchain && s->callchain_nr && (f & SF_IP);
	struct strbuf *sb = &p->line;
	struct addr_location al;

	print_comm(p, f, chain, t, sb);
	if (middle) {
		print_ids(f, s, sb);
		strbuf_addstr(sb, middle);
		print_tail(p, f, s, e, sb);
	} else {
		print_middle(p, f, s, (f & SF_TIME) ? shown_time(p, s->time) : 0, e, sb);
	}
	if ((f & SF_TRACE) && s->raw_data && p->format_trace)
		p->format_trace(p->trace_ctx, s, sb);
	if (f & SF_ADDR)
		print_addr(f, m, t, s, e, sb);
	print_memory(p, f, s, sb);
	if (chain) {
		/* perf expands inlines in dwarf-unwound frames only */
		struct frame_ctx c = { .fields = f, .sb = sb, .m = m, .srclines = p->srclines,
				       .inlines = s == &tmp ? p->inlines : NULL };

		strbuf_addch(sb, '\n');
		callchain__walk(m, t, s, p->max_stack, print_frame, &c);
	} else if (f & SF_IP) {	/* perf shows sym and dso only with the ip */
		resolve_addr(m, t, s->cpumode, s->ip, &al);
		strbuf_addch(sb, ' ');
		strbuf_addhex(sb, s->ip, 16);
		print_location(f, &al, sb);
		print_srcline(f, p->srclines, m, &al, sb);
	}
	if (f & SF_IREGS)
		print_regs(p->arch, &s->intr_regs, e->attr.sample_regs_intr, sb);
	if (f & SF_UREGS)
		print_regs(p->arch, &s->user_regs, e->attr.sample_regs_user, sb);
	if (f & (SF_BRSTACK | SF_BRSTACKSYM | SF_BRSTACKOFF))
		print_branches(f, m, t, s, sb);
	if (f & (SF_INSN | SF_INSNLEN))
		print_insn(p, f, m, t, s, sb);
	if (f & (SF_BRSTACKINSN | SF_BRSTACKINSNLEN))
		script_brstackinsn(p->insns, !strcmp((p->arch ?: arch__host())->name, "x86"),
				   f & SF_BRSTACKINSNLEN, p->max_blocks, m, t, s, sb);
	print_page_info(f, s, sb);
	strbuf_addch(sb, '\n');
	if (f & SF_SRCCODE)
		print_srccode(p, m, t, s, sb);
	if (sb->len >= 1 << 16) {
		fwrite(sb->buf, 1, sb->len, out);
		strbuf_reset(sb);
	}
}

/* The task and map records name their thread; the others are the sample's. */
static void names_thread(const struct pm_event_header *ev, int32_t *pid, int32_t *tid)
{
	const uint32_t *ids = (const uint32_t *)(ev + 1);	/* pid, then tid */

	switch (ev->type) {
	case PERF_RECORD_FORK:
	case PERF_RECORD_EXIT:	/* pid, ppid, tid */
		if (ev->size >= sizeof(struct pm_fork_event)) {
			*pid = (int32_t)ids[0];
			*tid = (int32_t)ids[2];
		}
		return;
	case PERF_RECORD_COMM:
	case PERF_RECORD_MMAP:
	case PERF_RECORD_MMAP2:
	case PERF_RECORD_NAMESPACES:
		if (ev->size >= sizeof(*ev) + 8) {
			*pid = (int32_t)ids[0];
			*tid = (int32_t)ids[1];
		}
		return;
	default:
		return;
	}
}

void script_print__event_sample(const struct pm_event_header *ev, const struct pd_evsel *e,
				struct perf_sample *s, int32_t *pid, int32_t *tid)
{
	*pid = (int32_t)s->pid;
	*tid = (int32_t)s->tid;
	names_thread(ev, pid, tid);
	if (e->attr.sample_id_all)
		return;
	s->cpu = 0;
	s->time = 0;
	if ((ev->type == PERF_RECORD_FORK || ev->type == PERF_RECORD_EXIT) &&
	    ev->size >= sizeof(struct pm_fork_event))
		s->time = ((const struct pm_fork_event *)ev)->time;
	s->pid = (uint32_t)*pid;
	s->tid = (uint32_t)*tid;
}

void script_print__event(struct script_print *p, struct thread *t,
			 const struct pm_event_header *ev, const struct perf_sample *s,
			 const struct pd_evsel *e, FILE *out)
{
	struct strbuf *sb = &p->line;
	const char *name = perf_record_name(ev->type);

	if (t) {
		uint64_t f = fields_of(p, e);
		/* perf: an unpadded comm where samples have callchains shown */
		bool chain = (f & SF_IP) && !p->no_callchain &&
			     (e->attr.sample_type & PERF_SAMPLE_CALLCHAIN);

		print_comm(p, f, chain, t, sb);
		print_start(p, f, s, (f & SF_TIME) ? shown_time(p, s->time) : 0, ev->type, sb);
	}
	strbuf_addf(sb, "PERF_RECORD_%s", name ? name : "UNKNOWN");
	event_text__details(ev, sb);
	strbuf_addch(sb, '\n');
	if (sb->len >= 1 << 16) {
		fwrite(sb->buf, 1, sb->len, out);
		strbuf_reset(sb);
	}
}

void script_print__drain(struct script_print *p, FILE *out)
{
	fwrite(p->line.buf, 1, p->line.len, out);
	strbuf_reset(&p->line);
}

void script_print__flush(struct script_print *p, FILE *out)
{
	fwrite(p->line.buf, 1, p->line.len, out);
	strbuf_release(&p->line);
}
