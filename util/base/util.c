// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>

#include "strbuf.h"
#include "util.h"

int str_to_u64(const char *s, int base, uint64_t *out)
{
	unsigned long long v;
	char *end;

	if (!s || !*s || *s == '-' || *s == '+' || *s == ' ')
		return -EINVAL;
	errno = 0;
	v = strtoull(s, &end, base);
	if (errno == ERANGE)
		return -ERANGE;
	if (*end || end == s)
		return -EINVAL;
	*out = v;
	return 0;
}

int str_to_size(const char *s, uint64_t *out)
{
	static const char units[] = "BKMGT";
	size_t len = s ? strlen(s) : 0;
	const char *unit = len ? strchr(units, toupper((unsigned char)s[len - 1])) : NULL;
	char digits[32];
	uint64_t v;
	int shift, ret;

	if (!unit || !*unit || len < 2 || len >= sizeof(digits))
		return -EINVAL;
	memcpy(digits, s, len - 1);
	digits[len - 1] = '\0';
	ret = str_to_u64(digits, 10, &v);
	if (ret)
		return ret;
	shift = 10 * (int)(unit - units);
	if (shift && v > UINT64_MAX >> shift)
		return -ERANGE;
	*out = v << shift;
	return 0;
}

int str_to_int(const char *s, int *out)
{
	long v;
	char *end;

	if (!s || !*s || *s == ' ')
		return -EINVAL;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno == ERANGE || v > 0x7fffffffL || v < -0x7fffffffL - 1)
		return -ERANGE;
	if (*end)
		return -EINVAL;
	*out = (int)v;
	return 0;
}

int str_to_double(const char *s, double *out)
{
	char *end;
	double v;

	if (!s || !*s || *s == ' ')
		return -EINVAL;
	v = strtod(s, &end);
	if (*end)
		return -EINVAL;
	*out = v;
	return 0;
}

int read_small_file(const char *path, char *buf, size_t size)
{
	ssize_t n;
	int fd, err;

	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size - 1);
	err = errno;
	close(fd);
	if (n < 0)
		return -err;
	buf[n] = '\0';
	while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
	return (int)n;
}

uint64_t clock_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
}

void *zalloc_written(size_t size)
{
	void *p = malloc(size ? size : 1);

	if (!p)
		return NULL;
	/* without the barrier gcc merges malloc + memset into calloc */
	__asm__ volatile("" : : "r"(p) : "memory");
	memset(p, 0, size);
	return p;
}

bool raise_nofile(void)
{
	struct rlimit rl;

	if (getrlimit(RLIMIT_NOFILE, &rl) || rl.rlim_cur >= rl.rlim_max)
		return false;
	rl.rlim_cur = rl.rlim_max;
	return !setrlimit(RLIMIT_NOFILE, &rl);
}

int cpus_available(void)
{
	cpu_set_t set;

	return sched_getaffinity(0, sizeof(set), &set) ? 1 : CPU_COUNT(&set);
}

int open_pidfd(pid_t pid)
{
	return pid > 0 ? (int)syscall(SYS_pidfd_open, pid, 0) : -1;
}

static int remove_entry(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st, (void)flag, (void)ftw;
	return remove(path);
}

void keep_old_output(const char *path)
{
	struct stat st;
	struct strbuf old = STRBUF_INIT;

	if (!strcmp(path, "-") || stat(path, &st) || (S_ISREG(st.st_mode) && !st.st_size) ||
	    !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)))
		return;
	strbuf_addf(&old, "%s.old", path);
	/* a directory (record --threads') replaces the last one whole, as perf */
	if (S_ISDIR(st.st_mode))
		nftw(old.buf, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	rename(path, old.buf);
	strbuf_release(&old);
}
