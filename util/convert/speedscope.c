// SPDX-License-Identifier: GPL-2.0
/*
 * speedscope's file format: a table of frames shared by all profiles, and
 * per profile the samples as lists of frame indices, root first, with a
 * weight each. The profiles' JSON is built as the samples come and
 * written whole at the end, after the frames they name.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/id-table.h"
#include "../base/xalloc.h"
#include "../data/session.h"
#include "../symbols/machine.h"
#include "../symbols/srcline.h"
#include "../report/callchain.h"
#include "../report/resolve.h"
#include "../script/script-print.h"
#include "speedscope.h"

#ifndef PERF_MINI_VERSION
#define PERF_MINI_VERSION "0.1.0"
#endif
#define MAX_STACK 1024
#define MAX_INLINES 16

struct stack;

struct ss_profile {
	int evsel;
	struct thread *thread;
	struct strbuf samples, weights;	/* JSON array elements, comma-joined */
	uint64_t nr, total;
};

struct speedscope {
	struct machine m;
	struct srclines srclines;
	struct perf_data *pd;
	struct id_table frame_ids, profile_ids;
	struct strbuf frames;		/* the frames' JSON objects, in id order */
	struct ss_profile *profiles;	/* by id - 1 */
	uint64_t nr;
	struct stack *stack;		/* the sample's frames, reused */
};

/* A frame's source file and line: those of the function perf script
 * names, where it starts (so that each function is one frame, as in
 * speedscope's own import of perf script), or its object's path. */
static void frame_place(struct speedscope *ss, const struct addr_location *al,
			struct strbuf *file, uint64_t *line)
{
	const char *names[MAX_INLINES], *lines[MAX_INLINES], *colon;
	size_t n = 0;

	strbuf_reset(file);
	*line = 0;
	if (al->map && al->map->dso && !al->map->dso->kernel && al->sym)
		n = srcline__inlines(&ss->srclines, &ss->m.dsos, al->map->dso, al->sym->start,
				     names, lines, MAX_INLINES);
	colon = n && lines[n - 1] ? strrchr(lines[n - 1], ':') : NULL;
	if (colon && strncmp(lines[n - 1], "??", 2)) {
		strbuf_add(file, lines[n - 1], (size_t)(colon - lines[n - 1]));
		*line = strtoull(colon + 1, NULL, 10);
	} else {
		strbuf_addstr(file, script_print__dso_name(al->map ? al->map->dso : NULL));
	}
}

static uint32_t frame_index(struct speedscope *ss, const struct addr_location *al)
{
	const char *name = al->sym ? al->sym->name : "[unknown]";
	struct strbuf key = STRBUF_INIT, file = STRBUF_INIT;
	uint64_t line;
	uint32_t id;
	bool made;

	frame_place(ss, al, &file, &line);
	strbuf_addstr(&key, name);
	strbuf_addch(&key, '\0');
	strbuf_addstr(&key, file.buf);
	strbuf_addf(&key, "%c%" PRIu64, '\0', line);
	id = id_table__id(&ss->frame_ids, key.buf, key.len, &made);
	if (made) {
		strbuf_addstr(&ss->frames, id > 1 ? ",\n{\"name\":" : "{\"name\":");
		strbuf_add_json_string(&ss->frames, name);
		strbuf_addstr(&ss->frames, ",\"file\":");
		strbuf_add_json_string(&ss->frames, file.buf);
		if (line)
			strbuf_addf(&ss->frames, ",\"line\":%" PRIu64, line);
		strbuf_addch(&ss->frames, '}');
	}
	strbuf_release(&key);
	strbuf_release(&file);
	return id - 1;
}

struct stack {
	struct speedscope *ss;
	uint32_t frames[MAX_STACK];	/* innermost first */
	size_t n;
};

static int add_frame(void *ctx, const struct callchain_frame *f)
{
	struct stack *st = ctx;

	if (st->n == MAX_STACK)
		return 1;
	st->frames[st->n] = frame_index(st->ss, &f->al);
	st->n++;
	return 0;
}

static struct ss_profile *profile_of(struct speedscope *ss, int evsel, struct thread *t)
{
	int32_t key[3] = { evsel, t->pid, t->tid };
	bool made;
	uint32_t id = id_table__id(&ss->profile_ids, key, sizeof(key), &made);

	if (made) {
		ss->profiles = must_reallocarray(ss->profiles, id, sizeof(*ss->profiles));
		ss->profiles[id - 1] = (struct ss_profile){ .evsel = evsel, .thread = t };
		strbuf_init(&ss->profiles[id - 1].samples, 0);
		strbuf_init(&ss->profiles[id - 1].weights, 0);
	}
	return &ss->profiles[id - 1];
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct speedscope *ss = ctx;
	struct thread *t = machine__findnew_thread(&ss->m, (int32_t)s->pid, (int32_t)s->tid);
	uint64_t unwound[UNWOUND_CHAIN_MAX];
	struct perf_sample tmp;
	struct stack *st = ss->stack;
	struct ss_profile *p = profile_of(ss, evsel->idx, t);

	(void)ev, (void)note;
	s = callchain__unwound(&ss->m, t, s, &tmp, unwound);	/* --call-graph dwarf */
	st->ss = ss;
	st->n = 0;
	if (s->callchain) {
		callchain__walk(&ss->m, t, s, 0, add_frame, st);
	} else {
		struct addr_location al = { 0 };

		resolve_addr(&ss->m, t, s->cpumode, s->ip, &al);
		st->frames[st->n++] = frame_index(ss, &al);
	}
	strbuf_addstr(&p->samples, p->nr ? ",[" : "[");
	for (size_t i = st->n; i-- > 0;)	/* speedscope's order: the root first */
		strbuf_addf(&p->samples, "%s%" PRIu32, i + 1 < st->n ? "," : "", st->frames[i]);
	strbuf_addch(&p->samples, ']');
	strbuf_addf(&p->weights, "%s%" PRIu64, p->nr ? "," : "", s->period);
	p->nr++;
	p->total += s->period;
	ss->nr++;
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	(void)s;
	machine__process_event(&((struct speedscope *)ctx)->m, ev);
	return 0;
}

/* The clocks count nanoseconds: speedscope then shows time. */
static const char *unit_of(const struct pd_evsel *e)
{
	bool clock = e->attr.type == PERF_TYPE_SOFTWARE &&
		     (e->attr.config == PERF_COUNT_SW_CPU_CLOCK ||
		      e->attr.config == PERF_COUNT_SW_TASK_CLOCK);

	return clock ? "nanoseconds" : "none";
}

/* The busiest profile is the one speedscope opens on. */
static size_t busiest(const struct speedscope *ss)
{
	size_t best = 0;

	for (size_t i = 1; i < ss->profile_ids.nr; i++)
		if (ss->profiles[i].total > ss->profiles[best].total)
			best = i;
	return best;
}

static void write_file(struct speedscope *ss, const char *title, FILE *out)
{
	struct strbuf name = STRBUF_INIT, quoted = STRBUF_INIT;

	fputs("{\"$schema\":\"https://www.speedscope.app/file-format-schema.json\",\n"
	      "\"shared\":{\"frames\":[\n", out);
	fwrite(ss->frames.buf, 1, ss->frames.len, out);
	fputs("]},\n\"profiles\":[\n", out);
	for (size_t i = 0; i < ss->profile_ids.nr; i++) {
		const struct ss_profile *p = &ss->profiles[i];
		const struct pd_evsel *e = ss->pd->evsels[p->evsel];

		strbuf_reset(&name);
		strbuf_addf(&name, "%s %d/%d", p->thread->comm ? p->thread->comm : ":-1",
			    p->thread->pid, p->thread->tid);
		if (ss->pd->nr_evsels > 1)
			strbuf_addf(&name, " %s", e->name);
		strbuf_reset(&quoted);
		strbuf_add_json_string(&quoted, name.buf);
		fprintf(out, "%s{\"type\":\"sampled\",\"name\":%s,\"unit\":\"%s\",\"startValue\":0,"
			"\"endValue\":%" PRIu64 ",\n\"samples\":[", i ? ",\n" : "", quoted.buf,
			unit_of(e), p->total);
		fwrite(p->samples.buf, 1, p->samples.len, out);
		fputs("],\n\"weights\":[", out);
		fwrite(p->weights.buf, 1, p->weights.len, out);
		fputs("]}", out);
	}
	strbuf_reset(&quoted);
	strbuf_add_json_string(&quoted, title);
	fprintf(out, "],\n\"name\":%s,\"activeProfileIndex\":%zu,\"exporter\":\"perf-mini "
		PERF_MINI_VERSION "\"}\n", quoted.buf, busiest(ss));
	strbuf_release(&name);
	strbuf_release(&quoted);
}

int speedscope_convert(struct perf_data *pd, const char *name, FILE *out, uint64_t *nr_samples,
		       struct strbuf *err)
{
	struct dsos_config cfg = { 0 };
	struct speedscope *ss = must_calloc(1, sizeof(*ss));
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = ss };
	struct session_stats stats = { 0 };
	int ret;

	ss->pd = pd;
	ss->stack = must_calloc(1, sizeof(*ss->stack));
	strbuf_init(&ss->frames, 0);
	machine__init(&ss->m, &cfg);
	machine__apply_build_ids(&ss->m, &pd->feat);
	ret = session__process(pd, &tool, &stats, err);
	if (!ret && !ss->nr) {
		strbuf_addstr(err, "the recording has no samples: speedscope would show nothing\n"
				   "hint: record longer, or a busier workload");
		ret = -ENODATA;
	}
	if (!ret)
		write_file(ss, name, out);
	*nr_samples = ss->nr;
	for (size_t i = 0; i < ss->profile_ids.nr; i++) {
		strbuf_release(&ss->profiles[i].samples);
		strbuf_release(&ss->profiles[i].weights);
	}
	free(ss->profiles);
	srclines__exit(&ss->srclines);
	machine__exit(&ss->m);
	id_table__release(&ss->frame_ids);
	id_table__release(&ss->profile_ids);
	strbuf_release(&ss->frames);
	free(ss->stack);
	free(ss);
	return ret;
}
