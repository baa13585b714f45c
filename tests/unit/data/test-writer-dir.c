// SPDX-License-Identifier: GPL-2.0
/*
 * record --threads' directory, as perf 6.1 lays it out: PATH/data is the
 * perf.data the writer writes, PATH/data.N ring N's records alone, in the
 * order they came, no header. A ring's bytes wait in memory until a flush
 * or until a quarter megabyte piles up; a ring the directory has no file
 * for writes to PATH/data. Discarding a run removes the files it made and
 * the directory; a write that fails is the writer's sticky error; a
 * directory where the files cannot be made is refused by name.
 */
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/data/writer.h"

struct run {
	char root[32];
	char data[48];		/* root/data */
	struct perf_event_attr attr;
	uint64_t id;
	struct pd_write_event ev;
	struct perf_data_writer w;
	struct strbuf err;
};

/* root/data written; with @nr_rings >= 0, its ring files made too */
static void run_open(struct run *r, int nr_rings)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->root, sizeof(r->root), "/tmp/pm-wdir.XXXXXX");
	assert_non_null(mkdtemp(r->root));
	snprintf(r->data, sizeof(r->data), "%s/data", r->root);
	r->attr = (struct perf_event_attr){ .type = PERF_TYPE_SOFTWARE, .size = sizeof(r->attr) };
	r->id = 7;
	r->ev = (struct pd_write_event){ &r->attr, &r->id, 1, "cpu-clock" };
	strbuf_init(&r->err, 0);
	assert_int_equal(perf_data_writer__open(&r->w, r->data, &r->ev, 1, NULL, 0, &r->err), 0);
	if (nr_rings < 0)
		return;
	assert_int_equal(perf_data_writer__open_dir(&r->w, r->root, nr_rings, &r->err), 0);
	assert_int_equal(r->w.nr_dir, nr_rings);
}

static void run_remove(struct run *r)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", r->root);
	assert_int_equal(system(cmd), 0);
	strbuf_release(&r->err);
}

/* Size of root/data.@i, -1 if there is none. */
static long ring_size(const struct run *r, int i)
{
	char path[64];
	struct stat st;

	snprintf(path, sizeof(path), "%s/data.%d", r->root, i);
	return stat(path, &st) ? -1 : (long)st.st_size;
}

static void ring_contents(const struct run *r, int i, char *buf, size_t size)
{
	char path[64];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "%s/data.%d", r->root, i);
	assert_non_null(f = fopen(path, "r"));
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static void test_writer_dir__rings_to_their_files(void **state)
{
	static const struct {
		int ring;
		const char *bytes;
	} writes[] = {
		{ 0, "r0-a|" }, { 2, "r2-a|" }, { 0, "r0-b|" }, { -1, "main|" }, { 3, "past|" },
		{ 2, "r2-b|" },
	};
	static const char *const want[] = { "r0-a|r0-b|", "", "r2-a|r2-b|" };
	struct run r;
	char buf[64];
	struct stat st;

	(void)state;
	run_open(&r, 3);
	for (int i = 0; i < 3; i++) {
		char path[64];

		snprintf(path, sizeof(path), "%s/data.%d", r.root, i);
		assert_int_equal(stat(path, &st), 0);
		assert_int_equal(st.st_mode & 0777, 0600);
	}
	for (size_t i = 0; i < sizeof(writes) / sizeof(writes[0]); i++)
		perf_data_writer__write_ring(&r.w, writes[i].ring, writes[i].bytes, 5);
	for (int i = 0; i < 3; i++)	/* not yet: in memory */
		assert_int_equal(ring_size(&r, i), 0);
	assert_int_equal(r.w.buf.len, 10);	/* rings -1 and 3: the one file's */
	assert_memory_equal(r.w.buf.buf, "main|past|", 10);

	assert_int_equal(perf_data_writer__flush(&r.w, &r.err), 0);
	for (int i = 0; i < 3; i++) {
		ring_contents(&r, i, buf, sizeof(buf));
		assert_string_equal(buf, want[i]);
	}
	assert_int_equal(perf_data_writer__dir_size(&r.w), 20);
	assert_int_equal(r.w.data_size, 10);
	assert_int_equal(writer_dir__flush(&r.w), 0);	/* nothing more to write */
	assert_int_equal(perf_data_writer__dir_size(&r.w), 20);
	assert_int_equal(perf_data_writer__finish(&r.w, &r.ev, 1, NULL, 0, &r.err), 0);
	assert_int_equal(r.w.nr_dir, 0);
	assert_null(r.w.dir);
	assert_int_equal(perf_data_writer__dir_size(&r.w), 20);	/* the summary's, after */
	ring_contents(&r, 2, buf, sizeof(buf));	/* finishing leaves them */
	assert_string_equal(buf, "r2-a|r2-b|");
	assert_int_equal(stat(r.data, &st), 0);
	run_remove(&r);
}

/* A quarter megabyte waiting in one ring goes out without a flush; the
 * other rings' bytes wait for their own (each ring is one thread's). */
static void test_writer_dir__big_rings_flush_themselves(void **state)
{
	static char chunk[64 << 10];
	struct run r;

	(void)state;
	run_open(&r, 2);
	memset(chunk, 'x', sizeof(chunk));
	for (int i = 0; i < 3; i++)
		perf_data_writer__write_ring(&r.w, 1, chunk, sizeof(chunk));
	perf_data_writer__write_ring(&r.w, 0, "y", 1);
	assert_int_equal(ring_size(&r, 1), 0);
	perf_data_writer__write_ring(&r.w, 1, chunk, sizeof(chunk));	/* 256K */
	assert_int_equal(ring_size(&r, 1), 4 * sizeof(chunk));
	assert_int_equal(ring_size(&r, 0), 0);
	assert_int_equal(r.w.dir[0].buf.len, 1);
	assert_int_equal(r.w.dir[1].buf.len, 0);
	assert_int_equal(perf_data_writer__dir_size(&r.w), 4 * sizeof(chunk));
	assert_int_equal(perf_data_writer__flush_ring(&r.w, 0), 0);
	assert_int_equal(ring_size(&r, 0), 1);
	assert_int_equal(perf_data_writer__dir_size(&r.w), 4 * sizeof(chunk) + 1);
	perf_data_writer__abort(&r.w);
	assert_int_equal(ring_size(&r, 1), 4 * sizeof(chunk));	/* abort keeps them */
	run_remove(&r);
}

static void test_writer_dir__discard_removes_the_run(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, 4);
	perf_data_writer__write_ring(&r.w, 3, "z", 1);
	assert_int_equal(perf_data_writer__flush(&r.w, &r.err), 0);
	perf_data_writer__discard(&r.w);
	assert_int_equal(access(r.root, F_OK), -1);	/* data, data.N and the directory */
	assert_int_equal(errno, ENOENT);
	assert_int_equal(r.w.nr_dir, 0);
	assert_null(r.w.dir_path);
	strbuf_release(&r.err);
}

/* A ring file that cannot be written: the flush fails, and stays failed. */
static void test_writer_dir__write_errors_stick(void **state)
{
	struct run r;
	char want[128];

	(void)state;
	run_open(&r, 2);
	close(r.w.dir[1].fd);
	r.w.dir[1].fd = open("/dev/null", O_RDONLY);	/* no writes: EBADF */
	assert_true(r.w.dir[1].fd >= 0);
	perf_data_writer__write_ring(&r.w, 1, "abc", 3);
	assert_int_equal(perf_data_writer__flush(&r.w, &r.err), -EBADF);
	snprintf(want, sizeof(want), "cannot write %s: %s", r.data, strerror(EBADF));
	assert_string_equal(r.err.buf, want);
	assert_int_equal(r.w.error, -EBADF);
	assert_int_equal(perf_data_writer__dir_size(&r.w), 0);
	assert_int_equal(r.w.dir[1].buf.len, 3);	/* kept, not written */
	strbuf_reset(&r.err);
	perf_data_writer__write_ring(&r.w, 0, "d", 1);
	assert_int_equal(perf_data_writer__flush(&r.w, &r.err), -EBADF);
	assert_string_equal(r.err.buf, want);
	perf_data_writer__discard(&r.w);
	assert_int_equal(access(r.root, F_OK), -1);
	strbuf_release(&r.err);
}

static void test_writer_dir__no_directory(void **state)
{
	struct run r;

	(void)state;
	run_open(&r, -1);
	assert_int_equal(perf_data_writer__open_dir(&r.w, "/nonexistent/pm-dir", 2, &r.err),
			 -ENOENT);
	assert_string_equal(r.err.buf, "cannot create /nonexistent/pm-dir/data.0: "
				       "No such file or directory");
	assert_int_equal(r.w.nr_dir, 0);
	perf_data_writer__write_ring(&r.w, 0, "w", 1);	/* no files: the one file */
	assert_int_equal(r.w.buf.len, 1);
	perf_data_writer__abort(&r.w);
	assert_null(r.w.dir);
	run_remove(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_writer_dir__rings_to_their_files),
		cmocka_unit_test(test_writer_dir__big_rings_flush_themselves),
		cmocka_unit_test(test_writer_dir__discard_removes_the_run),
		cmocka_unit_test(test_writer_dir__write_errors_stick),
		cmocka_unit_test(test_writer_dir__no_directory),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
