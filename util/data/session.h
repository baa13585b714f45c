/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SESSION_H
#define PM_SESSION_H

/*
 * Delivering a perf.data's records to a tool in time order, as Linux perf
 * does: kernel records with a timestamp are queued and released at each
 * FINISHED_ROUND up to the newest time of the round before (the kernel's
 * per-CPU buffers are only ordered within themselves), everything else is
 * delivered where it stands. Samples arrive decoded.
 */
#include <stdint.h>

#include "../base/strbuf.h"
#include "perf-data.h"
#include "sample.h"

struct session_stats {
	uint64_t nr_events[PERF_RECORD_HEADER_MAX];	/* by record type */
	uint64_t nr_unknown;
	uint64_t total_lost;		/* PERF_RECORD_LOST */
	uint64_t total_lost_samples;	/* PERF_RECORD_LOST_SAMPLES */
	uint64_t nr_unordered;		/* arrived after their round was flushed */
	uint64_t nr_unknown_id;		/* samples of no declared event, skipped */
	/* MMAP2s perf record synthesized after its --proc-map-timeout: the
	 * process's later maps are missing (perf warns of them) */
	uint64_t nr_proc_map_timeout;
};

/* Count @ev in @st (its type, and what LOST/LOST_SAMPLES say was lost). */
void session_stats__count(struct session_stats *st, const struct pm_event_header *ev);

/* Every record counted (perf's "TOTAL events"). */
uint64_t session_stats__total(const struct session_stats *st);

/* The most a tool's prepare() may write for one sample. */
#define SESSION_NOTE_SIZE 96

struct session_tool {
	/* A decoded sample of @evsel, with what prepare() wrote (NULL when
	 * it did not run or wrote nothing). */
	int (*sample)(void *ctx, const struct pm_event_header *ev,
		      const struct perf_sample *sample, struct pd_evsel *evsel,
		      const char *note);
	/*
	 * Pipelined only: called on the reading thread as each sample is
	 * queued, for work that needs the sample alone (never what the tool's
	 * thread changes). Writes at most @size bytes to @note and returns
	 * how many, 0 for none. @behind: the tool's thread is the slower one
	 * now, so this one could do more of its work.
	 */
	size_t (*prepare)(void *ctx, const struct perf_sample *sample,
			  const struct pd_evsel *evsel, char *note, size_t size, bool behind);
	/* Any other kernel record (MMAP, COMM, FORK, ...) with its sample_id. */
	int (*event)(void *ctx, const struct pm_event_header *ev,
		     const struct perf_sample *sample);
	/* A record of perf's own (types 64 and up: STAT, THREAD_MAP, ...). */
	int (*user)(void *ctx, const struct pm_event_header *ev);
	/*
	 * Every record as it is delivered, with its file offset: the kernel's
	 * in time order, perf's own as they are read (report -D). Called on
	 * the reading thread before the record's other call; not with
	 * pipelined.
	 */
	void (*dump)(void *ctx, const struct pm_event_header *ev, uint64_t off);
	void *ctx;
	bool unordered;		/* deliver in file order (perf script -D, dumps) */
	/* Call the tool on a second thread while this one reads on (file
	 * mode): the tool must then touch nothing the reader changes. */
	bool pipelined;
};

/* A record's timestamp without decoding the rest. False when it has none
 * (or is too short: then the full decode reports it). */
bool session__record_time(const struct pm_event_header *ev, const struct perf_event_attr *attr,
			  uint64_t *time);

/* Process every record. Returns 0, a tool's non-zero return, or -EINVAL
 * with a message in @err for a malformed file. */
int session__process(struct perf_data *pd, const struct session_tool *tool,
		     struct session_stats *stats, struct strbuf *err);

#endif
