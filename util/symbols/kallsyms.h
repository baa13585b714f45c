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

/* Write @dso's finished table for @key to @path (atomically: a complete
 * file or none). Returns 0 or -errno. */
int kallsyms_cache__write(const char *path, const struct dso *dso,
			  const struct kallsyms_key *key);

/* Read a table written for @key into @dso (which has none yet); false
 * when the file is missing, for another key, or not well formed. Its
 * symbols are then made as they are first found: see
 * kallsyms_cache__make_symbol(). */
bool kallsyms_cache__read(const char *path, const struct kallsyms_key *key, struct dso *dso);

/* Fill @dso->syms[@i] from the cache it was read from (dso->lazy_syms). */
void kallsyms_cache__make_symbol(struct dso *dso, size_t i);

/*
 * The running kernel's symbols into @dso: from the cache when it holds
 * them, else from /proc/kallsyms (then cached). False when this user
 * sees no kernel addresses (kptr_restrict): @dso is then left empty.
 */
bool kallsyms__load_running(struct dso *dso);

#endif
