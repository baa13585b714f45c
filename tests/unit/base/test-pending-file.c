// SPDX-License-Identifier: GPL-2.0
/*
 * A pending file is never seen half-written: until it is finished its name
 * holds what was there before (or nothing), finishing renames the whole
 * file into place, and any failure (the caller's, a write that failed on
 * the stream, a rename that cannot be done) leaves the old state and no
 * temporary file behind. The file is the caller's alone while written
 * (0600, close-on-exec); through stdio it ends up as an ordinary new file.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/pending-file.h"

struct dir {
	char root[32];
	char path[64];		/* root/out */
};

static void dir_make(struct dir *d)
{
	snprintf(d->root, sizeof(d->root), "/tmp/pm-pend.XXXXXX");
	assert_non_null(mkdtemp(d->root));
	snprintf(d->path, sizeof(d->path), "%s/out", d->root);
}

static void dir_remove(struct dir *d)
{
	char cmd[64];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", d->root);
	assert_int_equal(system(cmd), 0);
}

/* The names in the directory, sorted, space-separated. */
static void names(const struct dir *d, char *buf, size_t size)
{
	struct dirent **list;
	int n = scandir(d->root, &list, NULL, alphasort);

	assert_true(n >= 0);
	buf[0] = '\0';
	for (int i = 0; i < n; i++) {
		if (strcmp(list[i]->d_name, ".") && strcmp(list[i]->d_name, ".."))
			snprintf(buf + strlen(buf), size - strlen(buf), "%s%s", *buf ? " " : "",
				 list[i]->d_name);
		free(list[i]);
	}
	free(list);
}

/* The file's contents, or "<none>" */
static void contents(const char *path, char *buf, size_t size)
{
	FILE *f = fopen(path, "r");
	size_t n;

	if (!f) {
		snprintf(buf, size, "<none>");
		return;
	}
	n = fread(buf, 1, size - 1, f);
	buf[n] = '\0';
	fclose(f);
}

enum before { NOTHING, OLD_FILE, A_DIRECTORY };

static const struct pending_case {
	const char *what;
	enum before before;	/* what the path held */
	int err;		/* the caller's verdict */
	int ret;		/* finish's */
	const char *after;	/* the path's contents then */
	const char *dir;	/* and the directory's names */
} cases[] = {
	{ "new, finished", NOTHING, 0, 0, "new", "out" },
	{ "new, failed", NOTHING, -EIO, -EIO, "<none>", "" },
	{ "replacing, finished", OLD_FILE, 0, 0, "new", "out" },
	{ "replacing, failed: the old one stays", OLD_FILE, -ENOSPC, -ENOSPC, "old", "out" },
	{ "a directory in the way", A_DIRECTORY, 0, -EISDIR, "<none>", "out" },
};

static void run_case(const struct pending_case *c)
{
	struct pending_file pf;
	struct dir d;
	char buf[256], tmp[128];
	struct stat st;

	dir_make(&d);
	if (c->before == OLD_FILE) {
		FILE *f = fopen(d.path, "w");

		assert_non_null(f);
		fputs("old", f);
		fclose(f);
	} else if (c->before == A_DIRECTORY) {
		assert_int_equal(mkdir(d.path, 0755), 0);
		snprintf(buf, sizeof(buf), "%s/keep", d.path);
		assert_int_equal(mkdir(buf, 0755), 0);	/* not empty: no rename over it */
	}
	assert_int_equal(pending_file__open(&pf, d.path), 0);
	assert_true(pf.fd >= 0);
	assert_int_equal(write(pf.fd, "new", 3), 3);
	/* written beside it, under PATH.XXXXXX: the name still shows the old state */
	assert_int_equal(strncmp(pf.tmp.buf, d.path, strlen(d.path)), 0);
	assert_int_equal(strlen(pf.tmp.buf), strlen(d.path) + 7);
	assert_int_equal(pf.tmp.buf[strlen(d.path)], '.');
	snprintf(tmp, sizeof(tmp), "%s", pf.tmp.buf);
	assert_int_equal(fstat(pf.fd, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_true(fcntl(pf.fd, F_GETFD) & FD_CLOEXEC);
	if (c->before != A_DIRECTORY) {
		contents(d.path, buf, sizeof(buf));
		assert_string_equal(buf, c->before == OLD_FILE ? "old" : "<none>");
	}
	close(pf.fd);

	assert_int_equal(pending_file__finish(&pf, c->err), c->ret);
	assert_int_equal(pf.fd, -1);
	assert_int_equal(access(tmp, F_OK), -1);	/* never left behind */
	if (c->before != A_DIRECTORY) {
		contents(d.path, buf, sizeof(buf));
		assert_string_equal(buf, c->after);
	}
	names(&d, buf, sizeof(buf));
	assert_string_equal(buf, c->dir);
	dir_remove(&d);
}

static void test_pending_file__whole_or_nothing(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_message("pending file: %s\n", cases[i].what);
		run_case(&cases[i]);
	}
}

static void test_pending_file__no_directory(void **state)
{
	struct pending_file pf;
	FILE *f = NULL;

	(void)state;
	assert_int_equal(pending_file__open(&pf, "/nonexistent/pm-dir/out"), -ENOENT);
	assert_int_equal(pending_file__fopen(&pf, "/nonexistent/pm-dir/out", &f), -ENOENT);
	assert_null(f);
}

/* stdio: the umask's mode, as fopen would make it, once renamed */
static void test_pending_file__stdio_mode(void **state)
{
	static const mode_t masks[][2] = { { 022, 0644 }, { 077, 0600 }, { 002, 0664 } };
	mode_t saved = umask(022);

	(void)state;
	for (size_t i = 0; i < sizeof(masks) / sizeof(masks[0]); i++) {
		struct pending_file pf;
		struct dir d;
		struct stat st;
		char buf[64];
		FILE *f;

		dir_make(&d);
		umask(masks[i][0]);
		assert_int_equal(pending_file__fopen(&pf, d.path, &f), 0);
		fputs("line\n", f);
		assert_int_equal(access(d.path, F_OK), -1);
		assert_int_equal(pending_file__fclose(&pf, f, 0), 0);
		assert_int_equal(stat(d.path, &st), 0);
		assert_int_equal(st.st_mode & 0777, masks[i][1]);
		contents(d.path, buf, sizeof(buf));
		assert_string_equal(buf, "line\n");
		dir_remove(&d);
	}
	umask(saved);
}

/* A write that failed on the stream fails the file, even when the caller
 * did not notice; the caller's own error wins over it. */
static void test_pending_file__stream_errors(void **state)
{
	static const struct {
		bool stream_error;
		int err, ret;
	} cases[] = {
		{ false, 0, 0 },
		{ true, 0, -EIO },
		{ true, -ENOSPC, -ENOSPC },
		{ false, -EINVAL, -EINVAL },
	};

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct pending_file pf;
		struct dir d;
		char buf[64];
		FILE *f;

		dir_make(&d);
		assert_int_equal(pending_file__fopen(&pf, d.path, &f), 0);
		fputs("data", f);
		if (cases[i].stream_error)
			assert_int_equal(fgetc(f), EOF);	/* read on a write-only stream */
		assert_int_equal(ferror(f) != 0, cases[i].stream_error);
		assert_int_equal(pending_file__fclose(&pf, f, cases[i].err), cases[i].ret);
		contents(d.path, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].ret ? "<none>" : "data");
		names(&d, buf, sizeof(buf));
		assert_string_equal(buf, cases[i].ret ? "" : "out");
		dir_remove(&d);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_pending_file__whole_or_nothing),
		cmocka_unit_test(test_pending_file__no_directory),
		cmocka_unit_test(test_pending_file__stdio_mode),
		cmocka_unit_test(test_pending_file__stream_errors),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
