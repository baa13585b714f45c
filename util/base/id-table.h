/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ID_TABLE_H
#define PM_ID_TABLE_H
/*
 * Interning: each distinct key (any bytes) gets the next id, 1 up, in the
 * order first seen; what an output format's tables (pprof's strings and
 * locations, speedscope's frames) number their entries by.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "hmap.h"
#include "strbuf.h"

struct id_table {
	struct strbuf keys;	/* every key, one after another */
	size_t *key_at;		/* by id - 1: where its key starts */
	uint32_t *key_len;
	struct hmap by_key;	/* the ids */
	size_t nr, alloc;
};

/* The id of @key (1 up), made when new (*@made set). */
uint32_t id_table__id(struct id_table *t, const void *key, size_t len, bool *made);
void id_table__release(struct id_table *t);

#endif
