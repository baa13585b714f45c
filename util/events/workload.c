// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "workload.h"
#include "../base/util.h"

static void child_run(int go_rd, int err_wr, const char *const *argv)
{
	char c;
	int e;

	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	if (read(go_rd, &c, 1) != 1)
		_exit(127);	/* the parent gave up before starting us */
	execvp(argv[0], (char *const *)argv);
	e = errno;
	if (write(err_wr, &e, sizeof(e)) < 0)
		_exit(127);
	_exit(127);
}

int workload__prepare(struct workload *wl, const char *const *argv, struct strbuf *err)
{
	int go[2], ex[2];

	memset(wl, 0, sizeof(*wl));
	wl->go_fd = wl->err_fd = -1;
	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(ex, O_CLOEXEC) < 0) {
		strbuf_addf(err, "cannot create a pipe for the workload: %s", strerror(errno));
		return -errno;
	}
	wl->pid = fork();
	if (wl->pid < 0) {
		int e = errno;

		strbuf_addf(err, "cannot fork the workload: %s", strerror(e));
		close(go[0]), close(go[1]), close(ex[0]), close(ex[1]);
		return -e;
	}
	if (!wl->pid) {
		close(go[1]);
		close(ex[0]);
		child_run(go[0], ex[1], argv);
	}
	close(go[0]);
	close(ex[1]);
	wl->go_fd = go[1];
	wl->err_fd = ex[0];
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
	wl->started = true;
	if (!e)
		return 0;
	waitpid(wl->pid, NULL, 0);
	wl->pid = 0;
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
	if (wl->pid > 0) {
		if (!wl->started)
			kill(wl->pid, SIGKILL);
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
