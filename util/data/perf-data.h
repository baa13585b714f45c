/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PERF_DATA_H
#define PM_PERF_DATA_H

/*
 * Reading a perf.data file (file or pipe mode) written by Linux perf or
 * perf-mini: the header, the events (attrs with their sample ids and
 * names), the header features, and a validated walk over the records.
 *
 * A file is mapped read-only; a pipe (or "-") is read into memory first.
 * Every length and offset is checked against the bytes actually present:
 * a malformed file gives one error naming the offset, never a crash.
 *
 * Ownership: struct perf_data owns its buffer, events and features;
 * perf_data__close() frees them. Records handed to callbacks point into
 * the buffer and stay valid until close.
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "decompress.h"
#include "header-features.h"
#include "perf-data-format.h"
#include "sample.h"

struct pd_evsel {
	struct perf_event_attr attr;
	uint64_t *ids;
	uint32_t nr_ids;
	char *name;		/* from EVENT_DESC, else derived from the attr */
	int idx;
	int leader_idx;		/* from GROUP_DESC; its own idx when alone */
	int nr_members;		/* group size on a leader, else 0 */
	const char *group_name;	/* from GROUP_DESC on a leader; NULL if anonymous */
};

struct pd_id {
	uint64_t id;
	int evsel_idx;
};

struct perf_data {
	char *path;
	bool pipe;		/* pipe-mode stream (from a pipe or a file) */
	bool show_progress;	/* a progress line for slow loads (util/base/progress) */
	uint8_t *buf;
	size_t size;
	bool mapped;
	uint64_t data_offset;
	uint64_t data_size;
	struct perf_file_header header;	/* file mode only */
	struct pd_evsel **evsels;
	size_t nr_evsels;
	struct pd_id *ids;	/* sorted by id */
	size_t nr_ids;
	bool ids_sorted;
	/* ids by their low bits, made with the sort: a sample's id is one of a
	 * few, and the search was a tenth of reading a system-wide recording */
	struct pd_id id_cache[64];
	struct pd_features feat;
	int nr_compressed;	/* PERF_RECORD_COMPRESSED records seen */
	struct pd_arena arena;	/* their records, at offsets size + arena offset */
	/* Pipe streams need not keep records 8-byte aligned: misaligned ones
	 * are copied here before anyone reads their u64 fields. */
	uint64_t released;	/* mapped bytes below this were given back */
	/* What could not be read as written; perf_data__describe() says it. */
	bool v1;		/* perf's version 1 format ("PERFFILE", perf <= 3.2) */
	bool unfinalised;	/* file mode: its recording never wrote the end */
	bool file_cut;		/* file mode: the data section ends past the file */
	uint64_t declared_data_size;	/* the header's, before either was mended */
	uint64_t cut_at;	/* offset of a record the data's end cut, else 0 */
	uint64_t cut_len;	/* how much of it is there */
	struct strbuf feature_notes;	/* damaged header features, one a line */
	uint64_t pipe_meta_end;	/* pipe: attrs and features read up to here */
	bool pipe_sampled;	/* pipe: a sample was read (names are in use: kept) */
	/* perf record --threads' directory: the other threads' files
	 * (data.0, data.1, ...), read after the first file in @buf; their
	 * records are walked after its data section */
	uint64_t dir_extra_off, dir_extra_end;
	/* 64K each (a record's largest size), allocated and never touched
	 * unless a record needs them: inline, they made every zeroed struct
	 * perf_data fault in 128K, a tenth of a small report's page faults */
	uint64_t *walk_scratch;
	uint64_t *read_scratch;
};

/* Open @path ("-" for standard input). Returns 0 or a negative errno
 * with one message in @err. */
int perf_data__open(struct perf_data *pd, const char *path, struct strbuf *err);

/* -f/--force: read files another user owns. Without it, as perf, a file
 * neither this user nor root owns is refused (someone else's data). */
void perf_data__trust_any_owner(bool trust);

/* From a signal handler (^C during report, as perf): reading ends at the
 * next record or read, as if the file or stream ended there. */
void perf_data__stop(void);
/* The same, with a progress line on a terminal's stderr when reading the
 * stream or processing it (session__process) takes over a second. */
int perf_data__open_progress(struct perf_data *pd, const char *path, bool progress,
			     struct strbuf *err);
void perf_data__close(struct perf_data *pd);

/*
 * A file whose recording was killed before it was finalised (the header's
 * data size never written, or no features after the data) is read to its
 * last whole record; so is a file cut inside its data section, and a pipe
 * stream cut anywhere (the walk stops at the cut record instead of
 * failing). Append to @out one line for each thing the reader had to
 * mend or skip, in the words the user needs (empty when the file is
 * whole), and that the cut came before any sample when @nr_samples (the
 * samples read) is 0: the caller prints them.
 */
void perf_data__describe(const struct perf_data *pd, uint64_t nr_samples, struct strbuf *out);

/* The same from bytes in memory (copied), @name standing for the path. */
int perf_data__open_buffer(struct perf_data *pd, const char *name, const void *buf, size_t size,
			   struct strbuf *err);

/*
 * Walk the data records in file order; @fn gets each record 8-byte
 * aligned (a copy when the file's is not, valid until @fn returns). Pipe-mode HEADER_ATTR and
 * HEADER_FEATURE records update @pd before @fn sees them. @fn returns 0 to
 * go on, anything else to stop (returned). A malformed record stops the
 * walk with -EINVAL and a message naming its offset.
 */
typedef int perf_data_record_fn(struct perf_data *pd, const struct pm_event_header *ev,
				uint64_t offset, void *ctx);
int perf_data__for_each_record(struct perf_data *pd, perf_data_record_fn *fn, void *ctx,
			       struct strbuf *err);

/*
 * A pipe stream's attrs and features are records among the others: read
 * them all, for a caller that needs them before (or instead of) walking
 * the records (--header-only). A later walk does not apply them twice.
 * Nothing to do for a file.
 */
int perf_data__read_pipe_meta(struct perf_data *pd, struct strbuf *err);

/* The record at file offset @off (validated by the walk), 8-byte aligned:
 * in place, or copied to a buffer that the next call reuses. */
const struct pm_event_header *perf_data__record_at(struct perf_data *pd, uint64_t off);
/* Ask for the record at @off to be brought into the cache: the ordered
 * delivery reads records long after they were queued. */
void perf_data__prefetch(const struct perf_data *pd, uint64_t off);

/*
 * Records before file offset @off will not be read again: give their pages
 * back (a mapped file's resident size then stays near a window, not the
 * whole file).
 */
void perf_data__release_before(struct perf_data *pd, uint64_t off);

/* The event declared with @id, NULL if none. */
struct pd_evsel *perf_data__evsel_by_id(struct perf_data *pd, uint64_t id);

/* As perf: a file whose events carry no sample_id_all cannot be ordered
 * by time, and is read in file order ("falling back to unordered"). */
bool perf_data__unordered(const struct perf_data *pd);

/* The most events a file may declare. */
#define MAX_EVSELS 4096

/* The event a record belongs to (by its sample id), NULL if unknown. */
struct pd_evsel *perf_data__evsel_of(struct perf_data *pd, const struct pm_event_header *ev);

/*
 * Decode a record's sample (SAMPLE) or sample_id trailer (other kernel
 * records) with its event's attr. Returns the event or NULL with @err set.
 */
struct pd_evsel *perf_data__parse_sample(struct perf_data *pd, const struct pm_event_header *ev,
					 struct perf_sample *s, struct strbuf *err);

/* The same with its event @e (perf_data__evsel_of()'s) already known. */
struct pd_evsel *perf_data__parse_sample_of(struct pd_evsel *e, const struct pm_event_header *ev,
					    struct perf_sample *s, struct strbuf *err);

/* What a tracepoint nothing names is called, as perf calls it. */
#define PD_UNNAMED_TRACEPOINT "unknown:unknown"

/* The name perf gives an event from its attr alone ("cycles:uH"); the
 * caller frees it. */
char *perf_data__attr_name(const struct perf_event_attr *attr);

/* Has the file the header feature @feat? */
bool perf_data__has_feat(const struct perf_data *pd, int feat);

/* Whether any event's samples carry @bit (PERF_SAMPLE_*). */
bool perf_data__has_sample_bit(const struct perf_data *pd, uint64_t bit);

/* "PERF_RECORD_SAMPLE" etc., or NULL for an unknown type. */
const char *perf_record_name(uint32_t type);

#endif
