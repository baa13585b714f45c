/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_UTIL_H
#define PM_UTIL_H

/*
 * Small helpers every module uses: array size, NULL-ing free, checked
 * allocation and strict number parsing. Functions here never print or exit.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/types.h>

#ifndef ARRAY_SIZE	/* libiberty.h has the same */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif

#define zfree(pptr)            \
	do {                   \
		free(*(pptr)); \
		*(pptr) = NULL; \
	} while (0)

#define BUILD_BUG_ON(cond) _Static_assert(!(cond), #cond)
#define BUG_ON(cond) pm_bug_on((cond), __FILE__, __LINE__, #cond)

/* Broken internal invariant: the fatal hook (xalloc.h) with the place.
 * Never for user input. */
void pm_bug_on(bool cond, const char *file, int line, const char *what);

/*
 * Parse all of @s as an unsigned number (decimal, or hex with 0x, or octal
 * with a leading 0 when @base is 0). Returns 0, or -EINVAL when @s is empty,
 * has trailing characters or a sign, -ERANGE when it does not fit.
 */
int str_to_u64(const char *s, int base, uint64_t *out);

/*
 * A size in bytes with perf's unit letters: "16K", "1M", "2G", "512B"
 * (upper or lower case, 1024-based). Returns 0, -EINVAL when @s has no
 * unit letter or is not a number, -ERANGE when it does not fit.
 */
int str_to_size(const char *s, uint64_t *out);

/* Like str_to_u64() for a signed int. */
int str_to_int(const char *s, int *out);

/* An existing perf.data (a file, or --threads' directory) becomes
 * perf.data.old, as perf does; "-" and an empty file stay. */
void keep_old_output(const char *path);

/* All of @s as a number of strtod's forms ("0.5", "1e3"): 0, or -EINVAL. */
int str_to_double(const char *s, double *out);

/* perf's answer to EMFILE: the soft limit on open files up to the hard
 * one. False when it was there already or may not be raised. */
bool raise_nofile(void);

/* Read a whole small text file into @buf (NUL-terminated, trailing newline
 * removed). Returns the length or a negative errno. */
int read_small_file(const char *path, char *buf, size_t size);

/*
 * Zeroed memory whose pages are written now, unlike calloc's: a table that
 * is read before it is written would first map the shared zero page, and
 * replacing it later costs a second fault and, while another thread runs,
 * a TLB shootdown (an IPI per page; expensive in a VM).
 */
void *zalloc_written(size_t size);

/* Monotonic clock in nanoseconds. */
uint64_t clock_now_ns(void);

/* The CPUs this process may run on (1 when it cannot tell). */
int cpus_available(void);

/* A pidfd to wait for @pid's exit with poll(), or -1 (also for @pid <= 0). */
int open_pidfd(pid_t pid);

#include "banned.h"

#endif
