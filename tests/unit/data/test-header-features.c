// SPDX-License-Identifier: GPL-2.0
/*
 * Header feature payloads in perf's layouts (tools/perf/util/header.c's
 * write_* functions): each one parsed into what report prints from it,
 * strings lenient as perf's (a length past the payload takes what is
 * there), counts that the payload cannot hold refused with the feature's
 * name. Every prefix of every good payload is parsed too: no read past
 * it, no leak, and either a result or that one error. Strings are written
 * as perf's do_write_string() writes them.
 */
#include <errno.h>

#include "../unit-test.h"
#include "../../../util/data/header-features.h"

/* Payload fields: q u64, l u32, w u16, s a feature string, b raw bytes. */
struct field {
	char kind;
	uint64_t v;
	const char *s;
};

#define Q(x) { 'q', (x), NULL }
#define L(x) { 'l', (x), NULL }
#define W(x) { 'w', (x), NULL }
#define S(x) { 's', 0, (x) }
#define B(n, x) { 'b', (n), (x) }

/* perf_event_attr of PERF_ATTR_SIZE_VER0 (64 bytes): type, size, config,
 * period, sample_type, read_format, flags (exclude_kernel), wakeup, bp_type,
 * config1 */
#define ATTR_VER0(type, config) L(type), L(64), Q(config), Q(4000), Q(0x107), Q(0), \
	Q(1 << 5), L(0), L(0), Q(0)

/* A build-id record: header (misc, size), pid, 24 bytes of id, a name. */
#define BUILD_ID(misc, size, pid, id, name) L(0), W(misc), W(size), L(pid), B(24, id), \
	B((size) - 36, name)

static const struct feature_case {
	const char *what;
	int feat;
	struct field f[32];
	const char *parsed;	/* describe()'s summary; NULL: -EINVAL */
} cases[] = {
	{ "HOSTNAME", HEADER_HOSTNAME, { S("localhost") }, "localhost" },
	{ "OSRELEASE", HEADER_OSRELEASE, { S("6.1.0-18-amd64") }, "6.1.0-18-amd64" },
	{ "VERSION, empty", HEADER_VERSION, { S("") }, "" },
	{ "ARCH, its length past the payload", HEADER_ARCH, { L(64), B(6, "x86_64") },
	  "x86_64" },
	{ "CPUDESC, no length", HEADER_CPUDESC, { W(1) }, NULL },
	{ "CPUID", HEADER_CPUID, { S("GenuineIntel,6,78,3") }, "GenuineIntel,6,78,3" },
	{ "NRCPUS", HEADER_NRCPUS, { L(8), L(4) }, "avail 8, online 4" },
	{ "NRCPUS, one count", HEADER_NRCPUS, { L(8) }, NULL },
	{ "TOTAL_MEM", HEADER_TOTAL_MEM, { Q(16299868) }, "16299868 kB" },
	{ "TOTAL_MEM, short", HEADER_TOTAL_MEM, { L(1) }, NULL },
	{ "CMDLINE", HEADER_CMDLINE, { L(3), S("perf"), S("record"), S("-a") },
	  "perf|record|-a" },
	{ "CMDLINE, no arguments", HEADER_CMDLINE, { L(0) }, "" },
	{ "CMDLINE, more than it holds", HEADER_CMDLINE, { L(1000), S("perf") }, NULL },
	{ "PMU_MAPPINGS", HEADER_PMU_MAPPINGS, { L(2), L(4), S("cpu"), L(1), S("software") },
	  "cpu = 4, software = 1" },
	{ "CPU_PMU_CAPS", HEADER_CPU_PMU_CAPS,
	  { L(2), S("branches"), S("32"), S("max_precise"), S("3") },
	  "branches=32, max_precise=3" },
	{ "CPU_PMU_CAPS, a name without its value", HEADER_CPU_PMU_CAPS,
	  { L(1), S("branches") }, NULL },
	{ "PMU_CAPS", HEADER_PMU_CAPS,
	  { L(2), L(1), S("branches"), S("32"), S("cpu_core"), L(0), S("cpu_atom") },
	  "cpu_core: branches=32; cpu_atom: " },
	{ "SAMPLE_TIME", HEADER_SAMPLE_TIME, { Q(1000000000), Q(1500000000) },
	  "1000000000 to 1500000000" },
	{ "EVENT_DESC", HEADER_EVENT_DESC,
	  { L(2), L(64), ATTR_VER0(0, 0), L(2), S("cycles:u"), Q(11), Q(12),
	    ATTR_VER0(1, 2), L(0), S("page-faults") },
	  "cycles:u type 0 config 0 ids 11 12; page-faults type 1 config 0x2 ids" },
	{ "EVENT_DESC, an attr of 8 bytes", HEADER_EVENT_DESC,
	  { L(1), L(8), Q(0), L(0), S("x") }, NULL },
	{ "EVENT_DESC, more ids than bytes", HEADER_EVENT_DESC,
	  { L(1), L(64), ATTR_VER0(0, 0), L(100), S("cycles"), Q(1) }, NULL },
	{ "GROUP_DESC", HEADER_GROUP_DESC,
	  { L(2), S("{anon_group}"), L(0), L(2), S("mygrp"), L(2), L(3) },
	  "{anon_group} 0+2; mygrp 2+3" },
	{ "GROUP_DESC, a group short of its members", HEADER_GROUP_DESC,
	  { L(1), S("{anon_group}"), L(0) }, NULL },
	{ "BUILD_ID, 20 and 16 bytes", HEADER_BUILD_ID,
	  { BUILD_ID(0, 48, -1, "\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0b\x0c\x0d\x0e\x0f"
				"\x10\x11\x12\x13\x14\0\0\0\0", "/bin/true\0\0\0"),
	    BUILD_ID(1 << 15, 48, 7, "\xaa\xbb\xcc\xdd\xee\xff\x00\x11\x22\x33\x44\x55\x66\x77"
				     "\x88\x99\0\0\0\0\x10\0\0\0", "[vdso]\0\0\0\0\0\0") },
	  "-1 0102030405060708090a0b0c0d0e0f1011121314 /bin/true; "
	  "7 aabbccddeeff00112233445566778899 [vdso]" },
	{ "BUILD_ID, a record smaller than its fields", HEADER_BUILD_ID,
	  { L(0), W(0), W(12), L(0) }, NULL },
	{ "BUILD_ID, a record past the payload", HEADER_BUILD_ID,
	  { L(0), W(0), W(200), L(0), B(24, "\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0") },
	  NULL },
	{ "COMPRESSED", HEADER_COMPRESSED, { L(0), L(1), L(3), L(10), L(65536) },
	  "type 1, level 3, ratio 10, mmap 65536" },
	{ "CLOCKID", HEADER_CLOCKID, { Q(1) }, "1 ns" },
	{ "CLOCKID, short", HEADER_CLOCKID, { L(1) }, NULL },
	{ "CLOCK_DATA", HEADER_CLOCK_DATA, { L(1), L(1), Q(1700000000123456789), Q(5000) },
	  "clock 1, tod 1700000000123456789, clock 5000" },
	{ "CLOCK_DATA, a version perf does not read", HEADER_CLOCK_DATA,
	  { L(2), L(1), Q(1), Q(2) }, "none" },
	{ "TRACING_DATA: kept where it is", HEADER_TRACING_DATA, { B(5, "abcde") },
	  "5 bytes" },
	{ "CPU_TOPOLOGY: kept for -I", HEADER_CPU_TOPOLOGY, { L(0), L(0) }, "8 bytes" },
	{ "BRANCH_STACK: the bit alone", HEADER_BRANCH_STACK, { { 0 } }, "present" },
	{ "a feature newer than perf-mini", 40, { Q(1) }, "present" },
};

static void put_fields(struct strbuf *sb, const struct field *f)
{
	for (; f->kind; f++) {
		switch (f->kind) {
		case 'q': strbuf_add(sb, &f->v, 8); break;
		case 'l': strbuf_add(sb, &f->v, 4); break;	/* the low bytes */
		case 'w': strbuf_add(sb, &f->v, 2); break;
		case 's': pd_features__put_string(sb, f->s); break;
		default: strbuf_add(sb, f->s, f->v); break;
		}
	}
}

static void describe_events(const struct pd_features *f, struct strbuf *sb)
{
	for (uint32_t i = 0; i < f->nr_events; i++) {
		const struct pd_event_desc *e = &f->events[i];

		strbuf_addf(sb, "%s%s type %u config %#llx ids", i ? "; " : "", e->name,
			    e->attr.type, (unsigned long long)e->attr.config);
		for (uint32_t k = 0; k < e->nr_ids; k++)
			strbuf_addf(sb, " %llu", (unsigned long long)e->ids[k]);
		assert_int_equal(e->attr.sample_type, 0x107);
		assert_true(e->attr.exclude_kernel);
		assert_int_equal(e->attr.size, 64);
	}
}

static void describe_more(const struct pd_features *f, int feat, const uint8_t *p,
			  struct strbuf *sb)
{
	switch (feat) {
	case HEADER_GROUP_DESC:
		for (uint32_t i = 0; i < f->nr_groups; i++)
			strbuf_addf(sb, "%s%s %u+%u", i ? "; " : "", f->groups[i].name,
				    f->groups[i].leader_idx, f->groups[i].nr_members);
		break;
	case HEADER_BUILD_ID:
		for (uint32_t i = 0; i < f->nr_build_ids; i++) {
			strbuf_addf(sb, "%s%d ", i ? "; " : "", f->build_ids[i].pid);
			for (int k = 0; k < f->build_ids[i].size; k++)
				strbuf_addf(sb, "%02x", f->build_ids[i].id[k]);
			strbuf_addf(sb, " %s", f->build_ids[i].filename);
		}
		break;
	case HEADER_COMPRESSED:
		strbuf_addf(sb, "type %u, level %u, ratio %u, mmap %u", f->comp_type,
			    f->comp_level, f->comp_ratio, f->comp_mmap_len);
		break;
	case HEADER_CLOCKID:
		strbuf_addf(sb, "%llu ns", (unsigned long long)f->clockid_res_ns);
		break;
	case HEADER_CLOCK_DATA:
		if (!f->has_clock_data)
			strbuf_addstr(sb, "none");
		else
			strbuf_addf(sb, "clock %u, tod %llu, clock %llu", f->clock_data_clockid,
				    (unsigned long long)f->clock_tod_ns,
				    (unsigned long long)f->clock_clockid_ns);
		break;
	case HEADER_TRACING_DATA:
		assert_ptr_equal(f->tracing_data, p);	/* not a copy */
		strbuf_addf(sb, "%llu bytes", (unsigned long long)f->tracing_data_size);
		break;
	case HEADER_CPU_TOPOLOGY:
		assert_ptr_not_equal(f->raw[feat], p);	/* a copy */
		assert_memory_equal(f->raw[feat], p, f->raw_size[feat]);
		strbuf_addf(sb, "%llu bytes", (unsigned long long)f->raw_size[feat]);
		break;
	default:
		strbuf_addstr(sb, "present");
		break;
	}
}

/* What @f holds from @feat, in a line to compare. */
static void describe(const struct pd_features *f, int feat, const uint8_t *p, struct strbuf *sb)
{
	const char *const strings[] = {
		[HEADER_HOSTNAME] = f->hostname, [HEADER_OSRELEASE] = f->osrelease,
		[HEADER_VERSION] = f->version, [HEADER_ARCH] = f->arch,
		[HEADER_CPUDESC] = f->cpudesc, [HEADER_CPUID] = f->cpuid,
	};

	if (feat >= HEADER_HOSTNAME && feat <= HEADER_CPUID && feat != HEADER_NRCPUS) {
		strbuf_addstr(sb, strings[feat]);
		return;
	}
	switch (feat) {
	case HEADER_NRCPUS:
		assert_true(f->has_nrcpus);
		strbuf_addf(sb, "avail %u, online %u", f->nr_cpus_avail, f->nr_cpus_online);
		break;
	case HEADER_TOTAL_MEM:
		strbuf_addf(sb, "%llu kB", (unsigned long long)f->total_mem);
		break;
	case HEADER_CMDLINE:
		for (uint32_t i = 0; i < f->nr_cmdline; i++)
			strbuf_addf(sb, "%s%s", i ? "|" : "", f->cmdline[i]);
		break;
	case HEADER_PMU_MAPPINGS:
		for (uint32_t i = 0; i < f->nr_pmus; i++)
			strbuf_addf(sb, "%s%s = %u", i ? ", " : "", f->pmus[i].name,
				    f->pmus[i].type);
		break;
	case HEADER_CPU_PMU_CAPS:
		for (uint32_t i = 0; i < f->nr_cpu_pmu_caps; i++)
			strbuf_addf(sb, "%s%s", i ? ", " : "", f->cpu_pmu_caps[i]);
		break;
	case HEADER_PMU_CAPS:
		for (uint32_t i = 0; i < f->nr_pmu_caps; i++) {
			strbuf_addf(sb, "%s%s: ", i ? "; " : "", f->pmu_caps[i].pmu);
			for (uint32_t k = 0; k < f->pmu_caps[i].nr_caps; k++)
				strbuf_addf(sb, "%s%s", k ? ", " : "", f->pmu_caps[i].caps[k]);
		}
		break;
	case HEADER_SAMPLE_TIME:
		strbuf_addf(sb, "%llu to %llu", (unsigned long long)f->first_sample_time,
			    (unsigned long long)f->last_sample_time);
		break;
	case HEADER_EVENT_DESC:
		describe_events(f, sb);
		break;
	default:
		describe_more(f, feat, p, sb);
		break;
	}
}

/* Parse @len bytes of @payload (copied to the heap, exactly that long). */
static int parse(struct pd_features *f, int feat, const struct strbuf *payload, size_t len,
		 uint8_t **copy, struct strbuf *err)
{
	*copy = malloc(len ? len : 1);
	assert_non_null(*copy);
	memcpy(*copy, payload->buf, len);
	memset(f, 0, sizeof(*f));
	return pd_features__parse(f, feat, *copy, len, err);
}

static void run_case(const struct feature_case *c)
{
	struct strbuf payload = STRBUF_INIT, err = STRBUF_INIT, got = STRBUF_INIT;
	struct pd_features f;
	uint8_t *copy;
	char want_err[96];
	int ret;

	put_fields(&payload, c->f);
	snprintf(want_err, sizeof(want_err), "header feature %s is truncated or malformed",
		 pd_feature_name(c->feat) ?: "?");
	ret = parse(&f, c->feat, &payload, payload.len, &copy, &err);
	if (c->parsed) {
		assert_int_equal(ret, 0);
		assert_int_equal(err.len, 0);
		describe(&f, c->feat, copy, &got);
		print_message("%s: %s\n", c->what, got.buf);
		assert_string_equal(got.buf, c->parsed);
		assert_true(f.bitmap[c->feat / 64] >> (c->feat % 64) & 1);
		assert_int_equal(f.nr_arrived, 1);
		assert_int_equal(f.arrived[0], c->feat);
	} else {
		assert_int_equal(ret, -EINVAL);
		assert_string_equal(err.buf, want_err);
	}
	pd_features__exit(&f);
	free(copy);

	/* every shorter payload: a result or the error, nothing read past it */
	for (size_t len = 0; len < payload.len; len++) {
		strbuf_reset(&err);
		ret = parse(&f, c->feat, &payload, len, &copy, &err);
		if (ret)
			assert_string_equal(err.buf, want_err);
		else
			assert_int_equal(err.len, 0);
		pd_features__exit(&f);
		free(copy);
	}
	strbuf_release(&payload);
	strbuf_release(&err);
	strbuf_release(&got);
}

static void test_header_features__payloads(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		run_case(&cases[i]);
}

/* perf's do_write_string(): u32 length counting the NUL and the padding
 * to 64 bytes, the bytes, zeros. */
static void test_header_features__strings_as_perf_writes_them(void **state)
{
	static const struct {
		size_t len;
		uint32_t padded;
	} cases[] = { { 0, 64 }, { 1, 64 }, { 62, 64 }, { 63, 64 }, { 64, 128 }, { 200, 256 } };

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf sb = STRBUF_INIT, err = STRBUF_INIT;
		struct pd_features f = { 0 };
		char s[256];
		uint32_t len;

		memset(s, 'a' + i, cases[i].len);
		s[cases[i].len] = '\0';
		strbuf_addstr(&sb, "x");	/* appended after what is there */
		pd_features__put_string(&sb, s);
		assert_int_equal(sb.len, 1 + 4 + cases[i].padded);
		memcpy(&len, sb.buf + 1, 4);
		assert_int_equal(len, cases[i].padded);
		assert_memory_equal(sb.buf + 5, s, cases[i].len);
		for (size_t k = 5 + cases[i].len; k < sb.len; k++)
			assert_int_equal(sb.buf[k], 0);
		assert_int_equal(pd_features__parse(&f, HEADER_HOSTNAME, (uint8_t *)sb.buf + 1,
						    sb.len - 1, &err), 0);
		assert_string_equal(f.hostname, s);
		pd_features__exit(&f);
		strbuf_release(&sb);
	}
}

static void test_header_features__names(void **state)
{
	static const struct {
		int feat;
		const char *name;
	} names[] = {
		{ HEADER_TRACING_DATA, "TRACING_DATA" }, { HEADER_BUILD_ID, "BUILD_ID" },
		{ HEADER_NRCPUS, "NRCPUS" }, { HEADER_EVENT_DESC, "EVENT_DESC" },
		{ HEADER_CPU_TOPOLOGY, "CPU_TOPOLOGY" }, { HEADER_SAMPLE_TIME, "SAMPLE_TIME" },
		{ HEADER_BPF_PROG_INFO, "BPF_PROG_INFO" }, { HEADER_CPU_PMU_CAPS, "CPU_PMU_CAPS" },
		{ HEADER_HYBRID_TOPOLOGY, "HYBRID_TOPOLOGY" }, { HEADER_PMU_CAPS, "PMU_CAPS" },
		{ HEADER_RESERVED, NULL }, { HEADER_LAST_FEATURE, NULL }, { -1, NULL },
		{ 255, NULL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		const char *name = pd_feature_name(names[i].feat);

		if (names[i].name)
			assert_string_equal(name, names[i].name);
		else
			assert_null(name);
	}
	for (int feat = 1; feat < HEADER_LAST_FEATURE; feat++)	/* none left out */
		assert_non_null(pd_feature_name(feat));
}

/* A stream may send a feature again: lists are kept from the first time,
 * strings from the last; the arrival order counts each feature once. */
static void test_header_features__again(void **state)
{
	struct strbuf a = STRBUF_INIT, b = STRBUF_INIT, err = STRBUF_INIT;
	struct pd_features f = { 0 };
	uint32_t one = 1;

	(void)state;
	strbuf_add(&a, &one, 4);
	pd_features__put_string(&a, "first");
	strbuf_add(&b, &one, 4);
	pd_features__put_string(&b, "second");
	assert_int_equal(pd_features__parse(&f, HEADER_CMDLINE, (uint8_t *)a.buf, a.len, &err), 0);
	assert_int_equal(pd_features__parse(&f, HEADER_HOSTNAME, (uint8_t *)a.buf + 4,
					    a.len - 4, &err), 0);
	assert_int_equal(pd_features__parse(&f, HEADER_CMDLINE, (uint8_t *)b.buf, b.len, &err), 0);
	assert_int_equal(pd_features__parse(&f, HEADER_HOSTNAME, (uint8_t *)b.buf + 4,
					    b.len - 4, &err), 0);
	assert_int_equal(f.nr_cmdline, 1);
	assert_string_equal(f.cmdline[0], "first");
	assert_string_equal(f.hostname, "second");
	assert_int_equal(f.nr_arrived, 2);
	assert_int_equal(f.arrived[0], HEADER_CMDLINE);
	assert_int_equal(f.arrived[1], HEADER_HOSTNAME);
	pd_features__exit(&f);
	assert_null(f.hostname);
	assert_int_equal(f.nr_arrived, 0);
	strbuf_release(&a);
	strbuf_release(&b);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header_features__payloads),
		cmocka_unit_test(test_header_features__strings_as_perf_writes_them),
		cmocka_unit_test(test_header_features__names),
		cmocka_unit_test(test_header_features__again),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
