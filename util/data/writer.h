/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_WRITER_H
#define PM_WRITER_H

/*
 * Writing perf.data as Linux perf lays it out.
 *
 * File mode: the header and the event attrs with their ids go first (the
 * events are known before recording starts), then records are appended,
 * and perf_data_writer__finish() writes the feature sections and the final
 * header. The header's data size is also refreshed after every flush, so a
 * recording killed outright still leaves a readable file (without features).
 *
 * Pipe mode ("-"): the 16-byte pipe header, then HEADER_ATTR records, the
 * features as HEADER_FEATURE records, then the records (the recorder's
 * synthesized ones end with FINISHED_INIT, in both modes, as perf's).
 */
#include <linux/perf_event.h>
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "decompress.h"

struct pd_write_event {
	const struct perf_event_attr *attr;
	const uint64_t *ids;
	uint32_t nr_ids;
	const char *name;
};

struct pd_write_feature {
	int id;			/* HEADER_* */
	struct strbuf payload;
};

struct perf_data_writer {
	int fd;
	bool pipe;
	bool created;		/* a regular file this writer made (not a device) */
	char *path;
	uint64_t data_offset;
	uint64_t data_size;
	uint64_t attr_offset, attr_size;	/* file mode header fields */
	struct strbuf buf;		/* pending bytes, flushed in big writes */
	int error;			/* first write errno, sticky */
	struct compressor *zstd;	/* record -z: data goes in COMPRESSED records */
	uint64_t bytes_in, bytes_out;	/* before and after compression */
	/* record --threads: the rings' records in PATH/data.N beside the
	 * header file PATH/data (writer-dir.c). Each file is written by one
	 * thread, the one that reads its ring. */
	struct pd_dir_file {
		int fd;
		struct strbuf buf;
		uint64_t size;		/* written into it; read by others (atomic) */
	} *dir;
	int nr_dir;
	char *dir_path;
	uint64_t dir_closed_size;	/* what the files held when closed */
};

/* Create @path ("-": stdout in pipe mode) and write the header and
 * events. Returns 0 or a negative errno with @err set. */
int perf_data_writer__open(struct perf_data_writer *w, const char *path,
			   const struct pd_write_event *events, int nr_events,
			   const struct pd_write_feature *pipe_features, int nr_pipe_features,
			   struct strbuf *err);

/* Append records (already in perf.data format). */
void perf_data_writer__write(struct perf_data_writer *w, const void *data, size_t len);

/* Append records, compressed when the writer compresses (record -z). */
int perf_data_writer__write_records(struct perf_data_writer *w, const void *data, size_t len);

/* Push pending bytes to the file; refresh the header's data size. */
int perf_data_writer__flush(struct perf_data_writer *w, struct strbuf *err);

/* File mode: write the features and the final header. Closes the file. */
int perf_data_writer__finish(struct perf_data_writer *w, const struct pd_write_event *events,
			     int nr_events, const struct pd_write_feature *features,
			     int nr_features, struct strbuf *err);

/* record --threads: PATH/data.0 .. data.@n-1 created beside the header
 * file, for the records of ring i (perf_data_writer__write_ring). 0 or
 * a negative errno with @err. */
int perf_data_writer__open_dir(struct perf_data_writer *w, const char *path, int n,
			       struct strbuf *err);

/* Ring @i's records into PATH/data.@i (or the one file when there is no
 * directory). One thread at a time per ring. */
void perf_data_writer__write_ring(struct perf_data_writer *w, int i, const void *data,
				  size_t len);

/* Ring @i's pending bytes written out: 0 or the first write error. */
int perf_data_writer__flush_ring(struct perf_data_writer *w, int i);

/* The directory files' pending bytes written out (from flush). */
int writer_dir__flush(struct perf_data_writer *w);

/* What the directory files hold so far (any thread). */
uint64_t perf_data_writer__dir_size(const struct perf_data_writer *w);

/* The directory files closed; with @remove, deleted with the directory. */
void writer_dir__close(struct perf_data_writer *w, bool remove);

/* Close without finishing (error paths). */
void perf_data_writer__abort(struct perf_data_writer *w);

/* Close without finishing and remove the output if this writer created
 * it as a regular file: a device or a file that was there stays. */
void perf_data_writer__discard(struct perf_data_writer *w);

#endif
