// SPDX-License-Identifier: GPL-2.0
/*
 * The header features, one entry each (see feature-ops.h). The functions
 * live with their concern: pd_feat_read_* in header-features.c,
 * pd_feat_print_* in header-print.c, pd_feat_swap_* in swap.c.
 */
#include "feature-ops.h"
#include "header-features.h"
#include "internal.h"

#define STRING_FEATURE(id, field, text)						\
	[HEADER_##id] = { .name = #id, .read = pd_feat_read_string,		\
			  .print = pd_feat_print_string, .swap = pd_feat_swap_string, \
			  .str_field = offsetof(struct pd_features, field), .label = text }

#define FULL_ONLY_FEATURE(id, swapper)						\
	[HEADER_##id] = { .name = #id, .read = pd_feat_read_raw,		\
			  .print = pd_feat_print_full_only, .swap = swapper,	\
			  .full_only = true }

#define FEATURE(id, reader, printer, swapper)					\
	[HEADER_##id] = { .name = #id, .read = reader, .print = printer, .swap = swapper }

/* Features whose presence is all there is to say: print's one line. */
#define FLAG_FEATURE(id, text, quiet_in_pipe)					\
	[HEADER_##id] = { .name = #id, .print = pd_feat_print_label,		\
			  .swap = pd_feat_swap_none, .label = text,		\
			  .no_process = quiet_in_pipe }

const struct pd_feature_ops pd_feature_ops[HEADER_LAST_FEATURE] = {
	/* perf prints neither TRACING_DATA nor BUILD_ID (no print op) */
	FEATURE(TRACING_DATA, pd_feat_read_tracing_data, NULL, pd_feat_swap_none),
	FEATURE(BUILD_ID, pd_feat_read_build_id, NULL, pd_feat_swap_build_id),
	STRING_FEATURE(HOSTNAME, hostname, "hostname"),
	STRING_FEATURE(OSRELEASE, osrelease, "os release"),
	STRING_FEATURE(VERSION, version, "perf version"),
	STRING_FEATURE(ARCH, arch, "arch"),
	FEATURE(NRCPUS, pd_feat_read_nrcpus, pd_feat_print_nrcpus, pd_feat_swap_nrcpus),
	STRING_FEATURE(CPUDESC, cpudesc, "cpudesc"),
	STRING_FEATURE(CPUID, cpuid, "cpuid"),
	FEATURE(TOTAL_MEM, pd_feat_read_total_mem, pd_feat_print_total_mem, pd_feat_swap_u64),
	FEATURE(CMDLINE, pd_feat_read_cmdline, pd_feat_print_cmdline, pd_feat_swap_cmdline),
	FEATURE(EVENT_DESC, pd_feat_read_event_desc, pd_feat_print_event_desc,
		pd_feat_swap_event_desc),
	FULL_ONLY_FEATURE(CPU_TOPOLOGY, pd_feat_swap_cpu_topology),
	FULL_ONLY_FEATURE(NUMA_TOPOLOGY, pd_feat_swap_numa_topology),
	/* no process op in perf: a stream's BRANCH_STACK and STAT print nothing */
	FLAG_FEATURE(BRANCH_STACK, "contains samples with branch stack", true),
	FEATURE(PMU_MAPPINGS, pd_feat_read_pmu_mappings, pd_feat_print_pmu_mappings,
		pd_feat_swap_pmu_mappings),
	FEATURE(GROUP_DESC, pd_feat_read_group_desc, pd_feat_print_group_desc,
		pd_feat_swap_group_desc),
	[HEADER_AUXTRACE] = { .name = "AUXTRACE", .print = pd_feat_print_label,
			      .swap = pd_feat_swap_auxtrace,
			      .label = "contains AUX area data (e.g. instruction trace)" },
	FLAG_FEATURE(STAT, "contains stat data", true),
	FULL_ONLY_FEATURE(CACHE, pd_feat_swap_cache),
	FEATURE(SAMPLE_TIME, pd_feat_read_sample_time, pd_feat_print_sample_time,
		pd_feat_swap_sample_time),
	FULL_ONLY_FEATURE(MEM_TOPOLOGY, pd_feat_swap_mem_topology),
	FEATURE(CLOCKID, pd_feat_read_clockid, pd_feat_print_clockid, pd_feat_swap_u64),
	FEATURE(DIR_FORMAT, NULL, NULL, pd_feat_swap_u64),
	FEATURE(BPF_PROG_INFO, NULL, NULL, pd_feat_swap_bpf_prog_info),
	FEATURE(BPF_BTF, NULL, NULL, pd_feat_swap_bpf_btf),
	FEATURE(COMPRESSED, pd_feat_read_compressed, pd_feat_print_compressed,
		pd_feat_swap_compressed),
	FEATURE(CPU_PMU_CAPS, pd_feat_read_cpu_pmu_caps, pd_feat_print_cpu_pmu_caps,
		pd_feat_swap_string_pairs),
	FEATURE(CLOCK_DATA, pd_feat_read_clock_data, pd_feat_print_clock_data,
		pd_feat_swap_clock_data),
	FULL_ONLY_FEATURE(HYBRID_TOPOLOGY, pd_feat_swap_string_pairs),
	FEATURE(PMU_CAPS, pd_feat_read_pmu_caps, pd_feat_print_pmu_caps, pd_feat_swap_pmu_caps),
};

const struct pd_feature_ops *pd_feature__ops(int feat)
{
	if (feat <= HEADER_RESERVED || feat >= HEADER_LAST_FEATURE)
		return NULL;
	return &pd_feature_ops[feat];
}
