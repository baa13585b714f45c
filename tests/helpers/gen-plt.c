// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data that maps FILE (a program on this machine) whole at
 * one address and samples every STEP bytes of its file offsets FROM to
 * TO once: the test names FROM and TO around the PLT, where perf's
 * answer depends on how its symbol tree lies (a size-less _init is
 * stretched over the stubs before they are added). HOT:COUNT samples
 * offset HOT COUNT times more (annotate's shares: one address heavy, the
 * others under half a percent), each of period PERIOD when given (its
 * share of the period then differs from its share of the hits).
 *
 * Usage: test-tool gen-plt OUT FILE FROM TO STEP [HOT:COUNT[:PERIOD]] (offsets in hex)
 */
#include "test-tool.h"
#include <stdlib.h>

#include "synth-records.h"

#define BASE 0x555555554000ULL
#define PID 4242

int cmd__gen_plt(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, false);
	uint64_t id = 1, t = 1000000000ULL, from, to, step, hot = 0, hot_period = 250000;
	unsigned long count = 0;
	char *end = NULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;

	if (argc == 7) {
		hot = strtoull(argv[6], &end, 16);
		count = *end == ':' ? strtoul(end + 1, &end, 10) : 0;
		if (*end == ':')
			hot_period = strtoull(end + 1, &end, 10);
	}
	if (argc < 6 || argc > 7 || (argc == 7 && (*end || !count || !hot_period)) ||
	    (from = strtoull(argv[3], NULL, 16)) >= (to = strtoull(argv[4], NULL, 16)) ||
	    !(step = strtoull(argv[5], NULL, 16))) {
		fprintf(stderr, "usage: %s OUT FILE FROM TO STEP [HOT:COUNT[:PERIOD]] (hex offsets, "
			"FROM < TO, STEP > 0)\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	strbuf_release(&err);
	synth_comm(&sb, PID, "plt", t, false);
	synth_mmap2_path(&sb, PID, BASE, (to + 0xfff) & ~0xfffULL, argv[2]);
	for (uint64_t off = from; off < to; off += step)
		synth_sample(&sb, PERF_RECORD_MISC_USER, PID, BASE + off, t += 250000, 250000);
	while (count--)
		synth_sample(&sb, PERF_RECORD_MISC_USER, PID, BASE + hot, t += 250000, hot_period);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
