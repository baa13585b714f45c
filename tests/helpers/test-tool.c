// SPDX-License-Identifier: GPL-2.0
/*
 * The test helpers behind one binary, $(B)/test-tool: each writes a
 * perf.data the tests need and no PMU here records (tests/README).
 *
 * Usage: test-tool NAME ARGS...
 */
#include <stdio.h>
#include <string.h>

#include "test-tool.h"

static const struct {
	const char *name;
	int (*fn)(int argc, const char **argv);
	const char *what;
} cmds[] = {
	{ "gen-bad-chain", cmd__gen_bad_chain, "chains holding garbage in the markers' range" },
	{ "gen-long-chain", cmd__gen_long_chain, "a 100-frame chain, one address twice far apart" },
	{ "gen-chain-remap", cmd__gen_chain_remap, "one chain across an exec, a COMM and a fork" },
	{ "gen-guest", cmd__gen_guest, "a KVM host's samples in every cpumode" },
	{ "gen-jit", cmd__gen_jit, "a JIT's samples, for /tmp/perf-PID.map" },
	{ "gen-kernel-mem", cmd__gen_kernel_mem, "memory samples of kernel data addresses" },
	{ "gen-late-comm", cmd__gen_late_comm, "samples before their thread's COMM" },
	{ "gen-lbr", cmd__gen_lbr, "branch stacks through a real binary's code" },
	{ "gen-mem-branch", cmd__gen_mem_branch, "the synthetic memory and branch fixture" },
	{ "gen-plt", cmd__gen_plt, "samples over a binary's offsets (its PLT)" },
	{ "gen-unresolved", cmd__gen_unresolved, "JIT symbols and unresolved addresses, shuffled" },
	{ "gen-vdso", cmd__gen_vdso, "samples in another machine's vDSO" },
	{ "swap-perf-data", cmd__swap_perf_data, "a perf.data's big-endian image" },
};

static int usage(void)
{
	fprintf(stderr, "usage: test-tool NAME ARGS...\n\n");
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		fprintf(stderr, "  %-16s %s\n", cmds[i].name, cmds[i].what);
	return 129;
}

int main(int argc, const char **argv)
{
	if (argc < 2)
		return usage();
	for (size_t i = 0; i < sizeof(cmds) / sizeof(cmds[0]); i++)
		if (!strcmp(argv[1], cmds[i].name))
			return cmds[i].fn(argc - 1, argv + 1);
	fprintf(stderr, "test-tool: '%s' is not a helper\n", argv[1]);
	return usage();
}
