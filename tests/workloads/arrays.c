// SPDX-License-Identifier: GPL-2.0
/*
 * arrays [ROUNDS]: loads whose addresses a test knows, for
 * pmu-sim's memory samples (t6120). It prints where its arrays are
 * ("small ADDR SIZE", "big ADDR SIZE"), then each round hot() sums the
 * 4 KiB array small[] (it stays in the L1) and cold() reads one int from
 * every 65th line of the 64 MiB array big[] (one per page and line: none
 * stays in a cache or a TLB). "arrays MS share": for MS milliseconds
 * (300), two threads instead add to two longs of one cache line ("line
 * ADDR SIZE"): false sharing, the case c2c finds.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SMALL (4 << 10)
#define BIG (64 << 20)
#define STRIDE (65 * 64)

static int small[SMALL / sizeof(int)];
static int *big;
static long rounds = 10000;

static struct {
	volatile long a, b;
} line __attribute__((aligned(64)));

__attribute__((noinline)) static long hot(void)
{
	long sum = 0;

	for (int r = 0; r < 16; r++)
		for (size_t i = 0; i < SMALL / sizeof(int); i++)
			sum += small[i];
	return sum;
}

/* its only loads are big[]'s: the index stays in a register */
__attribute__((noinline)) static size_t cold(size_t at, volatile long *sink)
{
	long sum = 0;

	for (int n = 0; n < 512; n++) {
		sum += big[at / sizeof(int)];
		at = (at + STRIDE) % BIG;
	}
	*sink += sum;
	return at;
}

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* until the same moment in both threads: they share the line throughout */
static double until_ms;

static void *adder(void *which)
{
	volatile long *v = which ? &line.b : &line.a;

	while (now_ms() < until_ms)
		for (int i = 0; i < 4096; i++)
			*v += 1;
	return NULL;
}

int main(int argc, char **argv)
{
	volatile long sink = 0;
	size_t at = 0;

	if (argc > 1)
		rounds = strtol(argv[1], NULL, 10);
	if (argc > 2 && !strcmp(argv[2], "share")) {
		pthread_t t;

		printf("line %p %zu\n", (void *)&line, sizeof(line));
		fflush(stdout);
		until_ms = now_ms() + (argc > 1 ? (double)rounds : 300);
		pthread_create(&t, NULL, adder, (void *)1);
		adder(NULL);
		pthread_join(t, NULL);
		return 0;
	}
	big = calloc(1, BIG);
	if (!big)
		return 1;
	for (size_t i = 0; i < BIG / sizeof(int); i += 1024)
		big[i] = 1;	/* the pages exist: no fault in cold() */
	printf("small %p %d\nbig %p %d\n", (void *)small, SMALL, (void *)big, BIG);
	fflush(stdout);
	for (long r = 0; r < rounds; r++) {
		sink += hot();
		at = cold(at, &sink);
	}
	free(big);
	return 0;
}
