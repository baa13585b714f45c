// SPDX-License-Identifier: GPL-2.0
/*
 * data convert --to-speedscope: a file speedscope loads, read back here as
 * speedscope reads it. One sampled profile per thread and event, each
 * sample the stack perf script prints, root first, through the shared
 * frame table ("[unknown]" where no symbol is known, the object's path as
 * the file), weighted by its period; a profile ends at its total, the
 * clocks count nanoseconds, the busiest profile opens first. Nothing to
 * show is an error, not an empty file.
 */
#include <errno.h>
#include <stdlib.h>

#include "../unit-test.h"
#include "../json-read.h"
#include "../synth-profile.h"
#include "../../../util/convert/speedscope.h"

static const struct synth_sample samples[] = {
	{ 0, 0, 1, 100, "main,work,leaf" },
	{ 0, 1, 2, 200, "main,parse" },
	{ 0, 0, 1, 300, "main,?" },
	{ 0, 0, 0, 400, "say \"hi\"\\there" },
	{ 0, 1, 3, 900, "main,!" },
	{ 1, 0, 7, 600, "main,std::vector<int>::push_back(int const&),semi;colon" },
	{ 0, 0, 1, 50, "main,work,leaf" },
};

#define NR_SAMPLES (sizeof(samples) / sizeof(samples[0]))

/* What speedscope would show for each (event, thread) */
static const struct {
	int event, thread;
	const char *unit;
	uint64_t total;
} profiles[] = {
	{ 0, 0, "nanoseconds", 850 },
	{ 0, 1, "nanoseconds", 1100 },	/* the busiest */
	{ 1, 0, "none", 600 },
};

static int write_samples(void **state)
{
	return synth_profile__setup(state, samples, NR_SAMPLES);
}

static int write_none(void **state)
{
	return synth_profile__setup(state, NULL, 0);
}

static int convert(const struct synth_profile *p, char **text, uint64_t *nr, struct strbuf *err)
{
	struct perf_data pd;
	size_t size = 0;
	FILE *out = open_memstream(text, &size);
	int ret;

	assert_non_null(out);
	assert_int_equal(perf_data__open(&pd, p->path, err), 0);
	ret = speedscope_convert(&pd, "my \"run\"", out, nr, err);
	assert_int_equal(fclose(out), 0);
	perf_data__close(&pd);
	return ret;
}

/* The frame speedscope shows for one of synth-profile's */
static void frame_name(const char *name, size_t len, struct strbuf *sb)
{
	strbuf_reset(sb);
	if (len == 1 && (*name == '?' || *name == '!'))
		strbuf_addstr(sb, "[unknown]");
	else
		strbuf_add(sb, name, len);
}

/* A sample's frame indices, root first, against @stack */
static void check_stack(const struct json *frames, const struct json *idx, const char *stack,
			const char *jit_map)
{
	struct strbuf want = STRBUF_INIT;
	size_t n = 0;

	assert_int_equal(idx->type, JSON_ARRAY);
	for (const char *p = stack; *p; p += strcspn(p, ","), p += !!*p, n++) {
		const struct json *f;

		assert_true(n < idx->nr);
		assert_true(idx->items[n].is_u64 && idx->items[n].u64 < frames->nr);
		f = &frames->items[idx->items[n].u64];
		frame_name(p, strcspn(p, ","), &want);
		assert_string_equal(json_get(f, "name")->string, want.buf);
		assert_string_equal(json_get(f, "file")->string, *p == '!' ? "[unknown]" : jit_map);
		assert_null(json_get(f, "line"));	/* no DWARF for a JIT */
	}
	assert_int_equal(idx->nr, n);
	strbuf_release(&want);
}

static const struct json *find_profile(const struct json *list, const char *name)
{
	for (size_t i = 0; i < list->nr; i++)
		if (!strcmp(json_get(&list->items[i], "name")->string, name))
			return &list->items[i];
	fail_msg("no profile '%s'", name);
	return NULL;
}

static void check_profile(const struct json *frames, const struct json *prof, size_t k,
			  const struct synth_profile *p)
{
	const struct json *s = json_get(prof, "samples"), *w = json_get(prof, "weights");
	size_t n = 0;

	assert_string_equal(json_get(prof, "type")->string, "sampled");
	assert_string_equal(json_get(prof, "unit")->string, profiles[k].unit);
	assert_int_equal(json_get(prof, "startValue")->u64, 0);
	assert_int_equal(json_get(prof, "endValue")->u64, profiles[k].total);
	for (size_t i = 0; i < NR_SAMPLES; i++) {
		if (samples[i].event != profiles[k].event ||
		    samples[i].thread != profiles[k].thread)
			continue;
		assert_true(n < s->nr && n < w->nr);
		check_stack(frames, &s->items[n], samples[i].stack, p->jit_map);
		assert_int_equal(w->items[n].u64, samples[i].period);
		n++;
	}
	assert_int_equal(s->nr, n);
	assert_int_equal(w->nr, n);
}

/* Each frame once: the table holds no two alike. */
static void check_frames_distinct(const struct json *frames)
{
	for (size_t i = 0; i < frames->nr; i++)
		for (size_t j = i + 1; j < frames->nr; j++)
			assert_false(!strcmp(json_get(&frames->items[i], "name")->string,
					     json_get(&frames->items[j], "name")->string) &&
				     !strcmp(json_get(&frames->items[i], "file")->string,
					     json_get(&frames->items[j], "file")->string));
}

static void test_speedscope__profiles_read_back(void **state)
{
	const struct synth_profile *p = *state;
	const struct json *frames, *list;
	struct strbuf err = STRBUF_INIT, name = STRBUF_INIT;
	struct json doc;
	char *text = NULL;
	uint64_t nr = 0;

	assert_int_equal(convert(p, &text, &nr, &err), 0);
	assert_int_equal(nr, NR_SAMPLES);
	if (!json_parse(text, &doc))
		fail_msg("not JSON:\n%s", text);
	assert_string_equal(json_get(&doc, "$schema")->string,
			    "https://www.speedscope.app/file-format-schema.json");
	assert_string_equal(json_get(&doc, "name")->string, "my \"run\"");
	frames = json_get(json_get(&doc, "shared"), "frames");
	check_frames_distinct(frames);
	list = json_get(&doc, "profiles");
	assert_int_equal(list->nr, 3);
	for (size_t k = 0; k < 3; k++) {
		/* the events as perf names their attrs, the file naming none */
		strbuf_reset(&name);
		strbuf_addf(&name, "%s %d/%d %s", profiles[k].thread ? "worker" : "prog", p->pid,
			    p->pid + profiles[k].thread,
			    profiles[k].event ? "instructions:HG" : "cpu-clock:HG");
		check_profile(frames, find_profile(list, name.buf), k, p);
	}
	/* speedscope opens the busiest */
	assert_int_equal(json_get(&list->items[json_get(&doc, "activeProfileIndex")->u64],
				  "endValue")->u64, 1100);
	json_free(&doc);
	free(text);
	strbuf_release(&name);
	strbuf_release(&err);
}

static void test_speedscope__no_samples_refused(void **state)
{
	struct strbuf err = STRBUF_INIT;
	char *text = NULL;
	uint64_t nr = 1;

	assert_int_equal(convert(*state, &text, &nr, &err), -ENODATA);
	assert_int_equal(nr, 0);
	assert_string_equal(text, "");
	assert_non_null(strstr(err.buf, "no samples"));
	assert_non_null(strstr(err.buf, "\nhint: "));
	free(text);
	strbuf_release(&err);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_speedscope__profiles_read_back, write_samples,
						synth_profile__teardown),
		cmocka_unit_test_setup_teardown(test_speedscope__no_samples_refused, write_none,
						synth_profile__teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
