// SPDX-License-Identifier: GPL-2.0
/*
 * Tracepoint payloads read by the formats a perf.data's TRACING_DATA
 * carries: the event's print format for script, every field for
 * --raw-trace, its field names for evlist, one field at a time for the
 * commands that count them (bounds checked: a short payload reads 0 or
 * ""), and the names of tracepoints an old pipe left unnamed. Tracing data
 * that is not what perf writes gives no formats, never a crash.
 *
 * The formats are written here as the kernel's format files read, for a
 * made-up tracepoint "test:thing"; the payloads as the kernel lays them.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/report/trace-format.h"

#define THING_ID 777

static const char header_page[] =
	"\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
	"\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
	"\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
	"\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";

static const char thing_format[] =
	"name: thing\n"
	"ID: 777\n"
	"format:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
	"\n"
	"\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:24;\tsize:4;\tsigned:1;\n"
	"\tfield:short delta;\toffset:28;\tsize:2;\tsigned:1;\n"
	"\tfield:unsigned char flag;\toffset:30;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned long addr;\toffset:32;\tsize:8;\tsigned:0;\n"
	"\tfield:__data_loc char[] name;\toffset:40;\tsize:4;\tsigned:0;\n"
	"\n"
	"print fmt: \"comm=%s pid=%d addr=0x%lx name=%s\", REC->comm, REC->pid, REC->addr, "
	"__get_str(name)\n";

static void put(struct strbuf *b, const void *p, size_t n)
{
	strbuf_add(b, p, n);
}

static void put_u64(struct strbuf *b, uint64_t v)
{
	put(b, &v, 8);
}

static void put_u32(struct strbuf *b, uint32_t v)
{
	put(b, &v, 4);
}

/* TRACING_DATA as perf writes it (version 0.6, this host's byte order) */
static void tracing_data(struct strbuf *b)
{
	static const char magic[] = { 23, 8, 68, 't', 'r', 'a', 'c', 'i', 'n', 'g' };
	static const char header_event[] = "# compressed entry header\n";

	put(b, magic, sizeof(magic));
	put(b, "0.6", 4);
	strbuf_addch(b, 0);		/* little endian */
	strbuf_addch(b, 8);		/* sizeof(long) */
	put_u32(b, 4096);
	put(b, "header_page", 12);
	put_u64(b, sizeof(header_page) - 1);
	put(b, header_page, sizeof(header_page) - 1);
	put(b, "header_event", 13);
	put_u64(b, sizeof(header_event) - 1);
	put(b, header_event, sizeof(header_event) - 1);
	put_u32(b, 0);			/* ftrace formats */
	put_u32(b, 1);			/* systems */
	put(b, "test", 5);
	put_u32(b, 1);
	put_u64(b, sizeof(thing_format) - 1);
	put(b, thing_format, sizeof(thing_format) - 1);
}

struct thing {
	uint16_t type;
	uint8_t flags, preempt_count;
	int32_t common_pid;
	char comm[16];
	int32_t pid;
	int16_t delta;
	uint8_t flag, pad;
	uint64_t addr;
	uint32_t name_loc;	/* length << 16 | offset */
	char name[12];
};

static struct thing payload(void)
{
	struct thing t = { .type = THING_ID, .common_pid = 42, .comm = "prog", .pid = -5,
			   .delta = -2, .flag = 1, .addr = 0xdeadbeef, .name = "hello" };

	t.name_loc = 6 << 16 | (uint32_t)offsetof(struct thing, name);
	return t;
}

static struct trace_format *formats(struct strbuf *blob, struct perf_data *pd)
{
	tracing_data(blob);
	pd->feat.tracing_data = (const uint8_t *)blob->buf;
	pd->feat.tracing_data_size = blob->len;
	return trace_format__new(pd);
}

static void test_trace_format__prints_by_the_format(void **state)
{
	struct strbuf blob = STRBUF_INIT, out = STRBUF_INIT;
	struct perf_data pd = { 0 };
	struct trace_format *tf = formats(&blob, &pd);
	struct thing t = payload();
	struct perf_sample s = { .raw_data = &t, .raw_size = sizeof(t), .cpu = 1 };

	(void)state;
	assert_non_null(tf);
	trace_format__print(tf, &s, &out);
	assert_string_equal(out.buf, "comm=prog pid=-5 addr=0xdeadbeef name=hello");
	strbuf_reset(&out);
	trace_format__print_raw(tf, &s, &out);
	assert_string_equal(out.buf,
			    " comm=prog pid=-5 delta=-2 flag=1 addr=0xdeadbeef name=hello");
	strbuf_reset(&out);
	assert_true(trace_format__field_names(tf, THING_ID, &out));
	assert_string_equal(out.buf, "comm,pid,delta,flag,addr,name");
	assert_false(trace_format__field_names(tf, THING_ID + 1, &out));
	/* no payload, or one too short to say its type: nothing */
	strbuf_reset(&out);
	s.raw_size = 4;
	trace_format__print(tf, &s, &out);
	s.raw_data = NULL;
	trace_format__print_raw(tf, &s, &out);
	assert_int_equal(out.len, 0);
	trace_format__delete(tf);
	strbuf_release(&blob);
	strbuf_release(&out);
}

static void test_trace_format__fields_bounds_checked(void **state)
{
	struct strbuf blob = STRBUF_INIT;
	struct perf_data pd = { 0 };
	struct trace_format *tf = formats(&blob, &pd);
	struct thing t = payload();
	struct perf_sample s = { .raw_data = &t, .raw_size = sizeof(t) };
	struct tp_field comm, pid, delta, flag, addr, none;
	char buf[16];

	(void)state;
	trace_format__field(tf, THING_ID, "comm", &comm);
	trace_format__field(tf, THING_ID, "pid", &pid);
	trace_format__field(tf, THING_ID, "delta", &delta);
	trace_format__field(tf, THING_ID, "flag", &flag);
	trace_format__field(tf, THING_ID, "addr", &addr);
	trace_format__field(tf, THING_ID, "nope", &none);
	assert_true(comm.found && pid.found && delta.found && flag.found && addr.found);
	assert_false(none.found);
	assert_int_equal(pid.offset, 24);
	assert_int_equal(tp_field__s64(&pid, &s), -5);
	assert_int_equal(tp_field__u64(&pid, &s), 0xfffffffbULL);
	assert_int_equal(tp_field__s64(&delta, &s), -2);
	assert_int_equal(tp_field__s64(&flag, &s), 1);
	assert_int_equal(tp_field__u64(&addr, &s), 0xdeadbeef);
	assert_string_equal(tp_field__str(&comm, &s, buf, sizeof(buf)), "prog");
	assert_string_equal(tp_field__str(&comm, &s, buf, 3), "pr");
	assert_int_equal(tp_field__u64(&none, &s), 0);
	/* a payload that ends before the field */
	s.raw_size = 28;
	assert_int_equal(tp_field__s64(&pid, &s), -5);
	assert_int_equal(tp_field__u64(&addr, &s), 0);
	assert_int_equal(tp_field__s64(&delta, &s), 0);
	s.raw_size = 20;
	assert_string_equal(tp_field__str(&comm, &s, buf, sizeof(buf)), "");
	trace_format__delete(tf);
	strbuf_release(&blob);
}

static void test_trace_format__names_unnamed_tracepoints(void **state)
{
	struct strbuf blob = STRBUF_INIT;
	struct pd_evsel a = { .attr = { .type = PERF_TYPE_TRACEPOINT, .config = THING_ID } };
	struct pd_evsel b = { .attr = { .type = PERF_TYPE_TRACEPOINT, .config = 1 } };
	struct pd_evsel c = { .attr = { .type = PERF_TYPE_HARDWARE } };
	struct pd_evsel *ev[] = { &a, &b, &c };
	struct perf_data pd = { .evsels = ev, .nr_evsels = 3 };
	struct trace_format *tf;

	(void)state;
	a.name = strdup("unknown:unknown:u");
	b.name = strdup("unknown:unknown");
	c.name = strdup("cycles");
	assert_true(trace_format__names_missing(&pd));
	tf = formats(&blob, &pd);
	trace_format__name_evsels(tf, &pd);
	assert_string_equal(a.name, "test:thing:u");	/* the modifiers stay */
	assert_string_equal(b.name, "unknown:unknown");	/* no format of its id */
	assert_string_equal(c.name, "cycles");
	assert_true(trace_format__names_missing(&pd));
	b.attr.config = THING_ID;
	trace_format__name_evsels(tf, &pd);
	assert_false(trace_format__names_missing(&pd));
	trace_format__name_evsels(NULL, &pd);	/* no formats: nothing to do */
	trace_format__delete(tf);
	free(a.name);
	free(b.name);
	free(c.name);
	strbuf_release(&blob);
}

/* Damaged tracing data: no formats, whatever byte is cut or changed. */
static void test_trace_format__bad_data_refused(void **state)
{
	struct strbuf blob = STRBUF_INIT;
	struct perf_data pd = { 0 };

	(void)state;
	assert_null(trace_format__new(&pd));
	tracing_data(&blob);
	for (size_t len = 0; len < blob.len; len++) {
		pd.feat.tracing_data = (const uint8_t *)blob.buf;
		pd.feat.tracing_data_size = len;
		assert_null(trace_format__new(&pd));
	}
	blob.buf[3] = 'T';	/* the magic */
	pd.feat.tracing_data_size = blob.len;
	assert_null(trace_format__new(&pd));
	assert_null(trace_format__new(&(struct perf_data){ 0 }));
	trace_format__delete(NULL);
	strbuf_release(&blob);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_trace_format__prints_by_the_format),
		cmocka_unit_test(test_trace_format__fields_bounds_checked),
		cmocka_unit_test(test_trace_format__names_unnamed_tracepoints),
		cmocka_unit_test(test_trace_format__bad_data_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
