// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../events/cpumap.h"
#include "dump.h"
#include "../../arch/arch.h"
#include "cpu-map-event.h"
#include "event-text.h"
#include "sample-fields.h"
#include "../base/xalloc.h"

struct dump {
	FILE *out;
	const struct dump_tool *tool;
	struct session_stats *stats;
	struct dump_state state;
};

/* a record type's bit in its word: types 0-63, then 64-127 (THREAD_MAP is 73) */
#define BIT(type) ((uint64_t)1 << ((type) % 64))

/* perf 6.1's report: it has no use for throttling (its words), and no
 * handler of its own for the maps of a stat or --threads file */
const struct dump_tool dump_tool_report = {
	.unhandled = { BIT(PERF_RECORD_THROTTLE) | BIT(PERF_RECORD_UNTHROTTLE),
		       BIT(PERF_RECORD_THREAD_MAP) | BIT(PERF_RECORD_CPU_MAP) },
};

/* script takes throttling and says nothing */
const struct dump_tool dump_tool_script = {
	.silent = { BIT(PERF_RECORD_THROTTLE) | BIT(PERF_RECORD_UNTHROTTLE) },
};

/* sched latency and map: comm, fork, namespaces and losses only */
const struct dump_tool dump_tool_sched = {
	.unhandled = { BIT(PERF_RECORD_MMAP) | BIT(PERF_RECORD_MMAP2) |
		       BIT(PERF_RECORD_EXIT) | BIT(PERF_RECORD_CGROUP) |
		       BIT(PERF_RECORD_THROTTLE) | BIT(PERF_RECORD_UNTHROTTLE),
		       BIT(PERF_RECORD_ID_INDEX) | BIT(PERF_RECORD_THREAD_MAP) |
		       BIT(PERF_RECORD_CPU_MAP) },
};

/* sched timehist: as latency, with MMAP (not MMAP2) and EXIT */
const struct dump_tool dump_tool_timehist = {
	.unhandled = { BIT(PERF_RECORD_MMAP2) | BIT(PERF_RECORD_CGROUP) |
		       BIT(PERF_RECORD_THROTTLE) | BIT(PERF_RECORD_UNTHROTTLE),
		       BIT(PERF_RECORD_ID_INDEX) | BIT(PERF_RECORD_THREAD_MAP) |
		       BIT(PERF_RECORD_CPU_MAP) },
};

static bool dump_tool__bit(const uint64_t *bits, uint32_t type)
{
	return type < 128 && (bits[type / 64] & BIT(type));
}

static bool dump_tool__unhandled(const struct dump_tool *tool, uint32_t type)
{
	return dump_tool__bit(tool->unhandled, type);
}

static void hex_dump(FILE *out, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)ev;

	fprintf(out, ".\n. ... raw event: size %u bytes\n", ev->size);
	for (unsigned int off = 0; off < ev->size; off += 16) {
		unsigned int n = ev->size - off < 16 ? ev->size - off : 16;

		fprintf(out, ".  %04x: ", off);
		for (unsigned int i = 0; i < 16; i++) {
			if (i < n)
				fprintf(out, " %02x", p[off + i]);
			else
				fprintf(out, "   ");
		}
		fprintf(out, "  ");
		for (unsigned int i = 0; i < n; i++)
			fputc(isprint(p[off + i]) ? p[off + i] : '.', out);
		fprintf(out, "%*s\n", (int)(16 - n), "");	/* perf pads the last line */
	}
	fputc('\n', out);
}

/* perf's ID_INDEX: " nr: N" then an entry per line. */
static void id_index(FILE *out, const uint8_t *p, size_t len)
{
	uint64_t nr, v[4];

	if (len < 8)
		return;
	memcpy(&nr, p, 8);
	fprintf(out, " nr: %" PRIu64, nr);
	for (uint64_t i = 0; i < nr && 8 + 32 * (i + 1) <= len; i++) {
		memcpy(v, p + 8 + 32 * i, sizeof(v));
		fprintf(out, "\n ... id: %" PRIu64 "  idx: %" PRIu64 "  cpu: %" PRId64 "  tid: %" PRId64,
			v[0], v[1], (int64_t)v[2], (int64_t)v[3]);
	}
}

static void cpu_list(FILE *out, const uint8_t *p, size_t len)
{
	struct cpu_map *map = must_malloc(sizeof(*map) + CPU_MAP_EVENT_MAX * sizeof(int));
	struct strbuf sb = STRBUF_INIT;
	const char *why;

	map->nr = cpu_map_event__decode(p, len, map->cpus, &why);
	if (map->nr > 0)
		cpu_map__print(map, &sb);
	fputs(sb.len ? sb.buf : "", out);
	strbuf_release(&sb);
	free(map);
}

/* perf's EVENT_UPDATE: the id, then what it updates. */
static void event_update(FILE *out, const uint8_t *p, size_t len)
{
	uint64_t type, id;
	double scale;

	if (len < 16)
		return;
	memcpy(&type, p, 8);
	memcpy(&id, p + 8, 8);
	fprintf(out, "\n... id:    %" PRIu64, id);
	if ((type == 0 || type == 2) && len > 16)	/* unit, name */
		fprintf(out, "\n... %s  %.*s", type ? "name:" : "unit:", (int)strnlen(
			(const char *)p + 16, len - 16), (const char *)p + 16);
	else if (type == 1 && len >= 24)
		memcpy(&scale, p + 16, 8), fprintf(out, "\n... scale: %f", scale);
	else if (type == 3)
		fputs("\n... ", out), cpu_list(out, p + 16, len - 16);	/* perf 6.1: no label */
}

/* perf's own records: what perf report -D / script -D print of them.
 * False for the others (details() prints those). */
/* perf_event__fprintf_time_conv(): the clock conversion, its extension
 * (time_cycles on) only where the record holds it */
static void time_conv(FILE *out, const uint8_t *p, size_t len)
{
	uint64_t v[5] = { 0 };

	if (len < 24)
		return;
	memcpy(v, p, len < 40 ? 24 : 40);
	fprintf(out, "\n... Time Shift      %" PRIu64 "\n... Time Muliplier  %" PRIu64
		"\n... Time Zero       %" PRIu64 "\n", v[0], v[1], v[2]);
	if (len >= 42)
		fprintf(out, "... Time Cycles     %" PRIu64 "\n... Time Mask       %#" PRIx64
			"\n... Cap Time Zero   %d\n... Cap Time Short  %d\n", v[3], v[4], p[40],
			p[41]);
}

static bool user_details(const struct dump *d, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)(ev + 1);
	size_t len = ev->size - sizeof(*ev);
	uint64_t nr, pid;

	switch (ev->type) {
	case PERF_RECORD_ID_INDEX:
		id_index(d->out, p, len);
		break;
	case PERF_RECORD_EVENT_UPDATE:
		event_update(d->out, p, len);
		break;
	case PERF_RECORD_THREAD_MAP:
		if (len < 8)
			break;
		memcpy(&nr, p, 8);
		fprintf(d->out, " nr: %" PRIu64 " thread%s: ", nr, nr > 1 ? "s" : "");
		for (uint64_t i = 0; i < nr && 8 + 24 * (i + 1) <= len; i++) {
			memcpy(&pid, p + 8 + 24 * i, 8);
			fprintf(d->out, "%s%d", i ? ", " : "", (int)pid);
		}
		if (dump_tool__unhandled(d->tool, ev->type))
			fputs("\n: unhandled!", d->out);
		break;
	case PERF_RECORD_CPU_MAP:
		fputs(": ", d->out);
		cpu_list(d->out, p, len);
		if (dump_tool__unhandled(d->tool, ev->type))
			fputs("\n: unhandled!", d->out);
		break;
	case PERF_RECORD_FINISHED_INIT:
		fputs(": unhandled!", d->out);
		break;
	case PERF_RECORD_TIME_CONV:
		time_conv(d->out, p, len);
		fputs(": unhandled!", d->out);	/* no tool of perf's takes it */
		break;
	default:
		return false;
	}
	fputc('\n', d->out);
	return true;
}

/* A decoded sample as -D prints it; @field: the line printing now. */
struct sample_dump {
	FILE *out;
	const struct pm_event_header *ev;
	const struct perf_sample *s;
	const struct pd_evsel *evsel;
	const char *machine;	/* the file's, for the registers' names */
	const struct dump_field *field;
};

/* perf's lines for a field: by its printer, with a label where a printer
 * serves several fields. */
struct dump_field {
	enum sample_field_idx idx;
	void (*print)(const struct sample_dump *sd);
	const char *label;
};

static const struct sample_field *field_of(const struct sample_dump *sd)
{
	return &sample_fields[sd->field->idx];
}

/* perf's callchain__printf() */
static void print_callchain(const struct sample_dump *sd)
{
	const struct perf_sample *s = sd->s;

	if (!s->callchain)
		return;
	fprintf(sd->out, "\n... FP chain: nr:%" PRIu64, s->callchain_nr);
	for (uint64_t i = 0; i < s->callchain_nr; i++)
		fprintf(sd->out, "\n..... %2d: %016" PRIx64, (int)i, s->callchain[i]);
}

/* perf's sample_read__printf(): the counts an :S sample carries */
static void print_sample_read(const struct sample_dump *sd)
{
	FILE *out = sd->out;
	const struct perf_sample *s = sd->s;
	uint64_t rf = sd->evsel->attr.read_format;
	const uint64_t *w = s->read, *end;
	bool group = rf & PERF_FORMAT_GROUP;
	size_t per_value = sample_fields__read_value_words(rf);
	uint64_t nr = 1, ena = 0, run = 0, value = 0;

	if (!w)
		return;
	end = w + s->read_size;
	fputs("\n... sample_read:", out);
	if (group && w < end)
		nr = *w++;
	else if (!group && w < end)
		value = *w++;
	if ((rf & PERF_FORMAT_TOTAL_TIME_ENABLED) && w < end)
		ena = *w++;
	if ((rf & PERF_FORMAT_TOTAL_TIME_RUNNING) && w < end)
		run = *w++;
	if (rf & PERF_FORMAT_TOTAL_TIME_ENABLED)
		fprintf(out, "\n...... time enabled %016" PRIx64, ena);
	if (rf & PERF_FORMAT_TOTAL_TIME_RUNNING)
		fprintf(out, "\n...... time running %016" PRIx64, run);
	if (group)
		fprintf(out, "\n.... group nr %" PRIu64, nr);
	for (uint64_t i = 0; i < nr; i++) {
		const uint64_t *v = w;
		uint64_t id = 0, lost = 0;

		if (group) {
			if (w + per_value > end)
				break;
			value = *v++;
			w += per_value;
		}
		if (rf & PERF_FORMAT_ID)
			id = v < end ? *v++ : 0;
		if (rf & PERF_FORMAT_LOST)
			lost = v < end ? *v : 0;
		fprintf(out, "\n..... id %016" PRIx64 ", value %016" PRIx64, id, value);
		if (rf & PERF_FORMAT_LOST)
			fprintf(out, ", lost %" PRIu64, lost);
	}
}

/* perf's branch_stack__printf(): an LBR call stack as the frames it gives */
static void print_branches(const struct sample_dump *sd)
{
	FILE *out = sd->out;
	const struct perf_sample *s = sd->s;
	const struct perf_branch_entry *b = s->branches;
	bool callstack = sd->evsel->attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK;

	if (!b)
		return;
	fprintf(out, "\n... branch %s: nr:%" PRIu64, callstack ? "callstack" : "stack",
		s->branch_nr + callstack);
	for (uint64_t i = 0; i < s->branch_nr; i++, b++) {
		if (callstack && !i)
			fprintf(out, "\n..... %2d: %016llx\n..... %2d: %016llx", 0,
				(unsigned long long)b->to, 1, (unsigned long long)b->from);
		else if (callstack)
			fprintf(out, "\n..... %2d: %016llx", (int)i + 1, (unsigned long long)b->from);
		else
			fprintf(out, "\n..... %2d: %016llx -> %016llx %hu cycles %s%s%s%s %x %s",
				(int)i, (unsigned long long)b->from, (unsigned long long)b->to,
				(unsigned short)b->cycles, b->mispred ? "M" : " ",
				b->predicted ? "P" : " ", b->abort ? "A" : " ", b->in_tx ? "T" : " ",
				(unsigned int)b->reserved, branch_entry__type_name(b));
	}
}

/* perf's regs__printf(): the mask, the ABI, each register by its name */
static void print_regs(const struct sample_dump *sd)
{
	static const char *const abi[] = { "none", "32-bit", "64-bit" };
	const struct sample_regs *r = sample_field__regs(field_of(sd), sd->s);
	const struct pmu_arch_ops *arch;
	int i = 0;

	if (!r->regs)
		return;
	arch = arch__by_machine(sd->machine) ?: arch__host();	/* the file's, named as perf */
	fprintf(sd->out, "\n... %s regs: mask %#" PRIx64 " ABI %s", sd->field->label, r->mask,
		r->abi < 3 ? abi[r->abi] : "unknown");
	for (int bit = 0; bit < 64; bit++)
		if (r->mask >> bit & 1)
			fprintf(sd->out, "\n.... %-5s 0x%016" PRIx64, arch__reg_name(arch, bit),
				r->regs[i++]);
}

static void print_stack(const struct sample_dump *sd)
{
	const struct perf_sample *s = sd->s;

	fprintf(sd->out, "\n... ustack: size %" PRIu64 ", offset %#x", s->user_stack_size,
		s->user_stack ? (unsigned int)((const uint8_t *)s->user_stack -
					       (const uint8_t *)sd->ev) : 0);
}

static void print_weight(const struct sample_dump *sd)
{
	fprintf(sd->out, "\n... weight: %" PRIu64, sd->s->weight);
	if (sd->evsel->attr.sample_type & PERF_SAMPLE_WEIGHT_STRUCT)
		fprintf(sd->out, ",0x%x,0x%x", sd->s->ins_lat, sd->s->p_stage_cyc);
}

static void print_hex(const struct sample_dump *sd)
{
	fprintf(sd->out, "%s%" PRIx64, sd->field->label, *sample_field__u64(field_of(sd), sd->s));
}

static void print_page_size(const struct sample_dump *sd)
{
	struct strbuf page = STRBUF_INIT;

	page_size__name(*sample_field__u64(field_of(sd), sd->s), &page);
	fprintf(sd->out, "%s%s", sd->field->label, page.buf);
	strbuf_release(&page);
}

/*
 * perf's dump_sample() after its first line prints the fields in its own
 * order, not the sample's: READ last, REGS_INTR beside REGS_USER,
 * TRANSACTION after the page sizes.
 */
static const struct dump_field dump_fields[] = {
	{ SAMPLE_FIELD_CALLCHAIN, print_callchain },
	{ SAMPLE_FIELD_BRANCH_STACK, print_branches },
	{ SAMPLE_FIELD_REGS_USER, print_regs, "user" },
	{ SAMPLE_FIELD_REGS_INTR, print_regs, "intr" },
	{ SAMPLE_FIELD_STACK_USER, print_stack },
	{ SAMPLE_FIELD_WEIGHT, print_weight },
	{ SAMPLE_FIELD_DATA_SRC, print_hex, "\n . data_src: 0x" },
	{ SAMPLE_FIELD_PHYS_ADDR, print_hex, "\n .. phys_addr: 0x" },
	{ SAMPLE_FIELD_DATA_PAGE_SIZE, print_page_size, "\n .. data page size: " },
	{ SAMPLE_FIELD_CODE_PAGE_SIZE, print_page_size, "\n .. code page size: " },
	{ SAMPLE_FIELD_TRANSACTION, print_hex, "\n... transaction: " },
	{ SAMPLE_FIELD_READ, print_sample_read },
};

/* Each field the sample_type brings (sample-fields.h), in that order. */
static void sample_details(struct sample_dump *sd)
{
	uint64_t st = sd->evsel->attr.sample_type;

	for (sd->field = dump_fields; sd->field < dump_fields + ARRAY_SIZE(dump_fields);
	     sd->field++)
		if (st & field_of(sd)->bits)
			sd->field->print(sd);
}

/* -D's own details: samples and losses; the rest as every tool prints them */
static void details(FILE *out, const struct pm_event_header *ev, const struct perf_sample *s,
		    const struct pd_evsel *evsel, const char *machine)
{
	struct strbuf sb = STRBUF_INIT;

	switch (ev->type) {
	case PERF_RECORD_SAMPLE:
		if (!s)
			break;
		fprintf(out, "(IP, %#x): %d/%d: %#" PRIx64 " period: %" PRIu64 " addr: %#" PRIx64,
			ev->misc, (int32_t)s->pid, (int32_t)s->tid, s->ip, s->period, s->addr);
		if (evsel)	/* always: @s is only decoded with its event */
			sample_details(&(struct sample_dump){ out, ev, s, evsel, machine });
		break;
	case PERF_RECORD_LOST: {
		const struct pm_lost_event *e = (const void *)ev;

		if (ev->size >= sizeof(*e))
			fprintf(out, ": id:%" PRIu64 ": lost:%" PRIu64, e->id, e->lost);
		break;
	}
	case PERF_RECORD_LOST_SAMPLES: {
		const struct pm_lost_samples_event *e = (const void *)ev;

		/* the id from the trailer; perf prints -1 when it has none (the
		 * kernel's ids start at 1) */
		if (ev->size >= sizeof(*e))
			fprintf(out, ": id:%" PRIu64 ": lost samples :%" PRIu64,
				s && s->id ? s->id : (uint64_t)-1, e->lost);
		break;
	}
	default:
		event_text__details(ev, &sb);
		fwrite(sb.buf, 1, sb.len, out);
		strbuf_release(&sb);
		break;
	}
	fputc('\n', out);
}

/* perf's evlist__print_tstamp(): "[cpu ][time ]" by what any event
 * samples (-1 where this record's event has no such field), or "-1 -1 "
 * when a non-sample record carries no sample_id. */
static void print_stamp(FILE *out, struct perf_data *pd, const struct pm_event_header *ev,
			const struct perf_sample *s)
{
	struct pd_evsel *e = perf_data__evsel_of(pd, ev);
	uint64_t type = 0;

	if (!e && pd->nr_evsels)
		e = pd->evsels[0];
	if (!e || !s || (ev->type != PERF_RECORD_SAMPLE && !pd->evsels[0]->attr.sample_id_all)) {
		fputs("-1 -1 ", out);
		return;
	}
	for (size_t i = 0; i < pd->nr_evsels; i++)
		type |= pd->evsels[i]->attr.sample_type;
	if (type & PERF_SAMPLE_CPU)
		fprintf(out, "%u ", s->cpu);
	if (type & PERF_SAMPLE_TIME)
		fprintf(out, "%" PRIu64 " ",
			e->attr.sample_type & PERF_SAMPLE_TIME ? s->time : UINT64_MAX);
}

/* perf stamps its own records from an empty sample: the CPU and time
 * the events' samples carry, as 0 (or "-1 -1 " without sample_id_all). */
static void print_user_stamp(FILE *out, const struct perf_data *pd, size_t nr_known)
{
	uint64_t type = 0;

	if (!nr_known || !pd->evsels[0]->attr.sample_id_all) {
		fputs("-1 -1 ", out);
		return;
	}
	for (size_t i = 0; i < nr_known; i++)
		type |= pd->evsels[i]->attr.sample_type;
	if (type & PERF_SAMPLE_CPU)
		fputs("0 ", out);
	if (type & PERF_SAMPLE_TIME)
		fputs("0 ", out);
}

void perf_data__dump_record(struct perf_data *pd, struct dump_state *st,
			    const struct pm_event_header *ev, uint64_t off, FILE *out,
			    const struct dump_tool *tool)
{
	struct dump d = { .out = out, .tool = tool };
	struct perf_sample s;
	struct strbuf msg = STRBUF_INIT;
	struct pd_evsel *evsel = NULL;
	const char *name = perf_record_name(ev->type);
	/* a pipe: "pipe", offsets from its first record, events declared so far */
	size_t nr_known = pd->pipe ? st->nr_attrs : pd->nr_evsels;

	if (pd->pipe)
		off -= pd->data_offset;
	st->nr_attrs += ev->type == PERF_RECORD_HEADER_ATTR;
	fprintf(out, "\n%#" PRIx64 "@%s [%#x]: event: %u\n", off, pd->pipe ? "pipe" : pd->path,
		ev->size, ev->type);
	hex_dump(out, ev);
	if (ev->type && ev->type < PERF_RECORD_USER_TYPE_START)
		evsel = perf_data__parse_sample(pd, ev, &s, &msg);
	strbuf_release(&msg);
	if (ev->type && ev->type < PERF_RECORD_USER_TYPE_START)
		print_stamp(out, pd, ev, evsel ? &s : NULL);
	else
		print_user_stamp(out, pd, nr_known < pd->nr_evsels ? nr_known : pd->nr_evsels);
	if (name)
		fprintf(out, "%#" PRIx64 " [%#x]: PERF_RECORD_%s", off, ev->size, name);
	else
		fprintf(out, "%#" PRIx64 " [%#x]: unknown record type %u", off, ev->size, ev->type);
	/* perf says nothing more of these, not even the line's end */
	if (ev->type == PERF_RECORD_HEADER_ATTR || ev->type == PERF_RECORD_HEADER_FEATURE)
		return;
	if (dump_tool__bit(tool->silent, ev->type))
		return;
	if ((ev->type == PERF_RECORD_FINISHED_ROUND && st->unordered) ||
	    (dump_tool__unhandled(tool, ev->type) && ev->type != PERF_RECORD_THREAD_MAP &&
	     ev->type != PERF_RECORD_CPU_MAP)) {
		fputs(": unhandled!\n", out);
		return;
	}
	if (!user_details(&d, ev))
		details(out, ev, evsel ? &s : NULL, evsel, pd->feat.arch);
}

static int dump_record(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off,
		       void *ctx)
{
	struct dump *d = ctx;

	session_stats__count(d->stats, ev);
	perf_data__dump_record(pd, &d->state, ev, off, d->out, d->tool);
	return 0;
}

int perf_data__dump(struct perf_data *pd, FILE *out, const struct dump_tool *tool,
		    struct session_stats *stats, struct strbuf *err)
{
	struct dump d = { .out = out, .tool = tool, .stats = stats };

	memset(stats, 0, sizeof(*stats));
	return perf_data__for_each_record(pd, dump_record, &d, err);
}
