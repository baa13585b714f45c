// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>

#include "../base/util.h"
#include "callchain.h"
#include "resolve.h"
#include "script-print.h"

static const struct {
	const char *name;
	unsigned int bit;
} field_names[] = {
	{ "comm", SF_COMM }, { "pid", SF_PID }, { "tid", SF_TID }, { "cpu", SF_CPU },
	{ "time", SF_TIME }, { "period", SF_PERIOD }, { "event", SF_EVENT }, { "ip", SF_IP },
	{ "sym", SF_SYM }, { "symoff", SF_SYMOFF }, { "dso", SF_DSO }, { "addr", SF_ADDR },
	{ "trace", SF_TRACE },
};

int script_print__parse_fields(const char *spec, unsigned int *fields, struct strbuf *err)
{
	*fields = 0;
	for (const char *p = spec; *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");
		size_t i;

		for (i = 0; i < ARRAY_SIZE(field_names); i++)
			if (strlen(field_names[i].name) == len &&
			    !strncmp(field_names[i].name, p, len))
				break;
		if (i == ARRAY_SIZE(field_names)) {
			strbuf_addf(err, "-F: unknown field '%.*s'\nhint: fields are comm, pid, tid, "
				    "cpu, time, period, event, ip, sym, symoff, dso, addr, trace",
				    (int)len, p);
			return -EINVAL;
		}
		*fields |= field_names[i].bit;
	}
	return 0;
}

unsigned int script_print__default_fields(const struct perf_event_attr *attr)
{
	unsigned int f = SF_COMM | SF_TID | SF_TIME | SF_EVENT;

	if (attr->sample_type & PERF_SAMPLE_CPU)
		f |= SF_CPU;
	if (attr->type == PERF_TYPE_TRACEPOINT)
		return f | SF_TRACE;
	return f | SF_PERIOD | SF_IP | SF_SYM | SF_SYMOFF | SF_DSO;
}

int script_print__check(const struct script_print *p, const struct pd_evsel *e,
			struct strbuf *err)
{
	static const struct {
		unsigned int field;
		uint64_t bit;
		const char *name, *attr;
	} needs[] = {
		{ SF_CPU, PERF_SAMPLE_CPU, "cpu", "CPU" },
		{ SF_TIME, PERF_SAMPLE_TIME, "time", "TIME" },
		{ SF_IP, PERF_SAMPLE_IP, "ip", "IP" },
		{ SF_ADDR, PERF_SAMPLE_ADDR, "addr", "ADDR" },
		{ SF_PERIOD, PERF_SAMPLE_PERIOD, "period", "PERIOD" },
		{ SF_TRACE, PERF_SAMPLE_RAW, "trace", "RAW" },
	};

	for (size_t i = 0; p->user_fields && i < ARRAY_SIZE(needs); i++) {
		if (!(p->fields & needs[i].field) || (e->attr.sample_type & needs[i].bit))
			continue;
		strbuf_addf(err, "samples of '%s' have no %s attribute: cannot print the '%s' "
			    "field\nhint: leave '%s' out of -F", e->name, needs[i].attr,
			    needs[i].name, needs[i].name);
		return -EINVAL;
	}
	return 0;
}

static unsigned int fields_of(const struct script_print *p, const struct pd_evsel *e)
{
	return p->user_fields ? p->fields : script_print__default_fields(&e->attr);
}

static const char *dso_name(const struct dso *dso)
{
	if (!dso)
		return "[unknown]";
	/* perf names a module by its path only when the build-ids listed it */
	if (dso->kernel && !(dso->is_module && dso->path_known))
		return dso->short_name;
	return dso->long_name;
}

/* " sym+off (dso)" after an address, as the fields ask. */
static void print_location(unsigned int f, const struct addr_location *al, struct strbuf *sb)
{
	if (f & SF_SYM) {
		strbuf_addch(sb, ' ');
		if (al->sym)
			strbuf_add(sb, al->sym->name, al->sym->namelen);
		else
			strbuf_addstr(sb, "[unknown]");
		if (al->sym && (f & SF_SYMOFF)) {
			strbuf_addstr(sb, "+0x");
			strbuf_addhex(sb, al->addr - al->sym->start, 0);
		}
	}
	if (f & SF_DSO) {
		strbuf_addstr(sb, " (");
		strbuf_addstr(sb, dso_name(al->map ? al->map->dso : NULL));
		strbuf_addch(sb, ')');
	}
}

struct frame_ctx {
	unsigned int fields;
	struct strbuf *sb;
	struct srclines *inlines;	/* expand this sample's user frames */
	struct machine *m;
};

/*
 * perf's inline list for an unwound user frame: one line per function the
 * DWARF nests at the address, innermost first, each with the frame's
 * address and offset; a name other than the ELF symbol's is "(inlined)".
 * Returns false when there is nothing to expand.
 */
static bool print_inlined(struct frame_ctx *c, const struct callchain_frame *frame)
{
	const struct addr_location *al = &frame->al;
	const char *names[32];
	size_t n;

	if (!c->inlines || frame->mode != PERF_RECORD_MISC_USER || !al->sym || !al->map)
		return false;
	n = srcline__inlines(c->inlines, &c->m->dsos, al->map->dso, al->addr, names,
			     ARRAY_SIZE(names));
	for (size_t i = 0; i < n; i++) {
		bool real = !strcmp(names[i], al->sym->name);

		strbuf_addch(c->sb, '\t');
		if (c->fields & SF_IP)
			strbuf_addhex(c->sb, al->addr, 16);
		if (real) {
			print_location(c->fields, al, c->sb);
		} else {
			if (c->fields & SF_SYM) {
				strbuf_addch(c->sb, ' ');
				strbuf_addstr(c->sb, names[i]);
				if (c->fields & SF_SYMOFF) {
					strbuf_addstr(c->sb, "+0x");
					strbuf_addhex(c->sb, al->addr - al->sym->start, 0);
				}
			}
			strbuf_addstr(c->sb, " (inlined)");	/* with or without dso */
		}
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
	strbuf_addch(c->sb, '\n');
	return 0;
}

static void print_comm(unsigned int f, bool chain, struct thread *t, struct strbuf *sb)
{
	if (f & SF_COMM) {
		if (chain)
			strbuf_addstr(sb, t->comm);
		else
			strbuf_addrpad(sb, t->comm, 16);
		strbuf_addch(sb, ' ');
	}
}

/* What follows the comm up to the event's name: the sample alone says it. */
static void print_middle(const struct script_print *p, unsigned int f,
			 const struct perf_sample *s, const struct pd_evsel *e, struct strbuf *sb)
{
	if (f & SF_PID) {
		strbuf_addint(sb, (int32_t)s->pid, 5, ' ', false);
		strbuf_addch(sb, (f & SF_TID) ? '/' : ' ');
	}
	if (f & SF_TID) {
		strbuf_addint(sb, (int32_t)s->tid, 5, ' ', (f & SF_PID) != 0);
		strbuf_addch(sb, ' ');
	}
	if (f & SF_CPU) {
		strbuf_addch(sb, '[');
		strbuf_addint(sb, (int32_t)s->cpu, 3, '0', false);
		strbuf_addstr(sb, "] ");
	}
	if (f & SF_TIME) {
		strbuf_addint(sb, (int64_t)(s->time / 1000000000), 5, ' ', false);
		strbuf_addch(sb, '.');
		strbuf_addint(sb, (int64_t)(s->time % 1000000000 / 1000), 6, '0', false);
		strbuf_addstr(sb, ": ");
	}
	if (f & SF_PERIOD) {
		strbuf_addint(sb, (int64_t)s->period, 10, ' ', false);
		strbuf_addch(sb, ' ');
	}
	if (f & SF_EVENT) {
		strbuf_addrpad(sb, e->name, p->name_width);
		strbuf_addstr(sb, ": ");
	}
}

size_t script_print__prepare(const struct script_print *p, const struct perf_sample *s,
			     const struct pd_evsel *e, struct strbuf *scratch, char *note,
			     size_t size)
{
	strbuf_reset(scratch);
	print_middle(p, fields_of(p, e), s, e, scratch);
	if (scratch->len >= size)
		return 0;	/* the tool's thread formats it */
	memcpy(note, scratch->buf, scratch->len + 1);
	return scratch->len + 1;
}

void script_print__sample(struct script_print *p, struct machine *m,
			  const struct perf_sample *s, const struct pd_evsel *e,
			  const char *middle, FILE *out)
{
	unsigned int f = fields_of(p, e);
	struct thread *t = machine__findnew_thread(m, (int32_t)s->pid, (int32_t)s->tid);
	uint64_t unwound[UNWOUND_CHAIN_MAX];
	struct perf_sample tmp;
	bool chain;

	if (!p->no_callchain && (f & SF_IP))
		s = callchain__unwound(m, t, s, &tmp, unwound);
	chain = !p->no_callchain && s->callchain_nr && (f & SF_IP);
	struct strbuf *sb = &p->line;
	struct addr_location al;

	print_comm(f, chain, t, sb);
	if (middle)
		strbuf_addstr(sb, middle);
	else
		print_middle(p, f, s, e, sb);
	if ((f & SF_TRACE) && s->raw_data && p->format_trace)
		p->format_trace(p->trace_ctx, s, sb);
	if (f & SF_ADDR) {
		strbuf_addhex(sb, s->addr, 16);
		strbuf_addch(sb, ' ');
	}
	if (chain) {
		/* perf expands inlines in dwarf-unwound frames only */
		struct frame_ctx c = { .fields = f, .sb = sb, .m = m,
				       .inlines = s == &tmp ? p->inlines : NULL };

		strbuf_addch(sb, '\n');
		callchain__walk(m, t, s, p->max_stack, print_frame, &c);
	} else if (f & (SF_IP | SF_SYM | SF_DSO)) {
		resolve_addr(m, t, s->cpumode, s->ip, &al);
		if (f & SF_IP) {
			strbuf_addch(sb, ' ');
			strbuf_addhex(sb, s->ip, 16);
		}
		print_location(f, &al, sb);
	}
	strbuf_addch(sb, '\n');
	if (sb->len >= 1 << 16) {
		fwrite(sb->buf, 1, sb->len, out);
		strbuf_reset(sb);
	}
}

void script_print__flush(struct script_print *p, FILE *out)
{
	fwrite(p->line.buf, 1, p->line.len, out);
	strbuf_release(&p->line);
}
