// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
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
static void print_location(unsigned int f, const struct addr_location *al, FILE *out)
{
	if (f & SF_SYM) {
		if (al->sym && (f & SF_SYMOFF))
			fprintf(out, " %s+0x%" PRIx64, al->sym->name, al->addr - al->sym->start);
		else
			fprintf(out, " %s", al->sym ? al->sym->name : "[unknown]");
	}
	if (f & SF_DSO)
		fprintf(out, " (%s)", dso_name(al->map ? al->map->dso : NULL));
}

struct frame_ctx {
	unsigned int fields;
	FILE *out;
};

static int print_frame(void *ctx, const struct callchain_frame *frame)
{
	struct frame_ctx *c = ctx;

	const struct map *map = frame->al.map;

	fputc('\t', c->out);
	/* perf prints kernel frames (modules too) as recorded, user ones
	 * relative to their DSO */
	if (c->fields & SF_IP)
		fprintf(c->out, "%16" PRIx64, map && map->dso->kernel ? frame->ip : frame->al.addr);
	print_location(c->fields, &frame->al, c->out);
	fputc('\n', c->out);
	return 0;
}

static void print_start(unsigned int f, bool chain, const struct perf_sample *s,
			struct thread *t, FILE *out)
{
	if (f & SF_COMM)
		fprintf(out, chain ? "%s " : "%16s ", t->comm);
	if ((f & SF_PID) && (f & SF_TID))
		fprintf(out, "%5d/%-5d ", (int32_t)s->pid, (int32_t)s->tid);
	else if (f & SF_PID)
		fprintf(out, "%5d ", (int32_t)s->pid);
	else if (f & SF_TID)
		fprintf(out, "%5d ", (int32_t)s->tid);
	if (f & SF_CPU)
		fprintf(out, "[%03d] ", (int32_t)s->cpu);
	if (f & SF_TIME)
		fprintf(out, "%5" PRIu64 ".%06" PRIu64 ": ", (uint64_t)(s->time / 1000000000),
			(uint64_t)(s->time % 1000000000 / 1000));
}

void script_print__sample(const struct script_print *p, struct machine *m,
			  const struct perf_sample *s, const struct pd_evsel *e, FILE *out)
{
	unsigned int f = fields_of(p, e);
	struct thread *t = machine__findnew_thread(m, (int32_t)s->pid, (int32_t)s->tid);
	bool chain = !p->no_callchain && s->callchain_nr && (f & SF_IP);
	struct addr_location al;

	print_start(f, chain, s, t, out);
	if (f & SF_PERIOD)
		fprintf(out, "%10" PRIu64 " ", s->period);
	if (f & SF_EVENT)
		fprintf(out, "%*s: ", p->name_width, e->name);
	if ((f & SF_TRACE) && s->raw_data && p->format_trace)
		p->format_trace(p->trace_ctx, s, out);
	if (f & SF_ADDR)
		fprintf(out, "%16" PRIx64 " ", s->addr);
	if (chain) {
		struct frame_ctx c = { .fields = f, .out = out };

		fputc('\n', out);
		callchain__walk(m, t, s, p->max_stack, print_frame, &c);
	} else if (f & (SF_IP | SF_SYM | SF_DSO)) {
		resolve_addr(m, t, s->cpumode, s->ip, &al);
		if (f & SF_IP)
			fprintf(out, " %16" PRIx64, s->ip);
		print_location(f, &al, out);
	}
	fputc('\n', out);
}
