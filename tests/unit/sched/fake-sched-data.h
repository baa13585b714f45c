/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TEST_FAKE_SCHED_DATA_H
#define PM_TEST_FAKE_SCHED_DATA_H

/*
 * A perf.data of scheduler and syscall tracepoints, written by the test
 * as perf sched record and perf trace record lay theirs out: each event
 * a tracepoint attr sampling IDENTIFIER, IP, TID, TIME, CPU, PERIOD and
 * RAW, the payloads laid out as the kernel's format files (carried in
 * TRACING_DATA) say, the names in EVENT_DESC, and an x86_64 machine of
 * FAKE_SCHED_CPUS CPUs. Linux perf reads these files too.
 *
 *	struct fake_sched fs;
 *
 *	fake_sched__init(&fs);
 *	fake_sched__comm(&fs, 100, 100, "worker", 1000);
 *	fake_sched__switch(&fs, 0, 1000, "swapper/0", 0, 0, "worker", 100);
 *	fake_sched__write(&fs, path);	(also releases it)
 */
#include <linux/perf_event.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "../../../util/base/strbuf.h"
#include "../../../util/data/header-features.h"
#include "../../../util/data/perf-data-format.h"
#include "../../../util/data/writer.h"

#define FAKE_SCHED_CPUS 4

enum fake_tp { FAKE_SWITCH, FAKE_RUNTIME, FAKE_WAKEUP, FAKE_WAKEUP_NEW, FAKE_MIGRATE,
	       FAKE_SYS_ENTER, FAKE_SYS_EXIT, FAKE_NR_TP };

#define FAKE_COMMON \
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n" \
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n" \
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n" \
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"

/* the kernel's format files (6.1's), their ids this file's own */
static const struct fake_tp_desc {
	const char *sys, *name, *format;
} fake_tps[FAKE_NR_TP] = {
	{ "sched", "sched_switch", "name: sched_switch\nID: 1\nformat:\n" FAKE_COMMON
	  "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t prev_pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:int prev_prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	  "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n"
	  "\tfield:char next_comm[16];\toffset:40;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t next_pid;\toffset:56;\tsize:4;\tsigned:1;\n"
	  "\tfield:int next_prio;\toffset:60;\tsize:4;\tsigned:1;\n\n"
	  "print fmt: \"prev_comm=%s prev_pid=%d prev_prio=%d prev_state=%ld ==> next_comm=%s "
	  "next_pid=%d next_prio=%d\", REC->prev_comm, REC->prev_pid, REC->prev_prio, "
	  "REC->prev_state, REC->next_comm, REC->next_pid, REC->next_prio\n" },
	{ "sched", "sched_stat_runtime", "name: sched_stat_runtime\nID: 2\nformat:\n" FAKE_COMMON
	  "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:u64 runtime;\toffset:32;\tsize:8;\tsigned:0;\n"
	  "\tfield:u64 vruntime;\toffset:40;\tsize:8;\tsigned:0;\n\n"
	  "print fmt: \"comm=%s pid=%d runtime=%Lu [ns] vruntime=%Lu [ns]\", REC->comm, "
	  "REC->pid, (unsigned long long)REC->runtime, (unsigned long long)REC->vruntime\n" },
	{ "sched", "sched_wakeup", "name: sched_wakeup\nID: 3\nformat:\n" FAKE_COMMON
	  "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	  "\tfield:int target_cpu;\toffset:32;\tsize:4;\tsigned:1;\n\n"
	  "print fmt: \"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, REC->pid, "
	  "REC->prio, REC->target_cpu\n" },
	{ "sched", "sched_wakeup_new", "name: sched_wakeup_new\nID: 4\nformat:\n" FAKE_COMMON
	  "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	  "\tfield:int target_cpu;\toffset:32;\tsize:4;\tsigned:1;\n\n"
	  "print fmt: \"comm=%s pid=%d prio=%d target_cpu=%03d\", REC->comm, REC->pid, "
	  "REC->prio, REC->target_cpu\n" },
	{ "sched", "sched_migrate_task", "name: sched_migrate_task\nID: 5\nformat:\n" FAKE_COMMON
	  "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	  "\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	  "\tfield:int prio;\toffset:28;\tsize:4;\tsigned:1;\n"
	  "\tfield:int orig_cpu;\toffset:32;\tsize:4;\tsigned:1;\n"
	  "\tfield:int dest_cpu;\toffset:36;\tsize:4;\tsigned:1;\n\n"
	  "print fmt: \"comm=%s pid=%d prio=%d orig_cpu=%d dest_cpu=%d\", REC->comm, REC->pid, "
	  "REC->prio, REC->orig_cpu, REC->dest_cpu\n" },
	{ "raw_syscalls", "sys_enter", "name: sys_enter\nID: 6\nformat:\n" FAKE_COMMON
	  "\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
	  "\tfield:unsigned long args[6];\toffset:16;\tsize:48;\tsigned:0;\n\n"
	  "print fmt: \"NR %ld (%lx, %lx, %lx, %lx, %lx, %lx)\", REC->id, REC->args[0], "
	  "REC->args[1], REC->args[2], REC->args[3], REC->args[4], REC->args[5]\n" },
	{ "raw_syscalls", "sys_exit", "name: sys_exit\nID: 7\nformat:\n" FAKE_COMMON
	  "\tfield:long id;\toffset:8;\tsize:8;\tsigned:1;\n"
	  "\tfield:long ret;\toffset:16;\tsize:8;\tsigned:1;\n\n"
	  "print fmt: \"NR %ld = %ld\", REC->id, REC->ret\n" },
};

#define FAKE_SCHED_SAMPLE_TYPE (PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | \
				PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD | \
				PERF_SAMPLE_RAW)

struct fake_sched {
	struct perf_event_attr attr[FAKE_NR_TP];
	uint64_t id[FAKE_NR_TP];
	char name[FAKE_NR_TP][40];
	struct pd_write_event ev[FAKE_NR_TP];
	struct strbuf records;
};

static inline void fake_sched__init(struct fake_sched *fs)
{
	memset(fs, 0, sizeof(*fs));
	strbuf_init(&fs->records, 0);
	for (int i = 0; i < FAKE_NR_TP; i++) {
		fs->attr[i] = (struct perf_event_attr){
			.type = PERF_TYPE_TRACEPOINT, .size = sizeof(struct perf_event_attr),
			.config = (uint64_t)i + 1, .sample_period = 1,
			.sample_type = FAKE_SCHED_SAMPLE_TYPE, .comm = i == 0, .task = i == 0,
			.sample_id_all = 1,
		};
		fs->id[i] = 1000 + (uint64_t)i;
		snprintf(fs->name[i], sizeof(fs->name[i]), "%s:%s", fake_tps[i].sys,
			 fake_tps[i].name);
		fs->ev[i] = (struct pd_write_event){ &fs->attr[i], &fs->id[i], 1, fs->name[i] };
	}
}

/* A comm into a 16-byte field, NUL-terminated, as the kernel's. */
static inline void fake_sched__put_comm(void *field, const char *comm)
{
	size_t n = strlen(comm);

	memcpy(field, comm, n < 15 ? n : 15);
}

static inline void fake_sched__record(struct fake_sched *fs, uint32_t type, const void *body,
				      size_t len)
{
	struct pm_event_header h = { type, 0, (uint16_t)(sizeof(h) + ((len + 7) & ~(size_t)7)) };

	strbuf_add(&fs->records, &h, sizeof(h));
	strbuf_add(&fs->records, body, len);
	strbuf_addchars(&fs->records, 0, ((len + 7) & ~(size_t)7) - len);
}

/* A sample of tracepoint @tp by @pid/@tid on @cpu at @time, its payload
 * @raw (the common fields are set here). */
static inline void fake_sched__sample(struct fake_sched *fs, enum fake_tp tp, uint32_t cpu,
				      uint64_t time, int32_t pid, int32_t tid, void *raw,
				      size_t raw_len)
{
	struct strbuf body = STRBUF_INIT;
	uint64_t v;
	uint32_t u[2], size = (uint32_t)(((raw_len + 4 + 7) & ~(size_t)7) - 4);
	uint16_t type = (uint16_t)(tp + 1);

	memcpy(raw, &type, 2);
	memcpy((char *)raw + 4, &tid, 4);
	strbuf_add(&body, &fs->id[tp], 8);			/* IDENTIFIER */
	v = 0xffffffff81000000ULL;
	strbuf_add(&body, &v, 8);				/* IP */
	u[0] = (uint32_t)pid, u[1] = (uint32_t)tid;
	strbuf_add(&body, u, 8);				/* TID */
	strbuf_add(&body, &time, 8);				/* TIME */
	u[0] = cpu, u[1] = 0;
	strbuf_add(&body, u, 8);				/* CPU */
	v = 1;
	strbuf_add(&body, &v, 8);				/* PERIOD */
	strbuf_add(&body, &size, 4);				/* RAW */
	strbuf_add(&body, raw, raw_len);
	strbuf_addchars(&body, 0, size - raw_len);
	fake_sched__record(fs, PERF_RECORD_SAMPLE, body.buf, body.len);
	strbuf_release(&body);
}

/* A COMM of @pid/@tid at @time, with its sample_id (TID, TIME, CPU,
 * IDENTIFIER), as perf sched finds the thread by it. */
static inline void fake_sched__comm(struct fake_sched *fs, int32_t pid, int32_t tid,
				    const char *comm, uint64_t time)
{
	struct {
		int32_t pid, tid;
		char comm[16];
		int32_t id_pid, id_tid;
		uint64_t time;
		uint32_t cpu, res;
		uint64_t identifier;
	} c = { pid, tid, "", pid, tid, time, 0, 0, fs->id[FAKE_SWITCH] };

	fake_sched__put_comm(c.comm, comm);
	fake_sched__record(fs, PERF_RECORD_COMM, &c, sizeof(c));
}

static inline void fake_sched__switch(struct fake_sched *fs, uint32_t cpu, uint64_t time,
				      const char *prev_comm, int32_t prev_pid, int64_t prev_state,
				      const char *next_comm, int32_t next_pid)
{
	uint8_t raw[64] = { 0 };
	int32_t prio = 120;

	fake_sched__put_comm(raw + 8, prev_comm);
	memcpy(raw + 24, &prev_pid, 4);
	memcpy(raw + 28, &prio, 4);
	memcpy(raw + 32, &prev_state, 8);
	fake_sched__put_comm(raw + 40, next_comm);
	memcpy(raw + 56, &next_pid, 4);
	memcpy(raw + 60, &prio, 4);
	fake_sched__sample(fs, FAKE_SWITCH, cpu, time, prev_pid, prev_pid, raw, sizeof(raw));
}

static inline void fake_sched__runtime(struct fake_sched *fs, uint32_t cpu, uint64_t time,
				       const char *comm, int32_t pid, uint64_t runtime)
{
	uint8_t raw[48] = { 0 };

	fake_sched__put_comm(raw + 8, comm);
	memcpy(raw + 24, &pid, 4);
	memcpy(raw + 32, &runtime, 8);
	fake_sched__sample(fs, FAKE_RUNTIME, cpu, time, pid, pid, raw, sizeof(raw));
}

/* @tp: FAKE_WAKEUP or FAKE_WAKEUP_NEW of @pid, sampled in @waker */
static inline void fake_sched__wakeup(struct fake_sched *fs, enum fake_tp tp, uint32_t cpu,
				      uint64_t time, int32_t waker, const char *comm, int32_t pid)
{
	uint8_t raw[36] = { 0 };
	int32_t prio = 120, target = (int32_t)cpu;

	fake_sched__put_comm(raw + 8, comm);
	memcpy(raw + 24, &pid, 4);
	memcpy(raw + 28, &prio, 4);
	memcpy(raw + 32, &target, 4);
	fake_sched__sample(fs, tp, cpu, time, waker, waker, raw, sizeof(raw));
}

static inline void fake_sched__sys_enter(struct fake_sched *fs, uint32_t cpu, uint64_t time,
					 int32_t pid, int32_t tid, int64_t id)
{
	uint8_t raw[64] = { 0 };

	memcpy(raw + 8, &id, 8);
	fake_sched__sample(fs, FAKE_SYS_ENTER, cpu, time, pid, tid, raw, sizeof(raw));
}

static inline void fake_sched__sys_exit(struct fake_sched *fs, uint32_t cpu, uint64_t time,
					int32_t pid, int32_t tid, int64_t id, int64_t ret)
{
	uint8_t raw[24] = { 0 };

	memcpy(raw + 8, &id, 8);
	memcpy(raw + 16, &ret, 8);
	fake_sched__sample(fs, FAKE_SYS_EXIT, cpu, time, pid, tid, raw, sizeof(raw));
}

/* TRACING_DATA: perf's layout (util/record/tracing-data.c), each system's
 * formats. */
static inline void fake_sched__tracing_data(struct strbuf *sb)
{
	static const char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	static const char header_page[] =
		"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
		"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
		"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
		"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";
	uint32_t u32;
	uint64_t u64;

	strbuf_add(sb, magic, sizeof(magic));
	strbuf_add(sb, "0.6", 4);
	strbuf_addch(sb, 0);		/* little-endian */
	strbuf_addch(sb, 8);		/* sizeof(long) */
	u32 = 4096;
	strbuf_add(sb, &u32, 4);
	strbuf_add(sb, "header_page", 12);
	u64 = sizeof(header_page) - 1;
	strbuf_add(sb, &u64, 8);
	strbuf_add(sb, header_page, sizeof(header_page) - 1);
	strbuf_add(sb, "header_event", 13);
	u64 = 0;
	strbuf_add(sb, &u64, 8);
	u32 = 0;
	strbuf_add(sb, &u32, 4);	/* ftrace formats */
	u32 = 2;
	strbuf_add(sb, &u32, 4);	/* systems */
	for (int s = 0; s < 2; s++) {
		const char *sys = s ? "raw_syscalls" : "sched";
		int first = s ? FAKE_SYS_ENTER : 0, end = s ? FAKE_NR_TP : FAKE_SYS_ENTER;

		strbuf_add(sb, sys, strlen(sys) + 1);
		u32 = (uint32_t)(end - first);
		strbuf_add(sb, &u32, 4);
		for (int i = first; i < end; i++) {
			u64 = strlen(fake_tps[i].format);
			strbuf_add(sb, &u64, 8);
			strbuf_add(sb, fake_tps[i].format, u64);
		}
	}
	u32 = 0;
	strbuf_add(sb, &u32, 4);	/* kallsyms */
	strbuf_add(sb, &u32, 4);	/* printk formats */
	u64 = 0;
	strbuf_add(sb, &u64, 8);	/* saved cmdlines */
}

static inline void fake_sched__features(struct fake_sched *fs, struct pd_write_feature *f)
{
	uint32_t u32;

	for (int i = 0; i < 4; i++)
		strbuf_init(&f[i].payload, 0);
	f[0].id = HEADER_TRACING_DATA;
	fake_sched__tracing_data(&f[0].payload);
	f[1].id = HEADER_ARCH;
	pd_features__put_string(&f[1].payload, "x86_64");
	f[2].id = HEADER_NRCPUS;
	u32 = FAKE_SCHED_CPUS;
	strbuf_add(&f[2].payload, &u32, 4);
	strbuf_add(&f[2].payload, &u32, 4);
	f[3].id = HEADER_EVENT_DESC;
	u32 = FAKE_NR_TP;
	strbuf_add(&f[3].payload, &u32, 4);
	u32 = sizeof(struct perf_event_attr);
	strbuf_add(&f[3].payload, &u32, 4);
	for (int i = 0; i < FAKE_NR_TP; i++) {
		strbuf_add(&f[3].payload, &fs->attr[i], sizeof(fs->attr[i]));
		u32 = 1;
		strbuf_add(&f[3].payload, &u32, 4);
		pd_features__put_string(&f[3].payload, fs->name[i]);
		strbuf_add(&f[3].payload, &fs->id[i], 8);
	}
}

/* The file at @path; 0 or -errno. @fs is released. */
static inline int fake_sched__write(struct fake_sched *fs, const char *path)
{
	struct perf_data_writer w;
	struct pd_write_feature f[4];
	struct strbuf err = STRBUF_INIT;
	int ret;

	ret = perf_data_writer__open(&w, path, fs->ev, FAKE_NR_TP, NULL, 0, &err);
	if (!ret) {
		perf_data_writer__write(&w, fs->records.buf, fs->records.len);
		fake_sched__features(fs, f);
		ret = perf_data_writer__finish(&w, fs->ev, FAKE_NR_TP, f, 4, &err);
		for (int i = 0; i < 4; i++)
			strbuf_release(&f[i].payload);
	}
	strbuf_release(&err);
	strbuf_release(&fs->records);
	return ret;
}

#endif
