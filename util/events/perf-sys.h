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
#include <poll.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

int perf_sys_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
			unsigned long flags);
ssize_t perf_sys_read(int fd, void *buf, size_t len);
int perf_sys_ioctl(int fd, unsigned long request, unsigned long arg);
int perf_sys_close(int fd);

/* The ring buffer of @fd (its control page, then the data), shared,
 * @writable for a reader that frees space. 0 with *@out set, or -errno. */
int perf_sys_mmap(int fd, size_t size, bool writable, void **out);
void perf_sys_munmap(void *addr, size_t size);

/* Reading the counter behind the mapped page @pc from user space
 * (util/selfmon): rdpmc of @counter, and the clock the page's time_*
 * fields convert. false where the machine cannot (then read(2)). */
bool perf_sys_read_counter(const struct perf_event_mmap_page *pc, uint32_t counter,
			   uint64_t *raw);
bool perf_sys_read_cycles(const struct perf_event_mmap_page *pc, uint64_t *cycles);

/* poll(2) over perf fds (and others): the number ready, or -errno. */
int perf_sys_poll(struct pollfd *fds, nfds_t n, int timeout_ms);

#endif
