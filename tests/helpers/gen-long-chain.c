// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of one callchain sample whose chain is long: 100
 * frames at addresses no map holds, one of them twice, far apart (a JIT's
 * code reached again). --children counts a function once per sample, as
 * perf does, however far apart its frames are.
 *
 * Usage: test-tool gen-long-chain OUT
 */
#include "test-tool.h"

#include "synth-records.h"

#define NR_FRAMES 100
#define REPEATED 0x113d1a50ULL

int cmd__gen_long_chain(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, false);
	uint64_t id = 1, body[5 + 1 + NR_FRAMES];
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_data_writer w;
	struct { uint32_t pid, tid; char comm[16]; } c = { 4500, 4500, "jitted" };
	int ret;

	attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
	ret = synth_open(&w, argc, argv, &ev);
	if (ret)
		return ret;
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	body[5] = (uint64_t)-512;	/* PERF_CONTEXT_USER */
	for (int i = 0; i < NR_FRAMES; i++)
		body[6 + i] = 0x11000000ULL + 0x1000ULL * (uint64_t)i;
	body[6 + 2] = body[6 + 20] = REPEATED;	/* past the 64th distinct frame from main() */
	body[0] = body[6];
	body[1] = (uint64_t)4500 << 32 | 4500;
	body[2] = 1000000000ULL;
	body[3] = 250000;
	body[4] = 1 + NR_FRAMES;
	synth_record(&sb, PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, body, sizeof(body));
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
