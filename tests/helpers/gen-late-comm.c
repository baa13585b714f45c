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
 * Usage: test-tool gen-late-comm OUT
 */
#include "test-tool.h"
#include <string.h>

#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define EXE_BASE 0x555555554000ULL

int cmd__gen_late_comm(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, true);
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_data_writer w;
	int ret = synth_open(&w, argc, argv, &ev);

	if (ret)
		return ret;
	synth_comm(&sb, 4243, "early", t + 1000, false);
	for (uint32_t pid = 4242; pid <= 4244; pid++)
		synth_mmap2(&sb, pid, EXE_BASE, 0x100000, "/nonexistent/app");
	t += 1000;
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4242, EXE_BASE + 0x1000, t += 250000, 250000);
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4242, EXE_BASE + 0x1000, t += 250000, 250000);
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4243, EXE_BASE + 0x2000, t += 250000, 250000);
	synth_comm(&sb, 4244, "first", t += 1000, false);
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4244, EXE_BASE + 0x3000, t += 250000, 250000);
	synth_comm(&sb, 4242, "late", t += 1000, false);
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4242, EXE_BASE + 0x1000, t += 250000, 250000);
	synth_comm(&sb, 4244, "second", t += 1000, true);
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4244, EXE_BASE + 0x3000, t += 250000, 250000);
	synth_sample(&sb, PERF_RECORD_MISC_USER, 4244, EXE_BASE + 0x3000, t += 250000, 250000);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
