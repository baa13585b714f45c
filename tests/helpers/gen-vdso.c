// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data recorded on "another machine": samples in a [vdso]
 * whose build-id (BUILD_ID, hex) is not this machine's, at byte OFFSET
 * (hex) of it, for the tests that report it from the build-id cache
 * (what an archive unpacks).
 *
 * Usage: test-tool gen-vdso OUT BUILD_ID OFFSET
 */
#include "test-tool.h"
#include <stdlib.h>
#include <string.h>

#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define PID 4545
#define VDSO_BASE 0x7ffff7fc1000ULL

int cmd__gen_vdso(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, false);
	uint64_t id = 1, t = 1000000000ULL, off;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct build_id_entry bid = { .filename = "[vdso]" };
	struct { uint32_t pid, tid; char comm[16]; } c = { PID, PID, "vdso-user" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_data_writer w;
	const char *hex = argc == 4 ? argv[2] : "";
	int ret;

	for (; hex[0] && hex[1] && bid.size < sizeof(bid.id); hex += 2) {
		char byte[3] = { hex[0], hex[1], 0 };

		bid.id[bid.size++] = (uint8_t)strtoul(byte, NULL, 16);
	}
	if (argc != 4 || *hex || !bid.size) {
		fprintf(stderr, "usage: %s OUT BUILD_ID OFFSET (hex)\n", argv[0]);
		return 129;
	}
	off = strtoull(argv[3], NULL, 16);
	ret = synth_open(&w, 2, argv, &ev);
	if (ret)
		return ret;
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	synth_mmap2_prot(&sb, PID, VDSO_BASE, 0x2000, "[vdso]", 5);
	for (int i = 0; i < 4; i++)
		synth_sample(&sb, PERF_RECORD_MISC_USER, PID, VDSO_BASE + off, t += 250000, 250000);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, &bid, 1);
}
