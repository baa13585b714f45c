// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of a host running a KVM guest: samples in each cpumode
 * (host user and kernel, guest kernel and user, hypervisor). perf report
 * without --guest counts the guest's in the total but shows no entry for
 * them; the hypervisor's show as [H] addresses.
 *
 * Usage: gen-guest OUT
 */
#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define EXE_BASE 0x555555554000ULL

static void sample(struct strbuf *sb, uint16_t cpumode, uint32_t pid, uint64_t ip, uint64_t t)
{
	uint64_t body[4] = { ip, (uint64_t)pid << 32 | pid, t, 250000 };

	synth_record(sb, PERF_RECORD_SAMPLE, cpumode, body, sizeof(body));
}

int main(int argc, const char **argv)
{
	struct perf_event_attr attr = {
		.type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_CPU_CLOCK,
		.size = sizeof(attr), .sample_period = 250000,
		.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
			       PERF_SAMPLE_PERIOD,
		.mmap = 1, .comm = 1, .task = 1, .mmap2 = 1,
	};
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
	struct perf_data_writer w;
	struct { uint32_t pid, tid; char comm[16]; } c = { 4242, 4242, "qemu-kvm" };

	if (argc != 2) {
		fprintf(stderr, "usage: %s OUT\n", argv[0]);
		return 129;
	}
	if (perf_data_writer__open(&w, argv[1], &ev, 1, NULL, 0, &err)) {
		fprintf(stderr, "%s\n", err.buf);
		return 1;
	}
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	synth_mmap2(&sb, 4242, EXE_BASE, 0x100000, "/nonexistent/qemu-kvm");
	sample(&sb, PERF_RECORD_MISC_USER, 4242, EXE_BASE + 0x1000, t += 250000);
	sample(&sb, PERF_RECORD_MISC_USER, 4242, EXE_BASE + 0x1000, t += 250000);
	sample(&sb, PERF_RECORD_MISC_KERNEL, 4242, 0xffffffff81000100ULL, t += 250000);
	sample(&sb, PERF_RECORD_MISC_GUEST_KERNEL, 4242, 0xffffffff81234560ULL, t += 250000);
	sample(&sb, PERF_RECORD_MISC_GUEST_KERNEL, 4242, 0xffffffff81234560ULL, t += 250000);
	sample(&sb, PERF_RECORD_MISC_GUEST_USER, 4242, 0x400123, t += 250000);
	sample(&sb, PERF_RECORD_MISC_HYPERVISOR, 4242, 0xfffffffffe001000ULL, t += 250000);
	strbuf_release(&err);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
