// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "perf-sys.h"
#include "../../arch/arch.h"

int perf_sys_event_open(struct perf_event_attr *attr, pid_t pid, int cpu, int group_fd,
			unsigned long flags)
{
	long fd = syscall(__NR_perf_event_open, attr, pid, cpu, group_fd, flags);

	return fd < 0 ? -errno : (int)fd;
}

ssize_t perf_sys_read(int fd, void *buf, size_t len)
{
	ssize_t n;

	do {
		n = read(fd, buf, len);
	} while (n < 0 && errno == EINTR);
	return n < 0 ? -errno : n;
}

int perf_sys_ioctl(int fd, unsigned long request, unsigned long arg)
{
	return ioctl(fd, request, arg) < 0 ? -errno : 0;
}

int perf_sys_close(int fd)
{
	return close(fd) < 0 ? -errno : 0;
}

int perf_sys_mmap(int fd, size_t size, bool writable, void **out)
{
	void *p = mmap(NULL, size, writable ? PROT_READ | PROT_WRITE : PROT_READ, MAP_SHARED,
		       fd, 0);

	if (p == MAP_FAILED)
		return -errno;
	*out = p;
	return 0;
}

void perf_sys_munmap(void *addr, size_t size)
{
	munmap(addr, size);
}

int perf_sys_poll(struct pollfd *fds, nfds_t n, int timeout_ms)
{
	int ret = poll(fds, n, timeout_ms);

	return ret < 0 ? -errno : ret;
}

bool perf_sys_read_counter(const struct perf_event_mmap_page *pc, uint32_t counter,
			   uint64_t *raw)
{
	(void)pc;
	return arch_user_read_counter(counter, raw);
}

bool perf_sys_read_cycles(const struct perf_event_mmap_page *pc, uint64_t *cycles)
{
	(void)pc;
	return arch_user_read_cycles(cycles);
}
