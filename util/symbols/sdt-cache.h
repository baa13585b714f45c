/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SDT_CACHE_H
#define PM_SDT_CACHE_H

/*
 * The SDT events of the binaries in perf's build-id cache (see
 * buildid-cache.h), as perf list finds them.
 */
#include <stddef.h>

struct sdt_event {
	char *name;		/* "sdt_provider:event" */
	char *build_id;		/* the binary's, in hex */
	char *path;		/* where the binary was cached from */
	char *key;		/* "name@build_id": perf's order */
	char *shown;		/* as perf list names it: "name", or for an event
				 * more than one binary has, "name@path(id12)" */
};

/* Every event of every valid cache entry, once each, in perf's order. */
void sdt_cache__read(struct sdt_event **events, size_t *nr);
void sdt_cache__free(struct sdt_event *events, size_t nr);

#endif
