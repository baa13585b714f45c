// SPDX-License-Identifier: GPL-2.0
/*
 * data convert --to-json writes perf 6.1's document: the header's facts
 * (features the file lacks left out, not written empty), then every
 * sample in time order with its pid, tid, cpu, comm and callchain,
 * innermost frame first, each frame's ip in hex and its symbol and DSO
 * where they resolve. Read back as JSON (strictly: names with quotes and
 * backslashes must come back whole), it must say what was recorded.
 */
#include <stdlib.h>

#include "../unit-test.h"
#include "../json-read.h"
#include "../synth-profile.h"
#include "../../../util/convert/json-convert.h"

static const struct synth_sample samples[] = {
	{ 0, 0, 1, 100, "main,work,leaf" },
	{ 0, 1, 2, 200, "main,parse" },
	{ 0, 0, 1, 300, "main,?" },			/* in the JIT's map, no symbol */
	{ 0, 0, 0, 400, "say \"hi\"\\there" },
	{ 0, 1, 3, 500, "main,!" },			/* in no map */
	{ 1, 0, 7, 600, "main,std::vector<int>::push_back(int const&),semi;colon" },
};

#define NR_SAMPLES (sizeof(samples) / sizeof(samples[0]))
#define CAPTURED_ON 1600000000		/* 2020-09-13 12:26:40 UTC */

/* Convert @p's file; the document, parsed, in @doc. */
static void convert(const struct synth_profile *p, struct json *doc, uint64_t *nr,
		    uint64_t *data_offset, uint64_t *data_size)
{
	struct json_convert_opts o = { .captured_on = CAPTURED_ON };
	struct strbuf err = STRBUF_INIT;
	struct perf_data pd;
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	assert_non_null(out);
	assert_int_equal(perf_data__open(&pd, p->path, &err), 0);
	assert_int_equal(json_convert(&pd, &o, out, nr, &err), 0);
	assert_int_equal(fclose(out), 0);
	*data_offset = pd.data_offset;
	*data_size = pd.data_size;
	perf_data__close(&pd);
	if (!json_parse(text, doc))
		fail_msg("not JSON:\n%s", text);
	assert_int_equal(err.len, 0);
	free(text);
	strbuf_release(&err);
}

static uint64_t member_u64(const struct json *o, const char *key)
{
	const struct json *v = json_get(o, key);

	assert_non_null(v);
	assert_true(v->is_u64);
	return v->u64;
}

static void check_headers(const struct json *h, uint64_t data_offset, uint64_t data_size)
{
	const struct json *when = json_get(h, "captured-on"), *cmdline = json_get(h, "cmdline");

	assert_int_equal(member_u64(h, "header-version"), 1);
	assert_non_null(when);
	assert_string_equal(when->string, "2020-09-13T12:26:40Z");
	assert_int_equal(member_u64(h, "data-offset"), data_offset);
	assert_int_equal(member_u64(h, "data-size"), data_size);
	assert_int_equal(member_u64(h, "feat-offset"), data_offset + data_size);
	assert_null(json_get(h, "hostname"));	/* the file has no such feature */
	assert_null(json_get(h, "perf-version"));
	assert_non_null(cmdline);
	assert_int_equal(cmdline->type, JSON_ARRAY);
	assert_int_equal(cmdline->nr, 0);
}

/* A frame: its ip, and the symbol and DSO only where it resolved. */
static void check_frame(const struct json *f, const char *name, size_t len, int pid)
{
	const struct json *ip = json_get(f, "ip"), *sym = json_get(f, "symbol"),
			  *dso = json_get(f, "dso");
	char jit[32];

	assert_non_null(ip);
	assert_memory_equal(ip->string, "0x", 2);
	assert_int_equal(strtoull(ip->string + 2, NULL, 16), synth_address(name, len));
	if (len == 1 && (*name == '?' || *name == '!')) {
		assert_null(sym);
		assert_null(dso);
		assert_int_equal(f->nr, 1);
		return;
	}
	snprintf(jit, sizeof(jit), "[JIT] tid %d", pid);	/* perf's name for a JIT map */
	assert_non_null(sym);
	assert_int_equal(strlen(sym->string), len);
	assert_memory_equal(sym->string, name, len);
	assert_non_null(dso);
	assert_string_equal(dso->string, jit);
}

/* The callchain, innermost first: the stack read from its end. */
static void check_chain(const struct json *chain, const char *stack, int pid)
{
	size_t n = 0, len = strlen(stack);

	assert_int_equal(chain->type, JSON_ARRAY);
	for (size_t end = len; end > 0; n++) {
		size_t start = end;

		while (start > 0 && stack[start - 1] != ',')
			start--;
		assert_true(n < chain->nr);
		check_frame(&chain->items[n], stack + start, end - start, pid);
		end = start ? start - 1 : 0;
	}
	assert_int_equal(chain->nr, n);
}

static void check_sample(const struct json *s, const struct synth_sample *want, size_t i,
			 int pid)
{
	const struct json *comm = json_get(s, "comm");

	print_message("sample %zu: %s\n", i, want->stack);
	assert_int_equal(member_u64(s, "timestamp"), 1000000000ULL + 1000000ULL * i);
	assert_int_equal(member_u64(s, "pid"), pid);
	assert_int_equal(member_u64(s, "tid"), pid + want->thread);
	assert_int_equal(member_u64(s, "cpu"), want->cpu);
	assert_non_null(comm);
	assert_string_equal(comm->string, want->thread ? "worker" : "prog");
	check_chain(json_get(s, "callchain"), want->stack, pid);
}

static int write_samples(void **state)
{
	return synth_profile__setup(state, samples, NR_SAMPLES);
}

static int write_none(void **state)
{
	return synth_profile__setup(state, NULL, 0);
}

static void test_json_convert__reads_back_as_recorded(void **state)
{
	const struct synth_profile *p = *state;
	uint64_t nr = 0, data_offset, data_size;
	const struct json *list;
	struct json doc;

	convert(p, &doc, &nr, &data_offset, &data_size);
	assert_int_equal(nr, NR_SAMPLES);
	assert_int_equal(member_u64(&doc, "linux-perf-json-version"), 1);
	check_headers(json_get(&doc, "headers"), data_offset, data_size);
	list = json_get(&doc, "samples");
	assert_non_null(list);
	assert_int_equal(list->nr, NR_SAMPLES);
	for (size_t i = 0; i < NR_SAMPLES; i++)
		check_sample(&list->items[i], &samples[i], i, p->pid);
	json_free(&doc);
}

/* A recording without samples is still a whole document. */
static void test_json_convert__no_samples_empty_list(void **state)
{
	uint64_t nr = 1, data_offset, data_size;
	struct json doc;

	convert(*state, &doc, &nr, &data_offset, &data_size);
	assert_int_equal(nr, 0);
	assert_non_null(json_get(&doc, "samples"));
	assert_int_equal(json_get(&doc, "samples")->type, JSON_ARRAY);
	assert_int_equal(json_get(&doc, "samples")->nr, 0);
	json_free(&doc);
}

/* The reader itself refuses what is not JSON: its answers above count. */
static void test_json_convert__reader_is_strict(void **state)
{
	static const char *const bad[] = {
		"", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "\"a\nb\"", "\"\\x\"", "01", "[1] 2",
		"nul", "{'a':1}",
	};
	struct json v;

	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		assert_false(json_parse(bad[i], &v));
	assert_true(json_parse(" {\"a\\\"\\u00e9\": [1, -2.5e3, true, null, \"x\"]} ", &v));
	assert_string_equal(v.keys[0], "a\"\xc3\xa9");
	assert_int_equal(v.items[0].nr, 5);
	assert_true(v.items[0].items[1].number == -2500);
	json_free(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_json_convert__reads_back_as_recorded,
						write_samples, synth_profile__teardown),
		cmocka_unit_test_setup_teardown(test_json_convert__no_samples_empty_list,
						write_none, synth_profile__teardown),
		cmocka_unit_test(test_json_convert__reader_is_strict),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
