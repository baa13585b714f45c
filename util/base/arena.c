// SPDX-License-Identifier: GPL-2.0
#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"

#define FIRST_BLOCK ((size_t)64 << 10)
#define MAX_BLOCK ((size_t)4 << 20)
#define ALIGN ((size_t)8)

struct arena_block {
	struct arena_block *next;
	alignas(8) char data[];
};

static size_t round_up(size_t n)
{
	return (n + ALIGN - 1) & ~(ALIGN - 1);
}

static int new_block(struct arena *a, size_t need)
{
	size_t size = a->next_size ? a->next_size : FIRST_BLOCK;
	struct arena_block *b;

	while (size < need)
		size *= 2;
	b = malloc(sizeof(*b) + size);
	if (!b)
		return -1;
	b->next = a->blocks;
	a->blocks = b;
	a->cur = b->data;
	a->end = b->data + size;
	a->next_size = size < MAX_BLOCK ? 2 * size : size;
	return 0;
}

void *arena_alloc(struct arena *a, size_t size)
{
	void *p;

	if (size > SIZE_MAX / 4)
		return NULL;
	size = round_up(size ? size : 1);
	if ((size_t)(a->end - a->cur) < size && new_block(a, size))
		return NULL;
	p = a->cur;
	a->cur += size;
	return p;
}

void *arena_zalloc(struct arena *a, size_t size)
{
	void *p = arena_alloc(a, size);

	return p ? memset(p, 0, size) : NULL;
}

void arena_release(struct arena *a)
{
	while (a->blocks) {
		struct arena_block *b = a->blocks;

		a->blocks = b->next;
		free(b);
	}
	memset(a, 0, sizeof(*a));
}
