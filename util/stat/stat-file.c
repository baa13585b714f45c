// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../data/cpu-map-event.h"
#include "../data/session.h"
#include "../record/host-features.h"
#include "stat-file.h"

/* perf's tags and values (tools/lib/perf/include/perf/event.h) */
enum { CONFIG_AGGR_MODE, CONFIG_INTERVAL, CONFIG_SCALE };
enum { ROUND_INTERVAL, ROUND_FINAL };
enum { UPDATE_UNIT, UPDATE_SCALE };
enum { CPUS_LIST };	/* the CPU map encoding written (cpu-map-event.h) */
/* perf's enum aggr_mode, as STAT_CONFIG carries it */
enum { PERF_AGGR_NONE, PERF_AGGR_GLOBAL, PERF_AGGR_SOCKET, PERF_AGGR_DIE, PERF_AGGR_CORE,
       PERF_AGGR_THREAD, PERF_AGGR_UNSET, PERF_AGGR_NODE };

struct stat_rec {
	struct pm_event_header h;
	uint64_t id;
	uint32_t cpu, thread;
	uint64_t val, ena, run;
};

struct round_rec {
	struct pm_event_header h;
	uint64_t type, time;
};

/* --- writing ---------------------------------------------------------- */

/* A record of @type from @body, padded to 8 bytes as perf's are. */
static void put(struct stat_writer *sw, uint32_t type, const struct strbuf *body)
{
	struct pm_event_header h = { .type = type };
	static const char zeros[8];
	size_t pad = (8 - body->len % 8) % 8;

	h.size = (uint16_t)(sizeof(h) + body->len + pad);
	perf_data_writer__write(&sw->w, &h, sizeof(h));
	perf_data_writer__write(&sw->w, body->buf, body->len);
	perf_data_writer__write(&sw->w, zeros, pad);
}

static void add_u64(struct strbuf *sb, uint64_t v)
{
	strbuf_add(sb, &v, sizeof(v));
}

static void write_updates(struct stat_writer *sw, const struct evlist *evlist)
{
	struct strbuf sb = STRBUF_INIT;

	for (int i = 0; i < evlist->nr; i++) {
		const struct evsel *e = evlist->entries[i];

		if (e->unit) {
			strbuf_reset(&sb);
			add_u64(&sb, UPDATE_UNIT);
			add_u64(&sb, sw->ids[i]);
			strbuf_add(&sb, e->unit, strlen(e->unit) + 1);
			put(sw, PERF_RECORD_EVENT_UPDATE, &sb);
		}
		if (e->scale != 1.0) {
			strbuf_reset(&sb);
			add_u64(&sb, UPDATE_SCALE);
			add_u64(&sb, sw->ids[i]);
			strbuf_add(&sb, &e->scale, sizeof(e->scale));
			put(sw, PERF_RECORD_EVENT_UPDATE, &sb);
		}
	}
	strbuf_release(&sb);
}

static void write_maps(struct stat_writer *sw, const struct cpu_map *cpus,
		       const struct thread_map *threads)
{
	struct strbuf sb = STRBUF_INIT;
	uint16_t u16;

	add_u64(&sb, (uint64_t)threads->nr);
	for (int i = 0; i < threads->nr; i++) {
		char comm[16] = "";

		add_u64(&sb, (uint64_t)(int64_t)threads->entries[i].tid);
		memcpy(comm, threads->entries[i].comm, sizeof(comm) - 1);
		strbuf_add(&sb, comm, sizeof(comm));
	}
	put(sw, PERF_RECORD_THREAD_MAP, &sb);
	strbuf_reset(&sb);
	u16 = CPUS_LIST;
	strbuf_add(&sb, &u16, 2);
	u16 = (uint16_t)cpus->nr;
	strbuf_add(&sb, &u16, 2);
	for (int i = 0; i < cpus->nr; i++) {
		u16 = (uint16_t)cpus->cpus[i];	/* -1 (any CPU) as 0xffff */
		strbuf_add(&sb, &u16, 2);
	}
	put(sw, PERF_RECORD_CPU_MAP, &sb);
	strbuf_release(&sb);
}

static uint64_t perf_aggr_mode(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_NONE: return PERF_AGGR_NONE;
	case AGGR_THREAD: return PERF_AGGR_THREAD;
	case AGGR_CORE: return PERF_AGGR_CORE;
	case AGGR_SOCKET: return PERF_AGGR_SOCKET;
	case AGGR_DIE: return PERF_AGGR_DIE;
	case AGGR_NODE: return PERF_AGGR_NODE;
	default: return PERF_AGGR_GLOBAL;
	}
}

static void write_config(struct stat_writer *sw, enum aggr_mode mode, int interval_ms)
{
	struct strbuf sb = STRBUF_INIT;

	add_u64(&sb, 3);
	add_u64(&sb, CONFIG_AGGR_MODE);
	add_u64(&sb, perf_aggr_mode(mode));
	add_u64(&sb, CONFIG_INTERVAL);
	add_u64(&sb, (uint64_t)interval_ms);
	add_u64(&sb, CONFIG_SCALE);
	add_u64(&sb, 1);
	put(sw, PERF_RECORD_STAT_CONFIG, &sb);
	strbuf_release(&sb);
}

int stat_writer__open(struct stat_writer *sw, const char *path, const struct evlist *evlist,
		      const struct cpu_map *cpus, const struct thread_map *threads,
		      enum aggr_mode mode, int interval_ms, struct strbuf *err)
{
	memset(sw, 0, sizeof(*sw));
	sw->w.fd = -1;
	sw->nr = evlist->nr;
	sw->events = calloc((size_t)sw->nr + 1, sizeof(*sw->events));
	sw->ids = calloc((size_t)sw->nr + 1, sizeof(*sw->ids));
	if (!sw->events || !sw->ids) {
		strbuf_addstr(err, "out of memory");
		stat_writer__abort(sw);
		return -ENOMEM;
	}
	for (int i = 0; i < sw->nr; i++) {
		/* ids only tie the STAT records to their event: one each will do */
		sw->ids[i] = (uint64_t)i + 1;
		sw->events[i] = (struct pd_write_event){ &evlist->entries[i]->attr, &sw->ids[i], 1,
							 evlist->entries[i]->name };
	}
	if (!strcmp(path, "-")) {
		strbuf_addstr(err, "stat record writes a file, not a pipe\nhint: -o FILE");
		stat_writer__abort(sw);
		return -EINVAL;
	}
	if (perf_data_writer__open(&sw->w, path, sw->events, sw->nr, NULL, 0, err)) {
		stat_writer__abort(sw);
		return -EIO;
	}
	write_updates(sw, evlist);
	write_maps(sw, cpus, threads);
	write_config(sw, mode, interval_ms);
	return 0;
}

void stat_writer__round(struct stat_writer *sw, const struct evlist *evlist,
			const struct cpu_map *cpus, bool final, uint64_t time_ns)
{
	struct round_rec round = { { PERF_RECORD_STAT_ROUND, 0, sizeof(round) },
				   final ? ROUND_FINAL : ROUND_INTERVAL, time_ns };

	for (int i = 0; i < evlist->nr && i < sw->nr; i++) {
		const struct evsel *e = evlist->entries[i];

		for (int c = 0; e->counts && c < e->nr_cpus; c++)
			for (int t = 0; t < e->nr_threads; t++) {
				const struct evsel_counts *v = &e->counts[c * e->nr_threads + t];
				struct stat_rec r = {
					{ PERF_RECORD_STAT, 0, sizeof(r) }, sw->ids[i],
					(uint32_t)cpus->cpus[c], (uint32_t)t, v->val, v->ena, v->run,
				};

				perf_data_writer__write(&sw->w, &r, sizeof(r));
			}
	}
	perf_data_writer__write(&sw->w, &round, sizeof(round));
}

int stat_writer__finish(struct stat_writer *sw, int argc, const char **argv,
			struct strbuf *err)
{
	struct host_features_src src = {
		.argc = argc, .argv = argv, .events = sw->events, .nr_events = sw->nr, .stat = true,
	};
	struct host_features hf;
	int ret;

	host_features__build(&hf, &src);
	ret = perf_data_writer__finish(&sw->w, sw->events, sw->nr, hf.v, hf.nr, err);
	host_features__exit(&hf);
	free(sw->events);
	free(sw->ids);
	sw->events = NULL;
	sw->ids = NULL;
	return ret;
}

void stat_writer__abort(struct stat_writer *sw)
{
	perf_data_writer__abort(&sw->w);	/* also after a failed open */
	free(sw->events);
	free(sw->ids);
	sw->events = NULL;
	sw->ids = NULL;
}

/* --- reading ---------------------------------------------------------- */

struct replay {
	struct stat_file *sf;
	stat_round_fn *fn;
	void *ctx;
	struct strbuf *err;
};

static int bad(struct replay *rp, const char *what, const struct pm_event_header *ev)
{
	strbuf_addf(rp->err, "%s: %s record: %s", rp->sf->pd.path,
		    perf_record_name(ev->type) ?: "stat", what);
	return -EINVAL;
}

static struct evsel *evsel_of_id(struct replay *rp, uint64_t id)
{
	const struct pd_evsel *pe = perf_data__evsel_by_id(&rp->sf->pd, id);

	return pe && pe->idx < rp->sf->evlist->nr ? rp->sf->evlist->entries[pe->idx] : NULL;
}

static int on_update(struct replay *rp, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)(ev + 1);
	size_t len = ev->size - sizeof(*ev);
	uint64_t type, id;
	struct evsel *e;

	if (len < 16)
		return bad(rp, "too short", ev);
	memcpy(&type, p, 8);
	memcpy(&id, p + 8, 8);
	e = evsel_of_id(rp, id);
	if (!e)
		return 0;	/* perf writes updates for every event kind; ours skip */
	if (type == UPDATE_UNIT && len > 16) {
		free(e->unit);
		e->unit = strndup((const char *)p + 16, len - 16);
	} else if (type == UPDATE_SCALE && len >= 24) {
		memcpy(&e->scale, p + 16, 8);
		if (!(e->scale > 0))
			e->scale = 1;
	}
	return 0;
}

static int on_thread_map(struct replay *rp, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)(ev + 1);
	size_t len = ev->size - sizeof(*ev);
	struct thread_map *tm = &rp->sf->threads;
	uint64_t nr;

	if (len < 8 || (memcpy(&nr, p, 8), nr == 0 || nr > (len - 8) / 24))
		return bad(rp, "thread count does not fit the record", ev);
	free(tm->entries);
	tm->entries = calloc(nr, sizeof(*tm->entries));
	if (!tm->entries)
		return -ENOMEM;
	tm->nr = (int)nr;
	for (uint64_t i = 0; i < nr; i++) {
		uint64_t pid;

		memcpy(&pid, p + 8 + 24 * i, 8);
		tm->entries[i].tid = (pid_t)pid;
		memcpy(tm->entries[i].comm, p + 16 + 24 * i, 15);
	}
	return 0;
}

static int set_cpus(struct replay *rp, const int *cpus, int nr)
{
	struct cpu_map *m = malloc(sizeof(*m) + (size_t)nr * sizeof(int));

	if (!m)
		return -ENOMEM;
	m->nr = nr;
	memcpy(m->cpus, cpus, (size_t)nr * sizeof(int));
	cpu_map__delete(rp->sf->cpus);
	rp->sf->cpus = m;
	return 0;
}

static int on_cpu_map(struct replay *rp, const struct pm_event_header *ev)
{
	int cpus[CPU_MAP_EVENT_MAX], n;
	const char *why = NULL;

	n = cpu_map_event__decode((const uint8_t *)(ev + 1), ev->size - sizeof(*ev), cpus, &why);
	if (n < 0)
		return bad(rp, why, ev);
	return set_cpus(rp, cpus, n);
}

static enum aggr_mode our_aggr_mode(uint64_t perf_mode)
{
	switch (perf_mode) {
	case PERF_AGGR_NONE: return AGGR_NONE;
	case PERF_AGGR_THREAD: return AGGR_THREAD;
	case PERF_AGGR_CORE: return AGGR_CORE;
	case PERF_AGGR_SOCKET: return AGGR_SOCKET;
	case PERF_AGGR_DIE: return AGGR_DIE;
	case PERF_AGGR_NODE: return AGGR_NODE;
	default: return AGGR_GLOBAL;
	}
}

static int on_config(struct replay *rp, const struct pm_event_header *ev)
{
	const uint8_t *p = (const uint8_t *)(ev + 1);
	size_t len = ev->size - sizeof(*ev);
	uint64_t nr;

	if (len < 8 || (memcpy(&nr, p, 8), nr > (len - 8) / 16))
		return bad(rp, "entry count does not fit the record", ev);
	for (uint64_t i = 0; i < nr; i++) {
		uint64_t tag, val;

		memcpy(&tag, p + 8 + 16 * i, 8);
		memcpy(&val, p + 16 + 16 * i, 8);
		if (tag == CONFIG_AGGR_MODE)
			rp->sf->mode = our_aggr_mode(val);
		else if (tag == CONFIG_INTERVAL)
			rp->sf->interval_ms = val;
	}
	rp->sf->has_config = true;
	return 0;
}

/* The counts arrays of every event, once both maps are known. */
static int alloc_counts(struct stat_file *sf)
{
	for (int i = 0; i < sf->evlist->nr; i++) {
		struct evsel *e = sf->evlist->entries[i];
		size_t n = (size_t)sf->cpus->nr * (size_t)sf->threads.nr;

		if (e->counts)
			continue;
		e->nr_cpus = sf->cpus->nr;
		e->nr_threads = sf->threads.nr;
		e->counts = calloc(n, sizeof(*e->counts));
		e->fds = calloc(n, sizeof(*e->fds));	/* 0: "opened", for the aggregation */
		if (!e->counts || !e->fds)
			return -ENOMEM;
	}
	return 0;
}

static int on_stat(struct replay *rp, const struct pm_event_header *ev)
{
	struct stat_rec r;
	struct evsel *e;
	int c = -1;

	if (ev->size < sizeof(r))
		return bad(rp, "too short", ev);
	memcpy(&r, ev, sizeof(r));
	if (!rp->sf->cpus || !rp->sf->threads.nr)
		return bad(rp, "counts before the CPU and thread maps", ev);
	if (alloc_counts(rp->sf))
		return -ENOMEM;
	e = evsel_of_id(rp, r.id);
	for (int i = 0; i < rp->sf->cpus->nr; i++)
		if (rp->sf->cpus->cpus[i] == (int32_t)r.cpu)
			c = i;
	if (!e) {
		strbuf_addf(rp->err, "%s: STAT record for id %llu, which no event has",
			    rp->sf->pd.path, (unsigned long long)r.id);
		return -EINVAL;
	}
	if (c < 0 || r.thread >= (uint32_t)rp->sf->threads.nr)
		return bad(rp, "CPU or thread outside the maps", ev);
	e->counts[c * e->nr_threads + (int)r.thread] =
		(struct evsel_counts){ r.val, r.ena, r.run };
	return 0;
}

static int on_user_record(void *ctx, const struct pm_event_header *ev)
{
	struct replay *rp = ctx;
	struct round_rec round;

	switch (ev->type) {
	case PERF_RECORD_EVENT_UPDATE: return on_update(rp, ev);
	case PERF_RECORD_THREAD_MAP: return on_thread_map(rp, ev);
	case PERF_RECORD_CPU_MAP: return on_cpu_map(rp, ev);
	case PERF_RECORD_STAT_CONFIG: return on_config(rp, ev);
	case PERF_RECORD_STAT: return on_stat(rp, ev);
	case PERF_RECORD_STAT_ROUND:
		if (ev->size < sizeof(round))
			return bad(rp, "too short", ev);
		memcpy(&round, ev, sizeof(round));
		if (!rp->sf->evlist->nr || !rp->sf->evlist->entries[0]->counts)
			return 0;	/* a round with no counts: nothing to show */
		return rp->fn(rp->ctx, rp->sf, round.type == ROUND_FINAL, round.time);
	default:
		return 0;
	}
}

/* The file's events as an evlist: names, attrs, groups. */
static int build_evlist(struct stat_file *sf)
{
	sf->evlist = evlist__new();
	if (!sf->evlist)
		return -ENOMEM;
	for (size_t i = 0; i < sf->pd.nr_evsels; i++) {
		const struct pd_evsel *pe = sf->pd.evsels[i];
		struct evsel *e = evsel__new(pe->name ? pe->name : "unknown");

		if (!e)
			return -ENOMEM;
		e->attr = pe->attr;
		e->scale = 1;
		e->supported = true;
		e->topdown = topdown_id_of_alias(e->name);
		e->is_topdown_metric = topdown_id__is_metric(e->topdown);
		evlist__add(sf->evlist, e);
	}
	for (size_t i = 0; i < sf->pd.nr_evsels; i++) {
		const struct pd_evsel *pe = sf->pd.evsels[i];

		if (pe->nr_members > 1)
			evlist__make_group(sf->evlist, pe->idx, pe->idx + pe->nr_members - 1);
	}
	return 0;
}

int stat_file__replay(struct stat_file *sf, const char *path, stat_round_fn *fn, void *ctx,
		      struct strbuf *err)
{
	struct replay rp = { sf, fn, ctx, err };
	struct session_tool tool = { .user = on_user_record, .ctx = &rp, .unordered = true };
	struct session_stats stats;
	int ret;

	memset(sf, 0, sizeof(*sf));
	if (perf_data__open(&sf->pd, path, err))
		return -EINVAL;
	if (!perf_data__has_feat(&sf->pd, HEADER_STAT) && !sf->pd.pipe) {
		strbuf_addf(err, "%s holds samples, not counts (no STAT feature)\nhint: read it "
			    "with perf-mini report; stat report reads 'stat record' files", path);
		return -EINVAL;
	}
	if (build_evlist(sf)) {
		strbuf_addstr(err, "out of memory");
		return -ENOMEM;
	}
	ret = session__process(&sf->pd, &tool, &stats, err);
	if (ret == -ENOMEM)
		strbuf_addstr(err, "out of memory");
	if (!ret && !stats.nr_events[PERF_RECORD_STAT_ROUND]) {
		strbuf_addf(err, "%s has no STAT_ROUND record: no counts to show", path);
		ret = -EINVAL;
	}
	return ret;
}

void stat_file__exit(struct stat_file *sf)
{
	evlist__delete(sf->evlist);
	cpu_map__delete(sf->cpus);
	free(sf->threads.entries);
	perf_data__close(&sf->pd);
	memset(sf, 0, sizeof(*sf));
}
