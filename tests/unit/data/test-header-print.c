// SPDX-License-Identifier: GPL-2.0
/*
 * report --header-only in perf's "# key : value" layout: each text below
 * is what perf 6.1 printed for the same file (written here, its time set,
 * in UTC): the file section, every listed feature in bit order with the
 * ones perf only names until -I, the event lines, the groups with their
 * names, the features missing; and for a stream, its features in the
 * order they came, after the file section.
 */
#include <fcntl.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/data/header-features.h"
#include "../../../util/data/header-print.h"
#include "../../../util/data/perf-data.h"
#include "../../../util/data/writer.h"

/* Payload fields: q u64, l u32, s a feature string. */
struct field {
	char kind;
	uint64_t v;
	const char *s;
};

#define Q(x) { 'q', (x), NULL }
#define L(x) { 'l', (x), NULL }
#define S(x) { 's', 0, (x) }

static const struct feature {
	int id;
	struct field f[24];
} features[] = {
	{ HEADER_HOSTNAME, { S("pm-host") } },
	{ HEADER_OSRELEASE, { S("6.1.0-18-amd64") } },
	{ HEADER_VERSION, { S("6.1.76") } },
	{ HEADER_ARCH, { S("x86_64") } },
	{ HEADER_NRCPUS, { L(4), L(2) } },
	{ HEADER_CPUDESC, { S("Intel(R) Core(TM) m7-6Y75 CPU @ 1.20GHz") } },
	{ HEADER_CPUID, { S("GenuineIntel,6,78,3") } },
	{ HEADER_TOTAL_MEM, { Q(16299868) } },
	{ HEADER_CMDLINE, { L(4), S("perf"), S("record"), S("-e"),
			    S("mygrp{cycles,instructions}") } },
	{ HEADER_EVENT_DESC, { { 'e' } } },	/* from the events */
	{ HEADER_CPU_TOPOLOGY, { L(1), S("0-3"), L(2), S("0-1"), S("2-3"), L(0), L(0), L(1),
				 L(0), L(0), L(0), L(1), L(0), L(1), S("0-3"), L(0), L(0), L(0),
				 L(0) } },
	{ HEADER_BRANCH_STACK, { { 0 } } },
	{ HEADER_PMU_MAPPINGS, { L(3), L(4), S("cpu"), L(1), S("software"), L(2),
				 S("tracepoint") } },
	{ HEADER_GROUP_DESC, { L(1), S("mygrp"), L(0), L(2) } },
	{ HEADER_SAMPLE_TIME, { Q(86400123456789ULL), Q(86401500000000ULL) } },
	{ HEADER_CLOCKID, { Q(1) } },
	{ HEADER_COMPRESSED, { L(0), L(1), L(3), L(12), L(528384) } },
	{ HEADER_CPU_PMU_CAPS, { L(2), S("branches"), S("32"), S("max_precise"), S("3") } },
	{ HEADER_CLOCK_DATA, { L(1), L(1), Q(1700000000123456789ULL), Q(86400000000001ULL) } },
};

#define NR_FEATURES (sizeof(features) / sizeof(features[0]))

#define SAMPLE_TYPE (PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_ID)

static const struct perf_event_attr attrs[2] = {
	{ .type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_CPU_CYCLES, .disabled = 1,
	  .sample_period = 4000, .freq = 1, .sample_type = SAMPLE_TYPE, .exclude_guest = 1 },
	{ .type = PERF_TYPE_HARDWARE, .config = PERF_COUNT_HW_INSTRUCTIONS,
	  .sample_period = 4000, .freq = 1, .sample_type = SAMPLE_TYPE, .exclude_guest = 1 },
};
static const uint64_t ids[2][2] = { { 11, 12 }, { 13, 14 } };
static const char *const names[2] = { "cycles", "instructions" };

static void event_desc(struct strbuf *sb)
{
	uint32_t nr = 2, size = sizeof(attrs[0]), nr_ids = 2;

	strbuf_add(sb, &nr, 4);
	strbuf_add(sb, &size, 4);
	for (int i = 0; i < 2; i++) {
		struct perf_event_attr a = attrs[i];

		a.size = sizeof(a);
		strbuf_add(sb, &a, sizeof(a));
		strbuf_add(sb, &nr_ids, 4);
		pd_features__put_string(sb, names[i]);
		strbuf_add(sb, ids[i], sizeof(ids[i]));
	}
}

static void payload(const struct feature *feat, struct strbuf *sb)
{
	for (const struct field *f = feat->f; f->kind; f++) {
		if (f->kind == 'e')
			event_desc(sb);
		else if (f->kind == 's')
			pd_features__put_string(sb, f->s);
		else
			strbuf_add(sb, &f->v, f->kind == 'q' ? 8 : 4);	/* the low bytes */
	}
}

/* A file at @path (a stream when @pipe, its features in @order) with a
 * record of data, its time 2023-11-14 22:13:20 UTC. */
static void write_file(const char *path, bool pipe, const int *order)
{
	struct pd_write_feature feat[NR_FEATURES];
	struct pd_write_event ev[2];
	struct pm_event_header round = { PERF_RECORD_FINISHED_ROUND, 0, sizeof(round) };
	struct perf_data_writer w;
	struct strbuf err = STRBUF_INIT;
	struct timeval times[2] = { { 1700000000, 0 }, { 1700000000, 0 } };
	int saved = dup(STDOUT_FILENO), fd;

	for (size_t i = 0; i < NR_FEATURES; i++) {
		const struct feature *f = &features[order ? order[i] : (int)i];

		feat[i].id = f->id;
		strbuf_init(&feat[i].payload, 0);
		payload(f, &feat[i].payload);
	}
	for (int i = 0; i < 2; i++)
		ev[i] = (struct pd_write_event){ &attrs[i], ids[i], 2, names[i] };
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	assert_true(fd >= 0);
	if (pipe) {	/* "-" writes to standard output */
		assert_int_equal(dup2(fd, STDOUT_FILENO), STDOUT_FILENO);
		assert_int_equal(perf_data_writer__open(&w, "-", ev, 2, feat, NR_FEATURES, &err),
				 0);
	} else {
		assert_int_equal(perf_data_writer__open(&w, path, ev, 2, NULL, 0, &err), 0);
	}
	perf_data_writer__write(&w, &round, sizeof(round));
	assert_int_equal(perf_data_writer__finish(&w, ev, 2, feat, NR_FEATURES, &err), 0);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(fd);
	assert_int_equal(utimes(path, times), 0);
	for (size_t i = 0; i < NR_FEATURES; i++)
		strbuf_release(&feat[i].payload);
	strbuf_release(&err);
}

/* The header of @path as report --header-only (-I with @full) prints it. */
static char *print_header(const char *path, bool full)
{
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	char *text;
	size_t size;
	FILE *out;

	assert_int_equal(perf_data__open(&pd, path, &err), 0);
	if (pd.pipe)
		assert_int_equal(perf_data__read_pipe_meta(&pd, &err), 0);
	assert_non_null(out = open_memstream(&text, &size));
	perf_data__fprintf_header_full(&pd, full, out);
	fclose(out);
	perf_data__close(&pd);
	strbuf_release(&err);
	return text;
}

/* perf's lines for the events: the attr size is this build's */
#define EVENTS \
	"# event : name = cycles, , id = { 11, 12 }, size = %zu, { sample_period, sample_freq } " \
	"= 4000, sample_type = IP|TID|ID, disabled = 1, freq = 1, exclude_guest = 1\n" \
	"# event : name = instructions, , id = { 13, 14 }, size = %zu, config = 0x1, " \
	"{ sample_period, sample_freq } = 4000, sample_type = IP|TID|ID, freq = 1, " \
	"exclude_guest = 1\n"

#define FILE_SECTION \
	"# ========\n" \
	"# captured on    : Tue Nov 14 22:13:20 2023\n" \
	"# header version : 1\n"

#define FEATURES_TO_EVENTS \
	"# hostname : pm-host\n" \
	"# os release : 6.1.0-18-amd64\n" \
	"# perf version : 6.1.76\n" \
	"# arch : x86_64\n" \
	"# nrcpus online : 2\n" \
	"# nrcpus avail : 4\n" \
	"# cpudesc : Intel(R) Core(TM) m7-6Y75 CPU @ 1.20GHz\n" \
	"# cpuid : GenuineIntel,6,78,3\n" \
	"# total memory : 16299868 kB\n" \
	"# cmdline : perf record -e mygrp{cycles,instructions} \n" \
	EVENTS

#define CPU_TOPOLOGY_FULL \
	"# sibling sockets : 0-3\n" \
	"# sibling dies    : 0-3\n" \
	"# sibling threads : 0-1\n" \
	"# sibling threads : 2-3\n" \
	"# CPU 0: Core ID 0, Die ID 0, Socket ID 0\n" \
	"# CPU 1: Core ID 1, Die ID 0, Socket ID 0\n" \
	"# CPU 2: Core ID 0, Die ID 0, Socket ID 0\n" \
	"# CPU 3: Core ID 1, Die ID 0, Socket ID 0\n"

#define BRANCH_STACK "# contains samples with branch stack\n"

#define FEATURES_AFTER_BRANCH_STACK \
	"# pmu mappings: cpu = 4, software = 1, tracepoint = 2\n" \
	"# group: mygrp{cycles,instructions}\n" \
	"# time of first sample : 86400.123456\n" \
	"# time of last sample : 86401.500000\n" \
	"# sample duration :   1376.543 ms\n" \
	"# clockid frequency: 1000 MHz\n" \
	"# compressed : Zstd, level = 3, ratio = 12\n" \
	"# cpu pmu capabilities: branches=32, max_precise=3\n" \
	"# clockid: monotonic (1)\n" \
	"# reference time: 2023-11-14 22:13:20.123456 = 1700000000.123456 (TOD) = " \
	"86400.000000001 (monotonic)\n"

#define MISSING \
	"# missing features: TRACING_DATA BUILD_ID NUMA_TOPOLOGY AUXTRACE STAT CACHE " \
	"MEM_TOPOLOGY DIR_FORMAT BPF_PROG_INFO BPF_BTF HYBRID_TOPOLOGY PMU_CAPS \n" \
	"# ========\n" \
	"#\n"

static const char file_header[] =
	FILE_SECTION
	"# data offset    : %zu\n"
	"# data size      : 8\n"
	"# feat offset    : %zu\n"
	FEATURES_TO_EVENTS
	"# CPU_TOPOLOGY info available, use -I to display\n"
	BRANCH_STACK
	FEATURES_AFTER_BRANCH_STACK
	MISSING;

static const char file_header_full[] =
	FILE_SECTION
	"# data offset    : %zu\n"
	"# data size      : 8\n"
	"# feat offset    : %zu\n"
	FEATURES_TO_EVENTS
	CPU_TOPOLOGY_FULL
	BRANCH_STACK
	FEATURES_AFTER_BRANCH_STACK
	MISSING;

/* The stream's features: HOSTNAME and CMDLINE last, in that order. */
static const int pipe_order[NR_FEATURES] = {
	1, 2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 0, 8,
};

static const char pipe_header[] =
	FILE_SECTION
	"# data offset    : 0\n"
	"# data size      : 0\n"
	"# feat offset    : 0\n"
	"# ========\n"
	"#\n"
	"# os release : 6.1.0-18-amd64\n"
	"# perf version : 6.1.76\n"
	"# arch : x86_64\n"
	"# nrcpus online : 2\n"
	"# nrcpus avail : 4\n"
	"# cpudesc : Intel(R) Core(TM) m7-6Y75 CPU @ 1.20GHz\n"
	"# cpuid : GenuineIntel,6,78,3\n"
	"# total memory : 16299868 kB\n"
	EVENTS
	"# CPU_TOPOLOGY info available, use -I to display\n"
	FEATURES_AFTER_BRANCH_STACK	/* BRANCH_STACK: not printed from a stream */
	"# hostname : pm-host\n"
	"# cmdline : perf record -e mygrp{cycles,instructions} \n";

static const struct header_case {
	const char *what;
	bool pipe, full;
	const char *text;	/* a file's with its data and feature offsets first,
				 * then both the attr size twice */
} cases[] = {
	{ "a file", false, false, file_header },
	{ "a file, -I", false, true, file_header_full },
	{ "a stream", true, false, pipe_header },
};

static void test_header_print__as_perf_prints_it(void **state)
{
	char path[] = "/tmp/pm-hdr.XXXXXX";
	const char *tz = getenv("TZ");
	char *saved_tz = tz ? strdup(tz) : NULL;
	size_t attr_size = sizeof(struct perf_event_attr);
	/* the data after the header, 4 ids, and 2 attrs with their ids' sections */
	size_t data_offset = sizeof(struct perf_file_header) + 4 * 8 + 2 * (attr_size + 16);

	(void)state;
	close(mkstemp(path));
	setenv("TZ", "UTC", 1);
	tzset();
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct header_case *c = &cases[i];
		char want[4096], *text;

		print_message("header: %s\n", c->what);
		write_file(path, c->pipe, c->pipe ? pipe_order : NULL);
		if (c->pipe)
			snprintf(want, sizeof(want), c->text, attr_size, attr_size);
		else
			snprintf(want, sizeof(want), c->text, data_offset, data_offset + 8,
				 attr_size, attr_size);
		text = print_header(path, c->full);
		assert_string_equal(text, want);
		free(text);
	}
	unlink(path);
	if (saved_tz)
		setenv("TZ", saved_tz, 1);
	else
		unsetenv("TZ");
	tzset();
	free(saved_tz);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header_print__as_perf_prints_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
