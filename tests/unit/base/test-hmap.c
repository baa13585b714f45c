// SPDX-License-Identifier: GPL-2.0
/*
 * hmap against a plain array searched linearly: the same answers for
 * every key sequence, whatever the hashes collide on; filter keeps
 * exactly what it is told.
 */
#include "../unit-test.h"
#include "../../../util/base/array.h"
#include "../../../util/base/hash.h"
#include "../../../util/base/hmap.h"

struct keys {
	uint64_t *key;		/* by index: what value index + 1 stands for */
	size_t nr, alloc;
};

/* The value stored for @key (its index + 1), or 0. */
static uintptr_t find(const struct hmap *m, const struct keys *k, uint64_t hash, uint64_t key)
{
	struct hmap_slot *s;

	hmap_for_each_probe(m, hash, s)
		if (s->hash == hash && k->key[s->val - 1] == key)
			return s->val;
	return 0;
}

static uintptr_t findnew(struct hmap *m, struct keys *k, uint64_t hash, uint64_t key)
{
	struct hmap_slot *s;

	hmap_must_reserve(m, 1);
	hmap_for_each_probe(m, hash, s)
		if (s->hash == hash && k->key[s->val - 1] == key)
			return s->val;
	ALLOC_GROW(k->key, k->nr + 1, k->alloc);
	k->key[k->nr++] = key;
	hmap_fill(m, s, hash, k->nr);
	return k->nr;
}

static size_t linear_find(const struct keys *k, uint64_t key)
{
	for (size_t i = 0; i < k->nr; i++)
		if (k->key[i] == key)
			return i + 1;
	return 0;
}

struct hmap_case {
	const char *what;
	size_t inserts;
	uint64_t key_range;	/* keys drawn from 0 .. range - 1: repeats */
	unsigned hash_bits;	/* hashes keep this many bits: collisions */
};

static const struct hmap_case cases[] = {
	{ "empty map", 0, 1, 64 },
	{ "one key", 1, 1, 64 },
	{ "a few distinct keys", 40, 1000000, 64 },
	{ "many repeats, growth past the first size", 5000, 700, 64 },
	{ "every key one hash", 300, 300, 0 },
	{ "hashes of 3 bits", 2000, 1500, 3 },
	{ "big", 100000, 60000, 64 },
};

static uint64_t xorshift(uint64_t *x)
{
	*x ^= *x << 13, *x ^= *x >> 7, *x ^= *x << 17;
	return *x;
}

static uint64_t hash_of(const struct hmap_case *c, uint64_t key)
{
	uint64_t h = hash_u64(key);

	return c->hash_bits >= 64 ? h : h & ((1ULL << c->hash_bits) - 1);
}

static void run_case(const struct hmap_case *c)
{
	struct hmap m = { 0 };
	struct keys k = { 0 };
	uint64_t x = 88172645463325252ULL;

	assert_int_equal(find(&m, &k, 1, 1), 0);	/* never reserved */
	for (size_t i = 0; i < c->inserts; i++) {
		uint64_t key = xorshift(&x) % c->key_range;
		size_t had = linear_find(&k, key);
		uintptr_t v = findnew(&m, &k, hash_of(c, key), key);

		if (had)
			assert_int_equal(v, had);
		else
			assert_int_equal(v, k.nr);
		assert_int_equal(m.nr, k.nr);
		assert_true(2 * m.nr <= m.mask + 1);
	}
	for (uint64_t key = 0; key < 2000; key++)
		assert_int_equal(find(&m, &k, hash_of(c, key), key), linear_find(&k, key));
	hmap_release(&m);
	free(k.key);
}

static void hmap_cases(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		print_message("hmap: %s\n", cases[i].what);
		run_case(&cases[i]);
	}
}

static bool keep_even_keys(uintptr_t val, void *ctx)
{
	const struct keys *k = ctx;

	return k->key[val - 1] % 2 == 0;
}

/* Filtered, the odd keys are gone and every even one is still found,
 * also those whose probe crossed a hole filter made. */
static void hmap_filter_keeps_the_rest(void **state)
{
	struct hmap m = { 0 };
	struct keys k = { 0 };
	const struct hmap_case collide = { "", 0, 0, 2 };
	size_t odd = 0;

	(void)state;
	for (uint64_t key = 0; key < 500; key++) {
		findnew(&m, &k, hash_of(&collide, key), key);
		odd += key % 2;
	}
	assert_int_equal(hmap_filter(&m, keep_even_keys, &k), odd);
	assert_int_equal(m.nr, 500 - odd);
	for (uint64_t key = 0; key < 500; key++)
		assert_int_equal(find(&m, &k, hash_of(&collide, key), key) != 0, key % 2 == 0);
	hmap_release(&m);
	assert_int_equal(hmap_filter(&m, keep_even_keys, &k), 0);	/* released: empty */
	free(k.key);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(hmap_cases),
		cmocka_unit_test(hmap_filter_keeps_the_rest),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
