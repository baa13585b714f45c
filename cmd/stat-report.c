// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini stat report: the counts of a `stat record` file (perf-mini's or
 * Linux perf's) printed again as stat printed them, every interval and the
 * final round, with the metrics recomputed (TopDown included).
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/stat/stat-display.h"
#include "../util/stat/stat-file.h"

static const char *const stat_report_usage[] = {
	"perf-mini stat report [<options>]",
	NULL,
};

struct stat_report {
	const char *input;
	const char *csv_sep;
	bool json;
	int metric_only;	/* -1: as recorded (on for TopDown groups) */
	const char *cpu_dir;
	struct stat_data *sd;
	struct aggr_map amap;
	struct stat_display d;
	int nr_intervals;
	struct strbuf out;
};

/* " Performance counter stats for 'perf-mini stat record ... true':" */
static void recorded_command(const struct stat_file *sf, struct strbuf *sb)
{
	strbuf_addch(sb, '\'');
	for (uint32_t i = 0; i < sf->pd.feat.nr_cmdline; i++)
		strbuf_addf(sb, "%s%s", i ? " " : "", sf->pd.feat.cmdline[i]);
	strbuf_addch(sb, '\'');
}

static bool has_topdown(const struct evlist *evlist)
{
	for (int i = 0; i < evlist->nr; i++)
		if (evlist->entries[i]->is_topdown_metric)
			return true;
	return false;
}

/* The aggregation and display, on the first round. */
static int setup(struct stat_report *r, struct stat_file *sf, struct strbuf *err)
{
	if (aggr_mode__is_topology(sf->mode) &&
	    aggr_map__build(&r->amap, sf->cpus, aggr_mode__level(sf->mode), r->cpu_dir, err))
		return -1;
	r->sd = stat_data__new_mapped(sf->evlist, sf->mode, &r->amap);
	if (!r->sd) {
		strbuf_addstr(err, "out of memory");
		return -1;
	}
	r->d = (struct stat_display){
		.sd = r->sd, .csv_sep = r->csv_sep, .json = r->json,
		.metric_only = r->metric_only < 0 ? has_topdown(sf->evlist) : r->metric_only,
		.big_num = true, .interval = sf->interval_ms > 0, .run_count = 1,
		.cpus = sf->cpus, .threads = &sf->threads,
	};
	return 0;
}

static int on_round(void *ctx, struct stat_file *sf, bool final, uint64_t time_ns)
{
	struct stat_report *r = ctx;
	struct strbuf err = STRBUF_INIT, target = STRBUF_INIT, prefix = STRBUF_INIT;

	(void)final;	/* interval files show every round alike */
	if (!r->sd && setup(r, sf, &err)) {
		cmd_error("stat report", err.buf);
		strbuf_release(&err);
		return -1;
	}
	if (sf->interval_ms) {	/* a FINAL round there is one more interval, as in perf */
		stat_data__aggregate(r->sd, true);
		/* perf stat report leaves "CPUs utilized" out of intervals */
		r->d.walltime_ns = 0;
		if (r->nr_intervals++ % 25 == 0)
			stat_display__interval_header(&r->d, &r->out);
		stat_display__interval_prefix(&r->d, time_ns, &prefix);
		stat_display__counters(&r->d, prefix.buf, &r->out);
	} else {
		struct stat_footer f = { .wall_mean_ns = (double)time_ns };

		stat_data__aggregate(r->sd, false);
		r->d.walltime_ns = (double)time_ns;
		recorded_command(sf, &target);
		stat_display__header(&r->d, target.buf, &r->out);
		stat_display__counters(&r->d, "", &r->out);
		stat_display__footer(&r->d, &f, &r->out);
	}
	strbuf_release(&err);
	strbuf_release(&target);
	strbuf_release(&prefix);
	return 0;
}

static int set_tristate(const struct option *opt, const char *arg, int unset,
			struct strbuf *err)
{
	(void)arg, (void)err;
	*(int *)opt->value = !unset;
	return 0;
}

int cmd_stat_report(int argc, const char **argv, struct pm_env *env)
{
	struct stat_report r = { .input = "perf.data", .metric_only = -1 };
	const struct option options[] = {
		OPT_STRING('i', "input", &r.input, "file", "input file name"),
		OPT_STRING('x', "field-separator", &r.csv_sep, "separator",
			   "print counts with custom separator"),
		OPT_BOOLEAN('j', "json-output", &r.json, "print counts in JSON format"),
		OPT_CALLBACK_NOOPT(0, "metric-only", &r.metric_only,
				   "Only print computed metrics. No raw values", set_tristate),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT, dir = STRBUF_INIT;
	struct stat_file sf;
	int ret;

	cmd_use_user_locale();
	argc = parse_options(argc, argv, options, stat_report_usage, 0, &err);
	if (argc < 0) {
		ret = cmd_usage_result(argc, err.buf);
		strbuf_release(&err);
		return ret;
	}
	if (argc > 0 || (r.csv_sep && r.json)) {
		cmd_error("stat report", argc > 0 ? "unexpected argument\nhint: name the input "
			  "with -i FILE" : "-x and -j cannot be used together\nhint: pick one");
		strbuf_release(&err);
		return 129;
	}
	strbuf_add(&dir, env->online_cpus, strrchr(env->online_cpus, '/') ?
		   (size_t)(strrchr(env->online_cpus, '/') - env->online_cpus) : 0);
	r.cpu_dir = dir.buf;
	strbuf_init(&r.out, 4096);
	ret = stat_file__replay(&sf, r.input, on_round, &r, &err);
	/* what was read is shown, even when a later record is broken */
	fwrite(r.out.buf, 1, r.out.len, stderr);
	cmd_warn_data("stat report", &sf.pd, UINT64_MAX);	/* counts, no samples */
	if (ret && err.len)
		cmd_error("stat report", err.buf);
	stat_data__delete(r.sd);
	aggr_map__exit(&r.amap);
	stat_file__exit(&sf);
	strbuf_release(&r.out);
	strbuf_release(&err);
	strbuf_release(&dir);
	return ret ? 1 : 0;
}
