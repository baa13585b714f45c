// SPDX-License-Identifier: GPL-2.0
/*
 * Write a perf.data of a host running a KVM guest: samples in each cpumode
 * (host user and kernel, guest kernel and user, hypervisor). perf report
 * without --guest counts the guest's in the total but shows no entry for
 * them; the hypervisor's show as [H] addresses.
 *
 * Usage: test-tool gen-guest OUT
 */
#include "test-tool.h"
#include "../../util/data/writer.h"
#include "../../util/record/host-features.h"
#include "synth-records.h"

#define EXE_BASE 0x555555554000ULL

int cmd__gen_guest(int argc, const char **argv)
{
	struct perf_event_attr attr = synth_cpu_clock_attr(250000, false);
	uint64_t id = 1, t = 1000000000ULL;
	struct pd_write_event ev = { &attr, &id, 1, "cpu-clock" };
	struct strbuf sb = STRBUF_INIT;
	struct perf_data_writer w;
	struct { uint32_t pid, tid; char comm[16]; } c = { 4242, 4242, "qemu-kvm" };
	static const struct { uint16_t cpumode; uint64_t ip; } samples[] = {
		{ PERF_RECORD_MISC_USER, EXE_BASE + 0x1000 },
		{ PERF_RECORD_MISC_USER, EXE_BASE + 0x1000 },
		{ PERF_RECORD_MISC_KERNEL, 0xffffffff81000100ULL },
		{ PERF_RECORD_MISC_GUEST_KERNEL, 0xffffffff81234560ULL },
		{ PERF_RECORD_MISC_GUEST_KERNEL, 0xffffffff81234560ULL },
		{ PERF_RECORD_MISC_GUEST_USER, 0x400123 },
		{ PERF_RECORD_MISC_HYPERVISOR, 0xfffffffffe001000ULL },
	};
	int ret = synth_open(&w, argc, argv, &ev);

	if (ret)
		return ret;
	synth_record(&sb, PERF_RECORD_COMM, 0, &c, sizeof(c));
	synth_mmap2(&sb, 4242, EXE_BASE, 0x100000, "/nonexistent/qemu-kvm");
	for (size_t i = 0; i < sizeof(samples) / sizeof(samples[0]); i++)
		synth_sample(&sb, samples[i].cpumode, 4242, samples[i].ip, t += 250000, 250000);
	return synth_finish(&w, &sb, argc, argv, &ev, 1, NULL, 0);
}
