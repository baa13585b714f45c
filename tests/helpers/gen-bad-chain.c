// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of callchain samples, some of whose chains hold a
 * value in the context markers' range that is no marker: a frame-pointer
 * walk through code built without frame pointers reads such garbage (-8
 * is common) as a return address. perf drops those chains whole; a
 * report must count the sample with no frame, not the frames around it.
 *
 * Usage: test-tool gen-bad-chain OUT
 */
#include "test-tool.h"

#include "synth-records.h"

#define BASE 0x555555554000ULL
#define CONTEXT_USER ((uint64_t)-512)	/* PERF_CONTEXT_USER */
#define GARBAGE ((uint64_t)-8)		/* in the markers' range, none of them */

static void chain_sample(struct strbuf *sb, uint64_t t, const uint64_t *chain, uint64_t nr)
{
	uint64_t body[16] = { chain[1], (uint64_t)4400 << 32 | 4400, t, 250000, nr };

	memcpy(body + 5, chain, nr * sizeof(*chain));
	synth_record(sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body,
		     (5 + nr) * sizeof(*body));
}

int cmd__gen_bad_chain(int argc, const char **argv)
{
	static const uint64_t chains[][5] = {
		{ CONTEXT_USER, BASE + 0x1000, BASE + 0x2000, BASE + 0x3000 },
		{ CONTEXT_USER, BASE + 0x1100, 0, GARBAGE },
		{ CONTEXT_USER, BASE + 0x1200, GARBAGE, BASE + 0x2000 },
		{ CONTEXT_USER, BASE + 0x1000, BASE + 0x2000, GARBAGE, BASE + 0x3000 },
	};
	static const uint64_t lengths[] = { 4, 4, 4, 5 };
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, false);
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_data_writer w;
	struct { uint32_t pid, tid; char comm[16]; } c = { 4400, 4400, "garbled" };
	int ret;

	attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
	ret = synth_open(&w, argc, argv, &ev);
	if (ret)
		return ret;
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	synth_mmap2(&sb, 4400, BASE, 0x100000, "/nonexistent/garbled");
	for (int round = 0; round < 3; round++)
		for (size_t i = 0; i < sizeof(lengths) / sizeof(lengths[0]); i++)
			chain_sample(&sb, t += 250000, chains[i], lengths[i]);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
