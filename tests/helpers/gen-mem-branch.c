// SPDX-License-Identifier: GPL-2.0
/*
 * Write perf.data.synth-mem-branch (tests/data/perfdata): samples whose
 * memory and branch fields take every value perf script decodes, which no
 * single real recording shows. A raw memory event (record -d style: addr,
 * data_src, weight struct, phys_addr, page sizes), a cycles event with
 * branch stacks (record -b style: every flag and branch type), and a
 * page-fault event whose addr perf resolves like an ip. Deterministic: the
 * same bytes on every run, up to the host features written at the end.
 *
 * Usage: test-tool gen-mem-branch OUT
 */
#include "test-tool.h"
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>

#include "../../util/base/strbuf.h"
#include "../../util/data/perf-data-format.h"
#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define PID 4242
#define EXE_BASE 0x555555554000ULL
#define LIB_BASE 0x7ffff7d80000ULL
#define KERNEL_IP 0xffffffff81234560ULL

static uint64_t pick(uint64_t *s, const uint64_t *v, size_t n)
{
	return v[synth_rnd(s) % n];
}

#define PICK(s, ...) pick(s, (const uint64_t[]){ __VA_ARGS__ }, \
			  sizeof((const uint64_t[]){ __VA_ARGS__ }) / sizeof(uint64_t))

/* One field value per call, walking each field through its values. */
static uint64_t data_src(uint64_t *s, int i)
{
	union perf_mem_data_src d = { .val = 0 };

	d.mem_op = (unsigned)(1u << (i % 5));
	d.mem_lvl = (unsigned)PICK(s, 0, PERF_MEM_LVL_NA, PERF_MEM_LVL_HIT | PERF_MEM_LVL_L1,
				   PERF_MEM_LVL_MISS | PERF_MEM_LVL_L2,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_LFB,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_L3,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_LOC_RAM,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_REM_RAM1,
				   PERF_MEM_LVL_MISS | PERF_MEM_LVL_REM_RAM2,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_REM_CCE1,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_REM_CCE2,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_IO,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_UNC,
				   PERF_MEM_LVL_HIT | PERF_MEM_LVL_L1 | PERF_MEM_LVL_L2);
	d.mem_lvl_num = (unsigned)(i % 16);
	d.mem_remote = (unsigned)(i % 7 == 3);
	d.mem_hops = (unsigned)(i % 11 < 5 ? i % 11 : 0);
	d.mem_snoop = (unsigned)PICK(s, 0, PERF_MEM_SNOOP_NA, PERF_MEM_SNOOP_NONE,
				     PERF_MEM_SNOOP_HIT, PERF_MEM_SNOOP_MISS, PERF_MEM_SNOOP_HITM,
				     PERF_MEM_SNOOP_HIT | PERF_MEM_SNOOP_MISS);
	d.mem_snoopx = (unsigned)(i % 9 == 4 ? PERF_MEM_SNOOPX_FWD : 0);
	d.mem_lock = (unsigned)(i % 3);
	d.mem_dtlb = (unsigned)PICK(s, 0, PERF_MEM_TLB_NA, PERF_MEM_TLB_HIT | PERF_MEM_TLB_L1,
				    PERF_MEM_TLB_MISS | PERF_MEM_TLB_L2,
				    PERF_MEM_TLB_HIT | PERF_MEM_TLB_L1 | PERF_MEM_TLB_L2,
				    PERF_MEM_TLB_MISS | PERF_MEM_TLB_WK,
				    PERF_MEM_TLB_OS);
	d.mem_blk = (unsigned)(i % 4);
	return d.val;
}

static void mem_sample(struct strbuf *sb, uint64_t *s, int i)
{
	uint64_t body[16];
	int n = 0;
	int kernel = i % 4 == 0;

	body[n++] = 1;						/* IDENTIFIER */
	body[n++] = kernel ? KERNEL_IP + i * 16 : EXE_BASE + 0x1000 + i * 8;	/* IP */
	body[n++] = (uint64_t)PID << 32 | PID;			/* TID */
	body[n++] = 1000000000ULL + i * 1000003ULL;		/* TIME */
	body[n++] = PICK(s, 0, 0x7ffd12345678, LIB_BASE + 0x10, 0xffff888012345678);	/* ADDR */
	body[n++] = (uint64_t)(i % 4);				/* CPU, res */
	body[n++] = 10007;					/* PERIOD */
	body[n++] = (synth_rnd(s) % 2000) | (synth_rnd(s) % 300) << 32;	/* WEIGHT_STRUCT */
	body[n++] = data_src(s, i);				/* DATA_SRC */
	body[n++] = synth_rnd(s) & 0xfffffffff000ULL;			/* PHYS_ADDR */
	body[n++] = PICK(s, 0, 2048, 4096, 2 << 20, 1 << 30);	/* DATA_PAGE_SIZE */
	body[n++] = PICK(s, 0, 4096, 2 << 20);			/* CODE_PAGE_SIZE */
	synth_record(sb, PERF_RECORD_SAMPLE, kernel ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER,
	    body, n * 8);
}

static uint64_t branch_addr(uint64_t *s)
{
	return PICK(s, EXE_BASE + 0x1200, EXE_BASE + 0x2345, LIB_BASE + 0x8000, KERNEL_IP, 0);
}

static void branch_sample(struct strbuf *sb, uint64_t *s, int i)
{
	uint64_t body[8 + 3 * 6];
	int n = 0, nr = i % 6;

	body[n++] = 2;						/* IDENTIFIER */
	body[n++] = EXE_BASE + 0x1000 + i * 4;			/* IP */
	body[n++] = (uint64_t)PID << 32 | PID;			/* TID */
	body[n++] = 2000000000ULL + i * 999983ULL;		/* TIME */
	body[n++] = (uint64_t)(i % 2);				/* CPU, res */
	body[n++] = 100003;					/* PERIOD */
	body[n++] = (uint64_t)nr;				/* BRANCH_STACK */
	for (int k = 0; k < nr; k++) {
		struct perf_branch_entry e = { .from = branch_addr(s), .to = branch_addr(s) };
		int t = (i * 5 + k) % 16;

		e.mispred = (unsigned)(synth_rnd(s) % 2);
		e.predicted = (unsigned)(synth_rnd(s) % 2);
		e.in_tx = (unsigned)(synth_rnd(s) % 5 == 0);
		e.abort = (unsigned)(synth_rnd(s) % 7 == 0);
		e.cycles = (unsigned)(synth_rnd(s) % 70);
		e.type = (unsigned)t;
		e.new_type = t == PERF_BR_EXTEND_ABI ? (unsigned)(synth_rnd(s) % PERF_BR_NEW_MAX) : 0;
		memcpy(&body[n], &e, sizeof(e));
		n += 3;
	}
	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body, n * 8);
}

/* A fault's addr is code or data in the process: perf resolves it. */
static void fault_sample(struct strbuf *sb, uint64_t *s, int i)
{
	uint64_t body[6];
	int n = 0;

	body[n++] = 3;						/* IDENTIFIER */
	body[n++] = EXE_BASE + 0x1500 + i * 4;			/* IP */
	body[n++] = (uint64_t)PID << 32 | PID;			/* TID */
	body[n++] = 3000000000ULL + i * 1000033ULL;		/* TIME */
	body[n++] = PICK(s, EXE_BASE + 0x3000, LIB_BASE + 0x1234, 0x7ffd00000000ULL);	/* ADDR */
	body[n++] = 1;						/* PERIOD */
	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body, n * 8);
}

int cmd__gen_mem_branch(int argc, const char **argv)
{
	struct perf_event_attr mem = {
		.type = PERF_TYPE_RAW, .config = 0x1cd, .config1 = 0x40, .size = sizeof(mem),
		.sample_period = 10007, .precise_ip = 2,
		.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			       PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_CPU |
			       PERF_SAMPLE_PERIOD | PERF_SAMPLE_WEIGHT_STRUCT |
			       PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_PHYS_ADDR |
			       PERF_SAMPLE_DATA_PAGE_SIZE | PERF_SAMPLE_CODE_PAGE_SIZE,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1,
	};
	struct perf_event_attr br = {
		.type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_CPU_CYCLES,
		.size = sizeof(br), .sample_period = 100003,
		.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			       PERF_SAMPLE_TIME | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD |
			       PERF_SAMPLE_BRANCH_STACK,
		.branch_sample_type = PERF_SAMPLE_BRANCH_ANY,
	};
	struct perf_event_attr pf = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_PAGE_FAULTS,
		.size = sizeof(pf), .sample_period = 1,
		.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			       PERF_SAMPLE_TIME | PERF_SAMPLE_ADDR | PERF_SAMPLE_PERIOD,
	};
	uint64_t ids[3] = { 1, 2, 3 }, seed = 0x2545f4914f6cdd1dULL;
	struct pd_write_event ev[3] = {
		{ &mem, &ids[0], 1, "cpu/mem-loads,ldlat=64/pp" },
		{ &br, &ids[1], 1, "cycles" },
		{ &pf, &ids[2], 1, "page-faults" },
	};
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;

	if (argc != 2) {
		fprintf(stderr, "usage: %s OUT\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(&w, argv[1], ev, 3, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	{
		struct { uint32_t pid, tid; char comm[16]; } c = { PID, PID, "synth" };

		synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	}
	synth_mmap2(&sb, PID, EXE_BASE, 0x100000, "/nonexistent/synth-exe");
	synth_mmap2(&sb, PID, LIB_BASE, 0x200000, "/nonexistent/libsynth.so");
	for (int i = 0; i < 64; i++)
		mem_sample(&sb, &seed, i);
	for (int i = 0; i < 40; i++)
		branch_sample(&sb, &seed, i);
	for (int i = 0; i < 6; i++)
		fault_sample(&sb, &seed, i);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, ev, 3, NULL, 0);
}
