// SPDX-License-Identifier: GPL-2.0
/*
 * top: the reader thread delivers each round of the recorder's stream to
 * the report under the lock; the display takes the lock to refresh and to
 * draw, so the histograms, the machine and its symbol tables (loaded as
 * samples need them) are only ever touched by one thread at a time.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../base/xalloc.h"
#include "../data/perf-data-format.h"
#include "top.h"

static atomic_bool stop_reading;

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct top *t = ctx;
	uint16_t mode = ev->misc & PERF_RECORD_MISC_CPUMODE_MASK;

	t->now.samples++;
	t->now.kernel += mode == PERF_RECORD_MISC_KERNEL || mode == PERF_RECORD_MISC_GUEST_KERNEL;
	t->now.exact += !!(ev->misc & PERF_RECORD_MISC_EXACT_IP);
	return t->inner.sample(t->inner.ctx, ev, s, evsel, note);
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct top *t = ctx;

	if (ev->type == PERF_RECORD_LOST && ev->size >= sizeof(struct pm_lost_event)) {
		uint64_t lost = ((const struct pm_lost_event *)ev)->lost;

		t->now.lost += lost;
		t->now.lost_total += lost;
	}
	return t->inner.event(t->inner.ctx, ev, s);
}

static void *read_stream(void *arg)
{
	struct top *t = arg;
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = t };
	int got = 0, ret = 0;

	while (!ret && got >= 0 && !atomic_load(&stop_reading)) {
		got = live_stream__fill(t->ls, t->fd, 200);
		if (!got)
			continue;
		pthread_mutex_lock(&t->lock);
		ret = live_stream__deliver(t->ls, &tool, &t->r.stats, &t->reader_msg);
		t->stream_ended = got < 0 || ret;
		t->reader_err = ret;
		pthread_mutex_unlock(&t->lock);
	}
	return NULL;
}

/* Every event's histogram from the start, incoming and shown: the
 * display needs one to show before the first sample comes. */
static int make_hists(struct top *t)
{
	size_t n = t->r.pd.nr_evsels;

	t->shown = must_calloc(n ? n : 1, sizeof(*t->shown));
	for (size_t i = 0; i < n; i++) {
		struct pd_evsel *e = t->r.pd.evsels[i];
		struct hists *in = report__hists(&t->r, e);

		if (!in)
			return -ENOMEM;
		t->shown[i] = must_calloc(1, sizeof(*t->shown[i]));
		if (hists__init_like(t->shown[i], in))
			return -ENOMEM;
	}
	t->nr_hists = n;
	t->incoming = t->r.hists;
	return 0;
}

int top__start(struct top *t, int fd)
{
	int ret;

	t->fd = fd;
	t->ls = must_calloc(1, sizeof(*t->ls));
	strbuf_init(&t->reader_msg, 0);
	pthread_mutex_init(&t->lock, NULL);
	ret = live_stream__open(t->ls, &t->r.pd, fd, &t->r.err);
	if (ret) {
		strbuf_reset(&t->r.err);	/* the recorder said why */
		return -ESRCH;
	}
	t->r.live = true;
	ret = report__setup(&t->r);
	if (ret)
		return ret;
	report__begin(&t->r);
	t->r.machine.kernel_dso->short_name = "[kernel]";	/* as perf top names it */
	t->r.machine.reap_exited = true;
	report__tool(&t->r, &t->inner);
	ret = make_hists(t);
	if (ret) {
		strbuf_addstr(&t->r.err, "out of memory for the histograms");
		return ret;
	}
	t->last_refresh_ns = now_ns();
	atomic_store(&stop_reading, false);
	if (pthread_create(&t->reader, NULL, read_stream, t)) {
		strbuf_addstr(&t->r.err, "cannot start the thread that reads the samples");
		return -EAGAIN;
	}
	t->reader_started = true;
	return 0;
}

void top__show_begin(struct top *t)
{
	pthread_mutex_lock(&t->lock);
	t->incoming = t->r.hists;
	t->r.hists = t->shown;
}

void top__show_end(struct top *t)
{
	t->r.hists = t->incoming;
	pthread_mutex_unlock(&t->lock);
}

/* A fresh histogram like @old holding @old decayed (unless -z) and @in;
 * @in emptied. */
static int refresh_one(struct top *t, struct hists *old, struct hists *in)
{
	struct hists fresh, empty;

	if (hists__init_like(&fresh, old) || hists__init_like(&empty, in))
		return -ENOMEM;
	if (!t->zero)
		hists__decay(old);
	if ((!t->zero && hists__fold(&fresh, old)) || hists__fold(&fresh, in))
		return -ENOMEM;
	hists__zap(&fresh, t->hide_user, t->hide_kernel);
	hists__recount(&fresh);
	hists__exit(old);
	*old = fresh;
	hists__exit(in);
	*in = empty;
	return hists__override_comms(old);
}

/* Threads that exited and that no shown entry names are freed: over
 * hours, processes come and go by the million. */
static void reap_threads(struct top *t)
{
	t->reap_mark++;
	for (size_t i = 0; i < t->nr_hists; i++)
		for (struct hist_chunk *c = t->shown[i]->chunks; c; c = c->next)
			for (size_t j = 0; j < c->nr; j++)
				if (!c->entries[j].merged && c->entries[j].thread)
					c->entries[j].thread->mark = t->reap_mark;
	machine__reap_exited(&t->r.machine, t->reap_mark);
}

int top__refresh(struct top *t)
{
	uint64_t now = now_ns();

	for (size_t i = 0; i < t->nr_hists; i++) {
		if (refresh_one(t, t->shown[i], t->incoming[i]))
			return -ENOMEM;
		hists__name_cgroups(t->shown[i], &t->r.machine);
		hists__output_resort(t->shown[i]);
	}
	t->r.ip_cache_gen++;	/* the incoming entries it points at are gone */
	reap_threads(t);
	t->interval_s = (now - t->last_refresh_ns) / 1e9;
	t->last_refresh_ns = now;
	t->last = t->now;
	t->now.samples = t->now.kernel = t->now.exact = t->now.lost = 0;
	return 0;
}

/* perf top's events: its recorder's tracking dummy is not one of them */
static size_t sampled_events(const struct top *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->r.pd.nr_evsels; i++) {
		const struct perf_event_attr *a = &t->r.pd.evsels[i]->attr;

		n += !(a->type == PERF_TYPE_SOFTWARE && a->config == PERF_COUNT_SW_DUMMY);
	}
	return n;
}

void top__header(const struct top *t, const char *target, struct strbuf *out)
{
	const struct top_counts *c = &t->last;
	double rate = t->interval_s > 0 ? c->samples / t->interval_s : 0;

	strbuf_addf(out, "   PerfTop:%8.0f irqs/sec  kernel:%4.1f%%  exact: %4.1f%% lost: %" PRIu64
		    "/%" PRIu64 " drop: 0/0 [", rate,
		    c->samples ? 100.0 * c->kernel / c->samples : 0.0,
		    c->samples ? 100.0 * c->exact / c->samples : 0.0, c->lost, c->lost_total);
	if (sampled_events(t) == 1) {
		const struct perf_event_attr *a = &t->r.pd.evsels[0]->attr;

		strbuf_addf(out, "%" PRIu64 "%s ", (uint64_t)a->sample_period, a->freq ? "Hz" : "");
	}
	/* as perf: the event whose table is shown, the first */
	strbuf_addf(out, "%s],  (%s)", t->r.pd.nr_evsels ? t->r.pd.evsels[0]->name : "", target);
}

void top__title(const struct top *t, size_t idx, struct strbuf *out)
{
	const struct perf_event_attr *a = &t->r.pd.evsels[idx]->attr;
	const struct hists *h = t->shown[idx];
	uint64_t nr = h->nr_samples;
	char unit = ' ';

	for (const char *u = "KMG"; *u && nr > 1000; u++) {
		nr /= 1000;
		unit = *u;
	}
	strbuf_addf(out, "Samples: %" PRIu64 "%c of event '%s',", nr, unit,
		    t->r.pd.evsels[idx]->name);
	if (a->freq)
		strbuf_addf(out, " %" PRIu64 " Hz,", (uint64_t)a->sample_freq);
	strbuf_addf(out, " Event count (approx.): %" PRIu64 " lost: %" PRIu64 "/%" PRIu64
		    " drop: 0/0%s", h->total_period, t->last.lost, t->last.lost_total,
		    t->zero ? ", [z]" : "");
}

void top__exit(struct top *t)
{
	if (t->reader_started) {
		atomic_store(&stop_reading, true);
		pthread_join(t->reader, NULL);
	}
	for (size_t i = 0; t->shown && i < t->nr_hists; i++) {
		hists__exit(t->shown[i]);
		free(t->shown[i]);
	}
	free(t->shown);
	if (t->ls)
		live_stream__exit(t->ls);
	free(t->ls);
	strbuf_release(&t->reader_msg);
	pthread_mutex_destroy(&t->lock);
	report__exit(&t->r);
}
