/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SYNTH_RECORDS_H
#define PM_SYNTH_RECORDS_H

/*
 * Building blocks of the programs that write synthetic perf.data files
 * (tests/bench/gen-perf-data.c, tests/helpers/gen-*.c): a record appended
 * with its header and padding, an MMAP2 of one file, a xorshift generator,
 * so the files are the same on every run, and the file's end.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "../../util/base/strbuf.h"
#include "../../util/data/perf-data-format.h"
#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"

static inline void synth_record(struct strbuf *sb, uint32_t type, uint16_t misc,
				const void *body, size_t len)
{
	struct pm_event_header h = { type, misc, (uint16_t)(sizeof(h) + ((len + 7) & ~7u)) };

	strbuf_add(sb, &h, sizeof(h));
	strbuf_add(sb, body, len);
	strbuf_addchars(sb, 0, ((len + 7) & ~7u) - len);
}

struct synth_mmap2_head {
	uint32_t pid, tid;
	uint64_t start, len, pgoff;
	uint32_t maj, min;
	uint64_t ino, gen;
	uint32_t prot, flags;
};

/* A mapping with @prot (PROT_*): data ones (no PROT_EXEC) are flagged
 * PERF_RECORD_MISC_MMAP_DATA, as record -d writes them. */
static inline void synth_mmap2_prot(struct strbuf *sb, uint32_t pid, uint64_t start,
				    uint64_t len, const char *file, uint32_t prot)
{
	struct {
		struct synth_mmap2_head h;
		char name[64];
	} m = { { pid, pid, start, len, 0, 0, 0, 1, 0, prot, 2 }, "" };

	snprintf(m.name, sizeof(m.name), "%s", file);
	synth_record(sb, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER |
		     (prot & 4 ? 0 : PERF_RECORD_MISC_MMAP_DATA), &m, sizeof(m));
}

/* An executable mapping of @file, however long its path. */
static inline void synth_mmap2_path(struct strbuf *sb, uint32_t pid, uint64_t start,
				    uint64_t len, const char *file)
{
	struct synth_mmap2_head h = { pid, pid, start, len, 0, 0, 0, 1, 0, 5, 2 };
	struct strbuf body = STRBUF_INIT;

	strbuf_add(&body, &h, sizeof(h));
	strbuf_add(&body, file, strlen(file) + 1);
	synth_record(sb, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, body.buf, body.len);
	strbuf_release(&body);
}

/* An executable mapping (PROT_READ | PROT_EXEC). */
static inline void synth_mmap2(struct strbuf *sb, uint32_t pid, uint64_t start, uint64_t len,
			       const char *file)
{
	synth_mmap2_prot(sb, pid, start, len, file, 5);
}

/* A COMM of @pid's main thread (an exec's when @exec) with its sample_id
 * (pid, tid, time), for attrs with sample_id_all. */
static inline void synth_comm(struct strbuf *sb, uint32_t pid, const char *name, uint64_t t,
			      bool exec)
{
	struct {
		uint32_t pid, tid;
		char comm[16];
		uint32_t id_pid, id_tid;
		uint64_t time;
	} c = { pid, pid, "", pid, pid, t };

	strncpy(c.comm, name, sizeof(c.comm) - 1);
	synth_record(sb, PERF_RECORD_COMM, exec ? PERF_RECORD_MISC_COMM_EXEC : 0, &c, sizeof(c));
}

/* The cpu-clock attr of the generators' simplest files: samples of IP,
 * TID, TIME and PERIOD (synth_sample), with @sample_id_all. */
static inline struct perf_event_attr synth_cpu_clock_attr(uint64_t period, bool sample_id_all)
{
	return (struct perf_event_attr){
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(struct perf_event_attr), .sample_period = period,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1, .sample_id_all = sample_id_all,
	};
}

/* A sample of synth_cpu_clock_attr() in @cpumode (PERF_RECORD_MISC_*). */
static inline void synth_sample(struct strbuf *sb, uint16_t cpumode, uint32_t pid, uint64_t ip,
				uint64_t t, uint64_t period)
{
	uint64_t body[4] = { ip, (uint64_t)pid << 32 | pid, t, period };

	synth_record(sb, PERF_RECORD_SAMPLE, cpumode, body, sizeof(body));
}

/* A generator's start: OUT from the command line, opened for @ev. Returns
 * 0, or the exit status after saying why. */
static inline int synth_open(struct perf_data_writer *w, int argc, const char **argv,
			     struct pd_write_event *ev)
{
	struct strbuf err = STRBUF_INIT;
	int ret = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s OUT\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(w, argv[1], ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		ret = 1;
	}
	strbuf_release(&err);
	return ret;
}

static inline uint64_t synth_rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/*
 * Write what is left in @sb, then the header features (@bids: the
 * build-ids recorded, may be NULL) and close: every generator's end.
 * Returns its exit status.
 */
static inline int synth_finish(struct perf_data_writer *w, struct strbuf *sb, int argc,
			       const char **argv, struct pd_write_event *ev, int nr_ev,
			       struct build_id_entry *bids, int nr_bids)
{
	struct strbuf err = STRBUF_INIT;
	struct host_features_src src = {
		.argc = argc, .argv = argv, .events = ev, .nr_events = nr_ev,
		.build_ids = bids, .nr_build_ids = nr_bids,
	};
	struct host_features hf;
	int ret = 0;

	perf_data_writer__write(w, sb->buf, sb->len);
	host_features__build(&hf, &src);
	if (perf_data_writer__finish(w, ev, nr_ev, hf.v, hf.nr, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		ret = 1;
	}
	host_features__exit(&hf);
	strbuf_release(sb);
	strbuf_release(&err);
	return ret;
}

#endif
