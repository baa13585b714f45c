// SPDX-License-Identifier: GPL-2.0
/*
 * The names of a perf.data's events: EVENT_DESC's where the file has them,
 * else the attr's name as perf 6.1's evsel__name() makes it (its hardware,
 * software and cache names, "raw 0x..", "mem:0x..:rw", and the modifiers
 * of evsel__add_modifiers(): k/u/h when any is excluded, the precision,
 * H/G when they differ from perf's default); GROUP_DESC's groups where
 * they fit the events, every event its own leader otherwise.
 */
#include <linux/hw_breakpoint.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/data/header-features.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/data/writer.h"

/* exclude_ bits: kernel, user, hv, host, guest */
enum { XK = 1, XU = 2, XH = 4, XHOST = 8, XGUEST = 16 };

static const struct name_case {
	uint32_t type;
	uint64_t config;
	int exclude;
	int precise;
	const char *name;
} cases[] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, XGUEST, 0, "cycles" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, 0, "cycles:HG" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, XK | XH | XGUEST, 0, "instructions:uH" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, XK | XH, 0, "instructions:u" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, XU | XH, 0, "instructions:k" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, XH, 0, "cycles:ku" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, XGUEST, 3, "cycles:pppH" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, 0, 1, "cycles:p" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, XK | XH, 2, "cycles:upp" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, XHOST, 0, "cycles:G" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES, XHOST | XGUEST, 0, "cycles" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES, XGUEST, 0, "branch-misses" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_REF_CPU_CYCLES, XGUEST, 0, "ref-cycles" },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_STALLED_CYCLES_FRONTEND, XGUEST, 0,
	  "stalled-cycles-frontend" },
	{ PERF_TYPE_HARDWARE, 10, XGUEST, 0, "unknown-hardware" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_CLOCK, XGUEST, 0, "cpu-clock" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK, XK | XH | XGUEST, 0, "task-clock:uH" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES, XGUEST, 0, "context-switches" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS_MAJ, XGUEST, 0, "major-faults" },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_DUMMY, 0, 0, "dummy:HG" },
	{ PERF_TYPE_SOFTWARE, 99, XGUEST, 0, "unknown-software" },
	{ PERF_TYPE_HW_CACHE, 0x0, XGUEST, 0, "L1-dcache-loads" },
	{ PERF_TYPE_HW_CACHE, 0x10000, XGUEST, 0, "L1-dcache-load-misses" },
	{ PERF_TYPE_HW_CACHE, 0x10102, XGUEST, 0, "LLC-store-misses" },
	{ PERF_TYPE_HW_CACHE, 0x00203, XGUEST, 0, "dTLB-prefetches" },
	{ PERF_TYPE_HW_CACHE, 0x10004, XK | XH | XGUEST, 0, "iTLB-load-misses:uH" },
	{ PERF_TYPE_HW_CACHE, 0x10005, XGUEST, 0, "branch-load-misses" },
	{ PERF_TYPE_HW_CACHE, 0x00006, XGUEST, 0, "node-loads" },
	{ PERF_TYPE_HW_CACHE, 0x7, XGUEST, 0, "unknown-ext-hardware-cache-type" },
	{ PERF_TYPE_RAW, 0x1a8, XGUEST, 0, "raw 0x1a8" },
	{ PERF_TYPE_RAW, 0x5300c0, XK | XH | XGUEST, 0, "raw 0x5300c0:uH" },
	{ PERF_TYPE_RAW, 0, XGUEST, 0, "raw 0x0" },
	{ 42, 1, 0, 0, "unknown attr type: 42" },
};

static void test_evsel_name__from_the_attr(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct name_case *c = &cases[i];
		struct perf_event_attr a = {
			.type = c->type, .config = c->config, .precise_ip = c->precise,
			.exclude_kernel = !!(c->exclude & XK), .exclude_user = !!(c->exclude & XU),
			.exclude_hv = !!(c->exclude & XH), .exclude_host = !!(c->exclude & XHOST),
			.exclude_guest = !!(c->exclude & XGUEST),
		};
		char *name = perf_data__attr_name(&a);

		print_message("%s\n", name);
		assert_string_equal(name, c->name);
		free(name);
	}
}

/* perf's evsel__bp_name(): the address, a colon, then r, w, x as asked. */
static void test_evsel_name__breakpoints(void **state)
{
	static const struct {
		uint64_t addr;
		uint32_t bp_type;
		int exclude;
		const char *name;
	} bps[] = {
		{ 0x1000, HW_BREAKPOINT_R | HW_BREAKPOINT_W, XGUEST, "mem:0x1000:rw" },
		{ 0x401000, HW_BREAKPOINT_X, XGUEST, "mem:0x401000:x" },
		{ 0x7ffc0010, HW_BREAKPOINT_W, XK | XH | XGUEST, "mem:0x7ffc0010:w:uH" },
		{ 0, HW_BREAKPOINT_RW | HW_BREAKPOINT_X, XGUEST, "mem:0x0:rwx" },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(bps) / sizeof(bps[0]); i++) {
		struct perf_event_attr a = {
			.type = PERF_TYPE_BREAKPOINT, .bp_addr = bps[i].addr,
			.bp_type = bps[i].bp_type, .exclude_kernel = !!(bps[i].exclude & XK),
			.exclude_hv = !!(bps[i].exclude & XH),
			.exclude_guest = !!(bps[i].exclude & XGUEST),
		};
		char *name = perf_data__attr_name(&a);

		assert_string_equal(name, bps[i].name);
		free(name);
	}
}

/* A file of four events (cycles, instructions:u, cache-misses, dummy),
 * with the given EVENT_DESC names (NULL: none) and GROUP_DESC groups. */
struct group {
	const char *name;
	uint32_t leader, nr;
};

static void event_desc(struct strbuf *sb, const struct perf_event_attr *attrs,
		       const char *const *names, uint32_t nr)
{
	uint32_t attr_size = sizeof(*attrs), zero = 0;

	strbuf_add(sb, &nr, 4);
	strbuf_add(sb, &attr_size, 4);
	for (uint32_t i = 0; i < nr; i++) {
		strbuf_add(sb, &attrs[i], sizeof(attrs[i]));
		strbuf_add(sb, &zero, 4);	/* no ids */
		pd_features__put_string(sb, names[i]);
	}
}

static void group_desc(struct strbuf *sb, const struct group *g, uint32_t nr)
{
	strbuf_add(sb, &nr, 4);
	for (uint32_t i = 0; i < nr; i++) {
		pd_features__put_string(sb, g[i].name);
		strbuf_add(sb, &g[i].leader, 4);
		strbuf_add(sb, &g[i].nr, 4);
	}
}

static void open_file(struct perf_data *pd, const char *const *names, uint32_t nr_names,
		      const struct group *groups, uint32_t nr_groups)
{
	static const uint64_t configs[] = { PERF_COUNT_HW_CPU_CYCLES, PERF_COUNT_HW_INSTRUCTIONS,
					    PERF_COUNT_HW_CACHE_MISSES, PERF_COUNT_SW_DUMMY };
	struct perf_event_attr attrs[4];
	uint64_t ids[4] = { 1, 2, 3, 4 };
	struct pm_event_header round = { PERF_RECORD_FINISHED_ROUND, 0, sizeof(round) };
	struct pd_write_event ev[4];
	struct pd_write_feature feat[2] = { { HEADER_EVENT_DESC, STRBUF_INIT },
					    { HEADER_GROUP_DESC, STRBUF_INIT } };
	struct perf_data_writer w;
	struct strbuf err = STRBUF_INIT;
	char path[] = "/tmp/pm-names.XXXXXX";
	int nr_feat = 0;

	close(mkstemp(path));
	for (int i = 0; i < 4; i++) {
		attrs[i] = (struct perf_event_attr){
			.type = i == 3 ? PERF_TYPE_SOFTWARE : PERF_TYPE_HARDWARE,
			.size = sizeof(attrs[i]), .config = configs[i], .exclude_guest = 1,
			.exclude_kernel = i == 1, .exclude_hv = i == 1,
		};
		ev[i] = (struct pd_write_event){ &attrs[i], &ids[i], 1, NULL };
	}
	if (names)
		event_desc(&feat[nr_feat++].payload, attrs, names, nr_names);
	if (groups) {
		feat[nr_feat].id = HEADER_GROUP_DESC;
		group_desc(&feat[nr_feat++].payload, groups, nr_groups);
	}
	assert_int_equal(perf_data_writer__open(&w, path, ev, 4, NULL, 0, &err), 0);
	/* some data: a file with none is an unfinished one, its features unread */
	perf_data_writer__write(&w, &round, sizeof(round));
	assert_int_equal(perf_data_writer__finish(&w, ev, 4, feat, nr_feat, &err), 0);
	assert_int_equal(perf_data__open(pd, path, &err), 0);
	assert_int_equal(pd->nr_evsels, 4);
	unlink(path);
	strbuf_release(&feat[0].payload);
	strbuf_release(&feat[1].payload);
	strbuf_release(&err);
}

static const struct file_case {
	const char *what;
	const char *names[4];
	uint32_t nr_names;	/* EVENT_DESC's entries; 0 with names[0] NULL: none */
	struct group groups[2];
	uint32_t nr_groups;	/* GROUP_DESC's; 0 with groups[0].name NULL: none */
	const char *want;	/* "name leader/members group-name" per event */
} files[] = {
	{ "no EVENT_DESC: names from the attrs", { NULL }, 0, { { NULL } }, 0,
	  "cycles 0/0 -|instructions:uH 1/0 -|cache-misses 2/0 -|dummy 3/0 -" },
	{ "EVENT_DESC's names, whatever the attrs say",
	  { "cpu_core/cycles/", "insn", "L3-misses", "sideband" }, 4, { { NULL } }, 0,
	  "cpu_core/cycles/ 0/0 -|insn 1/0 -|L3-misses 2/0 -|sideband 3/0 -" },
	{ "EVENT_DESC shorter than the events: the rest from the attrs",
	  { "first", "second" }, 2, { { NULL } }, 0,
	  "first 0/0 -|second 1/0 -|cache-misses 2/0 -|dummy 3/0 -" },
	{ "an anonymous group and a named one", { NULL }, 0,
	  { { "{anon_group}", 0, 2 }, { "mygrp", 2, 2 } }, 2,
	  "cycles 0/2 -|instructions:uH 0/0 -|cache-misses 2/2 mygrp|dummy 2/0 -" },
	{ "a group past the last event: ignored", { NULL }, 0,
	  { { "big", 2, 3 }, { "{anon_group}", 0, 2 } }, 2,
	  "cycles 0/2 -|instructions:uH 0/0 -|cache-misses 2/0 -|dummy 3/0 -" },
	{ "a group led by no event: ignored", { NULL }, 0, { { "far", 9, 1 } }, 1,
	  "cycles 0/0 -|instructions:uH 1/0 -|cache-misses 2/0 -|dummy 3/0 -" },
};

static void test_evsel_name__from_the_file(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		const struct file_case *c = &files[i];
		struct strbuf got = STRBUF_INIT;
		struct perf_data pd;

		print_message("names: %s\n", c->what);
		open_file(&pd, c->names[0] ? c->names : NULL, c->nr_names,
			  c->groups[0].name ? c->groups : NULL, c->nr_groups);
		for (size_t k = 0; k < pd.nr_evsels; k++) {
			const struct pd_evsel *e = pd.evsels[k];

			strbuf_addf(&got, "%s%s %d/%d %s", k ? "|" : "", e->name, e->leader_idx,
				    e->nr_members, e->group_name ?: "-");
		}
		assert_string_equal(got.buf, c->want);
		strbuf_release(&got);
		perf_data__close(&pd);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_evsel_name__from_the_attr),
		cmocka_unit_test(test_evsel_name__breakpoints),
		cmocka_unit_test(test_evsel_name__from_the_file),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
