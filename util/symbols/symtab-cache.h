/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SYMTAB_CACHE_H
#define PM_SYMTAB_CACHE_H

/*
 * Finished symbol tables kept in the per-user cache (cache-dir.h) and
 * mapped by later runs: the running kernel's (kallsyms.h) and large user
 * DSOs' (libc with its debug file: a millisecond to read and demangle,
 * each report). A file holds the bounds lookups search, one record per
 * symbol, made a struct symbol when a lookup first finds it, the PLT
 * ranges perf names otherwise (perf-tree.h), and the names; its key
 * says what it was made from.
 */
#include <stdbool.h>
#include <stddef.h>

#include "../base/strbuf.h"
#include "dso.h"

/* Write @dso's finished table for @key to @path (atomically: a complete
 * file or none). Returns 0 or -errno. */
int symtab_cache__write(const char *path, const struct dso *dso, const void *key,
			size_t key_size);

/* Read a table written for @key into @dso (which has none yet); false
 * when the file is missing, not ours alone, for another key, or not well
 * formed. The dso then owns the mapping. */
bool symtab_cache__read(const char *path, const void *key, size_t key_size, struct dso *dso);

/* Fill @dso->syms[@i] from the cache it was read from (dso->lazy_syms). */
void symtab_cache__make_symbol(struct dso *dso, size_t i);

/* Remove the cache files named as @path up to its last '-' but for the
 * part after it: another boot's kernel table, another build's library
 * (on this machine: the name holds it), and such files' temporary copies
 * left by a writer killed minutes ago. */
void symtab_cache__remove_others(const char *path);

/*
 * A user DSO's table, read from @binary and, when not NULL, the separate
 * @debug file: the cache file for them (@path) and its key, which names
 * both files as they are now and this perf-mini build. False when it
 * cannot be cached (no cache directory, no build-id of our own).
 */
struct user_table_key {
	unsigned char self_build_id[20];
	unsigned long long files[2][5];	/* dev, inode, size, mtime and ctime in ns */
	unsigned char demangle, pad[7];
};

bool symtab_cache__user_key(const char *binary, const char *debug, bool demangle,
			    struct user_table_key *key, struct strbuf *path);

/* Tables smaller than this are read from the ELF file every time. */
#define SYMTAB_CACHE_MIN_SYMS 256

#endif
