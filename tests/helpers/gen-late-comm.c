// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data in which threads are sampled before their first COMM,
 * as in a system-wide recording of processes that start during it: perf
 * gives the earlier samples the name of the first COMM (it overrides the
 * thread's ":PID"), and a later COMM (an exec) starts a new name.
 *   4243: COMM early, then a sample             -> early
 *   4242: two samples, COMM late, a sample      -> late (all three)
 *   4244: COMM first, a sample, COMM exec second, two samples
 *                                               -> first (1), second (2)
 *
 * Usage: gen-late-comm OUT
 */
#include <string.h>

#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define EXE_BASE 0x555555554000ULL

static void sample(struct strbuf *sb, uint32_t pid, uint64_t ip, uint64_t t)
{
	uint64_t body[4] = { ip, (uint64_t)pid << 32 | pid, t, 250000 };

	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body, sizeof(body));
}

/* A COMM with its sample_id (pid, tid, time): the attr has sample_id_all. */
static void comm(struct strbuf *sb, uint32_t pid, const char *name, uint64_t t, bool exec)
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

int main(int argc, const char **argv)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 250000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1, .sample_id_all = 1,
	};
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;

	if (argc != 2) {
		fprintf(stderr, "usage: %s OUT\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	comm(&sb, 4243, "early", t + 1000, false);
	for (uint32_t pid = 4242; pid <= 4244; pid++)
		synth_mmap2(&sb, pid, EXE_BASE, 0x100000, "/nonexistent/app");
	sample(&sb, 4242, EXE_BASE + 0x1000, t += 250000 + 1000);
	sample(&sb, 4242, EXE_BASE + 0x1000, t += 250000);
	sample(&sb, 4243, EXE_BASE + 0x2000, t += 250000);
	comm(&sb, 4244, "first", t += 1000, false);
	sample(&sb, 4244, EXE_BASE + 0x3000, t += 250000);
	comm(&sb, 4242, "late", t += 1000, false);
	sample(&sb, 4242, EXE_BASE + 0x1000, t += 250000);
	comm(&sb, 4244, "second", t += 1000, true);
	sample(&sb, 4244, EXE_BASE + 0x3000, t += 250000);
	sample(&sb, 4244, EXE_BASE + 0x3000, t += 250000);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
