/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_KALLSYMS_H
#define PM_KALLSYMS_H

/*
 * The kernel's symbols from a kallsyms file, those perf keeps (code and
 * data: t T w W d D b B, module symbols left to their modules' maps), and
 * a per-user cache of the running kernel's finished table: printing
 * /proc/kallsyms costs the kernel tens of milliseconds, the cache one
 * read. The cache lives in $XDG_CACHE_HOME/perf-mini (else
 * ~/.cache/perf-mini), a directory only this user writes, one file per
 * kernel build-id and boot (KASLR moves the kernel at each boot).
 */
#include <stdbool.h>
#include <stdint.h>

#include "symtab.h"

/* Add the symbols of the kallsyms file @path to @t (nothing if unreadable). */
void kallsyms__parse(struct symtab *t, const char *path);

/* What a cached table belongs to: a kernel, in one boot. */
struct kallsyms_key {
	uint8_t build_id[20];
	uint8_t build_id_size;
	char boot_id[40];
};

/*
 * The running kernel's symbols into @dso: from the cache when it holds
 * them, else from /proc/kallsyms (then cached). False when this user
 * sees no kernel addresses (kptr_restrict): @dso is then left empty.
 */
bool kallsyms__load_running(struct dso *dso);

#endif
