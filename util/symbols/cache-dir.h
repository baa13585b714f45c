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

#endif
