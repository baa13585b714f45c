// SPDX-License-Identifier: GPL-2.0
/* Keys' bytes to dense ids: an hmap over the ids, the keys kept one after
 * another. */
#include <stdlib.h>
#include <string.h>

#include "array.h"
#include "hash.h"
#include "id-table.h"
#include "xalloc.h"

uint32_t id_table__id(struct id_table *t, const void *key, size_t len, bool *made)
{
	uint64_t hash = fnv1a_64(key, len);
	struct hmap_slot *s;

	hmap_must_reserve(&t->by_key, 1);
	hmap_for_each_probe(&t->by_key, hash, s)
		if (s->hash == hash && t->key_len[s->val - 1] == len &&
		    !memcmp(t->keys.buf + t->key_at[s->val - 1], key, len))
			break;
	*made = !s->val;
	if (s->val)
		return (uint32_t)s->val;
	ALLOC_GROW(t->key_at, t->nr + 1, t->alloc);
	t->key_len = must_reallocarray(t->key_len, t->alloc, sizeof(*t->key_len));
	t->key_at[t->nr] = t->keys.len;
	t->key_len[t->nr] = (uint32_t)len;
	strbuf_add(&t->keys, key, len);
	hmap_fill(&t->by_key, s, hash, ++t->nr);
	return (uint32_t)t->nr;
}

void id_table__release(struct id_table *t)
{
	strbuf_release(&t->keys);
	free(t->key_at);
	free(t->key_len);
	hmap_release(&t->by_key);
}
