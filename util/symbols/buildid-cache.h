/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BUILDID_CACHE_H
#define PM_BUILDID_CACHE_H

/*
 * perf's build-id cache, where perf record keeps copies of the binaries
 * it saw and where an archive (perf archive, perf-mini archive) is
 * unpacked on another machine: $PERF_BUILDID_DIR, else ~/.debug, holding
 * <path>/<build-id>/elf (or kallsyms for the kernel) and a link
 * .build-id/<first two hex digits>/<the rest> to that directory.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/strbuf.h"

/* The cache's directory. */
void buildid_cache__dir(struct strbuf *out);

/* The cached file (@what: "elf", "kallsyms") of build-id @id, when there
 * is one: its path in @out. */
bool buildid_cache__find(const uint8_t *id, size_t size, const char *what, struct strbuf *out);

/* The two names an entry has in the cache, relative to it: the link
 * ".build-id/xx/rest" and the directory "<name>/<hex>" it points to
 * (@name: the DSO's path without its leading '/', or "[kernel.kallsyms]"). */
void buildid_cache__names(const uint8_t *id, size_t size, const char *name, struct strbuf *link,
			  struct strbuf *dir);

#endif
