// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stat-display.h"
#include "stat-shadow.h"
#include "../base/util.h"
#include "../base/xalloc.h"

#define METRIC_LEN 35
#define BAD_METRIC_LEN 28
#define EVNAME_LEN 32
#define BAD_EVNAME_LEN 25
#define COUNTS_LEN 18
#define INTERVAL_LEN 16
#define COMM_LEN 16
#define PID_LEN 8
#define METRIC_ONLY_LEN 20

#define NOT_SUPPORTED "<not supported>"
#define NOT_COUNTED "<not counted>"

static int unit_width(const struct stat_display *d)
{
	int w = 4;

	for (int i = 0; i < d->sd->evlist->nr; i++) {
		const char *u = d->sd->evlist->entries[i]->unit;

		if (u && (int)strlen(u) > w)
			w = (int)strlen(u);
	}
	return w;
}

static const char *unit_of(const struct evsel *e)
{
	return e->unit ? e->unit : "";
}

/* "S0-D0-C1", "S0-D0", "S0" or "N0" and the CPUs in it, in perf's widths. */
static void topology_label(const struct stat_display *d, int a, struct strbuf *out)
{
	const struct aggr_id *id = &d->sd->amap->ids[a];
	enum aggr_mode mode = d->sd->mode;
	const char *key = mode == AGGR_CORE ? "core" : mode == AGGR_DIE ? "die" :
			  mode == AGGR_NODE ? "node" : "socket";
	char name[64];

	if (mode == AGGR_CORE)
		snprintf(name, sizeof(name), "S%d-D%d-C%d", id->socket, id->die, id->core);
	else if (mode == AGGR_DIE)
		snprintf(name, sizeof(name), "S%d-D%d", id->socket, id->die);
	else if (mode == AGGR_NODE)
		snprintf(name, sizeof(name), "N%d", id->node);
	else
		snprintf(name, sizeof(name), "S%d", id->socket);
	if (d->json)
		strbuf_addf(out, "\"%s\" : \"%s\", \"aggregate-number\" : %d, ", key, name,
			    id->nr_cpus);
	else if (d->csv_sep)
		strbuf_addf(out, "%s%s%d%s", name, d->csv_sep, id->nr_cpus, d->csv_sep);
	else if (mode == AGGR_CORE)
		strbuf_addf(out, "S%d-D%d-C%-8d %4d ", id->socket, id->die, id->core, id->nr_cpus);
	else if (mode == AGGR_DIE)
		strbuf_addf(out, "S%d-D%-8d %4d ", id->socket, id->die, id->nr_cpus);
	else if (mode == AGGR_NODE)
		strbuf_addf(out, "N%-5d %4d ", id->node, id->nr_cpus);
	else
		strbuf_addf(out, "S%-5d %4d ", id->socket, id->nr_cpus);
}

/* Room the aggregation label takes in perf's metric-only header. */
static int label_width(enum aggr_mode mode)
{
	switch (mode) {
	case AGGR_CORE:
	case AGGR_THREAD: return 24;
	case AGGR_DIE: return 18;
	case AGGR_SOCKET: return 12;
	case AGGR_NONE:
	case AGGR_NODE: return 6;
	default: return 0;
	}
}

static void aggr_label(const struct stat_display *d, int a, struct strbuf *out)
{
	const struct thread_map_entry *t;

	switch (d->sd->mode) {
	case AGGR_CORE:
	case AGGR_SOCKET:
	case AGGR_DIE:
	case AGGR_NODE:
		topology_label(d, a, out);
		break;
	case AGGR_NONE:
		if (d->json)
			strbuf_addf(out, "\"cpu\" : \"%d\", ", d->cpus->cpus[a]);
		else if (d->csv_sep)
			strbuf_addf(out, "CPU%d%s", d->cpus->cpus[a], d->csv_sep);
		else
			strbuf_addf(out, "CPU%-7d ", d->cpus->cpus[a]);
		break;
	case AGGR_THREAD:
		t = &d->threads->entries[a];
		if (d->json)
			strbuf_addf(out, "\"thread\" : \"%s-%d\", ", t->comm, t->tid);
		else if (d->csv_sep)
			strbuf_addf(out, "%s-%d%s", t->comm, t->tid, d->csv_sep);
		else
			strbuf_addf(out, "%*s-%-*d ", COMM_LEN, t->comm, PID_LEN, t->tid);
		break;
	default:
		break;
	}
}

static bool value_ok(const struct evsel *e, const struct stat_value *v)
{
	return e->supported && v->run && v->ena;
}

static void add_count(const struct stat_display *d, const struct evsel *e, double uval, bool ok,
		      struct strbuf *out)
{
	bool frac = floor(e->scale) != e->scale;
	const char *bad = e->supported ? NOT_COUNTED : NOT_SUPPORTED;

	if (d->json) {
		if (ok)
			strbuf_addf(out, "\"counter-value\" : \"%f\", ", uval);
		else
			strbuf_addf(out, "\"counter-value\" : \"%s\", ", bad);
		strbuf_addf(out, "\"unit\" : \"%s\", \"event\" : \"%s\", ", unit_of(e), e->name);
		if (d->cgroups)
			strbuf_addf(out, "\"cgroup\" : \"%s\", ", e->cgroup ?: "");
	} else if (d->csv_sep) {
		if (ok)
			strbuf_addf(out, frac ? "%.2f%s" : "%.0f%s", uval, d->csv_sep);
		else
			strbuf_addf(out, "%s%s", bad, d->csv_sep);
		strbuf_addf(out, "%s%s%s", unit_of(e), d->csv_sep, e->name);
		if (d->cgroups)
			strbuf_addf(out, "%s%s", d->csv_sep, e->cgroup ?: "");
	} else {
		if (ok && d->big_num)
			strbuf_addf(out, frac ? "%'*.2f " : "%'*.0f ", COUNTS_LEN, uval);
		else if (ok)
			strbuf_addf(out, frac ? "%*.2f " : "%*.0f ", COUNTS_LEN, uval);
		else
			strbuf_addf(out, "%*s ", COUNTS_LEN, bad);
		strbuf_addf(out, "%-*s ", unit_width(d), unit_of(e));
		/* perf pads the name of an uncounted event less, after the cgroup */
		strbuf_addf(out, "%-*s", ok ? EVNAME_LEN : BAD_EVNAME_LEN, e->name);
		if (d->cgroups)
			strbuf_addf(out, " %s", e->cgroup ?: "");
		if (!ok)
			strbuf_addchars(out, ' ', EVNAME_LEN - BAD_EVNAME_LEN);
	}
}

static void add_noise(const struct stat_display *d, int idx, struct strbuf *out, bool before)
{
	const struct stat_evsel *se = &d->sd->ev[idx];
	double pct;

	if (d->run_count <= 1)
		return;
	pct = stat_rel_stddev(stat_running__stddev(&se->runs), se->runs.mean);
	if (d->json && before)
		strbuf_addf(out, "\"variance\" : %.2f, ", pct);
	else if (d->csv_sep && before)
		strbuf_addf(out, "%s%.2f%%", d->csv_sep, pct);
	else if (!d->json && !d->csv_sep && !before && pct)
		strbuf_addf(out, "  ( +-%6.2f%% )", pct);
}

static void add_running(const struct stat_display *d, const struct stat_value *v,
			struct strbuf *out, bool before)
{
	double pct = v->run != v->ena && v->ena ? 100.0 * (double)v->run / (double)v->ena : 100;

	if (d->json && before)
		strbuf_addf(out, "\"event-runtime\" : %llu, \"pcnt-running\" : %.2f, ",
			    (unsigned long long)v->run, pct);
	else if (d->csv_sep && before)
		strbuf_addf(out, "%s%llu%s%.2f", d->csv_sep, (unsigned long long)v->run,
			    d->csv_sep, pct);
	else if (!d->json && !d->csv_sep && !before && v->run != v->ena)
		strbuf_addf(out, "  (%.2f%%)", pct);
}

/* The metric value as CSV/JSON want it: the number alone, no padding. */
/* perf's colours for metrics past their thresholds, on a terminal only;
 * callers reset (STAT_COLOR_NONE) only after a colour they added. Returns
 * the bytes added (they take no column). */
static size_t add_color(const struct stat_display *d, enum stat_color c, struct strbuf *out)
{
	static const char *const seq[] = { "\033[m", "\033[31m", "\033[32m" };
	size_t before = out->len;

	if (!d->color)
		return 0;
	strbuf_addstr(out, seq[c]);
	return out->len - before;
}

static void metric_number(const struct stat_metric *m, char *buf, size_t size)
{
	char *s, *end;

	snprintf(buf, size, m->fmt, m->val);
	s = buf;
	while (*s == ' ')
		s++;
	memmove(buf, s, strlen(s) + 1);
	end = buf;
	while ((*end >= '0' && *end <= '9') || *end == '.' || *end == '-')
		end++;
	*end = '\0';
}

static void add_metric(const struct stat_display *d, const struct stat_metric *m, bool ok,
		       struct strbuf *out)
{
	char num[64];
	size_t start;

	if (d->json) {
		strbuf_addf(out, "\"metric-value\" : %f, \"metric-unit\" : \"%s\"}",
			    m->has ? m->val : 0.0, m->has ? m->unit : "");
	} else if (d->csv_sep) {
		if (!m->has) {
			strbuf_addf(out, "%s%s", d->csv_sep, d->csv_sep);
			return;
		}
		metric_number(m, num, sizeof(num));
		strbuf_addf(out, "%s%s%s%s", d->csv_sep, num, d->csv_sep, m->unit);
	} else if (!m->has) {
		strbuf_addchars(out, ' ', ok ? METRIC_LEN : BAD_METRIC_LEN);
	} else {
		size_t escapes;

		start = out->len;
		strbuf_addstr(out, " # ");
		escapes = m->color ? add_color(d, m->color, out) : 0;
		strbuf_addf(out, m->fmt, m->val);
		if (escapes)
			escapes += add_color(d, STAT_COLOR_NONE, out);
		strbuf_addf(out, " %-*s", (int)(METRIC_LEN - (out->len - start - escapes) - 1),
			    m->unit);
	}
}

/* The next -M metric shown on event @idx's line after @bm (NULL: first). */
static const struct bound_metric *next_bound(const struct stat_display *d, int idx,
					     const struct bound_metric *bm)
{
	const struct metricgroup *mg = d->mg;

	if (!mg)
		return NULL;
	for (bm = bm ? bm + 1 : mg->metrics; bm < mg->metrics + mg->nr; bm++)
		if (bm->leader == idx)
			return bm;
	return NULL;
}

/* A -M metric as a shadow metric: "%8.1f" with a ScaleUnit, as perf. */
static void bound_metric(const struct stat_display *d, const struct bound_metric *bm, int a,
			 struct stat_metric *m)
{
	bool red;

	memset(m, 0, sizeof(*m));
	m->has = metricgroup__value(d->mg, bm, d->sd, a, &m->val, m->unit, sizeof(m->unit),
				    &red);
	m->fmt = bm->def->scale_unit ? "%8.1f" : "%8.2f";
	m->color = red ? STAT_COLOR_RED : STAT_COLOR_NONE;
}

/* A further metric of the same event: a line of its own, under the first. */
static void extra_metric_line(const struct stat_display *d, int a, const char *prefix,
			      const struct stat_metric *m, struct strbuf *out)
{
	strbuf_addch(out, '\n');
	strbuf_addstr(out, prefix);
	if (d->json && !d->interval)
		strbuf_addch(out, '{');
	if (!d->json)
		aggr_label(d, a, out);
	if (d->csv_sep)	/* the count, unit, event, [variance,] run and % fields */
		for (int i = 0; i < 4 + (d->run_count > 1); i++)
			strbuf_addstr(out, d->csv_sep);
	else if (!d->json)
		strbuf_addchars(out, ' ', COUNTS_LEN + 1 + unit_width(d) + 1 + EVNAME_LEN);
	add_metric(d, m, true, out);
}

static void print_line(const struct stat_display *d, int idx, int a, const char *prefix,
		       struct strbuf *out)
{
	const struct evsel *e = d->sd->evlist->entries[idx];
	const struct stat_value *v = &d->sd->ev[idx].aggr[a];
	bool ok = value_ok(e, v);
	struct stat_metric m = { 0 };
	const struct bound_metric *bm = next_bound(d, idx, NULL);

	if (d->sd->ev[idx].merged)	/* shown with its first instance */
		return;
	/* as perf, -A shows an uncore event on its cpumask's CPUs alone */
	if (d->sd->mode == AGGR_NONE && e->pmu_cpus && d->cpus &&
	    !cpu_map__has(e->pmu_cpus, d->cpus->cpus[a]))
		return;
	strbuf_addstr(out, prefix);
	if (d->json && !d->interval)
		strbuf_addch(out, '{');
	aggr_label(d, a, out);
	add_count(d, e, v->val * e->scale, ok, out);
	add_noise(d, idx, out, true);
	add_running(d, v, out, true);
	if (ok)
		stat_shadow__metric(d->sd, idx, a, d->walltime_ns, &m);
	if (ok && !m.has && bm) {	/* the first -M metric takes the free column */
		bound_metric(d, bm, a, &m);
		bm = next_bound(d, idx, bm);
	}
	add_metric(d, &m, ok, out);
	add_noise(d, idx, out, false);
	add_running(d, v, out, false);
	for (; ok && bm; bm = next_bound(d, idx, bm)) {
		bound_metric(d, bm, a, &m);
		extra_metric_line(d, a, prefix, &m, out);
	}
	strbuf_addch(out, '\n');
}

static bool metric_only_valid(const struct stat_metric *m)
{
	return m->has && !strstr(m->unit, "/sec") && !strstr(m->unit, "CPUs utilized");
}

static void metric_only_cell(const struct stat_display *d, const struct stat_metric *m,
			     bool header, struct strbuf *out)
{
	char num[64];

	if (!header && !m->has) {	/* an uncounted -M metric: its column stays blank */
		if (d->csv_sep)
			strbuf_addstr(out, d->csv_sep);
		else if (!d->json)
			strbuf_addf(out, "%*s ", METRIC_ONLY_LEN, "");
		return;
	}
	if (d->json) {
		metric_number(m, num, sizeof(num));
		strbuf_addf(out, header ? "{\"unit\" : \"%s\"}" : "{\"metric-value\" : \"%s\"}",
			    header ? m->unit : num);
	} else if (d->csv_sep) {
		metric_number(m, num, sizeof(num));
		strbuf_addf(out, "%s%s", header ? m->unit : num, d->csv_sep);
	} else {
		snprintf(num, sizeof(num), m->fmt, m->val);
		if (!header && m->color && add_color(d, m->color, out)) {
			strbuf_addf(out, "%*s", METRIC_ONLY_LEN, num);
			add_color(d, STAT_COLOR_NONE, out);
			strbuf_addch(out, ' ');
		} else {
			strbuf_addf(out, "%*s ", METRIC_ONLY_LEN, header ? m->unit : num);
		}
	}
}

static void metric_only_row(const struct stat_display *d, int a, const char *prefix,
			    bool header, struct strbuf *out)
{
	strbuf_addstr(out, prefix);
	if (!header)
		aggr_label(d, a, out);
	for (int i = 0; i < d->sd->evlist->nr; i++) {
		struct stat_metric m;

		stat_shadow__metric(d->sd, i, a, d->walltime_ns, &m);
		if (metric_only_valid(&m))
			metric_only_cell(d, &m, header, out);
		for (const struct bound_metric *bm = next_bound(d, i, NULL); bm;
		     bm = next_bound(d, i, bm)) {
			bound_metric(d, bm, a, &m);	/* a column per metric, blank or not */
			metric_only_cell(d, &m, header, out);
		}
	}
	strbuf_addch(out, '\n');
}

struct thread_row {
	int a;
	double val;
};

static int thread_row_cmp(const void *x, const void *y)
{
	const struct thread_row *p = x, *q = y;

	if (p->val != q->val)
		return p->val < q->val ? 1 : -1;
	return p->a - q->a;	/* ties keep the thread order */
}

/*
 * --per-thread: as perf, each event's threads from the busiest down; of a
 * whole system (-a) only the threads that counted something.
 */
static void thread_lines(const struct stat_display *d, int idx, const char *prefix,
			 struct strbuf *out)
{
	const struct stat_evsel *se = &d->sd->ev[idx];
	struct thread_row *rows = must_calloc((size_t)d->sd->nr_aggr + 1, sizeof(*rows));
	int nr = 0;

	for (int a = 0; a < d->sd->nr_aggr; a++) {
		if (d->skip_idle_threads && !se->aggr[a].val)
			continue;
		rows[nr].a = a;
		rows[nr++].val = se->aggr[a].val;
	}
	qsort(rows, (size_t)nr, sizeof(*rows), thread_row_cmp);
	for (int i = 0; i < nr; i++) {
		if (d->metric_only)
			metric_only_row(d, rows[i].a, prefix, false, out);
		else
			print_line(d, idx, rows[i].a, prefix, out);
	}
	free(rows);
}

void stat_display__counters(const struct stat_display *d, const char *prefix,
			    struct strbuf *out)
{
	if (d->sd->mode == AGGR_THREAD && d->metric_only) {
		thread_lines(d, 0, prefix, out);
		return;
	}
	if (d->metric_only) {
		for (int a = 0; a < d->sd->nr_aggr; a++)
			metric_only_row(d, a, prefix, false, out);
		return;
	}
	if (d->sd->mode == AGGR_GLOBAL) {
		for (int i = 0; i < d->sd->evlist->nr; i++)
			print_line(d, i, 0, prefix, out);
		return;
	}
	if (aggr_mode__is_topology(d->sd->mode)) {
		/* perf lists each core's (socket's) events together */
		for (int a = 0; a < d->sd->nr_aggr; a++)
			for (int i = 0; i < d->sd->evlist->nr; i++)
				print_line(d, i, a, prefix, out);
		return;
	}
	for (int i = 0; i < d->sd->evlist->nr; i++) {
		if (d->sd->mode == AGGR_THREAD) {
			thread_lines(d, i, prefix, out);
			continue;
		}
		for (int a = 0; a < d->sd->nr_aggr; a++)
			print_line(d, i, a, prefix, out);
	}
}

void stat_display__header(const struct stat_display *d, const char *target, struct strbuf *out)
{
	if (d->json || d->csv_sep) {
		if (d->metric_only)
			metric_only_row(d, 0, "", true, out);
		return;
	}
	strbuf_addf(out, "\n Performance counter stats for %s", target);
	if (d->run_count > 1)
		strbuf_addf(out, " (%d runs)", d->run_count);
	strbuf_addstr(out, ":\n\n");
	if (d->metric_only) {
		strbuf_addchars(out, ' ', label_width(d->sd->mode));
		metric_only_row(d, 0, "", true, out);
	}
}

void stat_display__interval_header(const struct stat_display *d, struct strbuf *out)
{
	if (d->json || d->csv_sep)
		return;
	strbuf_addf(out, "#%*s", INTERVAL_LEN - 1, "time");
	if (d->sd->mode == AGGR_NONE)
		strbuf_addf(out, " %-10s", "CPU");
	else if (d->sd->mode == AGGR_THREAD)
		strbuf_addf(out, " %20s%5s", "comm-pid", "");
	else if (d->sd->mode == AGGR_CORE)
		strbuf_addstr(out, " core            cpus");
	else if (d->sd->mode == AGGR_SOCKET)
		strbuf_addstr(out, " socket cpus");
	else if (d->sd->mode == AGGR_DIE)
		strbuf_addstr(out, " die          cpus");
	else if (d->sd->mode == AGGR_NODE)
		strbuf_addstr(out, " node   cpus");
	if (d->metric_only) {
		strbuf_addch(out, ' ');
		metric_only_row(d, 0, "", true, out);
		return;
	}
	strbuf_addf(out, " %*s %*s events\n", COUNTS_LEN, "counts", unit_width(d), "unit");
}

void stat_display__interval_prefix(const struct stat_display *d, uint64_t time_ns,
				   struct strbuf *out)
{
	/* integer arithmetic: a double would round the last digit */
	unsigned long s = (unsigned long)(time_ns / 1000000000ULL);
	unsigned long ns = (unsigned long)(time_ns % 1000000000ULL);

	if (d->csv_sep)
		strbuf_addf(out, "%6lu.%09lu%s", s, ns, d->csv_sep);
	else if (d->json)
		strbuf_addf(out, "{\"interval\" : %lu.%09lu, ", s, ns);
	else
		strbuf_addf(out, "%6lu.%09lu ", s, ns);
}

static int footer_precision(double sd)
{
	if (sd > 1 || sd <= 0)
		return 2;
	return (int)lround(ceil(-log10(sd))) + 2;
}

/* --table: each run's time, its distance to the mean and a bar of it. */
static void run_table(const struct stat_display *d, const struct stat_footer *f, int prec,
		      struct strbuf *out)
{
	double avg = f->wall_mean_ns / 1e9;
	char first[64];
	int indent = 0;

	/* the headings line up with the first digit of the result below */
	snprintf(first, sizeof(first), " %17.*f", prec, avg);
	while (first[indent] == ' ')
		indent++;
	strbuf_addf(out, "%*s# Table of individual measurements:\n", indent, "");
	for (int i = 0; i < d->run_count; i++) {
		double run = f->run_walltimes[i] / 1e9;
		int bars = 1 + abs((int)(100.0 * (run - avg) / run) / 5);

		strbuf_addf(out, " %17.*f (%+.*f) ", prec, run, prec, run - avg);
		strbuf_addchars(out, '#', (size_t)bars);
		strbuf_addch(out, '\n');
	}
	strbuf_addf(out, "\n%*s# Final result:\n", indent, "");
}

void stat_display__footer(const struct stat_display *d, const struct stat_footer *f,
			  struct strbuf *out)
{
	double avg = f->wall_mean_ns / 1e9, sd = f->wall_stddev_ns / 1e9;
	int prec;

	if (d->interval || d->csv_sep || d->json)
		return;
	if (!f->null_run)
		strbuf_addch(out, '\n');
	if (d->run_count <= 1) {
		strbuf_addf(out, " %17.9f seconds time elapsed", avg);
		if (f->ru_display) {
			strbuf_addstr(out, "\n\n");
			strbuf_addf(out, " %17.9f seconds user\n", f->user_s);
			strbuf_addf(out, " %17.9f seconds sys\n", f->sys_s);
		}
	} else {
		prec = footer_precision(sd);
		if (f->run_walltimes)
			run_table(d, f, prec, out);
		strbuf_addf(out, " %17.*f +- %.*f seconds time elapsed", prec, avg, prec, sd);
		if (stat_rel_stddev(sd, avg))
			strbuf_addf(out, "  ( +-%6.2f%% )", stat_rel_stddev(sd, avg));
	}
	strbuf_addstr(out, "\n\n");
}
