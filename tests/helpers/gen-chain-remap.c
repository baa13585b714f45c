// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of callchain samples that repeat, byte for byte, across
 * events that change what they resolve to: a report must not reuse what it
 * resolved before the event. One process, pid 4300, samples at the same
 * address with the same chain (its caller at +0x2000), N times each:
 *   3N while /nonexistent/one is mapped, COMM "before"
 *   2N after an exec: COMM "after" (exec) and /nonexistent/two mapped there
 *   N after a second COMM "renamed" (no exec)
 * Then 4301 is forked from it (FORK, COMM of its own: "child") and sampled
 * at that address 2N times: the child inherits /nonexistent/two. N is
 * large enough for the report to start remembering samples.
 *
 * Usage: test-tool gen-chain-remap OUT
 */
#include "test-tool.h"
#include <string.h>

#include "synth-records.h"

#define BASE 0x555555554000ULL
#define N 2048
#define CPUMODE_USER_CONTEXT ((uint64_t)-512)	/* PERF_CONTEXT_USER */

static void fork_task(struct strbuf *sb, uint32_t pid, uint32_t ppid, uint64_t t)
{
	struct {
		uint32_t pid, ppid, tid, ptid;
		uint64_t time;
		uint32_t id_pid, id_tid;
		uint64_t id_time;
	} f = { pid, ppid, pid, ppid, t, pid, pid, t };

	synth_record(sb, PERF_RECORD_FORK, 0, &f, sizeof(f));
}

/* An executable mapping of @file at BASE, at time @t (its sample_id). */
static void mmap_at(struct strbuf *sb, uint32_t pid, const char *file, uint64_t t)
{
	struct {
		struct synth_mmap2_head h;
		char name[24];
		uint32_t id_pid, id_tid;
		uint64_t time;
	} m = { { pid, pid, BASE, 0x100000, 0, 0, 0, 1, 0, 5, 2 }, "", pid, pid, t };

	strncpy(m.name, file, sizeof(m.name) - 1);
	synth_record(sb, PERF_RECORD_MMAP2, PERF_RECORD_MISC_USER, &m, sizeof(m));
}

/* A sample at BASE + 0x1000 called from BASE + 0x2000, always the same. */
static void chain_sample(struct strbuf *sb, uint32_t pid, uint64_t t)
{
	uint64_t body[] = { BASE + 0x1000, (uint64_t)pid << 32 | pid, t, 250000,
			    3, CPUMODE_USER_CONTEXT, BASE + 0x1000, BASE + 0x2000 };

	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body, sizeof(body));
}

int cmd__gen_chain_remap(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, true);
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_data_writer w;
	int ret;

	attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
	ret = synth_open(&w, argc, argv, &ev);
	if (ret)
		return ret;
	synth_comm(&sb, 4300, "before", t, false);
	mmap_at(&sb, 4300, "/nonexistent/one", t);
	for (int i = 0; i < 3 * N; i++)
		chain_sample(&sb, 4300, t += 250000);
	synth_comm(&sb, 4300, "after", t += 1000, true);
	mmap_at(&sb, 4300, "/nonexistent/two", t += 1000);
	for (int i = 0; i < 2 * N; i++)
		chain_sample(&sb, 4300, t += 250000);
	synth_comm(&sb, 4300, "renamed", t += 1000, false);
	for (int i = 0; i < N; i++)
		chain_sample(&sb, 4300, t += 250000);
	fork_task(&sb, 4301, 4300, t += 1000);
	synth_comm(&sb, 4301, "child", t += 1000, false);
	for (int i = 0; i < 2 * N; i++)
		chain_sample(&sb, 4301, t += 250000);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
