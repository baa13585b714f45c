// SPDX-License-Identifier: GPL-2.0
/*
 * report --flamegraph: a report's callchains as FlameGraph's folded
 * stacks, named as stackcollapse-perf.pl names perf script's frames (the
 * command first, "[object]" for a frame without a symbol, C++ parameters
 * and quotes dropped, ';' made ':', its pid/tid/jit/addrs options), each
 * distinct stack once with its summed period, sorted; -g callee reverses
 * them. The HTML page carries the same trees as JSON that no name can
 * break out of, and loads nothing. A diff writes difffolded's "OLD NEW".
 */
#include <errno.h>
#include <stdlib.h>

#include "../unit-test.h"
#include "../json-read.h"
#include "../synth-profile.h"
#include "../../../util/convert/flamegraph.h"
#include "../../../util/convert/report-flamegraph.h"

static const struct synth_sample samples[] = {
	{ 0, 0, 1, 100, "main,work,leaf" },
	{ 0, 1, 2, 200, "main,parse" },
	{ 0, 0, 1, 300, "main,?" },
	{ 0, 0, 0, 400, "say \"hi\"\\there" },
	{ 0, 1, 3, 900, "main,!" },
	{ 1, 0, 7, 600, "main,std::vector<int>::push_back(int const&),semi;colon" },
	{ 0, 0, 1, 50, "main,work,leaf" },
	{ 0, 0, 2, 70, "main,work,leaf" },
	{ 0, 0, 2, 5, "main,x</script><b>&" },
};

#define NR_SAMPLES (sizeof(samples) / sizeof(samples[0]))

static int write_samples(void **state)
{
	return synth_profile__setup(state, samples, NR_SAMPLES);
}

/* @p read as report --flamegraph reads it */
static void read_report(struct report *r, struct report_opts *o, const char *path,
			unsigned int opts, const char *order)
{
	*o = (struct report_opts){
		.input = path, .inline_frames = -1, .demangle = true, .skip_empty = true,
		.stdio = true, .stdio_color = 0, .socket_filter = -1, .flamegraph = "-",
		.flamegraph_opts = opts, .chain.order = order,
	};
	*r = (struct report){ .o = o, .err = STRBUF_INIT, .sort_order = STRBUF_INIT,
			      .trace_buf = STRBUF_INIT };
	assert_int_equal(report_flamegraph_setup(o, &r->err), 0);
	assert_int_equal(perf_data__open(&r->pd, path, &r->err), 0);
	assert_int_equal(report__setup(r), 0);
	assert_int_equal(report__process(r), 0);
}

static char *write_flamegraph(const struct synth_profile *p, unsigned int opts,
			      const char *order, bool html)
{
	struct report_opts o;
	struct report r;
	char *text = NULL;
	size_t size = 0;
	FILE *out = open_memstream(&text, &size);

	assert_non_null(out);
	read_report(&r, &o, p->path, opts, order);
	assert_int_equal(flamegraph__write(&r, html, "a <b> & \"c\"", out), 0);
	assert_int_equal(fclose(out), 0);
	report__exit(&r);
	return text;
}

/* The expected folded text: @fmt's "%1$d" is the pid, "%2$d" the worker's tid. */
static void expect(const char *text, const char *fmt, const struct synth_profile *p)
{
	struct strbuf want = STRBUF_INIT;

	strbuf_addf(&want, fmt, p->pid, p->pid + 1);
	assert_string_equal(text, want.buf);
	strbuf_release(&want);
}

static const struct {
	const char *opts, *order;
	const char *folded;
} cases[] = {
	{ "", "caller",
	  "cpu-clock:HG;prog;main;[perf-%1$d.map] 300\n"
	  "cpu-clock:HG;prog;main;work;leaf 220\n"
	  "cpu-clock:HG;prog;main;x</script><b>& 5\n"
	  "cpu-clock:HG;prog;say hi\\there 400\n"
	  "cpu-clock:HG;worker;main;[unknown] 900\n"
	  "cpu-clock:HG;worker;main;parse 200\n"
	  "instructions:HG;prog;main;std::vector<int>::push_back;semi:colon 600\n" },
	{ "", "callee",
	  "cpu-clock:HG;[perf-%1$d.map];main;prog 300\n"
	  "cpu-clock:HG;[unknown];main;worker 900\n"
	  "cpu-clock:HG;leaf;work;main;prog 220\n"
	  "cpu-clock:HG;parse;main;worker 200\n"
	  "cpu-clock:HG;say hi\\there;prog 400\n"
	  "cpu-clock:HG;x</script><b>&;main;prog 5\n"
	  "instructions:HG;semi:colon;std::vector<int>::push_back;main;prog 600\n" },
	{ "tid,jit,addrs", "caller",
	  "cpu-clock:HG;prog-%1$d/%1$d;main_[j];[perf-%1$d.map <7f0000000080>]_[j] 300\n"
	  "cpu-clock:HG;prog-%1$d/%1$d;main_[j];work_[j];leaf_[j] 220\n"
	  "cpu-clock:HG;prog-%1$d/%1$d;main_[j];x</script><b>&_[j] 5\n"
	  "cpu-clock:HG;prog-%1$d/%1$d;say hi\\there_[j] 400\n"
	  "cpu-clock:HG;worker-%1$d/%2$d;main_[j];[unknown <1000>] 900\n"
	  "cpu-clock:HG;worker-%1$d/%2$d;main_[j];parse_[j] 200\n"
	  "instructions:HG;prog-%1$d/%1$d;main_[j];std::vector<int>::push_back_[j];"
	  "semi:colon_[j] 600\n" },
};

static void test_flamegraph__folded_as_stackcollapse(void **state)
{
	const struct synth_profile *p = *state;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		unsigned int opts;
		char *text;

		print_message("--flamegraph-opts '%s' -g %s\n", cases[i].opts, cases[i].order);
		assert_int_equal(flamegraph__parse_opts(cases[i].opts, &opts, &err), 0);
		text = write_flamegraph(p, opts, cases[i].order, false);
		expect(text, cases[i].folded, p);
		free(text);
		strbuf_release(&err);
	}
}

/* Every node's total is its own and its children's. */
static uint64_t check_node(const struct json *n)
{
	const struct json *c = json_get(n, "c");
	uint64_t sum = json_get(n, "s")->u64;

	assert_non_null(json_get(n, "n"));
	for (size_t i = 0; c && i < c->nr; i++)
		sum += check_node(&c->items[i]);
	assert_int_equal(json_get(n, "v")->u64, sum);
	return sum;
}

/* The node at "a;b;c" below @n, or NULL */
static const struct json *node_at(const struct json *n, const char *path)
{
	size_t len = strcspn(path, ";");
	const struct json *c = json_get(n, "c");

	for (size_t i = 0; c && i < c->nr; i++) {
		const char *name = json_get(&c->items[i], "n")->string;

		if (strlen(name) == len && !strncmp(name, path, len))
			return path[len] ? node_at(&c->items[i], path + len + 1) : &c->items[i];
	}
	return NULL;
}

static void test_flamegraph__page_carries_the_trees(void **state)
{
	static const char open_tag[] = "<script id=\"data\" type=\"application/json\">";
	const struct synth_profile *p = *state;
	char *page = write_flamegraph(p, 0, "caller", true), *data, *end;
	const struct json *cpu;
	struct json trees;

	assert_non_null(strstr(page, "<title>a &lt;b&gt; &amp; &quot;c&quot;</title>"));
	assert_null(strstr(page, "http"));	/* nothing from the network */
	assert_null(strstr(page, "src="));
	data = strstr(page, open_tag);
	assert_non_null(data);
	data += strlen(open_tag);
	end = strstr(data, "</script>");	/* the first: no name may close it early */
	assert_non_null(end);
	*end = '\0';
	if (!json_parse(data, &trees))
		fail_msg("not JSON: %s", data);
	assert_int_equal(trees.nr, 2);
	cpu = &trees.items[0];
	assert_string_equal(json_get(cpu, "event")->string, "cpu-clock:HG");
	assert_string_equal(json_get(cpu, "unit")->string, "ns");
	assert_null(json_get(&trees.items[1], "unit"));
	assert_int_equal(check_node(json_get(cpu, "root")),
			 100 + 200 + 300 + 400 + 900 + 50 + 70 + 5);
	assert_int_equal(check_node(json_get(&trees.items[1], "root")), 600);
	assert_int_equal(json_get(node_at(json_get(cpu, "root"), "prog;main;work;leaf"), "s")->u64,
			 220);
	assert_int_equal(json_get(node_at(json_get(cpu, "root"), "prog;main"), "v")->u64,
			 220 + 300 + 5);
	assert_non_null(node_at(json_get(cpu, "root"), "prog;main;x</script><b>&"));
	json_free(&trees);
	free(page);
}

static const struct synth_sample before[] = {
	{ 0, 0, 1, 100, "main,work,leaf" },
	{ 0, 0, 1, 40, "main,parse" },
	{ 1, 0, 1, 999, "main" },	/* not the first event: not compared */
};

static const struct synth_sample after[] = {
	{ 0, 0, 1, 30, "main,work,leaf" },
	{ 0, 0, 1, 80, "main,work" },
};

static void test_flamegraph__diff_as_difffolded(void **state)
{
	struct synth_profile old_p, new_p;
	struct report_opts oo, on;
	struct report old, new;
	char *text = NULL;
	size_t size = 0;
	FILE *out;

	(void)state;
	synth_profile__write(&old_p, before, 3);
	synth_profile__write(&new_p, after, 2);
	read_report(&old, &oo, old_p.path, 0, "caller");
	read_report(&new, &on, new_p.path, 0, "caller");
	assert_non_null(out = open_memstream(&text, &size));
	assert_int_equal(flamegraph__write_diff(&old, &new, false, "t", out), 0);
	assert_int_equal(fclose(out), 0);
	assert_string_equal(text, "prog;main;parse 40 0\n"
				  "prog;main;work 0 80\n"
				  "prog;main;work;leaf 100 30\n");
	free(text);
	/* nothing to draw on one side */
	assert_int_equal(flamegraph__write_diff(&old, &(struct report){ .o = &on }, false, "t",
						stdout), -ENODATA);
	report__exit(&old);
	report__exit(&new);
	synth_profile__remove(&old_p);
	synth_profile__remove(&new_p);
}

static void test_flamegraph__options_and_file_names(void **state)
{
	static const struct { const char *spec; int ret; unsigned int opts; } specs[] = {
		{ "pid", 0, FLAME_PID }, { "tid,kernel", 0, FLAME_TID | FLAME_KERNEL },
		{ "all", 0, FLAME_KERNEL | FLAME_JIT }, { "addrs,jit", 0, FLAME_ADDRS | FLAME_JIT },
		{ "", 0, 0 }, { "pid,bogus", -EINVAL, 0 }, { "PID", -EINVAL, 0 },
	};
	static const struct { const char *path; bool html; } paths[] = {
		{ "flame.html", true }, { "FLAME.HTML", true }, { ".html", true },
		{ "html", false }, { "x.htm", false }, { "-", false }, { "a.html.txt", false },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(specs) / sizeof(specs[0]); i++) {
		struct strbuf err = STRBUF_INIT;
		unsigned int opts = 99;

		assert_int_equal(flamegraph__parse_opts(specs[i].spec, &opts, &err), specs[i].ret);
		if (specs[i].ret)
			assert_non_null(strstr(err.buf, "is not one of"));
		else
			assert_int_equal(opts, specs[i].opts);
		strbuf_release(&err);
	}
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		assert_int_equal(flamegraph__is_html(paths[i].path), paths[i].html);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_flamegraph__folded_as_stackcollapse,
						write_samples, synth_profile__teardown),
		cmocka_unit_test_setup_teardown(test_flamegraph__page_carries_the_trees,
						write_samples, synth_profile__teardown),
		cmocka_unit_test(test_flamegraph__diff_as_difffolded),
		cmocka_unit_test(test_flamegraph__options_and_file_names),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
