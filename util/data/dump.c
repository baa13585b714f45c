// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <inttypes.h>
#include <string.h>

#include "../base/util.h"
#include "dump.h"
#include "event-text.h"

struct dump {
	FILE *out;
	struct session_stats *stats;
	struct strbuf *err;
};

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

/* -D's own details: samples and losses; the rest as every tool prints them */
static void details(FILE *out, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct strbuf sb = STRBUF_INIT;

	switch (ev->type) {
	case PERF_RECORD_SAMPLE:
		if (s)
			fprintf(out, "(IP, %#x): %d/%d: %#" PRIx64 " period: %" PRIu64
				" addr: %#" PRIx64, ev->misc, (int32_t)s->pid, (int32_t)s->tid,
				s->ip, s->period, s->addr);
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
	case PERF_RECORD_THROTTLE:
	case PERF_RECORD_UNTHROTTLE:
		fputs(": unhandled!", out);	/* perf's words: no tool of its takes them */
		break;
	default:
		event_text__details(ev, &sb);
		fwrite(sb.buf, 1, sb.len, out);
		strbuf_release(&sb);
		break;
	}
	fputc('\n', out);
}

/* perf's evlist__print_tstamp(): "[cpu ][time ]", or "-1 -1 " when a
 * non-sample record carries no sample_id. */
static void print_stamp(FILE *out, struct perf_data *pd, const struct pm_event_header *ev,
			const struct perf_sample *s)
{
	struct pd_evsel *e = perf_data__evsel_of(pd, ev);
	uint64_t type;

	if (!e && pd->nr_evsels)
		e = pd->evsels[0];
	if (!e || !s || (ev->type != PERF_RECORD_SAMPLE && !e->attr.sample_id_all)) {
		fputs("-1 -1 ", out);
		return;
	}
	type = e->attr.sample_type;
	if (type & PERF_SAMPLE_CPU)
		fprintf(out, "%u ", s->cpu);
	if (type & PERF_SAMPLE_TIME)
		fprintf(out, "%" PRIu64 " ", s->time);
}

static int dump_record(struct perf_data *pd, const struct pm_event_header *ev, uint64_t off,
		       void *ctx)
{
	struct dump *d = ctx;
	struct perf_sample s;
	struct strbuf msg = STRBUF_INIT;
	bool have_sample = false;
	const char *name = perf_record_name(ev->type);

	session_stats__count(d->stats, ev);
	fprintf(d->out, "\n%#" PRIx64 "@%s [%#x]: event: %u\n", off, pd->path, ev->size,
		ev->type);
	hex_dump(d->out, ev);
	if (ev->type && ev->type < PERF_RECORD_USER_TYPE_START)
		have_sample = perf_data__parse_sample(pd, ev, &s, &msg) != NULL;
	strbuf_release(&msg);
	if (ev->type && ev->type < PERF_RECORD_USER_TYPE_START)
		print_stamp(d->out, pd, ev, have_sample ? &s : NULL);
	if (name)
		fprintf(d->out, "%#" PRIx64 " [%#x]: PERF_RECORD_%s", off, ev->size, name);
	else
		fprintf(d->out, "%#" PRIx64 " [%#x]: unknown record type %u", off, ev->size,
			ev->type);
	details(d->out, ev, have_sample ? &s : NULL);
	return 0;
}

int perf_data__dump(struct perf_data *pd, FILE *out, struct session_stats *stats,
		    struct strbuf *err)
{
	struct dump d = { .out = out, .stats = stats, .err = err };

	memset(stats, 0, sizeof(*stats));
	return perf_data__for_each_record(pd, dump_record, &d, err);
}
