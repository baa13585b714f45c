/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_ARENA_H
#define PM_ARENA_H

/*
 * Memory for many small objects that live and die together (a report's
 * callchain trees: millions of nodes built once, dropped at the end).
 * Allocation bumps a pointer in blocks that grow from 64 KiB to 4 MiB;
 * nothing is freed alone, so there is no per-object header, and release
 * frees a few blocks instead of walking every object.
 */
#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *blocks;	/* newest first */
	char *cur, *end;		/* free space in the newest block */
	size_t next_size;
};

#define ARENA_INIT { 0 }

/* @size bytes, uninitialised, aligned to 8 (pointers and 64-bit numbers;
 * not long double or vector types); NULL when out of memory. */
void *arena_alloc(struct arena *a, size_t size);

/* The same, zeroed. */
void *arena_zalloc(struct arena *a, size_t size);

/* Free every block; the arena is empty and usable again. */
void arena_release(struct arena *a);

#endif
