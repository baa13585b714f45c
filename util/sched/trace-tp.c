// SPDX-License-Identifier: GPL-2.0
/* Other tracepoints' fields as perf trace prints them: trace-tp.h. */
#include <stdlib.h>
#include <string.h>

#include <event-parse.h>

#include "../base/xalloc.h"
#include "../events/tracepoint.h"
#include "trace-syscall.h"
#include "trace-tp.h"

#define MAX_FIELDS 32	/* the ctx mask's bits: no tracepoint has as many */

struct tp_field_fmt {
	char *name;
	uint32_t offset, size, arraylen;
	bool is_array, is_dynamic, is_relative, char_array;
	enum sca fmt;
};

struct tp_fields {
	struct tep_handle *tep;		/* its format, for --libtraceevent_print */
	size_t nr;
	struct tp_field_fmt field[MAX_FIELDS];
};

static void describe(struct tp_field_fmt *d, const struct tep_format_field *f)
{
	d->name = must_strdup(f->name);
	d->offset = (uint32_t)f->offset;
	d->size = (uint32_t)f->size;
	d->arraylen = (uint32_t)f->arraylen;
	d->is_array = f->flags & TEP_FIELD_IS_ARRAY;
	d->is_dynamic = f->flags & TEP_FIELD_IS_DYNAMIC;
	d->is_relative = f->flags & TEP_FIELD_IS_RELATIVE;
	/* perf's syscall_arg_fmt__init_array: a char array where no pointer,
	 * pid_t or mode came first */
	d->fmt = sc_default_fmt(f);
	d->char_array = d->is_array && strstr(f->type, "char") && d->fmt == SCA_LONG;
}

struct tp_fields *tp_fields__read(const char *tracefs, const char *name)
{
	const char *colon = name ? strchr(name, ':') : NULL;
	char sys[256], *text;
	struct tep_handle *tep;
	struct tep_event *ev = NULL;
	struct tp_fields *t = NULL;
	size_t len = 0;

	if (!colon || (size_t)(colon - name) >= sizeof(sys))
		return NULL;
	snprintf(sys, sizeof(sys), "%.*s", (int)(colon - name), name);
	text = tracepoint_format(tracefs, sys, colon + 1, &len);
	tep = text ? tep_alloc() : NULL;
	if (tep && !tep_parse_event(tep, text, len, "tp"))
		ev = tep_get_event(tep, 0);
	if (ev) {
		t = must_calloc(1, sizeof(*t));
		for (struct tep_format_field *f = ev->format.fields; f && t->nr < MAX_FIELDS;
		     f = f->next)
			describe(&t->field[t->nr++], f);
		t->tep = tep;
	} else if (tep) {
		tep_free(tep);
	}
	free(text);
	return t;
}

void tp_fields__free(struct tp_fields *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->nr; i++)
		free(t->field[i].name);
	tep_free(t->tep);
	free(t);
}

/* perf's format_field__intval: the field's bytes, unsigned, 0 for an odd size */
static uint64_t int_value(const struct tp_field_fmt *f, const struct perf_sample *s)
{
	const uint8_t *p = (const uint8_t *)s->raw_data + f->offset;
	uint8_t u8;
	uint16_t u16;
	uint32_t u32;
	uint64_t u64;

	if ((uint64_t)f->offset + f->size > s->raw_size)
		return 0;
	switch (f->size) {
	case 1: memcpy(&u8, p, 1); return u8;
	case 2: memcpy(&u16, p, 2); return u16;
	case 4: memcpy(&u32, p, 4); return u32;
	case 8: memcpy(&u64, p, 8); return u64;
	default: return 0;
	}
}

/* an array's bytes in the payload (a __data_loc's where its word says) */
static const char *array_at(const struct tp_field_fmt *f, const struct perf_sample *s,
			    uint32_t *len)
{
	uint32_t off = f->offset, n = f->arraylen;

	if (f->is_dynamic) {
		uint32_t loc = (uint32_t)int_value(f, s);

		off = loc & 0xffff;
		n = loc >> 16;
		if (f->is_relative)
			off += f->offset + f->size;
	}
	if (off > s->raw_size)
		return NULL;
	*len = n < s->raw_size - off ? n : (uint32_t)(s->raw_size - off);
	return (const char *)s->raw_data + off;
}

void tp_fields__print(const struct tp_fields *t, const struct perf_sample *s,
		      struct sca_ctx *ctx, struct strbuf *out)
{
	uint64_t args[MAX_FIELDS] = { 0 };
	bool first = true;

	for (size_t i = 0; i < t->nr; i++)
		args[i] = t->field[i].is_array ? 0 : int_value(&t->field[i], s);
	ctx->args = args;
	for (ctx->idx = 0; ctx->idx < (int)t->nr; ctx->idx++) {
		const struct tp_field_fmt *f = &t->field[ctx->idx];
		uint32_t len = 0;
		const char *bytes = f->char_array ? array_at(f, s, &len) : NULL;
		uint64_t val = args[ctx->idx];

		/* an array's value is its address to perf: never zero */
		if ((ctx->mask & (1u << ctx->idx)) || (!f->is_array && !val && !sca_shows_zero(f->fmt)))
			continue;
		strbuf_addf(out, "%s%s: ", first ? "" : ", ", f->name);
		first = false;
		if (f->char_array)
			strbuf_addf(out, "\"%.*s\"", bytes ? (int)strnlen(bytes, len) : 0,
				    bytes ? bytes : "");
		else
			sca_print(f->fmt, val, ctx, out);
	}
}

bool tp_fields__syscall(const struct tp_fields *t, const struct perf_sample *s, int64_t *id,
			uint64_t *args, size_t max)
{
	if (!t->nr || (strcmp(t->field[0].name, "__syscall_nr") && strcmp(t->field[0].name, "nr")))
		return false;
	*id = (int32_t)int_value(&t->field[0], s);
	for (size_t i = 1; i < t->nr && i - 1 < max; i++)
		args[i - 1] = t->field[i].is_array ? 0 : int_value(&t->field[i], s);
	return true;
}

void tp_fields__print_tep(const struct tp_fields *t, const struct perf_sample *s,
			  struct strbuf *out)
{
	struct tep_event *ev = tep_get_event(t->tep, 0);
	struct tep_record rec = { .ts = s->time, .cpu = (int)s->cpu, .size = (int)s->raw_size,
				  .data = (void *)s->raw_data };
	struct trace_seq seq;

	/* libtraceevent reads the payload by its format unchecked */
	if (!ev || !s->raw_data || s->raw_size < (uint32_t)ev->format.fields->offset)
		return;
	trace_seq_init(&seq);
	tep_print_event(t->tep, &seq, &rec, "%s", TEP_PRINT_INFO);
	trace_seq_terminate(&seq);
	strbuf_addstr(out, seq.buffer);
	trace_seq_destroy(&seq);
}
