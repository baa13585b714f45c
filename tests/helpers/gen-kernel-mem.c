// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of kernel-mode memory samples, for the kernel data
 * symbol tests: a kernel MMAP at 0xffffffff81000000 and three loads - two
 * in kernel functions touching kernel data, one reading kernel text. The
 * tests give the symbols with --kallsyms.
 *
 * Usage: test-tool gen-kernel-mem OUT
 */
#include "test-tool.h"
#include <linux/perf_event.h>
#include <stdio.h>

#include "synth-records.h"

#define KERNEL_TEXT 0xffffffff81000000ULL

static void sample(struct strbuf *sb, uint64_t ip, uint64_t addr, uint64_t t)
{
	/* ip, pid/tid, time, addr, period, weight, data_src (an L1 hit) */
	uint64_t body[7] = { ip, (uint64_t)77 << 32 | 77, t, addr, 1, 100, 0x68100142 };

	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL, body, sizeof(body));
}

int cmd__gen_kernel_mem(int argc, const char **argv)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_ADDR | PERF_SAMPLE_PERIOD | PERF_SAMPLE_WEIGHT |
			       PERF_SAMPLE_DATA_SRC,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1,
	};
	struct {
		uint32_t pid, tid;
		uint64_t start, len, pgoff;
		char name[64];
	} kmap = { (uint32_t)-1, 0, KERNEL_TEXT, 0x7effffff, KERNEL_TEXT,
		   "[kernel.kallsyms]_text" };
	struct { uint32_t pid, tid; char comm[16]; } comm = { 77, 77, "kworker" };
	uint64_t id = 1;
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
	synth_record(&sb, PERF_RECORD_COMM, 0, &comm, sizeof(comm));
	synth_record(&sb, PERF_RECORD_MMAP, PERF_RECORD_MISC_KERNEL, &kmap, sizeof(kmap));
	sample(&sb, 0xffffffff81234510ULL, 0xffffffff82000010ULL, 1000);
	sample(&sb, 0xffffffff81234610ULL, 0xffffffff82000110ULL, 1010);
	sample(&sb, 0xffffffff81234620ULL, 0xffffffff81234508ULL, 1020);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
