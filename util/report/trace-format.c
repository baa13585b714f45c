// SPDX-License-Identifier: GPL-2.0
/*
 * TRACING_DATA parsing: the "0.6" layout perf-mini and perf write (see
 * util/record/tracing-data.c), handed piece by piece to libtraceevent.
 */
#include <ctype.h>
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

static bool printable(const uint8_t *p, size_t len)
{
	for (size_t i = 0; i < len && p[i]; i++)
		if (!isprint(p[i]) && !isspace(p[i]))
			return false;
	return true;
}

/* An array field: a string when it reads as one, else its bytes. */
static void raw_array(struct tep_handle *tep, struct tep_format_field *f, const uint8_t *data,
		      size_t size, struct strbuf *out)
{
	size_t off = (size_t)f->offset, len = (size_t)f->size;

	if (f->offset < 0 || f->size < 0)	/* a format no kernel writes */
		off = len = 0;
	if (f->flags & TEP_FIELD_IS_DYNAMIC) {
		uint64_t loc = off + len <= size ? tep_read_number(tep, data + off, (int)len) : 0;

		len = loc >> 16 & 0xffff;
		off = (f->flags & TEP_FIELD_IS_RELATIVE ? off + f->size : 0) + (loc & 0xffff);
	}
	if (off > size || len > size - off)
		len = 0, off = 0;
	if (f->flags & TEP_FIELD_IS_STRING && printable(data + off, len)) {
		strbuf_addf(out, "%.*s", (int)strnlen((const char *)data + off, len),
			    (const char *)data + off);
		return;
	}
	strbuf_addstr(out, "ARRAY[");
	for (size_t i = 0; i < len; i++)
		strbuf_addf(out, "%s%02x", i ? ", " : "", data[off + i]);
	strbuf_addch(out, ']');
	f->flags &= ~TEP_FIELD_IS_STRING;	/* as perf's: not a string from now on */
}

/*
 * perf 6.1's --raw-trace: " name=value" for every field, numbers as its
 * own libtraceevent printed them (the Debian library's tep_print_fields()
 * follows the print format instead: "target_cpu=000" for perf's "=0").
 */
static void raw_fields(struct tep_handle *tep, struct tep_event *ev, const uint8_t *data,
		       size_t size, struct strbuf *out)
{
	for (struct tep_format_field *f = ev->format.fields; f; f = f->next) {
		unsigned long long v;

		strbuf_addf(out, " %s=", f->name);
		if (f->flags & TEP_FIELD_IS_ARRAY) {
			raw_array(tep, f, data, size, out);
			continue;
		}
		v = f->offset >= 0 && f->size > 0 && f->size <= 8 &&
		    (size_t)f->offset + (size_t)f->size <= size ?
			tep_read_number(tep, data + f->offset, f->size) : 0;
		if (f->flags & TEP_FIELD_IS_POINTER)
			strbuf_addf(out, "0x%llx", v);
		else if (f->flags & TEP_FIELD_IS_SIGNED && f->size == 4)
			strbuf_addf(out, f->flags & TEP_FIELD_IS_LONG ? "0x%x" : "%d", (int)v);
		else if (f->flags & TEP_FIELD_IS_SIGNED && f->size == 2)
			strbuf_addf(out, "%2d", (short)v);
		else if (f->flags & TEP_FIELD_IS_SIGNED && f->size == 1)
			strbuf_addf(out, "%1d", (signed char)v);
		else if (f->flags & TEP_FIELD_IS_SIGNED)
			strbuf_addf(out, "%lld", (long long)v);
		else
			strbuf_addf(out, f->flags & TEP_FIELD_IS_LONG ? "0x%llx" : "%llu", v);
	}
}

static void print_record(struct trace_format *tf, const struct perf_sample *s, bool raw,
			 struct strbuf *out)
{
	struct tep_record rec = {
		.ts = s->time, .cpu = (int)s->cpu, .size = (int)s->raw_size,
		.data = (void *)s->raw_data,
	};
	struct tep_event *ev;
	struct trace_seq seq;

	/* libtraceevent reads the event's type from the payload unchecked:
	 * a sample without one (no PERF_SAMPLE_RAW) has nothing to print */
	if (!s->raw_data || s->raw_size < 8)
		return;
	ev = tep_find_event_by_record(tf->tep, &rec);
	if (!ev)
		return;
	if (raw) {
		raw_fields(tf->tep, ev, s->raw_data, s->raw_size, out);
		return;
	}
	trace_seq_init(&seq);
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

bool trace_format__field_names(const struct trace_format *tf, uint64_t config,
			       struct strbuf *out)
{
	struct tep_event *ev = tf ? tep_find_event(tf->tep, (int)config) : NULL;
	struct tep_format_field **fields = ev ? tep_event_fields(ev) : NULL;

	if (!fields)
		return false;
	for (int i = 0; fields[i]; i++)
		strbuf_addf(out, "%s%s", i ? "," : "", fields[i]->name);
	free(fields);
	return true;
}

void trace_format__field(const struct trace_format *tf, uint64_t config, const char *name,
			 struct tp_field *f)
{
	struct tep_event *ev = tf ? tep_find_event(tf->tep, (int)config) : NULL;
	struct tep_format_field *field = ev ? tep_find_field(ev, name) : NULL;

	*f = (struct tp_field){ 0 };
	if (!field || field->offset < 0 || field->size <= 0)
		return;
	*f = (struct tp_field){ .offset = (uint32_t)field->offset, .size = (uint32_t)field->size,
				.is_signed = field->flags & TEP_FIELD_IS_SIGNED, .found = true };
}

static bool in_payload(const struct tp_field *f, const struct perf_sample *s)
{
	return f->found && s->raw_data && (uint64_t)f->offset + f->size <= s->raw_size;
}

/* the file's byte order is the host's: perf-mini reads what it could record */
uint64_t tp_field__u64(const struct tp_field *f, const struct perf_sample *s)
{
	const uint8_t *p = (const uint8_t *)s->raw_data + f->offset;
	uint64_t v = 0;

	if (!in_payload(f, s))
		return 0;
	switch (f->size) {
	case 1: return *p;
	case 2: { uint16_t x; memcpy(&x, p, 2); return x; }
	case 4: { uint32_t x; memcpy(&x, p, 4); return x; }
	case 8: memcpy(&v, p, 8); return v;
	default: return 0;
	}
}

int64_t tp_field__s64(const struct tp_field *f, const struct perf_sample *s)
{
	uint64_t v = tp_field__u64(f, s);

	if (!f->is_signed || f->size >= 8)
		return (int64_t)v;
	return (int64_t)(v << (64 - 8 * f->size)) >> (64 - 8 * f->size);
}

const char *tp_field__str(const struct tp_field *f, const struct perf_sample *s, char *buf,
			  size_t size)
{
	size_t n = 0;

	if (size && in_payload(f, s)) {
		n = f->size < size - 1 ? f->size : size - 1;
		memcpy(buf, (const uint8_t *)s->raw_data + f->offset, n);
	}
	if (size)
		buf[n < size ? n : size - 1] = '\0';
	if (size)
		buf[strnlen(buf, n)] = '\0';
	return buf;
}
