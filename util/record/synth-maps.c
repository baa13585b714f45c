// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "../data/perf-data-format.h"
#include "synth-maps.h"

static void put_header(struct strbuf *out, uint32_t type, size_t size)
{
	struct pm_event_header h = { .type = type, .size = (uint16_t)size };

	strbuf_add(out, &h, sizeof(h));
}

static void put_u64(struct strbuf *out, uint64_t v)
{
	strbuf_add(out, &v, sizeof(v));
}

/*
 * A ring per CPU (or per thread when counting a task on any CPU): perf's
 * "idx" is that ring's index.
 */
void synth__id_index(struct strbuf *out, const struct evlist *evlist, const struct cpu_map *cpus,
		     const struct thread_map *threads)
{
	bool per_thread = cpus->nr == 1 && cpus->cpus[0] == -1;
	uint64_t nr = 0;
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i)
		nr += e->ids ? (uint64_t)e->nr_cpus * e->nr_threads : 0;
	if (!nr || 16 + nr * 32 > UINT16_MAX)
		return;		/* one record holds 2046 ids; perf splits more, rarely met */
	put_header(out, PERF_RECORD_ID_INDEX, 16 + nr * 32);
	put_u64(out, nr);
	evlist__for_each(evlist, e, i) {
		for (int c = 0; e->ids && c < e->nr_cpus; c++) {
			for (int t = 0; t < e->nr_threads; t++) {
				put_u64(out, e->ids[c * e->nr_threads + t]);
				put_u64(out, per_thread ? t : c);
				put_u64(out, (uint64_t)(int64_t)(c < cpus->nr ? cpus->cpus[c] : -1));
				put_u64(out, (uint64_t)(int64_t)(t < threads->nr ?
								 threads->entries[t].tid : -1));
			}
		}
	}
}

/* type, id, then the payload zero-padded to perf's 24 bytes (or more) */
static void event_update(struct strbuf *out, uint64_t type, uint64_t id, const void *data,
			 size_t len)
{
	size_t room = len <= 24 ? 24 : (len + 7) & ~(size_t)7;

	put_header(out, PERF_RECORD_EVENT_UPDATE, 8 + 16 + room);
	put_u64(out, type);
	put_u64(out, id);
	strbuf_add(out, data, len);
	strbuf_addchars(out, 0, room - len);
}

enum { UPDATE_UNIT, UPDATE_SCALE, UPDATE_NAME };

void synth__event_updates(struct strbuf *out, const struct evlist *evlist, bool pipe)
{
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i) {
		uint64_t id = e->ids ? e->ids[0] : 0;

		if (e->unit && *e->unit)
			event_update(out, UPDATE_UNIT, id, e->unit, strlen(e->unit) + 1);
		if (e->scale != 0 && e->scale != 1)
			event_update(out, UPDATE_SCALE, id, &e->scale, sizeof(e->scale));
		if (pipe && e->name)
			event_update(out, UPDATE_NAME, id, e->name, strlen(e->name) + 1);
	}
}

void synth__thread_map(struct strbuf *out, const struct thread_map *threads)
{
	if (!threads->nr || 16 + (size_t)threads->nr * 24 > UINT16_MAX)
		return;
	put_header(out, PERF_RECORD_THREAD_MAP, 16 + (size_t)threads->nr * 24);
	put_u64(out, threads->nr);
	for (int i = 0; i < threads->nr; i++) {
		char comm[16] = { 0 };

		memcpy(comm, threads->entries[i].comm, strnlen(threads->entries[i].comm, 15));
		put_u64(out, (uint64_t)(int64_t)threads->entries[i].tid);
		strbuf_add(out, comm, sizeof(comm));
	}
}

/* perf 6.1's encodings: a range when the CPUs run without a gap, else the
 * list (u16 each) */
void synth__cpu_map(struct strbuf *out, const struct cpu_map *cpus)
{
	bool range = cpus->nr > 0 && cpus->cpus[0] >= 0;
	size_t size;

	for (int i = 1; range && i < cpus->nr; i++)
		range = cpus->cpus[i] == cpus->cpus[i - 1] + 1;
	if (range) {
		uint16_t v[4] = { 2, 0, (uint16_t)cpus->cpus[0], (uint16_t)cpus->cpus[cpus->nr - 1] };

		put_header(out, PERF_RECORD_CPU_MAP, 8 + sizeof(v));
		strbuf_add(out, v, sizeof(v));
		return;
	}
	size = (8 + 4 + 2 * (size_t)cpus->nr + 7) & ~(size_t)7;
	if (size > UINT16_MAX)
		return;
	put_header(out, PERF_RECORD_CPU_MAP, size);
	strbuf_add(out, &(uint16_t){ 0 }, 2);		/* PERF_CPU_MAP__CPUS */
	strbuf_add(out, &(uint16_t){ (uint16_t)cpus->nr }, 2);
	for (int i = 0; i < cpus->nr; i++)
		strbuf_add(out, &(uint16_t){ (uint16_t)cpus->cpus[i] }, 2);
	strbuf_addchars(out, 0, size - 8 - 4 - 2 * (size_t)cpus->nr);
}
