/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PERF_SYS_H
#define PM_PERF_SYS_H

/*
 * The one seam between perf-mini and the kernel's perf interface. Only
 * perf-sys.c calls perf_event_open(2) or does ioctl/read/mmap/close on perf
 * fds; a test build links tests/pmu-sim in its place, so everything above
 * runs unchanged against a simulated PMU.
 *
 * All functions return the kernel's answer, with failures as -errno.
 */
#include <linux/perf_event.h>
#include <stddef.h>
#include <sys/types.h>

int perf_sys_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
			unsigned long flags);
ssize_t perf_sys_read(int fd, void *buf, size_t len);
int perf_sys_ioctl(int fd, unsigned long request, unsigned long arg);
int perf_sys_close(int fd);

#endif
