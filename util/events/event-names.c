// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <string.h>

#include "event-names.h"
#include "../base/util.h"

#define HW(c, ...) { .names = { __VA_ARGS__ }, .type = PERF_TYPE_HARDWARE, .config = (c) }
#define SW(c, ...) { .names = { __VA_ARGS__ }, .type = PERF_TYPE_SOFTWARE, .config = (c) }
#define SW_CLOCK(c, n) { .names = { n }, .type = PERF_TYPE_SOFTWARE, .config = (c), \
			 .unit = "msec", .scale = 1e-6 }

const struct event_name event_names_hw[] = {
	HW(PERF_COUNT_HW_CPU_CYCLES, "cpu-cycles", "cycles"),
	HW(PERF_COUNT_HW_INSTRUCTIONS, "instructions"),
	HW(PERF_COUNT_HW_CACHE_REFERENCES, "cache-references"),
	HW(PERF_COUNT_HW_CACHE_MISSES, "cache-misses"),
	HW(PERF_COUNT_HW_BRANCH_INSTRUCTIONS, "branch-instructions", "branches"),
	HW(PERF_COUNT_HW_BRANCH_MISSES, "branch-misses"),
	HW(PERF_COUNT_HW_BUS_CYCLES, "bus-cycles"),
	HW(PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, "stalled-cycles-frontend", "idle-cycles-frontend"),
	HW(PERF_COUNT_HW_STALLED_CYCLES_BACKEND, "stalled-cycles-backend", "idle-cycles-backend"),
	HW(PERF_COUNT_HW_REF_CPU_CYCLES, "ref-cycles"),
};
const unsigned int event_names_nr_hw = ARRAY_SIZE(event_names_hw);

/* Sorted by name, as perf list prints them. */
const struct event_name event_names_sw[] = {
	SW(PERF_COUNT_SW_ALIGNMENT_FAULTS, "alignment-faults"),
	SW(PERF_COUNT_SW_BPF_OUTPUT, "bpf-output"),
	SW(PERF_COUNT_SW_CGROUP_SWITCHES, "cgroup-switches"),
	SW(PERF_COUNT_SW_CONTEXT_SWITCHES, "context-switches", "cs"),
	SW_CLOCK(PERF_COUNT_SW_CPU_CLOCK, "cpu-clock"),
	SW(PERF_COUNT_SW_CPU_MIGRATIONS, "cpu-migrations", "migrations"),
	SW(PERF_COUNT_SW_DUMMY, "dummy"),
	SW(PERF_COUNT_SW_EMULATION_FAULTS, "emulation-faults"),
	SW(PERF_COUNT_SW_PAGE_FAULTS_MAJ, "major-faults"),
	SW(PERF_COUNT_SW_PAGE_FAULTS_MIN, "minor-faults"),
	SW(PERF_COUNT_SW_PAGE_FAULTS, "page-faults", "faults"),
	SW_CLOCK(PERF_COUNT_SW_TASK_CLOCK, "task-clock"),
};
const unsigned int event_names_nr_sw = ARRAY_SIZE(event_names_sw);

#define TOOL(t, n) { .names = { n }, .type = PERF_TYPE_SOFTWARE, .config = PERF_COUNT_SW_DUMMY, \
		     .unit = "ns", .tool = (t) }

const struct event_name event_names_tool[] = {
	TOOL(TOOL_DURATION_TIME, "duration_time"),
	TOOL(TOOL_USER_TIME, "user_time"),
	TOOL(TOOL_SYSTEM_TIME, "system_time"),
};
const unsigned int event_names_nr_tool = ARRAY_SIZE(event_names_tool);

static const struct event_name *find_in(const struct event_name *tab, unsigned int nr,
					const char *name, size_t len)
{
	for (unsigned int i = 0; i < nr; i++)
		for (int a = 0; a < EVENT_NAMES_MAX_ALIASES && tab[i].names[a]; a++)
			if (strlen(tab[i].names[a]) == len && !strncmp(tab[i].names[a], name, len))
				return &tab[i];
	return NULL;
}

const struct event_name *event_names_find(const char *name, size_t len)
{
	const struct event_name *e = find_in(event_names_hw, event_names_nr_hw, name, len);

	if (!e)
		e = find_in(event_names_sw, event_names_nr_sw, name, len);
	return e ? e : find_in(event_names_tool, event_names_nr_tool, name, len);
}

const char *event_names_generic(uint32_t type, uint64_t config)
{
	const struct event_name *tab = type == PERF_TYPE_HARDWARE ? event_names_hw : event_names_sw;
	unsigned int nr = type == PERF_TYPE_HARDWARE ? event_names_nr_hw : event_names_nr_sw;

	if (type != PERF_TYPE_HARDWARE && type != PERF_TYPE_SOFTWARE)
		return NULL;
	for (unsigned int i = 0; i < nr; i++)
		if (tab[i].config == config)
			return tab[i].names[0];
	return NULL;
}

/* Perf's spellings of PERF_COUNT_HW_CACHE_{id,op,result}; canonical first. */
static const char *const cache_names[][5] = {
	{ "L1-dcache", "l1-d", "l1d", "L1-data" },
	{ "L1-icache", "l1-i", "l1i", "L1-instruction" },
	{ "LLC", "L2" },
	{ "dTLB", "d-tlb", "Data-TLB" },
	{ "iTLB", "i-tlb", "Instruction-TLB" },
	{ "branch", "branches", "bpu", "btb", "bpc" },
	{ "node" },
};

static const char *const cache_op_names[][5] = {
	{ "load", "loads", "read" },
	{ "store", "stores", "write" },
	{ "prefetch", "prefetches", "speculative-read", "speculative-load" },
};

static const char *const cache_result_names[][5] = {
	{ "refs", "Reference", "ops", "access" },
	{ "misses", "miss" },
};

#define OPS(l, s, p) ((l) << 0 | (s) << 1 | (p) << 2)
/* Which ops each cache supports, as the kernel's generic tables define. */
static const unsigned char cache_ops_valid[] = {
	OPS(1, 1, 1), OPS(1, 0, 1), OPS(1, 1, 1), OPS(1, 1, 1), OPS(1, 0, 0), OPS(1, 0, 0),
	OPS(1, 1, 1),
};

static int match_word(const char *const words[5], const char *s, size_t len)
{
	for (int i = 0; i < 5 && words[i]; i++)
		if (strlen(words[i]) == len && !strncasecmp(words[i], s, len))
			return 1;
	return 0;
}

/* Match the longest table entry at the start of @s ("L1-dcache" has a dash). */
static int match_prefix(const char *const (*tab)[5], int nr, const char *s, size_t len,
			size_t *used)
{
	int best = -1;

	*used = 0;
	for (int i = 0; i < nr; i++) {
		for (int w = 0; w < 5 && tab[i][w]; w++) {
			size_t wl = strlen(tab[i][w]);

			if (wl <= len && wl > *used && !strncasecmp(tab[i][w], s, wl) &&
			    (wl == len || s[wl] == '-')) {
				best = i;
				*used = wl;
			}
		}
	}
	return best;
}

static int find_word(const char *const (*tab)[5], int nr, const char *s, size_t len)
{
	for (int i = 0; i < nr; i++)
		if (match_word(tab[i], s, len))
			return i;
	return -1;
}

int event_names_parse_cache(const char *name, size_t len, uint64_t *config)
{
	int id, op = -1, res = -1, w;
	size_t used;
	const char *p;

	id = match_prefix(cache_names, ARRAY_SIZE(cache_names), name, len, &used);
	if (id < 0 || used == len)
		return -ENOENT;
	for (p = name + used; p < name + len && *p == '-';) {
		size_t wl = strcspn(p + 1, "-");

		if (p + 1 + wl > name + len)
			wl = (size_t)(name + len - p - 1);
		if (op < 0 && (w = find_word(cache_op_names, 3, p + 1, wl)) >= 0)
			op = w;
		else if (res < 0 && (w = find_word(cache_result_names, 2, p + 1, wl)) >= 0)
			res = w;
		else
			return -ENOENT;
		p += 1 + wl;
	}
	if (op < 0)
		op = 0;
	if (res < 0)
		res = 0;
	if (!(cache_ops_valid[id] & (1 << op)))
		return -EINVAL;
	*config = (uint64_t)id | (uint64_t)op << 8 | (uint64_t)res << 16;
	return 0;
}

void event_names_for_each_cache(event_names_cache_cb *cb, void *data)
{
	char buf[64];

	for (size_t id = 0; id < ARRAY_SIZE(cache_names); id++) {
		for (int op = 0; op < 3; op++) {
			if (!(cache_ops_valid[id] & (1 << op)))
				continue;
			snprintf(buf, sizeof(buf), "%s-%s", cache_names[id][0], cache_op_names[op][1]);
			cb(buf, data);
			snprintf(buf, sizeof(buf), "%s-%s-%s", cache_names[id][0],
				 cache_op_names[op][0], cache_result_names[1][0]);
			cb(buf, data);
		}
	}
}
