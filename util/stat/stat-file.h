/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_FILE_H
#define PM_STAT_FILE_H

/*
 * Counts in a perf.data, as `perf stat record` writes them and `perf stat
 * report` reads them: the events in the attr section (one id each), then
 * EVENT_UPDATE (unit, scale), THREAD_MAP, CPU_MAP and STAT_CONFIG (the
 * aggregation and interval), then for each interval and at the end one
 * STAT record per event, CPU and thread with the raw cumulative counts,
 * closed by a STAT_ROUND (INTERVAL or FINAL, with the time since start).
 * The header carries the STAT feature and the command line.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../data/perf-data.h"
#include "../data/writer.h"
#include "../events/cpumap.h"
#include "../events/evlist.h"
#include "../events/thread-map.h"
#include "stat.h"

struct stat_writer {
	struct perf_data_writer w;
	struct pd_write_event *events;	/* [nr] */
	uint64_t *ids;			/* [nr]: one id per event */
	int nr;
};

/* Create @path and write the events, maps and configuration. */
int stat_writer__open(struct stat_writer *sw, const char *path, const struct evlist *evlist,
		      const struct cpu_map *cpus, const struct thread_map *threads,
		      enum aggr_mode mode, int interval_ms, struct strbuf *err);
/* The counts just read (evsel->counts), then the round they close. */
void stat_writer__round(struct stat_writer *sw, const struct evlist *evlist,
			const struct cpu_map *cpus, bool final, uint64_t time_ns);
/* Features (host, command line @argv, STAT) and the final header. */
int stat_writer__finish(struct stat_writer *sw, int argc, const char **argv,
			struct strbuf *err);
/* Error paths: close and remove nothing more (the file is left as is). */
void stat_writer__abort(struct stat_writer *sw);

/* What a stat file holds, rebuilt as an evlist whose counts the rounds fill. */
struct stat_file {
	struct perf_data pd;
	struct evlist *evlist;		/* names, attrs, units, scales, groups */
	struct cpu_map *cpus;
	struct thread_map threads;
	enum aggr_mode mode;
	uint64_t interval_ms;
	bool has_config;
};

/* Called at each STAT_ROUND with the counts so far in sf->evlist. */
typedef int stat_round_fn(void *ctx, struct stat_file *sf, bool final, uint64_t time_ns);

/*
 * Open @path (a perf.data from `perf stat record` or perf-mini's) and
 * replay it. Returns 0, or -EINVAL with a message (not a stat file, a
 * malformed record, a STAT for an unknown id or out-of-range CPU/thread).
 */
int stat_file__replay(struct stat_file *sf, const char *path, stat_round_fn *fn, void *ctx,
		      struct strbuf *err);
void stat_file__exit(struct stat_file *sf);

#endif
