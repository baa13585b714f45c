// SPDX-License-Identifier: GPL-2.0
/*
 * burn N: a fixed amount of CPU work (N million iterations of a small
 * dependent computation through a few call levels), for measuring how much
 * sampling slows a workload down. Prints the result (so the work is kept)
 * and its own elapsed seconds.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long leaf(unsigned long x)
{
	return x * 6364136223846793005UL + 1442695040888963407UL;
}

static unsigned long __attribute__((noinline)) middle(unsigned long x, long n)
{
	for (long i = 0; i < n; i++)
		x = leaf(x) ^ (x >> 17);
	return x;
}

static unsigned long __attribute__((noinline)) outer(unsigned long x, long millions)
{
	for (long m = 0; m < millions; m++)
		x = middle(x, 1000000);
	return x;
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 100;
	struct timespec a, b;
	unsigned long r;

	clock_gettime(CLOCK_MONOTONIC, &a);
	r = outer(1, n);
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("%lu %.4f\n", r, (double)(b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
	return 0;
}
