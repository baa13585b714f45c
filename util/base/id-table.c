// SPDX-License-Identifier: GPL-2.0
/* Keys' bytes to dense ids: open addressing over the ids, the keys kept
 * one after another. */
#include <stdlib.h>
#include <string.h>

#include "hash.h"
#include "id-table.h"
#include "xalloc.h"

static uint32_t *slot_of(const struct id_table *t, const void *key, size_t len)
{
	size_t j = fnv1a_64(key, len) & (t->nr_slots - 1);

	while (t->slot[j] && (t->key_len[t->slot[j] - 1] != len ||
			      memcmp(t->keys.buf + t->key_at[t->slot[j] - 1], key, len)))
		j = (j + 1) & (t->nr_slots - 1);
	return &t->slot[j];
}

static void grow(struct id_table *t)
{
	size_t nb = t->nr_slots ? 2 * t->nr_slots : 1024;
	uint32_t *old = t->slot;
	size_t old_nr = t->nr_slots;

	t->slot = must_calloc(nb, sizeof(*t->slot));
	t->nr_slots = nb;
	for (size_t i = 0; i < old_nr; i++)
		if (old[i])
			*slot_of(t, t->keys.buf + t->key_at[old[i] - 1], t->key_len[old[i] - 1]) =
				old[i];
	free(old);
}

uint32_t id_table__id(struct id_table *t, const void *key, size_t len, bool *made)
{
	uint32_t *s;

	if (2 * (t->nr + 1) > t->nr_slots)
		grow(t);
	s = slot_of(t, key, len);
	*made = !*s;
	if (*s)
		return *s;
	t->key_at = must_reallocarray(t->key_at, t->nr + 1, sizeof(*t->key_at));
	t->key_len = must_reallocarray(t->key_len, t->nr + 1, sizeof(*t->key_len));
	t->key_at[t->nr] = t->keys.len;
	t->key_len[t->nr] = (uint32_t)len;
	strbuf_add(&t->keys, key, len);
	*s = (uint32_t)++t->nr;
	return *s;
}

void id_table__release(struct id_table *t)
{
	strbuf_release(&t->keys);
	free(t->key_at);
	free(t->key_len);
	free(t->slot);
}
