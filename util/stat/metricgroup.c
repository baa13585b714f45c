// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "expr.h"
#include "../base/util.h"
#include "../base/xalloc.h"
#include "metricgroup.h"

#define MAX_EVENTS 64
#define MAX_NESTING 8

const struct pmu_metric_def *metric_next(const struct pmu_events_table *cpu,
					 const struct pmu_metric_def *m)
{
	if (!m)
		m = cpu && cpu->nr_metrics ? cpu->metrics : pmu_events_common.metrics;
	else
		m++;
	if (!m->name && cpu && m == cpu->metrics + cpu->nr_metrics)
		m = pmu_events_common.metrics;
	return m->name ? m : NULL;
}

const struct pmu_metric_def *metric_find(const struct pmu_events_table *cpu, const char *name)
{
	for (const struct pmu_metric_def *m = metric_next(cpu, NULL); m; m = metric_next(cpu, m))
		if (!strcasecmp(m->name, name))
			return m;
	return NULL;
}

bool metric_in_group(const struct pmu_metric_def *m, const char *group)
{
	size_t n = strlen(group);

	for (const char *p = m->groups; p && *p; p += strcspn(p, ";"), p += !!*p)
		if (strcspn(p, ";") == n && !strncasecmp(p, group, n))
			return true;
	return false;
}

static bool wanted(const struct pmu_metric_def *m, const char *name)
{
	return !strcasecmp(m->name, name) || metric_in_group(m, name);
}

/* The distinct events a set of metrics reads, in order of appearance. */
struct event_set {
	const struct pmu_events_table *cpu;
	char *ids[MAX_EVENTS];
	int nr;
	int nesting;
	bool overflow;
};

static void add_id(void *ctx, const char *id)
{
	struct event_set *es = ctx;
	const struct pmu_metric_def *sub;
	struct strbuf ignore = STRBUF_INIT;

	if (id[0] == '#')
		return;
	sub = metric_find(es->cpu, id);
	if (sub && es->nesting < MAX_NESTING) {	/* a metric over metrics */
		es->nesting++;
		expr__for_each_id(sub->expr, add_id, es, &ignore);
		es->nesting--;
		strbuf_release(&ignore);
		return;
	}
	for (int i = 0; i < es->nr; i++)
		if (!strcasecmp(es->ids[i], id))
			return;
	if (es->nr == MAX_EVENTS) {
		es->overflow = true;
		return;
	}
	es->ids[es->nr] = strdup(id);
	for (char *c = es->ids[es->nr]; c && *c; c++)	/* JSON names: perf matches any case */
		*c = (char)(*c >= 'A' && *c <= 'Z' ? *c - 'A' + 'a' : *c);
	es->overflow |= !es->ids[es->nr++];
}

static void event_set__release(struct event_set *es)
{
	for (int i = 0; i < es->nr; i++)
		free(es->ids[i]);
	es->nr = 0;
}

/* The -M name number @k of @names, in @buf. */
static bool nth_name(const char *names, int k, char *buf, size_t size)
{
	const char *p = names;

	for (int i = 0; i < k && p; i++) {
		p = strchr(p, ',');
		p = p ? p + 1 : NULL;
	}
	if (!p)
		return false;
	snprintf(buf, size, "%.*s", (int)strcspn(p, ","), p);
	return true;
}

static int collect(const struct metricgroup *mg, const char *name, struct event_set *es,
		   struct strbuf *err)
{
	int found = 0;

	es->cpu = mg->cpu;
	for (const struct pmu_metric_def *m = metric_next(mg->cpu, NULL); m;
	     m = metric_next(mg->cpu, m)) {
		if (!wanted(m, name))
			continue;
		found++;
		if (expr__for_each_id(m->expr, add_id, es, err))
			return -EINVAL;
	}
	if (!found) {
		strbuf_addf(err, "-M %s: no metric or metric group of that name%s%s\nhint: "
			    "'perf-mini list metric' and 'perf-mini list metricgroup' show them",
			    name, mg->cpu ? " for this CPU" : " (no table for this CPU, only the "
			    "common metrics)", mg->cpu ? "" : "");
		return -EINVAL;
	}
	if (es->overflow || !es->nr) {
		strbuf_addf(err, "-M %s: %s", name, es->nr ? "reads too many events" :
			    "reads no events");
		return -EINVAL;
	}
	return 0;
}

int metricgroup__events(struct metricgroup *mg, const char *names, struct strbuf *spec,
			struct strbuf *err)
{
	char name[128];

	for (int k = 0; nth_name(names, k, name, sizeof(name)); k++) {
		struct event_set es = { 0 };

		if (!*name) {
			strbuf_addstr(err, "-M: an empty metric name\nhint: e.g. -M IPC,TopdownL1");
			return -EINVAL;
		}
		if (collect(mg, name, &es, err)) {
			event_set__release(&es);
			return -EINVAL;
		}
		/* one group, so the counts a metric combines cover the same time;
		 * weak (perf's :W): where the kernel will not take it whole, the
		 * events are counted separately */
		strbuf_addstr(spec, es.nr > 1 && !mg->no_group ? "{" : "");
		for (int i = 0; i < es.nr; i++)
			strbuf_addf(spec, "%s%s", i ? "," : "", es.ids[i]);
		strbuf_addstr(spec, es.nr > 1 && !mg->no_group ? "}:W\n" : "\n");
		event_set__release(&es);
	}
	return 0;
}

int metricgroup__bind(struct metricgroup *mg, const char *names, int k, int first, int nr,
		      struct strbuf *err)
{
	char name[128];

	(void)err;
	if (!nth_name(names, k, name, sizeof(name)))
		return -EINVAL;
	for (const struct pmu_metric_def *m = metric_next(mg->cpu, NULL); m;
	     m = metric_next(mg->cpu, m)) {
		struct bound_metric *grown;

		if (!wanted(m, name))
			continue;
		grown = realloc(mg->metrics, (size_t)(mg->nr + 1) * sizeof(*grown));
		if (!grown)
			return -ENOMEM;
		mg->metrics = grown;
		mg->metrics[mg->nr++] = (struct bound_metric){ m, first, nr, first };
	}
	return 0;
}

void metricgroup__repeat(struct metricgroup *mg, int nr_events, int copies)
{
	int nr = mg->nr;

	if (!nr || copies <= 1)
		return;
	mg->metrics = must_reallocarray(mg->metrics, (size_t)nr * copies, sizeof(*mg->metrics));
	for (int k = 1; k < copies; k++)
		for (int i = 0; i < nr; i++) {
			struct bound_metric bm = mg->metrics[i];

			bm.first += k * nr_events;
			bm.leader += k * nr_events;
			mg->metrics[mg->nr++] = bm;
		}
}

struct eval_ctx {
	const struct metricgroup *mg;
	const struct bound_metric *bm;
	const struct stat_data *sd;
	int aggr;
	int nesting;
	bool missing;		/* an event was not counted */
};

static bool lookup_constant(const struct pmu_events_table *t, const char *name, double *v)
{
	for (size_t i = 0; t && i < t->nr_constants; i++)
		if (!strcasecmp(t->constants[i].name, name)) {
			*v = t->constants[i].value;
			return true;
		}
	return false;
}

static bool lookup(void *ctx, const char *id, double *val)
{
	struct eval_ctx *ec = ctx;
	const struct pmu_metric_def *sub;

	if (id[0] == '#')
		return lookup_constant(ec->mg->cpu, id + 1, val) ||
		       lookup_constant(&pmu_events_common, id + 1, val);
	for (int i = ec->bm->first; i < ec->bm->first + ec->bm->nr; i++) {
		const struct evsel *e = ec->sd->evlist->entries[i];
		const struct stat_value *v = &ec->sd->ev[i].aggr[ec->aggr];

		if (!evsel__is_named(e, id))
			continue;
		ec->missing |= !e->supported || !v->run;
		/* perf's expressions take raw counts: task-clock in ns, not msec */
		*val = v->val;
		return true;
	}
	sub = metric_find(ec->mg->cpu, id);
	if (sub && ec->nesting < MAX_NESTING) {
		struct strbuf err = STRBUF_INIT;
		int ret;

		ec->nesting++;
		ret = expr__eval(sub->expr, lookup, ec, val, &err);
		ec->nesting--;
		strbuf_release(&err);
		return !ret;
	}
	return false;
}

/* "100%" scales by 100 and prints "%"; no ScaleUnit prints the name. */
static double apply_scale_unit(const struct pmu_metric_def *m, double v, char *unit,
			       size_t size)
{
	char *end;
	double scale;

	if (!m->scale_unit) {
		snprintf(unit, size, "%s", m->name);
		return v;
	}
	scale = strtod(m->scale_unit, &end);
	if (end == m->scale_unit)
		scale = 1;
	snprintf(unit, size, "%s  %s", end, m->name);
	return v * scale;
}

bool metricgroup__value(const struct metricgroup *mg, const struct bound_metric *bm,
			const struct stat_data *sd, int aggr, double *val, char *unit,
			size_t unit_size, bool *red)
{
	struct eval_ctx ec = { .mg = mg, .bm = bm, .sd = sd, .aggr = aggr };
	struct strbuf err = STRBUF_INIT;
	double raw = NAN, threshold = 0;
	bool ok;

	ok = !expr__eval(bm->def->expr, lookup, &ec, &raw, &err) && !ec.missing;
	*red = false;
	if (ok && bm->def->threshold && !expr__eval(bm->def->threshold, lookup, &ec, &threshold,
						    &err))
		*red = !isnan(threshold) && threshold != 0;
	strbuf_release(&err);
	*val = apply_scale_unit(bm->def, raw, unit, unit_size);
	return ok;
}

void metricgroup__exit(struct metricgroup *mg)
{
	free(mg->metrics);
	mg->metrics = NULL;
	mg->nr = 0;
}

static int cmp_name(const void *a, const void *b)
{
	return strcasecmp(*(const char *const *)a, *(const char *const *)b);
}

size_t metric__names(const struct pmu_events_table *cpu, bool groups, const char **names,
		     size_t max, struct strbuf *store)
{
	size_t n = 0, kept = 0, *offs = calloc(max, sizeof(*offs));

	BUG_ON(!offs);
	for (const struct pmu_metric_def *m = metric_next(cpu, NULL); m;
	     m = metric_next(cpu, m)) {
		const char *p = groups ? m->groups : m->name;

		for (; p && *p && n < max; p += strcspn(p, ";"), p += !!*p) {
			offs[n++] = store->len;
			strbuf_add(store, p, groups ? strcspn(p, ";") : strlen(p));
			strbuf_addch(store, '\0');
			if (!groups)
				break;
		}
	}
	for (size_t i = 0; i < n; i++)	/* the buffer has stopped moving */
		names[i] = store->buf + offs[i];
	free(offs);
	qsort(names, n, sizeof(*names), cmp_name);
	for (size_t i = 0; i < n; i++)
		if (!kept || strcasecmp(names[kept - 1], names[i]))
			names[kept++] = names[i];
	return kept;
}
