/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CACHE_DIR_H
#define PM_CACHE_DIR_H

#include <stdbool.h>

#include "../base/strbuf.h"

/*
 * $XDG_CACHE_HOME/perf-mini (else ~/.cache/perf-mini) into @path, made
 * when missing: what perf-mini keeps between runs (the kernel's symbol
 * table, decompressed debug files). false when there is none to trust: a
 * program run with another user's environment (sudo -E), no HOME, or a
 * directory others may write.
 */
bool pm_cache_dir(struct strbuf *path);

/*
 * This machine in a cache file's name (12 hex digits and a NUL, from
 * /etc/machine-id, else the host name): a home shared over NFS is one
 * cache for several machines, and each must replace only its own files,
 * never one another machine has mapped (its reads there would fault).
 */
void pm_cache_host(char out[13]);

/*
 * Remove this machine's symbol tables in @dir (and those of an older
 * perf-mini, whose names did not hold the machine) that no run has read
 * or written for a month: a library or kernel long replaced. Called
 * after a write, once a run, so the cache does not only grow.
 */
void pm_cache_sweep(const char *dir);

#endif
