// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workload.h"
#include "../base/util.h"

/*
 * The child shares the parent's memory until it execs (as posix_spawn's
 * child does), so starting it copies no page tables: the whole of
 * `stat -- true` is a few milliseconds and a fork was a tenth of it. It
 * runs on its own stack and only makes system calls, none of which fail
 * before the exec; _exit, never exit, so the parent's stdio and atexit
 * state stay the parent's. One child waits at a time and its stack is free
 * again once it has exec'd or exited, so the stack is a static one.
 */
#define CHILD_STACK_SIZE (256 << 10)

static char child_stack[CHILD_STACK_SIZE] __attribute__((aligned(64)));

static int workload_stdout = -1;

void workload__set_stdout(int fd)
{
	workload_stdout = fd;
}

static int child_run(void *arg)
{
	const struct workload *wl = arg;
	sigset_t stopping;
	char c;
	int e;

	/* so that the parent's death reads as EOF here */
	close(wl->child.go_wr);
	close(wl->child.err_rd);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	/*
	 * perf's name for a workload not yet exec'd (record says so in a COMM).
	 * The raw system call: AddressSanitizer's prctl() takes a lock in the
	 * memory this child shares with the parent, and a child stopped
	 * holding it would hang the parent's leak check at exit.
	 */
	syscall(SYS_prctl, PR_SET_NAME, WORKLOAD_COMM, 0, 0, 0);
	if (read(wl->child.go_rd, &c, 1) != 1)
		_exit(127);	/* the parent gave up before starting us */
	/* stat blocks the signals that stop it, to wait for them in ppoll():
	 * the mask survives exec, and a workload must still die of Ctrl-C */
	sigemptyset(&stopping);
	sigaddset(&stopping, SIGINT);
	sigaddset(&stopping, SIGTERM);
	sigaddset(&stopping, SIGHUP);
	sigprocmask(SIG_UNBLOCK, &stopping, NULL);
	if (wl->child.stdout_is_data)	/* perf runs it anyway, its output on fd 2 */
		(void)dup2(workload_stdout >= 0 ? workload_stdout : STDERR_FILENO, STDOUT_FILENO);
	execvp(wl->child.argv[0], (char *const *)wl->child.argv);
	/*
	 * errno is the parent's too (one TLS block), but it is blocked in
	 * read() on the error pipe now and looks at errno only if that fails.
	 */
	e = errno;
	if (write(wl->child.err_wr, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

static pid_t spawn_waiting(struct workload *wl)
{
	/* no CLONE_FILES: the child's pipe ends close in its own table */
	return clone(child_run, child_stack + CHILD_STACK_SIZE, CLONE_VM | SIGCHLD, wl);
}

int workload__prepare(struct workload *wl, const char *const *argv, bool stdout_is_data,
		      struct strbuf *err)
{
	int go[2], ex[2];

	memset(wl, 0, sizeof(*wl));
	wl->go_fd = wl->err_fd = -1;
	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(ex, O_CLOEXEC) < 0) {
		strbuf_addf(err, "cannot create a pipe for the workload: %s", strerror(errno));
		return -errno;
	}
	wl->go_fd = go[1];
	wl->err_fd = ex[0];
	wl->child.go_rd = go[0];
	wl->child.err_wr = ex[1];
	wl->child.go_wr = go[1];
	wl->child.err_rd = ex[0];
	wl->child.argv = argv;
	wl->child.stdout_is_data = stdout_is_data;
	wl->pid = spawn_waiting(wl);
	if (wl->pid < 0) {
		int e = errno;

		strbuf_addf(err, "cannot start the workload: %s", strerror(e));
		close(go[0]), close(go[1]), close(ex[0]), close(ex[1]);
		return -e;
	}
	close(go[0]);
	close(ex[1]);
	return 0;
}

static const char *exec_hint(int e)
{
	switch (e) {
	case ENOENT: return "check the program name, or give its path";
	case EACCES: return "the file is not executable: chmod +x it, or run it through its "
			    "interpreter";
	case ENOEXEC: return "the file is not a program this system can run";
	default: return "check that the program can be run without perf-mini";
	}
}

/*
 * execvp() answers EACCES for a name found nowhere when a PATH directory
 * could not be searched (a normal user's PATH holding /root/...): the
 * shell says "command not found" there, and so does this, as ENOENT.
 */
static int path_errno(const char *prog, int e)
{
	const char *path = getenv("PATH");
	struct strbuf file = STRBUF_INIT;
	bool found = false;

	if (e != EACCES || strchr(prog, '/') || !path)
		return e;
	for (const char *p = path; !found; p += strcspn(p, ":") + 1) {
		size_t len = strcspn(p, ":");

		strbuf_reset(&file);
		strbuf_addf(&file, "%.*s/%s", (int)len, len ? p : ".", prog);
		found = !access(file.buf, F_OK);
		if (!p[len])
			break;
	}
	strbuf_release(&file);
	return found ? e : ENOENT;
}

int workload__start(struct workload *wl, const char *prog, struct strbuf *err)
{
	ssize_t n;
	int e = 0;

	if (write(wl->go_fd, "", 1) != 1)
		e = errno;
	close(wl->go_fd);
	wl->go_fd = -1;
	if (!e) {
		do {
			n = read(wl->err_fd, &e, sizeof(e));
		} while (n < 0 && errno == EINTR);
		if (n != sizeof(e))
			e = 0;
	}
	close(wl->err_fd);
	wl->err_fd = -1;
	if (!e)
		return 0;
	waitpid(wl->pid, NULL, 0);
	wl->pid = 0;
	e = path_errno(prog, e);
	strbuf_addf(err, "cannot run '%s': %s\nhint: %s", prog, strerror(e), exec_hint(e));
	return -e;
}

void workload__abort(struct workload *wl)
{
	if (wl->go_fd >= 0)
		close(wl->go_fd);
	if (wl->err_fd >= 0)
		close(wl->err_fd);
	wl->go_fd = wl->err_fd = -1;
	/*
	 * A child not yet started reads EOF on the closed go pipe and exits by
	 * itself: killed, it could stop anywhere in the memory it shares with
	 * us, holding a lock of ours.
	 */
	if (wl->pid > 0) {
		waitpid(wl->pid, NULL, 0);
		wl->pid = 0;
	}
}

int workload__exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	if (WIFSIGNALED(status))
		return 128 + WTERMSIG(status);
	return 1;
}
