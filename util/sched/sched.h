/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCHED_H
#define PM_SCHED_H

/*
 * perf sched's (and perf trace's) reading of a file: its scheduler
 * tracepoints (sched_switch, sched_stat_runtime, the wakeups,
 * sched_migrate_task) and raw_syscalls' enter and exit, in time order, each decoded from the file's own formats, and a thread
 * table kept as perf's machine keeps it (a FORK of a known tid retires
 * the old thread, COMM names, EXIT marks dead): what latency, timehist
 * and map each make their tables from.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"
#include "../data/dump.h"
#include "../data/perf-data.h"
#include "../data/session.h"

#define SCHED_BUCKETS 256

struct evsel_fields;

struct sched_thread {
	int32_t pid, tid, ppid;
	char *comm;		/* ":tid" until a COMM names it */
	bool comm_set;		/* a COMM (or its parent's at FORK) named it */
	bool dead;		/* EXIT seen */
	bool comm_changed;	/* a COMM since map last said its name */
	void *priv;		/* the command's own data */
	struct sched_thread *next;	/* in its bucket */
};

struct sched_threads {
	struct sched_thread *bucket[SCHED_BUCKETS];	/* by tid % 256 */
	struct sched_thread **retired;	/* replaced by a FORK, in that order */
	uint32_t nr_retired;
};

enum sched_kind {
	SCHED_NONE, SCHED_SWITCH, SCHED_RUNTIME, SCHED_WAKEUP, SCHED_WAKEUP_NEW, SCHED_WAKING,
	SCHED_MIGRATE, SCHED_SYS_ENTER, SCHED_SYS_EXIT,
	SCHED_FAULT,		/* a page fault event (software), for trace */
};

struct sched_event {
	enum sched_kind kind;
	const struct perf_sample *s;
	int32_t prev_pid, next_pid;	/* switch */
	int64_t prev_state;
	char next_comm[32];
	int32_t pid;			/* the others: the task */
	uint64_t runtime;
	int32_t orig_cpu, dest_cpu;
	int64_t id, ret;		/* raw_syscalls */
	uint64_t args[6];		/* sys_enter's */
	bool major;			/* a major fault */
};

struct sched_ops {
	/* before anything of a sample: false leaves it out (trace's
	 * --switch-on/--switch-off) */
	bool (*keep)(void *ctx, const struct pd_evsel *evsel, const struct perf_sample *s);
	void (*event)(void *ctx, const struct sched_event *e);
	/* every sample first, of any event (@timed: its event samples the time) */
	void (*sample)(void *ctx, const struct perf_sample *s, bool timed);
	/* a LOST record: @lost events on @cpu at @time */
	void (*lost)(void *ctx, uint64_t lost, uint32_t cpu, uint64_t time);
	/* every other record (MMAP, COMM, ...), for a machine's maps; @time
	 * its sample_id's (0 for the records synthesized at the start) */
	void (*record)(void *ctx, const struct pm_event_header *ev, uint64_t time);
	/* a tracepoint's sample but raw_syscalls' (trace's other events), in
	 * time order with the events */
	void (*tracepoint)(void *ctx, const struct pd_evsel *evsel, const struct perf_sample *s);
};

struct live_stream;

struct sched_file {
	struct perf_data pd;
	struct live_stream *ls;		/* a pipe read as it is written (trace live) */
	int fd;
	struct sched_threads threads;
	struct session_stats stats;
	bool has_kind[SCHED_FAULT + 1];	/* the file's tracepoints */
	bool has_tracepoint;
	bool has_callchain;		/* some event samples callchains */
	struct evsel_fields *fields;	/* each event's kind and fields */
	size_t nr_fields;
	/* sched -D: each record as the tool's perf prints it as delivered,
	 * after what the tool has printed into @dump_pending so far */
	FILE *dump_out;
	const struct dump_tool *dump_tool;
	struct dump_state dump_state;
	struct strbuf *dump_pending;
};

/* Open @input (errors in @err); then read it through @ops. */
int sched_file__open(struct sched_file *f, const char *input, struct strbuf *err);

/* Open the pipe stream on @fd while it is written: sched_file__read then
 * delivers each of the recorder's rounds as it comes, until the end. */
int sched_file__open_stream(struct sched_file *f, int fd, struct strbuf *err);
int sched_file__read(struct sched_file *f, const struct sched_ops *ops, void *ctx,
		     struct strbuf *err);
/* -D: dump each record read to stdout as @tool's perf does; @pending
 * (or NULL): the report's text, written out before each record */
void sched_file__dump(struct sched_file *f, const struct dump_tool *tool, struct strbuf *pending);
void sched_file__close(struct sched_file *f, void (*free_priv)(void *priv));

/* perf's machine__findnew_thread(): a new thread gets @pid; a known one
 * whose pid is unknown (-1) learns it */
struct sched_thread *sched_threads__findnew(struct sched_threads *t, int32_t pid, int32_t tid);
struct sched_thread *sched_threads__find(struct sched_threads *t, int32_t tid);

/* Each thread in perf's machine order: a bucket's live threads by tid,
 * then the threads a FORK retired from it */
void sched_threads__for_each(struct sched_threads *t, void (*fn)(struct sched_thread *, void *),
			     void *arg);

/* -p, -t: the ids asked for ("1234,5678", perf's intlist); none given: all */
struct sched_ids {
	int32_t *v;
	size_t n;
	bool given;
};

int sched_ids__parse(struct sched_ids *ids, const char *opt, const char *list,
		     struct strbuf *err);
bool sched_ids__has(const struct sched_ids *ids, int32_t id);
/* -p and -t together: @t's process in @pids and it in @tids */
bool sched_ids__select(const struct sched_ids *pids, const struct sched_ids *tids,
		       const struct sched_thread *t);
void sched_ids__exit(struct sched_ids *ids);

/* "%llu.%06llu" of @ns: seconds and truncated microseconds */
void sched_time_usec(uint64_t ns, char *buf, size_t size);

#endif
