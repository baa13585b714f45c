// SPDX-License-Identifier: GPL-2.0
#include <math.h>
#include <string.h>

#include "stat.h"
#include "../base/util.h"
#include "../base/xalloc.h"

void stat_running__update(struct stat_running *rs, double v)
{
	double delta;

	rs->n++;
	delta = v - rs->mean;
	rs->mean += delta / rs->n;
	rs->m2 += delta * (v - rs->mean);
}

double stat_running__stddev(const struct stat_running *rs)
{
	if (rs->n < 2)
		return 0.0;
	return sqrt(rs->m2 / (rs->n - 1) / rs->n);
}

double stat_rel_stddev(double stddev, double mean)
{
	return mean ? 100.0 * stddev / mean : 0.0;
}

static int nr_aggr_of(const struct evlist *evlist, enum aggr_mode mode,
		      const struct aggr_map *amap)
{
	const struct evsel *first = evlist->nr ? evlist->entries[0] : NULL;

	if (!first || mode == AGGR_GLOBAL)
		return 1;
	if (aggr_mode__is_topology(mode))
		return amap->nr ? amap->nr : 1;
	return mode == AGGR_NONE ? first->nr_cpus : first->nr_threads;
}

struct stat_data *stat_data__new(struct evlist *evlist, enum aggr_mode mode)
{
	return stat_data__new_mapped(evlist, mode, NULL);
}

struct stat_data *stat_data__new_mapped(struct evlist *evlist, enum aggr_mode mode,
					const struct aggr_map *amap)
{
	struct stat_data *sd = calloc(1, sizeof(*sd));

	if (!sd)
		return NULL;
	BUG_ON(aggr_mode__is_topology(mode) && !amap);
	sd->evlist = evlist;
	sd->mode = mode;
	sd->amap = amap;
	sd->nr_aggr = nr_aggr_of(evlist, mode, amap);
	sd->ev = calloc((size_t)evlist->nr + 1, sizeof(*sd->ev));
	if (!sd->ev)
		goto out_free;
	for (int i = 0; i < evlist->nr; i++) {
		struct evsel *evsel = evlist->entries[i];
		size_t nr_fds = (size_t)evsel->nr_cpus * (size_t)evsel->nr_threads;

		sd->ev[i].aggr = calloc((size_t)sd->nr_aggr, sizeof(struct stat_value));
		sd->ev[i].prev = calloc(nr_fds ? nr_fds : 1, sizeof(struct evsel_counts));
		if (!sd->ev[i].aggr || !sd->ev[i].prev)
			goto out_free;
	}
	return sd;
out_free:
	stat_data__delete(sd);
	return NULL;
}

void stat_data__delete(struct stat_data *sd)
{
	if (!sd)
		return;
	for (int i = 0; sd->ev && i < sd->evlist->nr; i++) {
		free(sd->ev[i].aggr);
		free(sd->ev[i].prev);
	}
	free(sd->ev);
	free(sd);
}

static int aggr_index(const struct stat_data *sd, int cpu_idx, int thread_idx)
{
	switch (sd->mode) {
	case AGGR_NONE: return cpu_idx;
	case AGGR_THREAD: return thread_idx;
	case AGGR_CORE:
	case AGGR_SOCKET:
	case AGGR_DIE:
	case AGGR_NODE: return sd->amap->of_cpu[cpu_idx];
	default: return 0;
	}
}

static void scale_value(const struct stat_data *sd, struct stat_value *v, uint64_t raw)
{
	v->val = (double)raw;
	if (!sd->no_scale && v->run && v->run < v->ena)
		v->val = (double)raw * (double)v->ena / (double)v->run;
}

static void aggregate_evsel(struct stat_data *sd, struct evsel *evsel, struct stat_evsel *se,
			    bool delta)
{
	uint64_t *sum = must_calloc((size_t)sd->nr_aggr, sizeof(uint64_t));

	memset(se->aggr, 0, (size_t)sd->nr_aggr * sizeof(*se->aggr));
	for (int c = 0; evsel->fds && c < evsel->nr_cpus; c++) {
		for (int t = 0; t < evsel->nr_threads; t++) {
			int f = c * evsel->nr_threads + t, a = aggr_index(sd, c, t);
			struct evsel_counts cur = evsel->counts[f];

			if (evsel->fds[f] < 0)
				continue;
			if (delta) {
				struct evsel_counts prev = se->prev[f];

				se->prev[f] = cur;
				cur.val -= prev.val, cur.ena -= prev.ena, cur.run -= prev.run;
			}
			sum[a] += cur.val;
			se->aggr[a].ena += cur.ena;
			se->aggr[a].run += cur.run;
		}
	}
	for (int a = 0; a < sd->nr_aggr; a++)
		scale_value(sd, &se->aggr[a], sum[a]);
	free(sum);
}

void stat_set_tool_counts(struct evlist *evlist, uint64_t duration_ns, uint64_t user_ns,
			  uint64_t system_ns)
{
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i) {
		uint64_t v = e->tool == TOOL_DURATION_TIME ? duration_ns :
			     e->tool == TOOL_USER_TIME ? user_ns : system_ns;

		if (!e->tool || !e->counts)
			continue;
		memset(e->counts, 0, (size_t)e->nr_cpus * (size_t)e->nr_threads * sizeof(*e->counts));
		e->counts[0] = (struct evsel_counts){ .val = v, .ena = v, .run = v };
	}
}

/* perf's merged aliases: the instances of one spec's PMU (uncore_imc_0,
 * _1, ...) add up in the first, per aggregate. */
static void merge_instances(struct stat_data *sd)
{
	for (int i = 0; i < sd->evlist->nr; i++) {
		const struct evsel *e = sd->evlist->entries[i];
		int first = 0;

		sd->ev[i].merged = false;
		if (!e->merge_id || sd->no_merge)
			continue;
		while (sd->evlist->entries[first]->merge_id != e->merge_id)
			first++;
		if (first == i)
			continue;
		for (int a = 0; a < sd->nr_aggr; a++) {
			sd->ev[first].aggr[a].val += sd->ev[i].aggr[a].val;
			sd->ev[first].aggr[a].ena += sd->ev[i].aggr[a].ena;
			sd->ev[first].aggr[a].run += sd->ev[i].aggr[a].run;
		}
		sd->ev[i].merged = true;
	}
}

void stat_data__aggregate(struct stat_data *sd, bool delta)
{
	for (int i = 0; i < sd->evlist->nr; i++)
		aggregate_evsel(sd, sd->evlist->entries[i], &sd->ev[i], delta);
	merge_instances(sd);
}

void stat_data__add_run(struct stat_data *sd)
{
	for (int i = 0; i < sd->evlist->nr; i++) {
		stat_running__update(&sd->ev[i].runs, sd->ev[i].aggr[0].val);
		stat_running__update(&sd->ev[i].runs_ena, (double)sd->ev[i].aggr[0].ena);
		stat_running__update(&sd->ev[i].runs_run, (double)sd->ev[i].aggr[0].run);
	}
}

void stat_data__use_run_means(struct stat_data *sd)
{
	for (int i = 0; i < sd->evlist->nr; i++) {
		sd->ev[i].aggr[0].val = sd->ev[i].runs.mean;
		sd->ev[i].aggr[0].ena = (uint64_t)sd->ev[i].runs_ena.mean;
		sd->ev[i].aggr[0].run = (uint64_t)sd->ev[i].runs_run.mean;
	}
}
