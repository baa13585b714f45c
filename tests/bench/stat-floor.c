// SPDX-License-Identifier: GPL-2.0
/*
 * The lower bound of `stat -- CMD` on this machine, for make bench: only
 * the system calls any counting tool must make - start CMD waiting, open
 * the counters on it with enable_on_exec, let it exec, wait, read, close -
 * from a static program that parses and prints nothing. Its time over
 * perf's says how much of perf-mini's ratio the machine itself sets: the
 * program's and CMD's C library start-up, and the kernel's work on each
 * software counter's open and close.
 *
 * Usage: stat-floor [-d] -- CMD [ARGS]
 *   without -d: task-clock, page-faults, context-switches
 *   with -d:    perf stat's default events (4 software, 4 hardware)
 */
#include <fcntl.h>
#include <linux/perf_event.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

struct counter {
	__u32 type;
	__u64 config;
};

static const struct counter three[] = {
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
};

static const struct counter defaults[] = {
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_TASK_CLOCK },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CONTEXT_SWITCHES },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	{ PERF_TYPE_SOFTWARE, PERF_COUNT_SW_PAGE_FAULTS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_INSTRUCTIONS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
};

static char child_stack[64 << 10] __attribute__((aligned(64)));
static int go[2];
static char **cmd;

static int child(void *arg)
{
	char c;

	(void)arg;
	close(go[1]);
	if (read(go[0], &c, 1) == 1)
		execvp(cmd[0], cmd);
	_exit(127);
}

static int open_counter(const struct counter *c, pid_t pid)
{
	struct perf_event_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = c->type;
	attr.config = c->config;
	attr.read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
	attr.disabled = 1;
	attr.inherit = 1;
	attr.enable_on_exec = 1;
	attr.exclude_guest = 1;
	return (int)syscall(SYS_perf_event_open, &attr, pid, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

int main(int argc, char **argv)
{
	const struct counter *set = three;
	size_t nr = sizeof(three) / sizeof(three[0]);
	int fds[8], status;
	pid_t pid;

	if (argc > 1 && !strcmp(argv[1], "-d")) {
		set = defaults, nr = sizeof(defaults) / sizeof(defaults[0]);
		argc--, argv++;
	}
	if (argc < 3 || strcmp(argv[1], "--")) {
		fprintf(stderr, "usage: stat-floor [-d] -- CMD [ARGS]\n");
		return 2;
	}
	cmd = argv + 2;
	if (pipe2(go, O_CLOEXEC) < 0)
		return 1;
	pid = clone(child, child_stack + sizeof(child_stack), CLONE_VM | SIGCHLD, NULL);
	if (pid < 0)
		return 1;
	close(go[0]);
	for (size_t i = 0; i < nr; i++)
		fds[i] = open_counter(&set[i], pid);
	if (write(go[1], "", 1) != 1)
		return 1;
	close(go[1]);
	if (waitpid(pid, &status, 0) < 0)
		return 1;
	for (size_t i = 0; i < nr; i++) {
		__u64 v[3];

		if (fds[i] >= 0 && read(fds[i], v, sizeof(v)) != sizeof(v))
			return 1;
		if (fds[i] >= 0)
			close(fds[i]);
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
