// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of a process running JIT-compiled code, for the perf
 * map tests: cpu-clock samples in an executable anonymous mapping (the
 * JIT's code, whose symbols a test writes to /tmp/perf-PID.map), in an
 * executable [heap] and in a data-only anonymous mapping, plus one in a
 * real binary. PID is the caller's choice, so that concurrent runs use
 * different /tmp/perf-PID.map files.
 *
 * Usage: test-tool gen-jit OUT PID
 */
#include "test-tool.h"
#include <stdlib.h>
#include <string.h>

#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define JIT_BASE 0x7f0000000000ULL
#define HEAP_BASE 0x555555600000ULL
#define DATA_BASE 0x7f1000000000ULL
#define EXE_BASE 0x555555554000ULL

static void sample(struct strbuf *sb, uint32_t pid, uint64_t ip, uint64_t t)
{
	uint64_t body[4] = { ip, (uint64_t)pid << 32 | pid, t, 250000 };

	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body, sizeof(body));
}

int cmd__gen_jit(int argc, const char **argv)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 250000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1,
	};
	/* the JIT's functions at 0x100, 0x180 (twice), 0x400; 0x900 is past them */
	static const uint64_t jit_ips[] = { 0x100, 0x180, 0x1a0, 0x400, 0x900 };
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;
	uint32_t pid;

	if (argc != 3 || !(pid = (uint32_t)strtoul(argv[2], NULL, 10))) {
		fprintf(stderr, "usage: %s OUT PID\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	{
		struct { uint32_t pid, tid; char comm[16]; } c = { pid, pid, "node" };

		synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	}
	synth_mmap2(&sb, pid, EXE_BASE, 0x100000, "/nonexistent/node");
	synth_mmap2_prot(&sb, pid, JIT_BASE, 0x10000, "//anon", 7);
	synth_mmap2_prot(&sb, pid, HEAP_BASE, 0x10000, "[heap]", 7);
	synth_mmap2_prot(&sb, pid, DATA_BASE, 0x10000, "//anon", 3);
	for (size_t i = 0; i < sizeof(jit_ips) / sizeof(jit_ips[0]); i++)
		sample(&sb, pid, JIT_BASE + jit_ips[i], t += 250000);
	sample(&sb, pid, HEAP_BASE + 0x20, t += 250000);
	sample(&sb, pid, DATA_BASE + 0x40, t += 250000);
	sample(&sb, pid, EXE_BASE + 0x1234, t += 250000);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
