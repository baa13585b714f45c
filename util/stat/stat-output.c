// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini stat's output: where the counts go (-o, --append, --log-fd)
 * and what is printed of them: each -I interval, the final table and
 * its footer, -v's raw counts.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "internal.h"
#include "stat-display.h"
#include "stat-run.h"
#include "../base/util.h"
#include "../events/evlist-open.h"

void stat_show_verbose_counts(struct stat_opts *o)
{
	struct strbuf out = STRBUF_INIT;
	struct evsel *e;
	int i;

	evlist__for_each(o->evlist, e, i) {
		if (!e->supported)
			strbuf_addf(&out, "%s: not supported by the kernel (%s)\n", e->name,
				    strerror(e->open_errno));
		else if (o->sd)
			strbuf_addf(&out, "%s: %.0f %llu %llu\n", e->name, o->sd->ev[i].aggr[0].val,
				    (unsigned long long)o->sd->ev[i].aggr[0].ena,
				    (unsigned long long)o->sd->ev[i].aggr[0].run);
	}
	o->hooks.note(out.buf);
	strbuf_release(&out);
}

/* --log-fd: the counts go to a descriptor the caller opened. */
static int open_log_fd(struct stat_opts *o, struct strbuf *err)
{
	o->out = fdopen(o->log_fd, o->append ? "a" : "w");
	if (!o->out) {
		int saved = errno;

		strbuf_addf(err, "cannot write the counts to descriptor %d (--log-fd): %s\n"
			    "hint: open it in the shell, e.g. --log-fd 3 3>counts.txt", o->log_fd,
			    strerror(saved));
		return -saved;
	}
	return 0;
}

int stat_open_output(struct stat_opts *o, FILE *dflt, const char *dflt_name,
		     struct strbuf *err)
{
	time_t now = time(NULL);

	o->out = dflt;
	o->out_name = o->output ? o->output : dflt_name;
	if (o->log_fd >= 0)
		return open_log_fd(o, err);
	if (!o->output)
		return 0;
	o->out = fopen(o->output, o->append ? "a" : "w");
	if (!o->out) {
		int saved = errno;

		strbuf_addf(err, "cannot open '%s' for writing: %s\nhint: check the directory "
			    "exists and is writable", o->output, strerror(saved));
		return -saved;
	}
	fprintf(o->out, "# started on %s\n", ctime(&now));	/* -x and -j too, as perf */
	return 0;
}

int stat_close_output(struct stat_opts *o, struct strbuf *err)
{
	int bad = ferror(o->out) | fflush(o->out);

	if (o->log_fd >= 0 || o->output)
		bad |= fclose(o->out);
	if (!bad)
		return 0;
	if (o->log_fd >= 0)
		strbuf_addf(err, "cannot write descriptor %d: %s", o->log_fd, strerror(errno));
	else
		strbuf_addf(err, "cannot write '%s': %s", o->out_name, strerror(errno));
	return -EIO;
}

static void emit(struct stat_opts *o, struct strbuf *sb)
{
	if (!o->quiet)
		fwrite(sb->buf, 1, sb->len, o->out);
	fflush(o->out);
	strbuf_reset(sb);
}

void stat_show_interval(struct stat_opts *o, struct stat_display *d, uint64_t t0)
{
	struct strbuf out = STRBUF_INIT, prefix = STRBUF_INIT;
	uint64_t now = clock_now_ns();

	evlist__read(o->evlist);
	/* as perf: the workload's CPU times are known at its end only */
	stat_set_tool_counts(o->evlist, now - t0, 0, 0);
	if (o->sw_open)
		stat_writer__round(&o->sw, o->evlist, o->target.cpus, false, now - t0);
	stat_data__aggregate(o->sd, true);
	/* as perf, "CPUs utilized" divides by the interval asked for, even the
	 * last, shorter one */
	d->walltime_ns = (double)o->interval * 1e6;
	if (o->interval_clear && !o->quiet) {
		/* as perf: the terminal sequence goes to stdout */
		fputs("\033[H\033[2J\n", stdout);
		fflush(stdout);
	}
	if (o->nr_intervals_shown % 25 == 0 || o->interval_clear)
		stat_display__interval_header(d, &out);
	stat_display__interval_prefix(d, now - t0, &prefix);
	stat_display__counters(d, prefix.buf, &out);
	o->nr_intervals_shown++;
	emit(o, &out);
	strbuf_release(&out);
	strbuf_release(&prefix);
}

/* --summary: the CSV total's first column, as perf writes it. */
static void summary_prefix(const struct stat_opts *o, struct strbuf *prefix)
{
	if (o->csv_sep && !o->no_csv_summary)
		strbuf_addf(prefix, "%16s%s", "summary", o->csv_sep);
}

void stat_show_final_counts(struct stat_opts *o, struct stat_display *d)
{
	struct strbuf out = STRBUF_INIT, prefix = STRBUF_INIT;
	bool summary = o->interval && o->summary;
	struct stat_footer f = {
		.wall_mean_ns = o->walltime.mean,
		.wall_stddev_ns = stat_running__stddev(&o->walltime),
		.ru_display = target__counts_workload(&o->target) && o->repeat == 1,
		.user_s = o->user_s, .sys_s = o->sys_s, .null_run = o->null_run,
		.run_walltimes = o->run_walltimes,
	};

	d->walltime_ns = o->walltime.mean;
	if (o->sd && o->repeat > 1)
		stat_data__use_run_means(o->sd);
	d->interval = o->interval && !summary;
	if (!d->interval) {
		stat_display__header(d, o->target.desc.buf, &out);
		if (summary)
			summary_prefix(o, &prefix);
		if (o->sd)
			stat_display__counters(d, prefix.buf, &out);
	}
	stat_display__footer(d, &f, &out);
	emit(o, &out);
	strbuf_release(&out);
	strbuf_release(&prefix);
}
