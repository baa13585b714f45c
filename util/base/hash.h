/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_HASH_H
#define PM_HASH_H
/*
 * FNV-1a, 64 bits: the one hash of bytes in perf-mini's tables and of the
 * names its caches give files (which must stay the same from run to run).
 */
#include <stddef.h>
#include <stdint.h>

#define FNV1A_64_INIT 0xcbf29ce484222325ULL

static inline uint64_t fnv1a_64_add(uint64_t h, const void *p, size_t len)
{
	const unsigned char *s = p;

	while (len--)
		h = (h ^ *s++) * 0x100000001b3ULL;
	return h;
}

static inline uint64_t fnv1a_64(const void *p, size_t len)
{
	return fnv1a_64_add(FNV1A_64_INIT, p, len);
}

static inline uint64_t fnv1a_64_str(const char *s)
{
	uint64_t h = FNV1A_64_INIT;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 0x100000001b3ULL;
	return h;
}

/*
 * A number's or a pointer's hash for hmap, whose slot is the low bits:
 * the multiply moves the key's entropy up, the shift folds it back down.
 * Both steps can be undone, so equal hashes mean equal keys.
 */
static inline uint64_t hash_u64(uint64_t x)
{
	x *= 0x9e3779b97f4a7c15ULL;
	return x ^ (x >> 29);
}

static inline uint64_t hash_ptr(const void *p)
{
	return hash_u64((uintptr_t)p);
}

/* @h with word @v folded in: one multiply, for keys of several words
 * whose table reads the high bits (or that end in hash_mix). */
static inline uint64_t hash_combine(uint64_t h, uint64_t v)
{
	return (h ^ v) * 0x9e3779b97f4a7c15ULL;
}

/* @h with word @v folded in by splitmix64's finalizer: every input bit
 * moves every output bit, low ones too (symbol addresses share theirs). */
static inline uint64_t hash_mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ULL;
	h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
	h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
	return h ^ (h >> 31);
}

#endif
