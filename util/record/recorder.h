/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RECORDER_H
#define PM_RECORDER_H

/*
 * The recording loop's engine: one ring buffer per CPU (per thread when
 * events are per-task), every other event of that CPU redirected into it
 * (PERF_EVENT_IOC_SET_OUTPUT), drained into the perf.data writer with a
 * FINISHED_ROUND after each pass, and the counts record reports at the end
 * (samples, lost events, DSOs mapped, for the BUILD_ID feature).
 */
#include <poll.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/writer.h"
#include "../events/cpumap.h"
#include "../events/evlist.h"
#include "../events/thread-map.h"
#include "ring.h"

struct recorder {
	struct evlist *evlist;		/* opened; borrowed */
	int nr_cpus, nr_threads;
	struct perf_data_writer *w;	/* borrowed */
	struct ring *rings;
	int nr_rings;
	struct pollfd *pollfds;		/* rings, then one spare slot */
	struct strbuf chunk;
	uint64_t nr_samples;
	uint64_t nr_lost;		/* events the kernel dropped (PERF_RECORD_LOST) */
	uint64_t nr_lost_records;
	uint64_t nr_lost_samples;	/* read_format LOST, at the end */
	uint64_t nr_wakeups;
	uint64_t flush;			/* --mmap-flush: a ring with less waits */
	int time_word;			/* the samples' TIME word, -1: none or not one place */
	uint64_t first_time, last_time;	/* of the samples (perf's SAMPLE_TIME) */
	char **dsos;			/* files seen in MMAP/MMAP2, for build-ids */
	size_t nr_dsos, alloc_dsos;
	pid_t maps_pid;			/* a process whose maps are kept, or 0 */
	struct strbuf kept_maps;	/* its MMAP/MMAP2 records since the last file */
	/* a lane of --threads: its rings' indexes among all (their files) */
	int *ring_ids;
	struct recorder_lanes *lanes;	/* --threads: the lanes reading the rings */
};

/*
 * --switch-output: keep the MMAP/MMAP2 records of process @pid as they
 * pass (recorder__scan()), so that a new file can describe a process
 * that can no longer be read from /proc (it is exiting at the switch,
 * its last samples still in the rings).
 */
void recorder__keep_maps(struct recorder *r, pid_t pid);
/* A new file's synthesized records @sb: without a map of the kept
 * process (its /proc maps were gone), the maps seen so far are added. */
void recorder__carry_maps(struct recorder *r, struct strbuf *sb);

/* Map @pages data pages (power of two) per ring: one per CPU of @cpus, or
 * per task where @cpus is the any-CPU map; @overwrite: backward rings (the
 * events have write_backward), read by recorder__read_backward() only. */
int recorder__init(struct recorder *r, struct evlist *evlist, const struct cpu_map *cpus,
		   int nr_threads, struct perf_data_writer *w, size_t pages, bool overwrite,
		   struct strbuf *err);
void recorder__exit(struct recorder *r);

/* Wait until a ring has data, @fd (if >= 0) is readable, or @timeout_ms.
 * Returns true when @fd became readable. */
bool recorder__wait(struct recorder *r, int fd, int timeout_ms);

/* Move everything the kernel wrote into the file (forward rings). */
int recorder__drain(struct recorder *r, struct strbuf *err);

/* --overwrite: what the backward rings hold since the last call (their
 * newest records when they wrapped), into the file. */
int recorder__read_backward(struct recorder *r, struct strbuf *err);

/*
 * At the end, with the events disabled: one LOST_SAMPLES record for each
 * fd whose event lost samples (read_format LOST), as perf 6.1 writes them,
 * so every reader sees the loss. Returns the samples lost.
 */
uint64_t recorder__save_lost_samples(struct recorder *r);

/*
 * --threads: read the rings in threads from now on, ring i by lane
 * @lane_of[i] of @nr_lanes, each writing its rings' own files (the writer
 * has a directory). 0, or a negative errno with @err; either way
 * recorder__stop_lanes() ends them.
 */
int recorder__start_lanes(struct recorder *r, const int *lane_of, int nr_lanes,
			  struct strbuf *err);

/* Whether a lane has stopped on an error (the recording should end). */
bool recorder__lanes_failed(const struct recorder *r);

/* With the events disabled: each lane drains its rings to the end and
 * stops; their counts join @r's. 0, or the first lane's error in @err. */
int recorder__stop_lanes(struct recorder *r, struct strbuf *err);

/* A lane's counts into @r's: samples, losses, times, the files mapped. */
void recorder__absorb(struct recorder *r, const struct recorder *lane);

/* --switch-output: what the next file counts starts from nothing. */
void recorder__new_file(struct recorder *r);

/* Account records that did not come through a ring (synthesized ones). */
void recorder__scan(struct recorder *r, const void *data, size_t len);

#endif
