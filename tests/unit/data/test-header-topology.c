// SPDX-License-Identifier: GPL-2.0
/*
 * The topology features perf prints only with -I, from payloads in perf's
 * layouts (header.c's write_cpu_topology, write_numa_topology, write_cache,
 * write_mem_topology, write_hybrid_topology): each text below is what perf
 * 6.1's report --header-only -I printed for the same payload in a file
 * (its sizes in perf's units, B to G; its bitmaps as ranges). A payload
 * too short for what it claims prints nothing and says so, without a read
 * past it; and each CPU's socket comes back for report --sort socket.
 */
#include "../unit-test.h"
#include "../../../util/data/header-features.h"
#include "../../../util/data/header-topology.h"

/* Payload fields: q u64, l u32, s a feature string. */
struct field {
	char kind;
	uint64_t v;
	const char *s;
};

#define Q(x) { 'q', (x), NULL }
#define L(x) { 'l', (x), NULL }
#define S(x) { 's', 0, (x) }

static const struct topology_case {
	const char *what;
	int feat;
	uint32_t nr_cpus;
	struct field f[40];
	const char *text;	/* NULL: not printed (false) */
} cases[] = {
	{ "CPU_TOPOLOGY as perf 3.x wrote it", HEADER_CPU_TOPOLOGY, 4,
	  { L(1), S("0-3"), L(2), S("0-1"), S("2-3") },
	  "# sibling sockets : 0-3\n# sibling threads : 0-1\n# sibling threads : 2-3\n"
	  "# Core ID and Socket ID information is not available\n" },
	{ "CPU_TOPOLOGY with core and socket ids", HEADER_CPU_TOPOLOGY, 4,
	  { L(1), S("0-3"), L(2), S("0,2"), S("1,3"), L(0), L(0), L(1), L(0), L(0), L(0),
	    L(1), L(0) },
	  "# sibling sockets : 0-3\n# sibling threads : 0,2\n# sibling threads : 1,3\n"
	  "# CPU 0: Core ID 0, Socket ID 0\n# CPU 1: Core ID 1, Socket ID 0\n"
	  "# CPU 2: Core ID 0, Socket ID 0\n# CPU 3: Core ID 1, Socket ID 0\n" },
	{ "CPU_TOPOLOGY with dies, a CPU offline", HEADER_CPU_TOPOLOGY, 3,
	  { L(2), S("0"), S("2"), L(3), S("0"), S("1"), S("2"), L(0), L(0), L(-1), L(-1),
	    L(4), L(1), L(2), S("0"), S("2"), L(0), L(-1), L(1) },
	  "# sibling sockets : 0\n# sibling sockets : 2\n# sibling dies    : 0\n"
	  "# sibling dies    : 2\n# sibling threads : 0\n# sibling threads : 1\n"
	  "# sibling threads : 2\n# CPU 0: Core ID 0, Die ID 0, Socket ID 0\n"
	  "# CPU 1: Core ID -1, Die ID -1, Socket ID -1\n"
	  "# CPU 2: Core ID 4, Die ID 1, Socket ID 1\n" },
	{ "CPU_TOPOLOGY, a thread list cut", HEADER_CPU_TOPOLOGY, 2,
	  { L(1), S("0-1"), L(3), S("0") }, NULL },
	{ "NUMA_TOPOLOGY", HEADER_NUMA_TOPOLOGY, 4,
	  { L(2), L(0), Q(16299868), Q(4209404), S("0-1"), L(1), Q(8000000), Q(0), S("2-3") },
	  "# node0 meminfo  : total = 16299868 kB, free = 4209404 kB\n# node0 cpu list : 0-1\n"
	  "# node1 meminfo  : total = 8000000 kB, free = 0 kB\n# node1 cpu list : 2-3\n" },
	{ "NUMA_TOPOLOGY, more nodes than bytes", HEADER_NUMA_TOPOLOGY, 4,
	  { L(9), L(0), Q(1), Q(1), S("0") }, NULL },
	{ "CACHE", HEADER_CACHE, 4,
	  { L(1), L(3), L(1), L(64), L(64), L(8), S("Data"), S("32K"), S("0-1"), L(1), L(64),
	    L(64), L(8), S("Instruction"), S("32K"), S("0-1"), L(3), L(64), L(4096), L(16),
	    S("Unified"), S("4096K"), S("0-3") },
	  "# CPU cache info:\n#  L1 Data                 32K [0-1]\n"
	  "#  L1 Instruction          32K [0-1]\n#  L3 Unified            4096K [0-3]\n" },
	{ "CACHE of a version perf does not know", HEADER_CACHE, 4, { L(2), L(0) }, NULL },
	{ "HYBRID_TOPOLOGY", HEADER_HYBRID_TOPOLOGY, 12,
	  { L(2), S("cpu_core"), S("0-3"), S("cpu_atom"), S("4-11") },
	  "# hybrid cpu system:\n# cpu_core cpu list : 0-3\n# cpu_atom cpu list : 4-11\n" },
	{ "MEM_TOPOLOGY", HEADER_MEM_TOPOLOGY, 4,
	  { Q(1), Q(0x8000000), Q(2), Q(0), Q(11), Q(11), Q(0x4ff), Q(1), Q(80), Q(80),
	    Q(0xf000000000000000ULL), Q(0x7f) },
	  "# memory nodes (nr 2, block size 0x8000000):\n#    0 [1152M]: 0-7,10\n"
	  "#    1 [1408M]: 60-70\n" },
	{ "MEM_TOPOLOGY in sizes past G", HEADER_MEM_TOPOLOGY, 4,
	  { Q(1), Q(0x80000000), Q(1), Q(0), Q(1024), Q(1024), Q(~0ULL), Q(~0ULL), Q(~0ULL),
	    Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL),
	    Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL), Q(~0ULL) },
	  "# memory nodes (nr 1, block size 0x80000000):\n#    0 [2048G]: 0-1023\n" },
	{ "MEM_TOPOLOGY, a bitmap of 2^64 - 1 bits", HEADER_MEM_TOPOLOGY, 4,
	  { Q(1), Q(0x8000000), Q(1), Q(0), Q(8), Q(~0ULL), Q(0xff) }, NULL },
	{ "MEM_TOPOLOGY, a bitmap past the payload", HEADER_MEM_TOPOLOGY, 4,
	  { Q(1), Q(0x8000000), Q(1), Q(0), Q(8), Q(200), Q(0xff) }, NULL },
	{ "BRANCH_STACK: not one of these", HEADER_BRANCH_STACK, 4, { L(0) }, NULL },
};

static void put_fields(struct strbuf *sb, const struct field *f)
{
	for (; f->kind; f++) {
		if (f->kind == 's')
			pd_features__put_string(sb, f->s);
		else
			strbuf_add(sb, &f->v, f->kind == 'q' ? 8 : 4);	/* the low bytes */
	}
}

/* What header_topology__fprintf() printed of @len bytes of @payload. */
static bool print(const struct topology_case *c, const struct strbuf *payload, size_t len,
		  char **text)
{
	uint8_t *p = malloc(len ? len : 1);	/* exactly @len: ASan sees a read past */
	size_t size;
	FILE *out = open_memstream(text, &size);
	bool ret;

	assert_non_null(p);
	assert_non_null(out);
	memcpy(p, payload->buf, len);
	ret = header_topology__fprintf(c->feat, p, len, c->nr_cpus, out);
	fclose(out);
	free(p);
	return ret;
}

static void test_header_topology__as_perf_prints_it(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct topology_case *c = &cases[i];
		struct strbuf payload = STRBUF_INIT;
		char *text;

		print_message("topology: %s\n", c->what);
		put_fields(&payload, c->f);
		assert_int_equal(print(c, &payload, payload.len, &text), c->text != NULL);
		if (c->text)
			assert_string_equal(text, c->text);
		free(text);
		/* every shorter payload is read safely too */
		for (size_t len = 0; len < payload.len; len++) {
			print(c, &payload, len, &text);
			free(text);
		}
		strbuf_release(&payload);
	}
}

/* A CPU_TOPOLOGY listed in the header but not read (a damaged section
 * before it): perf's empty topology. No payload for the others: false. */
static void test_header_topology__unread(void **state)
{
	char *text;
	size_t size;
	FILE *out = open_memstream(&text, &size);

	(void)state;
	assert_true(header_topology__fprintf(HEADER_CPU_TOPOLOGY, NULL, 0, 4, out));
	assert_false(header_topology__fprintf(HEADER_CACHE, NULL, 0, 4, out));
	assert_false(header_topology__fprintf(HEADER_NUMA_TOPOLOGY, NULL, 0, 4, out));
	fclose(out);
	assert_string_equal(text, "# Core ID and Socket ID information is not available\n");
	free(text);
}

static void test_header_topology__sockets(void **state)
{
	struct strbuf sb = STRBUF_INIT;
	int32_t *sockets;

	(void)state;
	put_fields(&sb, cases[2].f);	/* with dies, a CPU offline */
	sockets = header_topology__sockets((uint8_t *)sb.buf, sb.len, 3);
	assert_non_null(sockets);
	assert_int_equal(sockets[0], 0);
	assert_int_equal(sockets[1], -1);
	assert_int_equal(sockets[2], 1);
	free(sockets);
	/* more CPUs than ids, none at all, no CPUs: no sockets */
	assert_null(header_topology__sockets((uint8_t *)sb.buf, sb.len, 300));
	assert_null(header_topology__sockets((uint8_t *)sb.buf, sb.len, 0));
	strbuf_reset(&sb);
	put_fields(&sb, cases[0].f);	/* perf 3.x: no ids */
	assert_null(header_topology__sockets((uint8_t *)sb.buf, sb.len, 4));
	assert_null(header_topology__sockets((uint8_t *)sb.buf, 3, 4));
	strbuf_release(&sb);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_header_topology__as_perf_prints_it),
		cmocka_unit_test(test_header_topology__unread),
		cmocka_unit_test(test_header_topology__sockets),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
