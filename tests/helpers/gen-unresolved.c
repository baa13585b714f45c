// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data whose samples mix resolved symbols (a JIT's, from
 * /tmp/perf-PID.map, which the test writes) with unresolved addresses in
 * objects named on both sides of the JIT's in sort order, and addresses
 * in no mapping at all, every address sampled once, in an order SEED
 * shuffles. Sorted by symbol without the object, perf compares two
 * unresolved addresses by address but an unresolved one with a symbol by
 * object first: no total order, so the rows' order tells whether a
 * report took the entries as perf's tree does.
 *
 * With "one", every unresolved address lies in the first object (perf's
 * order is then a total one, which perf-mini sorts without its tree).
 *
 * Usage: test-tool gen-unresolved OUT PID SEED [one]
 */
#include "test-tool.h"
#include <stdlib.h>
#include <string.h>

#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define JIT_BASE 0x7f0000000000ULL
#define NR_JIT_FUNCS 4	/* 0x80 bytes each from JIT_BASE + 0x100 */
#define NR_IPS 64

/* "[JIT] tid PID" sorts after the capitals and before the small letters */
static const struct { const char *file; uint64_t base; } objs[] = {
	{ "/nonexistent/Abc.so", 0x7f3000000000ULL },
	{ "/nonexistent/abc.so", 0x600000000000ULL },
	{ "/nonexistent/zzz.so", 0x500000000000ULL },
	{ NULL, 0x400000000000ULL },	/* nothing mapped there */
};

#define NR_OBJS (sizeof(objs) / sizeof(objs[0]))

/* The @i-th address sampled, before shuffling. */
static uint64_t address(size_t i, bool one)
{
	size_t where = i % (NR_OBJS + 1);

	if (where == NR_OBJS)	/* the JIT's functions, each at a few offsets */
		return JIT_BASE + 0x100 + (i / (NR_OBJS + 1)) % (NR_JIT_FUNCS * 4) * 0x20;
	return objs[one ? 0 : where].base + 0x1000 + i * 0x10;
}

int cmd__gen_unresolved(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, false);
	uint64_t id = 1, t = 1000000000ULL, seed, ips[NR_IPS];
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct { uint32_t pid, tid; char comm[16]; } c = { 0, 0, "mixed" };
	struct perf_data_writer w;
	uint32_t pid;

	bool one = argc == 5 && !strcmp(argv[4], "one");

	if ((argc != 4 && !one) || !(pid = (uint32_t)strtoul(argv[2], NULL, 10)) ||
	    !(seed = strtoull(argv[3], NULL, 10))) {
		fprintf(stderr, "usage: %s OUT PID SEED [one] (PID and SEED above 0)\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	c.pid = c.tid = pid;
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	synth_mmap2_prot(&sb, pid, JIT_BASE, 0x10000, "//anon", 7);
	for (size_t i = 0; i < NR_OBJS; i++)
		if (objs[i].file)
			synth_mmap2(&sb, pid, objs[i].base, 0x100000, objs[i].file);
	for (size_t i = 0; i < NR_IPS; i++)
		ips[i] = address(i, one);
	for (size_t i = NR_IPS - 1; i > 0; i--) {	/* Fisher-Yates */
		size_t j = synth_rnd(&seed) % (i + 1);
		uint64_t tmp = ips[i];

		ips[i] = ips[j];
		ips[j] = tmp;
	}
	for (size_t i = 0; i < NR_IPS; i++)
		synth_sample(&sb, PERF_RECORD_MISC_USER, pid, ips[i], t += 250000, 250000);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
