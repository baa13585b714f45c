// SPDX-License-Identifier: GPL-2.0
/*
 * PERF_RECORD_CPU_MAP's payload in each of perf's encodings, laid out as
 * perf's struct perf_record_cpu_map_data (packed: type, then a u16 list,
 * a mask of 4- or 8-byte words, the 8-byte ones after 4 bytes of
 * padding, or a range with its any-CPU flag) gives the CPUs perf reads
 * from it; a payload that cannot hold what it claims is refused with a
 * reason, and nothing past the payload is read.
 */
#include "../unit-test.h"
#include "../../../util/data/cpu-map-event.h"

#define END -2		/* ends a list of CPUs */

static const struct cpu_map_case {
	const char *what;
	uint8_t bytes[48];
	size_t len;
	int cpus[12];		/* ..., END; or { END } and a reason */
	const char *why;
} cases[] = {
	{ "list", { 0, 0, 3, 0, 0, 0, 2, 0, 9, 1 }, 10, { 0, 2, 265, END } },
	{ "list with any CPU", { 0, 0, 2, 0, 0xff, 0xff, 7, 0 }, 8, { -1, 7, END } },
	{ "list longer than the record", { 0, 0, 3, 0, 1, 0, 2, 0 }, 8, { END },
	  "CPU count does not fit the record" },
	{ "empty list", { 0, 0, 0, 0 }, 4, { END }, "CPU count does not fit the record" },
	{ "mask of 4-byte words", { 1, 0, 2, 0, 4, 0, 0x05, 0, 0, 0x80, 0x01, 0, 0, 0 }, 14,
	  { 0, 2, 31, 32, END } },
	{ "mask of 8-byte words, after the padding",
	  { 1, 0, 1, 0, 8, 0, 0xee, 0xee, 0xee, 0xee, 0x10, 0, 0, 0, 0, 0, 0, 0x80 }, 18,
	  { 4, 63, END } },
	{ "mask of two 8-byte words",
	  { 1, 0, 2, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0 }, 26,
	  { 64, END } },
	{ "mask word size 2", { 1, 0, 1, 0, 2, 0, 0xff, 0xff }, 8, { END },
	  "mask word size is not 4 or 8" },
	{ "mask without its word size", { 1, 0, 1, 0, 4 }, 5, { END },
	  "mask word size is not 4 or 8" },
	{ "mask past the record", { 1, 0, 2, 0, 4, 0, 1, 0, 0, 0 }, 10, { END },
	  "mask past the record" },
	{ "mask of no CPUs", { 1, 0, 1, 0, 4, 0, 0, 0, 0, 0 }, 10, { END }, "no CPUs" },
	{ "range", { 2, 0, 0, 0, 3, 0, 6, 0 }, 8, { 3, 4, 5, 6, END } },
	{ "range with any CPU first", { 2, 0, 1, 0, 8, 0, 9, 0 }, 8, { -1, 8, 9, END } },
	{ "one-CPU range", { 2, 0, 0, 0, 5, 0, 5, 0 }, 8, { 5, END } },
	{ "range ending before it starts", { 2, 0, 0, 0, 6, 0, 3, 0 }, 8, { END }, "no CPUs" },
	{ "range cut short", { 2, 0, 0, 0, 3, 0, 6 }, 7, { END }, "unknown CPU map encoding" },
	{ "unknown encoding", { 3, 0, 1, 0, 0, 0, 0, 0 }, 8, { END },
	  "unknown CPU map encoding" },
	{ "too short for a type and count", { 0, 0, 1 }, 3, { END }, "too short" },
};

static void run_case(const struct cpu_map_case *c)
{
	/* exactly @len bytes on the heap: a read past them is ASan's to see */
	uint8_t *p = malloc(c->len);
	int *cpus = malloc(CPU_MAP_EVENT_MAX * sizeof(*cpus));
	const char *why = NULL;
	int n, want = 0;

	assert_non_null(p);
	assert_non_null(cpus);
	memcpy(p, c->bytes, c->len);
	while (c->cpus[want] != END)
		want++;
	n = cpu_map_event__decode(p, c->len, cpus, &why);
	if (c->why) {
		assert_int_equal(n, -1);
		assert_non_null(why);
		assert_string_equal(why, c->why);
	} else {
		assert_int_equal(n, want);
		for (int i = 0; i < n; i++)
			assert_int_equal(cpus[i], c->cpus[i]);
	}
	free(p);
	free(cpus);
}

static void test_cpu_map_event__encodings(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_message("cpu map: %s\n", cases[i].what);
		run_case(&cases[i]);
	}
}

/* The caller's array holds CPU_MAP_EVENT_MAX: no encoding writes more. */
static void test_cpu_map_event__at_most_max(void **state)
{
	uint8_t range[8] = { 2, 0, 1, 0, 0, 0, 0xff, 0xff };	/* any, 0-65535 */
	size_t mask_len = 6 + 8192;			/* 65536 bits, all set */
	uint8_t *mask = malloc(mask_len);
	size_t list_len = 4 + 2 * (CPU_MAP_EVENT_MAX + 1);
	uint8_t *list = calloc(1, list_len);
	int *cpus = malloc(CPU_MAP_EVENT_MAX * sizeof(*cpus));
	const char *why = NULL;

	(void)state;
	assert_non_null(mask);
	assert_non_null(list);
	assert_non_null(cpus);
	assert_int_equal(cpu_map_event__decode(range, sizeof(range), cpus, &why),
			 CPU_MAP_EVENT_MAX);
	assert_int_equal(cpus[0], -1);
	assert_int_equal(cpus[CPU_MAP_EVENT_MAX - 1], CPU_MAP_EVENT_MAX - 2);

	memset(mask, 0xff, mask_len);
	memcpy(mask, (uint8_t[]){ 1, 0, 0x00, 0x08, 4, 0 }, 6);	/* 2048 words of 4 */
	assert_int_equal(cpu_map_event__decode(mask, mask_len, cpus, &why), CPU_MAP_EVENT_MAX);
	assert_int_equal(cpus[CPU_MAP_EVENT_MAX - 1], CPU_MAP_EVENT_MAX - 1);

	list[2] = (CPU_MAP_EVENT_MAX + 1) & 0xff;
	list[3] = (CPU_MAP_EVENT_MAX + 1) >> 8;
	assert_int_equal(cpu_map_event__decode(list, list_len, cpus, &why), -1);
	assert_string_equal(why, "CPU count does not fit the record");
	free(mask);
	free(list);
	free(cpus);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cpu_map_event__encodings),
		cmocka_unit_test(test_cpu_map_event__at_most_max),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
