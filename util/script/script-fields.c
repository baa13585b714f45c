// SPDX-License-Identifier: GPL-2.0
/*
 * script -F: the fields asked, per event type, checked against what the
 * samples carry; the fields each event's lines show.
 */
#include <errno.h>
#include <string.h>

#include "../base/util.h"
#include "script-print.h"

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
	{ "brstackinsnlen", SF_BRSTACKINSNLEN }, { "callindent", SF_CALLINDENT },
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
	{ SF_TRACE, PERF_SAMPLE_RAW, "trace", "RAW" },
	{ SF_DATA_SRC, PERF_SAMPLE_DATA_SRC, "data_src", "DATA_SRC" },
	{ SF_WEIGHT, PERF_SAMPLE_WEIGHT | PERF_SAMPLE_WEIGHT_STRUCT, "weight", "WEIGHT" },
	{ SF_INS_LAT, PERF_SAMPLE_WEIGHT_STRUCT, "ins_lat", "WEIGHT_STRUCT" },
	{ SF_PHYS_ADDR, PERF_SAMPLE_PHYS_ADDR, "phys_addr", "PHYS_ADDR" },
	{ SF_DATA_PAGE_SIZE, PERF_SAMPLE_DATA_PAGE_SIZE, "data_page_size", "DATA_PAGE_SIZE" },
	{ SF_CODE_PAGE_SIZE, PERF_SAMPLE_CODE_PAGE_SIZE, "code_page_size", "CODE_PAGE_SIZE" },
	{ SF_IREGS, PERF_SAMPLE_REGS_INTR, "iregs", "IREGS" },
	{ SF_UREGS, PERF_SAMPLE_REGS_USER, "uregs", "UREGS" },
};	/* the branch fields: nothing where there is no stack, as perf; the
	 * period, where the samples carry none, is the attr's (-c), as perf */

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
		    "brstackinsn, brstackinsnlen, callindent",
		    (int)len, name);
	return -EINVAL;
}

/* "comm,tid,ip" replaces the fields; "+addr,-period" changes them, as in
 * perf (which refuses to mix the two forms). */
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

/* A later -F on top of an earlier one, as perf: a list replaces the
 * fields; +a,-b changes whatever they are by then. */
static void apply(struct script_fields *to, const struct script_fields *sf, uint64_t keep)
{
	uint64_t add = sf->add & keep;

	if (sf->replace) {
		bool typed = to->typed, user_set = to->user_set;

		*to = *sf;
		to->fields &= keep;
		to->typed = typed;
		to->user_set = user_set;
	} else if (to->replace) {
		to->fields = (to->fields | add) & ~sf->remove;
	} else {
		to->add = (to->add | add) & ~sf->remove;
		to->remove = (to->remove | sf->remove) & ~add;
	}
}

static bool set_by_user(const struct script_print *p)
{
	for (size_t i = 0; i < SCRIPT_NR_TYPES; i++)
		if (p->by_type[i].user_set)
			return true;
	return false;
}

static int parse_untyped(struct script_print *p, const char *spec, struct strbuf *warn,
			 struct strbuf *err)
{
	struct script_fields sf;

	if (parse_list(spec, spec, &sf, err))
		return -EINVAL;
	if (sf.replace && set_by_user(p))
		strbuf_addstr(warn, "Overriding previous field request for all events.\n");
	/* as perf: a tracepoint's payload, asked for every event, is left
	 * out for the others (with a warning) */
	for (size_t i = 0; i < SCRIPT_NR_TYPES; i++) {
		apply(&p->by_type[i], &sf,
		      i == PERF_TYPE_TRACEPOINT ? ~(uint64_t)0 : ~(uint64_t)SF_TRACE);
		p->by_type[i].user_set = true;	/* +a,-b too, as perf */
	}
	/* perf's words, for each of its output types but tracepoints: raw,
	 * breakpoint and its own two are "unknown" to it */
	if ((sf.fields | sf.add) & SF_TRACE) {
		static const char *const others[] = { "hardware", "software", "hardware-cache",
						      "unknown", "unknown", "unknown", "unknown" };

		for (size_t i = 0; i < ARRAY_SIZE(others); i++)
			strbuf_addf(warn, "'trace' not valid for %s events. Ignoring.\n", others[i]);
	}
	return 0;
}

int script_print__parse_fields(struct script_print *p, const char *spec, struct strbuf *warn,
			       struct strbuf *err)
{
	const char *colon = strchr(spec, ':');
	struct script_fields sf, *to;
	size_t i;

	if (!colon)
		return parse_untyped(p, spec, warn, err);
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
	to = &p->by_type[type_names[i].type];
	if (to->user_set)
		strbuf_addf(warn, "Overriding previous field request for %s events.\n",
			    type_names[i].desc);
	apply(to, &sf, ~(uint64_t)0);
	to->typed = true;
	to->user_set = true;
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

const struct script_fields *script_print__fields_for(const struct script_print *p,
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
		const struct script_fields *sf = script_print__fields_for(p, ev[i]);

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
	const struct script_fields *sf = script_print__fields_for(p, e);
	uint64_t asked = sf->none ? 0 : sf->replace ? sf->fields : sf->add;

	for (size_t i = 0; i < ARRAY_SIZE(needs); i++) {
		if (!(asked & needs[i].field) || (e->attr.sample_type & needs[i].bits))
			continue;
		/* perf's words: tools that run perf script (perf2bolt) match them */
		strbuf_addf(err, "Samples for '%s' event do not have %s attribute set. Cannot "
			    "print '%s' field.\nhint: leave '%s' out of -F", e->name,
			    needs[i].attr, needs[i].name, needs[i].name);
		return -EINVAL;
	}
	return 0;
}

uint64_t script_print__fields_of(const struct script_print *p, const struct pd_evsel *e)
{
	const struct script_fields *sf = script_print__fields_for(p, e);
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

