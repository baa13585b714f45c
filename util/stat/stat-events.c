// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini stat's events beyond -e: --topdown's group (and its notes),
 * -M's metric groups, perf's default set and -d's, then --group and the
 * TopDown group rule.
 */
#include <errno.h>
#include <string.h>

#include "stat-run.h"
#include "topdown.h"
#include "../base/util.h"
#include "../events/cgroup.h"

static const char *const default_events[] = {
	"task-clock", "context-switches", "cpu-migrations", "page-faults",
	"cycles", "instructions", "branches", "branch-misses",
};

static const char *const detailed_events[] = {
	"L1-dcache-loads", "L1-dcache-load-misses", "LLC-loads", "LLC-load-misses",
};

static int add_event_list(struct stat_opts *o, const char *const *names, size_t nr,
			  struct strbuf *err)
{
	for (size_t i = 0; i < nr; i++)
		if (parse_events(o->evlist, names[i], &o->pctx, err))
			return -EINVAL;
	return 0;
}

/*
 * Older Intel counts TopDown with generic counters whose events count for
 * the whole core (any=1): perf only measures them system-wide, per core.
 */
static int topdown_generic_mode(struct stat_opts *o, struct strbuf *err)
{
	if (o->aggr_mode != AGGR_GLOBAL && o->aggr_mode != AGGR_CORE) {
		strbuf_addstr(err, "--topdown on this CPU (generic-counter TopDown) counts per "
				   "core\nhint: drop -A/--per-thread/--per-socket (--per-core is "
				   "the default here)");
		return -EINVAL;
	}
	if (!target__has_cpu(&o->target)) {
		strbuf_addstr(err, "--topdown on this CPU (generic-counter TopDown) needs "
				   "system-wide mode: its events count whole cores\nhint: add -a "
				   "(e.g. perf-mini stat --topdown -a -- ./app)");
		return -EINVAL;
	}
	o->aggr_mode = AGGR_CORE;
	return 0;
}

/* --topdown: the TopDown group of this CPU, shown as metrics only unless
 * --no-metric-only, with perf's reminder that long periods blur it. */
static int add_topdown(struct stat_opts *o, struct strbuf *err)
{
	struct strbuf spec = STRBUF_INIT, warn = STRBUF_INIT;
	bool generic;
	int ret = topdown__events(o->pmus, o->td_level ? o->td_level : 1, &spec, &generic,
				  &warn, err);

	o->hooks.note(warn.buf);
	strbuf_release(&warn);

	if (!ret && generic)
		ret = topdown_generic_mode(o, err);
	if (!ret)
		ret = parse_events(o->evlist, spec.buf, &o->pctx, err);
	strbuf_release(&spec);
	if (ret)
		return ret == -ENOTSUP ? -ENOTSUP : -EINVAL;
	if (o->metric_only < 0)
		o->metric_only = 1;
	if (!o->interval && !generic)
		o->hooks.note("Topdown accuracy may decrease when measuring long periods.\n"
			      "Please print the result regularly, e.g. -I1000\n");
	return 0;
}

#define MAX_METRIC_NAMES 64

/* -M: each name's metrics read one group of events, added here; names
 * whose metrics read the same events share the group, as perf merges them
 * (-M IPC,CPI counts instructions and cycles once). */
static int add_metrics(struct stat_opts *o, struct strbuf *err)
{
	struct strbuf spec = STRBUF_INIT;
	const char *lines[MAX_METRIC_NAMES];
	int ret, k = 0, firsts[MAX_METRIC_NAMES], nrs[MAX_METRIC_NAMES];

	o->mg.no_group = o->metric_no_group;
	ret = metricgroup__events(&o->mg, o->metrics, &spec, err);

	for (char *line = spec.buf; !ret && *line; line += strlen(line) + 1, k++) {
		int first = o->evlist->nr, same = -1;

		*strchr(line, '\n') = '\0';
		for (int i = 0; i < k && i < MAX_METRIC_NAMES && !o->metric_no_merge; i++)
			if (!strcmp(lines[i], line))
				same = i;
		if (same >= 0) {
			ret = metricgroup__bind(&o->mg, o->metrics, k, firsts[same], nrs[same], err);
			continue;
		}
		ret = parse_events(o->evlist, line, &o->pctx, err);
		if (!ret)
			ret = metricgroup__bind(&o->mg, o->metrics, k, first,
						o->evlist->nr - first, err);
		if (k < MAX_METRIC_NAMES) {
			lines[k] = line;
			firsts[k] = first;
			nrs[k] = o->evlist->nr - first;
		}
	}
	strbuf_release(&spec);
	return ret ? -EINVAL : 0;
}

/* --for-each-cgroup: the whole list again for each cgroup, metrics too */
static int expand_cgroups(struct stat_opts *o, struct strbuf *err)
{
	struct cgroup_names names;
	int nr_events = o->evlist->nr;
	int ret = cgroup_names__parse(&names, o->for_each_cgroup, o->paths.proc, err);

	if (!ret) {
		evlist__expand_cgroups(o->evlist, &names);
		metricgroup__repeat(&o->mg, nr_events, names.nr);
	}
	cgroup_names__exit(&names);
	return ret;
}

int stat_add_events(struct stat_opts *o, struct strbuf *err)
{
	int ret = 0;

	if (o->topdown || o->td_level)
		ret = add_topdown(o, err);
	if (!ret && o->metrics)
		ret = add_metrics(o, err);
	if (!ret && !o->evlist->nr && !o->null_run) {
		/* as perf: counting CPUs, the clock is the CPUs' */
		ret = add_event_list(o, target__has_cpu(&o->target) ? (const char *const[]){
					     "cpu-clock" } : default_events, 1, err);
		if (!ret)
			ret = add_event_list(o, default_events + 1,
					     ARRAY_SIZE(default_events) - 1, err);
	}
	if (!ret && o->detailed && !o->null_run)
		ret = add_event_list(o, detailed_events, ARRAY_SIZE(detailed_events), err);
	if (!ret && o->group && o->evlist->nr > 1)
		evlist__make_group(o->evlist, 0, o->evlist->nr - 1);
	if (!ret)
		ret = topdown__check_groups(o->evlist, err);
	if (!ret && o->for_each_cgroup)
		ret = expand_cgroups(o, err);
	return ret;
}

/* -A, --per-*: what they need, and the aggregation mode they make */
int stat_check_aggregation(struct stat_opts *o, struct strbuf *err)
{
	if (o->no_aggr && !target__has_cpu(&o->target)) {
		strbuf_addstr(err, "-A/--no-aggr needs CPUs to count on\nhint: add -a or -C CPUS");
		return -EINVAL;
	}
	if (o->per_thread && o->target.cpu_list) {
		strbuf_addstr(err, "--per-thread counts tasks, not CPUs: it cannot be used with -C\n"
				   "hint: use -p PID, -t TID, or -a for every thread of the system");
		return -EINVAL;
	}
	if (o->per_thread && o->has_workload && !target__has_task(&o->target) &&
	    !o->target.system_wide) {
		strbuf_addstr(err, "--per-thread shows the threads of -p, -t or -a, not of a "
				   "command\nhint: add -a to count every thread while the command "
				   "runs, or attach with -p PID");
		return -EINVAL;
	}
	/* as perf: --per-thread alone counts every thread of the system */
	if (o->per_thread && !target__has_task(&o->target))
		o->target.system_wide = true;
	o->target.per_thread = o->per_thread;
	o->aggr_mode = o->no_aggr ? AGGR_NONE : o->per_thread ? AGGR_THREAD :
		       o->per_core ? AGGR_CORE : o->per_socket ? AGGR_SOCKET :
		       o->per_die ? AGGR_DIE : o->per_node ? AGGR_NODE : AGGR_GLOBAL;
	if (aggr_mode__is_topology(o->aggr_mode) && !target__has_cpu(&o->target)) {
		strbuf_addf(err, "--per-%s needs CPUs to count on\nhint: add -a or -C CPUS",
			    o->per_core ? "core" : o->per_socket ? "socket" : o->per_die ? "die" :
			    "node");
		return -EINVAL;
	}
	return 0;
}

/* percore sums a core's hardware threads: the same as without it unless
 * the output is per CPU, which perf-mini does not sum that way */
int stat_check_percore(struct stat_opts *o, struct strbuf *err)
{
	struct evsel *e;
	int i;

	evlist__for_each(o->evlist, e, i)
		if (e->config.percore && o->aggr_mode == AGGR_NONE) {
			strbuf_addf(err, "%s: the percore term with -A is not supported: "
				    "perf-mini would not sum each core's threads\nhint: leave out "
				    "-A (percore changes nothing then) or the term", e->name);
			return -EINVAL;
		}
	return 0;
}

int stat_check_cgroups(struct stat_opts *o, struct strbuf *err)
{
	const char *opt = o->for_each_cgroup ? "--for-each-cgroup" : "-G";

	if (o->for_each_cgroup && o->evlist->nr_cgroups) {
		strbuf_addstr(err, "--cgroup and --for-each-cgroup cannot be used together\nhint: "
				   "-G names a cgroup for each event, --for-each-cgroup counts "
				   "every event in each cgroup: keep one");
		return -EINVAL;
	}
	if ((o->for_each_cgroup || o->evlist->nr_cgroups) && !target__has_cpu(&o->target)) {
		strbuf_addf(err, "%s counts a cgroup's tasks on the CPUs: it needs -a or -C\n"
			    "hint: e.g. perf-mini stat -a -e cycles %s mygroup -- sleep 1", opt, opt);
		return -EINVAL;
	}
	return 0;
}
