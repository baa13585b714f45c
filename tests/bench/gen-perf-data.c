// SPDX-License-Identifier: GPL-2.0
/*
 * Write a synthetic but realistic perf.data for the report/script
 * benchmarks: one process running a real binary and libc (their build-ids
 * recorded, so both tools resolve real symbols), cpu-clock samples spread
 * over their functions and the kernel's, optionally with 8-frame
 * callchains, and a FINISHED_ROUND every 1000 samples, as record writes.
 *
 * Usage: gen-perf-data OUT NR_SAMPLES [-g]
 */
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../util/base/strbuf.h"
#include "../../util/data/perf-data-format.h"
#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "../../util/symbols/dso.h"
#include "../helpers/synth-records.h"

#define PID 4242
#define EXE "/usr/bin/bash"
#define LIBC "/usr/lib/x86_64-linux-gnu/libc.so.6"
#define EXE_BASE 0x555555554000ULL
#define LIBC_BASE 0x7ffff7d80000ULL
#define KERNEL_BASE 0xffffffff81000000ULL
#define HEAP_BASE 0x555555900000ULL
#define STACK_BASE 0x7ffffff00000ULL

/* Data sources a Skylake reported (perf.data.weight_struct): L1, LFB, L2
 * and L3 hits, a locked L1 hit, an L3 hit after an STLB miss. */
static const uint64_t data_srcs[] = {
	0x10268100142, 0x11868100242, 0x10468100442, 0x10668100842, 0x1026a100142, 0x10650100842,
};

/* A load's data address, weight and source after the sample's ip. */
static int mem_fields(uint64_t *s, uint64_t *addr, uint64_t *tail)
{
	uint64_t r = synth_rnd(s);

	switch (r % 4) {
	case 0: *addr = STACK_BASE + 0xf0000 + (r >> 8) % 512 * 8; break;
	case 1: *addr = LIBC_BASE + 0x1d0000 + (r >> 8) % 2048 * 16; break;
	default: *addr = HEAP_BASE + (r >> 8) % 65536 * 64; break;
	}
	tail[0] = 7 + (r >> 30) % 400;		/* weight, cycles */
	tail[1] = data_srcs[(r >> 40) % (sizeof(data_srcs) / sizeof(data_srcs[0]))];
	return 2;
}

/* An address in the exe, libc or the kernel, skewed to a few hot spots. */
static uint64_t addr(uint64_t *s, int *mode)
{
	uint64_t r = synth_rnd(s), hot = r % 100 < 60 ? r % 64 : r % 32768;

	switch (r % 3) {
	case 0: *mode = PERF_RECORD_MISC_USER; return EXE_BASE + 0x30000 + hot * 16;
	case 1: *mode = PERF_RECORD_MISC_USER; return LIBC_BASE + 0x28000 + hot * 24;
	default: *mode = PERF_RECORD_MISC_KERNEL; return KERNEL_BASE + 0x100000 + hot * 32;
	}
}

static void sample(struct strbuf *sb, uint64_t *s, uint64_t t, int callchain, int mem)
{
	uint64_t body[4 + 12 + 3], tail[2] = { 0, 0 };
	int n = 0, mode, nr_tail = 0;
	uint64_t ip = addr(s, &mode);

	body[n++] = ip;
	body[n++] = (uint64_t)PID << 32 | PID;
	body[n++] = t;
	if (mem)	/* PERF_SAMPLE_ADDR comes before the period */
		nr_tail = mem_fields(s, &body[n++], tail);
	body[n++] = 250000;
	if (callchain) {
		int m2;

		body[n++] = 9;
		body[n++] = mode == PERF_RECORD_MISC_KERNEL ? (uint64_t)PERF_CONTEXT_KERNEL :
							      (uint64_t)PERF_CONTEXT_USER;
		body[n++] = ip;
		for (int i = 0; i < 7; i++)
			body[n++] = i < 2 ? EXE_BASE + 0x30000 + (synth_rnd(s) % 8) * 64 :
					    addr(s, &m2) & ~0xfULL;
	}
	for (int i = 0; i < nr_tail; i++)	/* WEIGHT, DATA_SRC: last */
		body[n++] = tail[i];
	synth_record(sb, PERF_RECORD_SAMPLE, mode, body, n * 8);
}

int main(int argc, char **argv)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_freq = 4000, .freq = 1,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD,
		.mmap = 1, .comm = 1, .task = 1, .sample_id_all = 0, .mmap2 = 1,
	};
	uint64_t id = 1, seed = 88172645463325252ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct build_id_entry bids[2] = { { EXE }, { LIBC } };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;
	long nr;
	int g, d;

	if (argc < 3) {
		fprintf(stderr, "usage: %s OUT NR_SAMPLES [-g|-d]\n", argv[0]);
		return 129;
	}
	nr = atol(argv[2]);
	g = argc > 3 && !strcmp(argv[3], "-g");
	d = argc > 3 && !strcmp(argv[3], "-d");
	if (g)
		attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
	if (d) {	/* cpu/mem-loads,ldlat=30/P, as perf mem record asks */
		attr.type = PERF_TYPE_RAW;
		attr.config = 0x1cd;
		attr.config1 = 0x1f;
		attr.precise_ip = 2;
		attr.sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC;
		attr.mmap_data = 1;
		ev.name = "cpu/mem-loads,ldlat=30/P";
	}
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	{
		struct { uint32_t pid, tid; char comm[16]; } c = { PID, PID, "bash" };

		synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	}
	synth_mmap2(&sb, PID, EXE_BASE, 0x100000, EXE);
	synth_mmap2(&sb, PID, LIBC_BASE, 0x200000, LIBC);
	if (d) {
		synth_mmap2_prot(&sb, PID, HEAP_BASE, 0x400000, "[heap]", 3);
		synth_mmap2_prot(&sb, PID, STACK_BASE, 0x100000, "[stack]", 3);
	}
	for (long i = 0; i < nr; i++) {
		sample(&sb, &seed, 1000000000ULL + i * 250000ULL, g, d);
		if (i % 1000 == 999) {
			synth_record(&sb, PERF_RECORD_FINISHED_ROUND, 0, NULL, 0);
			perf_data_writer__write(&w, sb.buf, sb.len);
			strbuf_reset(&sb);
		}
	}
	for (int i = 0; i < 2; i++)
		bids[i].size = elf_read_build_id(bids[i].filename, bids[i].id, sizeof(bids[i].id));
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, (const char **)argv, &ev, 1, bids, 2);
}
