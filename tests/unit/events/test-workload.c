// SPDX-License-Identifier: GPL-2.0
/*
 * The workload a profiler starts: held before its exec until told to
 * go; an exec that fails comes back as its errno with the program named
 * and the fix ("command not found" where the shell would say so), the
 * child then reaped; one never started is killed and reaped; and its
 * wait status becomes the exit code a shell reports. The programs run
 * are scripts the test writes (only /bin/sh is taken from the host).
 */
#include <errno.h>
#include <limits.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../unit-test.h"
#include "../../../util/events/workload.h"

static const struct {
	int status;
	int code;
} statuses[] = {
	{ W_EXITCODE(0, 0), 0 },
	{ W_EXITCODE(3, 0), 3 },
	{ W_EXITCODE(255, 0), 255 },
	{ W_EXITCODE(0, SIGINT), 128 + SIGINT },
	{ W_EXITCODE(0, SIGKILL), 137 },
	{ W_EXITCODE(0, SIGSEGV) | WCOREFLAG, 128 + SIGSEGV },	/* core dumped */
	{ W_STOPCODE(SIGSTOP), 1 },	/* neither: a failure */
};

static void test_workload__exit_code_as_a_shell(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(statuses) / sizeof(statuses[0]); i++)
		assert_int_equal(workload__exit_code(statuses[i].status), statuses[i].code);
}

static void write_file(const char *dir, const char *name, const char *text, mode_t mode)
{
	char path[PATH_MAX];
	FILE *f;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	assert_non_null(f = fopen(path, "w"));
	fputs(text, f);
	fclose(f);
	assert_int_equal(chmod(path, mode), 0);
}

/* *@state: a directory with exit3 (a script), plain (not executable) */
static int scripts_up(void **state)
{
	char *dir = strdup("/tmp/pm-workload.XXXXXX");

	assert_non_null(mkdtemp(dir));
	*state = dir;
	write_file(dir, "exit3", "#!/bin/sh\nexit 3\n", 0755);
	write_file(dir, "plain", "#!/bin/sh\nexit 0\n", 0644);
	return 0;
}

static int scripts_down(void **state)
{
	char cmd[PATH_MAX + 16];

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", (char *)*state);
	free(*state);
	return system(cmd);
}

/* prepare and start @argv; the child's wait status in *@status on success */
static int run(const char *const *argv, struct strbuf *err, int *status)
{
	struct workload wl;
	int ret = workload__prepare(&wl, argv, false, err);

	assert_int_equal(ret, 0);
	assert_true(wl.pid > 0);
	ret = workload__start(&wl, argv[0], err);
	assert_int_equal(wl.go_fd, -1);
	assert_int_equal(wl.err_fd, -1);
	if (!ret)
		assert_int_equal(waitpid(wl.pid, status, 0), wl.pid);
	else
		assert_int_equal(wl.pid, 0);	/* reaped already */
	return ret;
}

static void test_workload__runs_once_started(void **state)
{
	char path[PATH_MAX];
	const char *argv[] = { path, NULL };
	struct strbuf err = STRBUF_INIT;
	int status = -1;

	snprintf(path, sizeof(path), "%s/exit3", (char *)*state);
	assert_int_equal(run(argv, &err, &status), 0);
	assert_int_equal(workload__exit_code(status), 3);
	assert_int_equal(err.len, 0);
	strbuf_release(&err);
}

struct exec_case {
	const char *prog;	/* under the scripts' directory when it has no '/' */
	bool in_dir;		/* given by its path there */
	const char *path_env;	/* PATH while it runs: "DIR" for the scripts' */
	int ret;
	const char *err;	/* after "cannot run '<prog>': " */
};

static const struct exec_case execs[] = {
	{ "missing", true, NULL, -ENOENT,
	  "No such file or directory\nhint: check the program name, or give its path" },
	{ "plain", true, NULL, -EACCES, "Permission denied\nhint: the file is not executable: "
					"chmod +x it, or run it through its interpreter" },
	{ "missing", false, "DIR", -ENOENT, "No such file or directory\nhint: check the "
					   "program name" },
	/* found on PATH but not executable: the shell's "permission denied" too */
	{ "plain", false, "/nonexistent:DIR", -EACCES, "Permission denied\nhint: the file is "
						      "not executable" },
};

static void check_exec(const struct exec_case *c, const char *dir)
{
	char prog[PATH_MAX], want[PATH_MAX + 256];
	const char *argv[] = { prog, "arg", NULL };
	struct strbuf err = STRBUF_INIT;
	char *old = getenv("PATH") ? strdup(getenv("PATH")) : NULL;

	if (c->in_dir)
		snprintf(prog, sizeof(prog), "%s/%s", dir, c->prog);
	else
		snprintf(prog, sizeof(prog), "%s", c->prog);
	if (c->path_env) {
		char path[PATH_MAX];

		snprintf(path, sizeof(path), "%.*s%s", (int)(strlen(c->path_env) - 3),
			 c->path_env, dir);
		setenv("PATH", path, 1);
	}
	assert_int_equal(run(argv, &err, NULL), c->ret);
	if (old)
		setenv("PATH", old, 1);
	free(old);
	snprintf(want, sizeof(want), "cannot run '%s': %s", prog, c->err);
	assert_true(!strncmp(err.buf, want, strlen(want)));
	strbuf_release(&err);
}

static void test_workload__exec_failure_named(void **state)
{
	for (size_t i = 0; i < sizeof(execs) / sizeof(execs[0]); i++) {
		print_message("%s%s\n", execs[i].prog, execs[i].in_dir ? "" : " on PATH");
		check_exec(&execs[i], *state);
	}
}

/* given up before the go: the child is killed and reaped, nothing left */
static void test_workload__abort_before_start(void **state)
{
	char path[PATH_MAX];
	const char *argv[] = { path, NULL };
	struct strbuf err = STRBUF_INIT;
	struct workload wl;
	pid_t pid;

	snprintf(path, sizeof(path), "%s/exit3", (char *)*state);
	assert_int_equal(workload__prepare(&wl, argv, false, &err), 0);
	pid = wl.pid;
	workload__abort(&wl);
	assert_int_equal(wl.pid, 0);
	assert_int_equal(wl.go_fd, -1);
	assert_int_equal(waitpid(pid, NULL, WNOHANG), -1);	/* reaped already */
	assert_int_equal(errno, ECHILD);
	workload__abort(&wl);	/* twice: nothing more to do */
	strbuf_release(&err);
}

#define WITH_SCRIPTS(f) cmocka_unit_test_setup_teardown(f, scripts_up, scripts_down)

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_workload__exit_code_as_a_shell),
		WITH_SCRIPTS(test_workload__runs_once_started),
		WITH_SCRIPTS(test_workload__exec_failure_named),
		WITH_SCRIPTS(test_workload__abort_before_start),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
