// SPDX-License-Identifier: GPL-2.0
/*
 * syscall-args: system calls whose arguments perf trace prints with
 * formats of their own (sockets, perf_event_open's flags, scheduling
 * policies, seccomp, sync_file_range, protection keys, bpf, keyctl, kcmp,
 * the mount calls), with values the test knows; most fail harmlessly
 * (bad pointers, bad flags, fds that are not open). Nothing is mounted:
 * every path named is under /nonexistent.
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

static void bpf_and_keys(void)
{
	char attr[128] = { 0 };		/* map type 0: EINVAL */
	pid_t pid = getpid();

	syscall(SYS_bpf, 0, attr, sizeof(attr));			/* MAP_CREATE */
	syscall(SYS_bpf, 35, NULL, 0);					/* PROG_BIND_MAP */
	syscall(SYS_bpf, 36, NULL, 0);					/* past perf's names */
	syscall(SYS_keyctl, 0, -3, 0);		/* GET_KEYRING_ID, session, no create */
	syscall(SYS_keyctl, 22, 0, 0);					/* GET_PERSISTENT */
	syscall(SYS_keyctl, 23, 0, 0);
	syscall(SYS_kcmp, pid, pid, 0, 0, 1);				/* KCMP_FILE, fds */
	syscall(SYS_kcmp, pid, pid, 1, 5, 6);				/* KCMP_VM */
	syscall(SYS_kcmp, pid, pid, 8, 5, 6);
}

#define NOWHERE "/nonexistent/perf-mini"
#define MS_MAGIC 0xc0ed0000UL

static void mounts(void)
{
	syscall(SYS_mount, "none", NOWHERE, "tmpfs", MS_MAGIC | 1 | 4096, NULL);	/* ENOENT */
	syscall(SYS_mount, "none", NOWHERE, "tmpfs", MS_MAGIC | (1UL << 32), NULL);
	syscall(SYS_mount, "none", NOWHERE, "tmpfs", 16384UL | (1 << 18) | (1 << 21), NULL);
	syscall(SYS_mount, "none", NOWHERE, "tmpfs", 1UL | 512, "x");	/* 512: no name */
	syscall(SYS_mount, "none", NOWHERE, "tmpfs", 512UL, "x");
	syscall(SYS_mount, NULL, NULL, NULL, 512UL, NULL);		/* EFAULT */
	syscall(SYS_fsconfig, -1, 0, NULL, NULL, 0);			/* EINVAL */
	syscall(SYS_fsconfig, -1, 7, "k", NULL, 3);
	syscall(SYS_fsconfig, -1, 8, NULL, NULL, 0);
	syscall(SYS_fsmount, -1, 1, 0);					/* EBADF */
	syscall(SYS_fsmount, -1, 2, 1);					/* EINVAL */
	syscall(SYS_fsmount, -1, 0, 0x10);
	syscall(SYS_fsmount, -1, 0, 0x41);
	syscall(SYS_fsmount, -1, 0, 0x1000);
	syscall(SYS_fsmount, -1, 0, 0x300000);
	syscall(SYS_fspick, AT_FDCWD, NOWHERE, 0xf);			/* ENOENT */
	syscall(SYS_fspick, AT_FDCWD, NOWHERE, 0x20);			/* EINVAL */
	syscall(SYS_move_mount, AT_FDCWD, NOWHERE, AT_FDCWD, NOWHERE "2", 0x177);
	syscall(SYS_move_mount, AT_FDCWD, NOWHERE, 99, NOWHERE "2", 0x8 | 0x80 | 0x100);
	syscall(SYS_move_mount, AT_FDCWD, NOWHERE, AT_FDCWD, NOWHERE "2", 0x8);
	syscall(SYS_mq_unlink, "nonexistent-perf-mini");
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
	bpf_and_keys();
	mounts();
	return 0;
}
