// SPDX-License-Identifier: GPL-2.0
/*
 * arrays [ROUNDS [cold|mixed|share|lines]]: loads whose addresses a test knows, for
 * pmu-sim's memory samples (t6120). It prints where its arrays are
 * ("small ADDR SIZE", "big ADDR SIZE"), then each round hot() sums the
 * 4 KiB array small[] (it stays in the L1) and cold() reads one int from
 * every 65th line of the 64 MiB array big[] (one per page and line: none
 * stays in a cache or a TLB), a .bss array that lies in the anonymous map
 * after the program's file-backed ones ("arrays N cold": cold() alone,
 * so that every load is one a latency threshold keeps; "arrays N mixed":
 * hot() sums small[] once a round, not 16 times, so that a window that
 * starts in it reaches cold() soon). "arrays M share": two threads
 * instead add to two longs of one cache line ("line ADDR SIZE"), each M
 * million times or more (until both have): false sharing, the case c2c
 * finds. "arrays M lines": the same, and each also writes a line the other
 * reads (more[0] often, more[1] a quarter as often; "more ADDR SIZE"):
 * three shared lines, with HITMs in that order.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SMALL (4 << 10)
#define BIG (64 << 20)
#define STRIDE (65 * 64)

static int small[SMALL / sizeof(int)] = { 1 };	/* in .data: the file's pages */
static int big[BIG / sizeof(int)];	/* in .bss: mostly past the file's pages */
static long rounds = 10000;

static struct {
	volatile long a, b;
} line __attribute__((aligned(64)));

/* @passes comes in a register: hot()'s only loads are small[]'s */
__attribute__((noinline)) static long hot(int passes)
{
	long sum = 0;

	for (int r = 0; r < passes; r++)
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

static struct {
	volatile long a, b, c, d, e, f, g, h;
} more[2] __attribute__((aligned(64)));
static bool more_lines;
static volatile long more_sum;

__attribute__((noinline)) static void other_lines(int me)
{
	long sum = 0;

	for (int i = 0; i < 512; i++) {
		if (me)
			sum += more[0].c;
		else
			more[0].c += 1;
	}
	for (int i = 0; i < 128; i++) {
		if (me)
			more[1].h += 1;
		else
			sum += more[1].h;
	}
	more_sum = sum;
}

/* until both have added their share: they write the line together
 * throughout, however much slower one of them runs (being stepped) */
static long share = 15000000;
static volatile long done[2] __attribute__((aligned(64)));

static void *adder(void *which)
{
	volatile long *v = which ? &line.b : &line.a;
	int me = which != NULL;

	while (done[0] < share || done[1] < share) {
		for (int i = 0; i < 1024; i++)
			*v += 1;
		if (more_lines)
			other_lines(me);
		done[me] += 1024;
	}
	return NULL;
}

int main(int argc, char **argv)
{
	volatile long sink = 0;
	size_t at = 0;

	rounds = argc > 1 ? strtol(argv[1], NULL, 10) : rounds;
	more_lines = argc > 2 && !strcmp(argv[2], "lines");
	if (argc > 2 && (!strcmp(argv[2], "share") || more_lines)) {
		pthread_t t;

		printf("line %p %zu\n", (void *)&line, sizeof(line));
		if (more_lines)
			printf("more %p %zu\n", (void *)more, sizeof(more));
		fflush(stdout);
		share = rounds * 1000000;
		pthread_create(&t, NULL, adder, (void *)1);
		adder(NULL);
		pthread_join(t, NULL);
		return 0;
	}
	for (size_t i = 0; i < BIG / sizeof(int); i += 1024)
		big[i] = 1;	/* the pages exist: no fault in cold() */
	printf("small %p %d\nbig %p %d\n", (void *)small, SMALL, (void *)big, BIG);
	fflush(stdout);
	bool cold_only = argc > 2 && !strcmp(argv[2], "cold");
	int hot_passes = argc > 2 && !strcmp(argv[2], "mixed") ? 1 : 16;

	for (long r = 0; r < rounds; r++) {
		if (!cold_only)
			sink += hot(hot_passes);
		at = cold(at, &sink);
	}
	return 0;
}
