// SPDX-License-Identifier: GPL-2.0
/*
 * TRACING_DATA parsing: the "0.6" layout perf-mini and perf write (see
 * util/record/tracing-data.c), handed piece by piece to libtraceevent.
 */
#include <event-parse.h>
#include <linux/perf_event.h>
#include <stdlib.h>
#include <string.h>
#include <trace-seq.h>

#include "../base/util.h"
#include "trace-format.h"

struct trace_format {
	struct tep_handle *tep;
};

struct blob {
	const uint8_t *p, *end;
	bool bad;
};

static const uint8_t *take(struct blob *b, uint64_t n)
{
	const uint8_t *p = b->p;

	if (b->bad || n > (uint64_t)(b->end - b->p)) {
		b->bad = true;
		return NULL;
	}
	b->p += n;
	return p;
}

static uint64_t take_uint(struct blob *b, size_t n)
{
	const uint8_t *p = take(b, n);
	uint64_t v = 0;

	if (p)
		memcpy(&v, p, n);
	return v;
}

static const char *take_name(struct blob *b)
{
	const char *s = (const char *)b->p;
	size_t n = b->bad ? 0 : strnlen(s, b->end - b->p);

	return take(b, n + 1) ? s : NULL;
}

/* u64 size + text, handed to @fn. */
static void parse_formats(struct blob *b, struct tep_handle *tep, uint32_t nr, const char *sys)
{
	for (uint32_t i = 0; i < nr && !b->bad; i++) {
		uint64_t size = take_uint(b, 8);
		const uint8_t *text = take(b, size);

		if (text)
			tep_parse_event(tep, (const char *)text, size, sys);
	}
}

static bool parse(struct tep_handle *tep, struct blob *b)
{
	static const char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	const uint8_t *m = take(b, sizeof(magic));
	const char *version = take_name(b);
	int long_size;
	uint64_t size;
	const uint8_t *text;

	if (!m || memcmp(m, magic, sizeof(magic)) || !version)
		return false;
	tep_set_file_bigendian(tep, take_uint(b, 1) ? TEP_BIG_ENDIAN : TEP_LITTLE_ENDIAN);
	long_size = take_uint(b, 1);
	tep_set_long_size(tep, long_size);
	tep_set_page_size(tep, take_uint(b, 4));
	if (!take_name(b))	/* "header_page" */
		return false;
	size = take_uint(b, 8);
	text = take(b, size);
	if (text)
		tep_parse_header_page(tep, (char *)text, size, long_size);
	take_name(b);		/* "header_event", not needed */
	take(b, take_uint(b, 8));
	parse_formats(b, tep, take_uint(b, 4), "ftrace");
	for (uint32_t n = take_uint(b, 4), i = 0; i < n && !b->bad; i++) {
		const char *sys = take_name(b);

		parse_formats(b, tep, take_uint(b, 4), sys ? sys : "");
	}
	return !b->bad;
}

struct trace_format *trace_format__new(const struct perf_data *pd)
{
	struct blob b = { pd->feat.tracing_data,
			  pd->feat.tracing_data + pd->feat.tracing_data_size };
	struct trace_format *tf;

	if (!pd->feat.tracing_data)
		return NULL;
	tf = calloc(1, sizeof(*tf));
	if (!tf || !(tf->tep = tep_alloc()) || !parse(tf->tep, &b)) {
		trace_format__delete(tf);
		return NULL;
	}
	return tf;
}

void trace_format__delete(struct trace_format *tf)
{
	if (!tf)
		return;
	if (tf->tep)
		tep_free(tf->tep);
	free(tf);
}

#define UNNAMED_LEN (sizeof(PD_UNNAMED_TRACEPOINT) - 1)

static bool unnamed(const struct pd_evsel *e)
{
	return e->attr.type == PERF_TYPE_TRACEPOINT &&
	       !strncmp(e->name, PD_UNNAMED_TRACEPOINT, UNNAMED_LEN);
}

bool trace_format__names_missing(const struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (unnamed(pd->evsels[i]))
			return true;
	return false;
}

void trace_format__name_evsels(const struct trace_format *tf, struct perf_data *pd)
{
	for (size_t i = 0; tf && i < pd->nr_evsels; i++) {
		struct pd_evsel *e = pd->evsels[i];
		struct tep_event *ev;
		struct strbuf name = STRBUF_INIT;

		if (!unnamed(e))
			continue;
		ev = tep_find_event(tf->tep, (int)e->attr.config);
		if (!ev)
			continue;
		/* the modifiers (":u", ...) stay */
		strbuf_addf(&name, "%s:%s%s", ev->system, ev->name, e->name + UNNAMED_LEN);
		free(e->name);
		e->name = strbuf_detach(&name, NULL);
	}
}

static void print_record(struct trace_format *tf, const struct perf_sample *s, bool raw,
			 struct strbuf *out)
{
	struct tep_record rec = {
		.ts = s->time, .cpu = (int)s->cpu, .size = (int)s->raw_size,
		.data = (void *)s->raw_data,
	};
	struct tep_event *ev = tep_find_event_by_record(tf->tep, &rec);
	struct trace_seq seq;

	if (!ev)
		return;
	trace_seq_init(&seq);
	if (raw)
		tep_print_fields(&seq, rec.data, rec.size, ev);
	else
		tep_print_event(tf->tep, &seq, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&seq);
	strbuf_addstr(out, seq.buffer);
	trace_seq_destroy(&seq);
}

void trace_format__print(void *ctx, const struct perf_sample *s, struct strbuf *out)
{
	print_record(ctx, s, false, out);
}

void trace_format__print_raw(struct trace_format *tf, const struct perf_sample *s,
			     struct strbuf *out)
{
	print_record(tf, s, true, out);
}
