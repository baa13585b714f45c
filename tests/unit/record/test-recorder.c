// SPDX-License-Identifier: GPL-2.0
/*
 * What the recorder learns from the records passing through it: samples
 * and lost events counted, the files mapped (for build-ids), and under
 * --switch-output the maps of the workload, so that a file begun while it
 * exits (its /proc maps gone, its last samples still in the rings) still
 * says where those samples lie.
 */
#include <linux/perf_event.h>

#include "../unit-test.h"
#include "../../../util/data/perf-data-format.h"
#include "../../../util/record/recorder.h"

/* An MMAP2 record of @pid mapping @file at @start, appended to @sb. */
static void add_mmap2(struct strbuf *sb, uint32_t pid, uint64_t start, const char *file)
{
	struct pm_mmap2_event e = { .pid = pid, .tid = pid, .start = start, .len = 0x1000 };
	char name[32] = { 0 };

	snprintf(name, sizeof(name), "%s", file);
	e.header.type = PERF_RECORD_MMAP2;
	e.header.size = sizeof(e) + sizeof(name);
	strbuf_add(sb, &e, sizeof(e));
	strbuf_add(sb, name, sizeof(name));
}

static void add_sample(struct strbuf *sb)
{
	struct pm_event_header h = { .type = PERF_RECORD_SAMPLE, .size = 16 };
	uint64_t ip = 0x401000;

	strbuf_add(sb, &h, sizeof(h));
	strbuf_add(sb, &ip, sizeof(ip));
}

/* How many MMAP2 records of @pid @sb holds. */
static int maps_of(const struct strbuf *sb, uint32_t pid)
{
	const char *p = sb->buf, *end = sb->buf + sb->len;
	int n = 0;

	while (p + sizeof(struct pm_mmap2_event) <= end) {
		struct pm_mmap2_event e;

		memcpy(&e, p, sizeof(e));
		n += e.header.type == PERF_RECORD_MMAP2 && e.pid == pid;
		p += e.header.size;
	}
	return n;
}

static void counts_and_files(void **state)
{
	struct recorder r = { 0 };
	struct strbuf sb = STRBUF_INIT;

	(void)state;
	strbuf_init(&r.kept_maps, 0);
	add_mmap2(&sb, 7, 0x400000, "/bin/true");
	add_mmap2(&sb, 7, 0x500000, "/bin/true");	/* once */
	add_mmap2(&sb, 7, 0x7000, "[vdso]");		/* not a file */
	add_sample(&sb);
	add_sample(&sb);
	recorder__scan(&r, sb.buf, sb.len);
	assert_int_equal(r.nr_samples, 2);
	assert_int_equal(r.nr_dsos, 1);
	assert_string_equal(r.dsos[0], "/bin/true");
	assert_int_equal(r.kept_maps.len, 0);	/* no process kept */
	strbuf_release(&sb);
	recorder__exit(&r);
}

static void maps_carried_into_a_file_without_them(void **state)
{
	struct recorder r = { 0 };
	struct strbuf stream = STRBUF_INIT, next = STRBUF_INIT;

	(void)state;
	strbuf_init(&r.kept_maps, 0);
	recorder__keep_maps(&r, 42);
	add_mmap2(&stream, 42, 0x400000, "/work/app");
	add_mmap2(&stream, 43, 0x400000, "/other");	/* another process */
	add_mmap2(&stream, 42, 0x7f0000, "/lib/libc.so.6");
	add_sample(&stream);
	recorder__scan(&r, stream.buf, stream.len);
	assert_int_equal(maps_of(&r.kept_maps, 42), 2);
	assert_int_equal(maps_of(&r.kept_maps, 43), 0);

	/* the next file's synthesis found no map of 42: it gets those seen */
	add_mmap2(&next, 43, 0x400000, "/other");
	recorder__carry_maps(&r, &next);
	assert_int_equal(maps_of(&next, 42), 2);
	assert_int_equal(maps_of(&next, 43), 1);
	assert_int_equal(r.kept_maps.len, 0);
	recorder__scan(&r, next.buf, next.len);	/* as the file is written */
	assert_int_equal(maps_of(&r.kept_maps, 42), 2);	/* kept again, once */
	strbuf_release(&stream);
	strbuf_release(&next);
	recorder__exit(&r);
}

static void a_new_snapshot_replaces_them(void **state)
{
	struct recorder r = { 0 };
	struct strbuf stream = STRBUF_INIT, next = STRBUF_INIT;

	(void)state;
	strbuf_init(&r.kept_maps, 0);
	recorder__keep_maps(&r, 42);
	add_mmap2(&stream, 42, 0x400000, "/work/app");
	add_mmap2(&stream, 42, 0x7f0000, "/lib/libc.so.6");
	recorder__scan(&r, stream.buf, stream.len);

	/* /proc still had the process: its maps now, nothing added */
	add_mmap2(&next, 42, 0x400000, "/work/app");
	recorder__carry_maps(&r, &next);
	assert_int_equal(maps_of(&next, 42), 1);
	recorder__scan(&r, next.buf, next.len);
	assert_int_equal(maps_of(&r.kept_maps, 42), 1);
	strbuf_release(&stream);
	strbuf_release(&next);
	recorder__exit(&r);
}

static void nothing_kept_nothing_carried(void **state)
{
	struct recorder r = { 0 };
	struct strbuf next = STRBUF_INIT;

	(void)state;
	strbuf_init(&r.kept_maps, 0);
	add_sample(&next);
	recorder__carry_maps(&r, &next);
	assert_int_equal(next.len, 16);
	strbuf_release(&next);
	recorder__exit(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(counts_and_files),
		cmocka_unit_test(maps_carried_into_a_file_without_them),
		cmocka_unit_test(a_new_snapshot_replaces_them),
		cmocka_unit_test(nothing_kept_nothing_carried),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
