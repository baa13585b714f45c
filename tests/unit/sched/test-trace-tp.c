// SPDX-License-Identifier: GPL-2.0
/*
 * trace -e system:event: a tracepoint's fields as perf trace prints them,
 * from a format file in a fake tracefs and a payload built here: a
 * __data_loc string quoted, a char array cut at its NUL, pids with the
 * command the callback names, a zero field left out, a pointer in hex.
 */
#include <sys/stat.h>

#include "../unit-test.h"
#include "../../../util/sched/trace-tp.h"

static const char format[] =
	"name: demo\nID: 999\nformat:\n"
	"\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
	"\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
	"\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
	"\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n\n"
	"\tfield:__data_loc char[] filename;\toffset:8;\tsize:4;\tsigned:0;\n"
	"\tfield:pid_t pid;\toffset:12;\tsize:4;\tsigned:1;\n"
	"\tfield:char comm[16];\toffset:16;\tsize:16;\tsigned:0;\n"
	"\tfield:int prio;\toffset:32;\tsize:4;\tsigned:1;\n"
	"\tfield:void * where;\toffset:40;\tsize:8;\tsigned:0;\n"
	"\tfield:int zero;\toffset:48;\tsize:4;\tsigned:1;\n\n"
	"print fmt: \"filename=%s\", __get_str(filename)\n";

static const char *comm_of(void *priv, int32_t pid)
{
	(void)priv;
	return pid == 42 ? "sh" : NULL;
}

static void write_format(const char *root)
{
	char path[512];
	FILE *f;

	unit_test_make_tracepoint(root, "demo", "demo", 999);
	snprintf(path, sizeof(path), "%s/events/demo/demo/format", root);
	assert_non_null(f = fopen(path, "w"));
	fputs(format, f);
	fclose(f);
}

static void fields_as_perf_prints_them(void **state)
{
	char root[] = "/tmp/pm-tracefs.XXXXXX", cmd[64];
	uint8_t raw[64] = { 0 };
	const char *name = "/bin/true";
	uint32_t loc = (uint32_t)(strlen(name) + 1) << 16 | 52, pid = 42, prio = 120;
	uint64_t where = 0x7f00dead;
	struct perf_sample s = { .raw_data = raw, .raw_size = sizeof(raw) };
	struct sca_ctx ctx = { .comm_of = comm_of };
	struct strbuf out = STRBUF_INIT;
	struct tp_fields *t;

	(void)state;
	assert_non_null(mkdtemp(root));
	write_format(root);
	memcpy(raw + 8, &loc, 4);
	memcpy(raw + 12, &pid, 4);
	memcpy(raw + 16, "true\0garbage", 12);
	memcpy(raw + 32, &prio, 4);
	memcpy(raw + 40, &where, 8);
	memcpy(raw + 52, name, strlen(name) + 1);
	assert_non_null(t = tp_fields__read(root, "demo:demo"));
	tp_fields__print(t, &s, &ctx, &out);
	print_message("%s\n", out.buf);
	assert_string_equal(out.buf, "filename: \"/bin/true\", pid: 42 (sh), comm: \"true\", "
				     "prio: 120, where: 0x7f00dead");
	assert_null(tp_fields__read(root, "demo:nosuch"));
	assert_null(tp_fields__read(root, "nocolon"));
	tp_fields__free(t);
	strbuf_release(&out);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

/* a payload shorter than the format says: the fields past it read 0, the
 * string past it empty, nothing read out of bounds (ASan watches) */
static void a_short_payload_reads_nothing_past_it(void **state)
{
	char root[] = "/tmp/pm-tracefs.XXXXXX", cmd[64];
	uint8_t *raw = malloc(14);
	uint32_t loc = 200u << 16 | 300;	/* past the payload */
	struct perf_sample s = { .raw_data = raw, .raw_size = 14 };
	struct sca_ctx ctx = { 0 };
	struct strbuf out = STRBUF_INIT;
	struct tp_fields *t;

	(void)state;
	assert_non_null(mkdtemp(root));
	write_format(root);
	memset(raw, 0, 14);
	memcpy(raw + 8, &loc, 4);
	assert_non_null(t = tp_fields__read(root, "demo:demo"));
	tp_fields__print(t, &s, &ctx, &out);
	assert_string_equal(out.buf, "filename: \"\", comm: \"\"");
	tp_fields__free(t);
	strbuf_release(&out);
	free(raw);
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", root);
	assert_int_equal(system(cmd), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(fields_as_perf_prints_them),
		cmocka_unit_test(a_short_payload_reads_nothing_past_it),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
