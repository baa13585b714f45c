// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini's cache directory: where XDG says (else under HOME), made
 * private, and refused when others may write it, since what is read
 * from there is trusted. The machine's name in a cache file is 12 hex
 * digits, the same at every call; the sweep removes only this machine's
 * (or an older perf-mini's) regular files that no run has read or
 * written for a month, never another machine's of a shared home.
 */
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/base/util.h"
#include "../../../util/symbols/cache-dir.h"

#define DAY (24 * 3600)

static char root[] = "/tmp/pm-cache-dir.XXXXXX";

static void set_env(const char *xdg, const char *home)
{
	if (xdg)
		setenv("XDG_CACHE_HOME", xdg, 1);
	else
		unsetenv("XDG_CACHE_HOME");
	if (home)
		setenv("HOME", home, 1);
	else
		unsetenv("HOME");
}

static bool cache_dir(struct strbuf *path)
{
	strbuf_reset(path);
	return pm_cache_dir(path);
}

static void test_cache_dir__where_and_made_private(void **state)
{
	struct strbuf path = STRBUF_INIT, want = STRBUF_INIT;
	struct stat st;

	(void)state;
	strbuf_addf(&want, "%s/xdg", root);
	set_env(want.buf, "/nonexistent");
	assert_true(cache_dir(&path));
	strbuf_addstr(&want, "/perf-mini");
	assert_string_equal(path.buf, want.buf);
	assert_int_equal(stat(path.buf, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	assert_int_equal(st.st_mode & 0777, 0700);
	assert_true(cache_dir(&path));		/* there already: still fine */

	/* no XDG_CACHE_HOME, or an empty one: HOME's .cache */
	strbuf_reset(&want);
	strbuf_addf(&want, "%s/home", root);
	assert_int_equal(mkdir(want.buf, 0700), 0);
	set_env("", want.buf);
	assert_true(cache_dir(&path));
	strbuf_addstr(&want, "/.cache/perf-mini");
	assert_string_equal(path.buf, want.buf);
	set_env(NULL, want.buf);
	assert_true(cache_dir(&path));
	strbuf_release(&path);
	strbuf_release(&want);
}

static void test_cache_dir__none_to_trust(void **state)
{
	struct strbuf path = STRBUF_INIT, dir = STRBUF_INIT;

	(void)state;
	set_env(NULL, NULL);
	assert_false(cache_dir(&path));
	set_env("", "");
	assert_false(cache_dir(&path));
	/* a directory others may write */
	strbuf_addf(&dir, "%s/open", root);
	set_env(dir.buf, NULL);
	assert_true(cache_dir(&path));
	assert_int_equal(chmod(path.buf, 0777), 0);
	assert_false(cache_dir(&path));
	assert_int_equal(chmod(path.buf, 0720), 0);
	assert_false(cache_dir(&path));
	assert_int_equal(chmod(path.buf, 0750), 0);	/* others may read: fine */
	assert_true(cache_dir(&path));
	/* a file in its place */
	strbuf_reset(&dir);
	strbuf_addf(&dir, "%s/file", root);
	assert_int_equal(mkdir(dir.buf, 0700), 0);
	strbuf_addstr(&dir, "/perf-mini");
	assert_int_equal(close(open(dir.buf, O_CREAT | O_WRONLY, 0600)), 0);
	strbuf_setlen(&dir, dir.len - strlen("/perf-mini"));
	set_env(dir.buf, NULL);
	assert_false(cache_dir(&path));
	strbuf_release(&path);
	strbuf_release(&dir);
}

static void test_cache_dir__host_id(void **state)
{
	char a[13], b[13];

	(void)state;
	memset(a, 'x', sizeof(a));
	pm_cache_host(a);
	assert_int_equal(a[12], '\0');
	for (int i = 0; i < 12; i++)
		assert_non_null(strchr("0123456789abcdef", a[i]));
	pm_cache_host(b);
	assert_string_equal(a, b);
}

enum kind { REG, DIR_, LINK };

struct sweep_case {
	const char *fmt;	/* %s: this machine's id; %S: another's */
	enum kind kind;
	int atime_days, mtime_days;	/* how long ago */
	bool removed;
};

static const struct sweep_case sweep_cases[] = {
	{ "symtab-%s-0123456789abcdef", REG, 31, 31, true },
	{ "symtab-%s-0123456789abcdef-new", REG, 1, 1, false },
	{ "symtab-%s-read-lately", REG, 2, 40, false },	/* read this month */
	{ "symtab-%s-written-lately", REG, 40, 2, false },
	{ "symtab-%s-29-days", REG, 29, 29, false },
	{ "symtab-%S-other-machine", REG, 90, 90, false },
	/* an older perf-mini's: two hashes of 16 digits */
	{ "symtab-0123456789abcdef-fedcba9876543210", REG, 90, 90, true },
	{ "symtab-0123456789abcdef-fedcba987654321", REG, 90, 90, false },
	{ "symtab-0123456789abcdeg-fedcba9876543210", REG, 90, 90, false },
	{ "kallsyms-00112233-%s", REG, 90, 90, true },
	{ "kallsyms-00112233-%S", REG, 90, 90, false },
	{ "kallsyms-00112233-abcd1234", REG, 90, 90, true },	/* a boot id's 8 */
	{ "kallsyms-00112233-abcd123", REG, 90, 90, false },
	{ "kallsyms-00112233", REG, 90, 90, false },
	{ "symtab-%s-tmp.XXXX", REG, 90, 90, false },	/* being written */
	{ "symtab-%s-a-directory", DIR_, 90, 90, false },
	{ "symtab-%s-a-link", LINK, 90, 90, false },
	{ "notes-%s", REG, 90, 90, false },
};

static void case_path(const struct sweep_case *c, const char *dir, const char *host,
		      const char *other, struct strbuf *out)
{
	strbuf_reset(out);
	strbuf_addf(out, "%s/", dir);
	for (const char *p = c->fmt; *p; p++) {
		if (p[0] == '%' && p[1] == 's')
			strbuf_addstr(out, host), p++;
		else if (p[0] == '%' && p[1] == 'S')
			strbuf_addstr(out, other), p++;
		else
			strbuf_addch(out, *p);
	}
}

static void make_entry(const struct sweep_case *c, const char *path, time_t now)
{
	struct timespec times[2] = { { now - (time_t)c->atime_days * DAY, 0 },
				     { now - (time_t)c->mtime_days * DAY, 0 } };

	if (c->kind == DIR_)
		assert_int_equal(mkdir(path, 0700), 0);
	else if (c->kind == LINK)
		assert_int_equal(symlink("/nonexistent", path), 0);
	else
		assert_int_equal(close(open(path, O_CREAT | O_WRONLY, 0600)), 0);
	assert_int_equal(utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW), 0);
}

/* One sweep a run: all the cases in one directory. */
static void test_cache_dir__sweep(void **state)
{
	struct strbuf dir = STRBUF_INIT, path = STRBUF_INIT;
	char host[13], other[13];
	time_t now = time(NULL);
	struct stat st;

	(void)state;
	pm_cache_host(host);
	memcpy(other, host, sizeof(other));
	other[0] = other[0] == '0' ? '1' : '0';
	strbuf_addf(&dir, "%s/sweep", root);
	assert_int_equal(mkdir(dir.buf, 0700), 0);
	for (size_t i = 0; i < ARRAY_SIZE(sweep_cases); i++) {
		case_path(&sweep_cases[i], dir.buf, host, other, &path);
		make_entry(&sweep_cases[i], path.buf, now);
	}
	pm_cache_sweep(dir.buf);
	for (size_t i = 0; i < ARRAY_SIZE(sweep_cases); i++) {
		bool gone;

		case_path(&sweep_cases[i], dir.buf, host, other, &path);
		gone = lstat(path.buf, &st) != 0;
		if (gone != sweep_cases[i].removed)
			fail_msg("%s: %s", sweep_cases[i].fmt, gone ? "removed" : "kept");
	}
	/* once a run: a second sweep leaves even a stale file */
	case_path(&sweep_cases[0], dir.buf, host, other, &path);
	make_entry(&sweep_cases[0], path.buf, now);
	pm_cache_sweep(dir.buf);
	assert_int_equal(lstat(path.buf, &st), 0);
	strbuf_release(&dir);
	strbuf_release(&path);
}

static int setup(void **state)
{
	(void)state;
	return mkdtemp(root) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "chmod -R u+rwx '%s'; rm -rf '%s'", root, root);
	return system(cmd) ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_cache_dir__where_and_made_private),
		cmocka_unit_test(test_cache_dir__none_to_trust),
		cmocka_unit_test(test_cache_dir__host_id),
		cmocka_unit_test(test_cache_dir__sweep),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
