// SPDX-License-Identifier: GPL-2.0
/*
 * syscall-args: system calls whose arguments perf trace prints with
 * formats of their own (sockets, perf_event_open's flags, scheduling
 * policies, seccomp, sync_file_range, protection keys), with values the
 * test knows; most fail harmlessly (bad pointers, bad flags).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/perf_event.h>
#include <netinet/in.h>
#include <sched.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

static void sockets(void)
{
	struct sockaddr_in a = { .sin_family = AF_INET, .sin_port = htons(1),
				 .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	int s = socket(AF_INET, SOCK_STREAM, 0);

	connect(s, (void *)&a, sizeof(a));
	a.sin_port = 0;
	bind(socket(AF_INET, SOCK_DGRAM, 0), (void *)&a, sizeof(a));
}

static void perf_events(void)
{
	struct perf_event_attr pa = { .type = PERF_TYPE_SOFTWARE, .size = sizeof(pa),
				      .config = PERF_COUNT_SW_TASK_CLOCK };

	syscall(SYS_perf_event_open, &pa, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	syscall(SYS_perf_event_open, NULL, 0, 0, 3, PERF_FLAG_FD_NO_GROUP | PERF_FLAG_FD_CLOEXEC | 0x10);
}

int main(void)
{
	struct sched_param sp = { 0 };

	sockets();
	perf_events();
	syscall(SYS_sched_setscheduler, 0, 9 | 0x100, &sp);		/* EINVAL */
	syscall(SYS_sched_setscheduler, 0, SCHED_BATCH | SCHED_RESET_ON_FORK, &sp);
	syscall(SYS_seccomp, 1, 1 | 2, NULL);				/* EFAULT */
	syscall(SYS_seccomp, 2, 0, NULL);				/* EFAULT */
	sync_file_range(1, 0, 0, 7);
	sync_file_range(1, 0, 0, 5 | 8);				/* EINVAL */
	syscall(SYS_pkey_alloc, 0, 3);
	syscall(SYS_pkey_alloc, 0, 6);
	syscall(SYS_pkey_free, 99);
	return 0;
}
