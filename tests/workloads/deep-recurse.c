// SPDX-License-Identifier: GPL-2.0
/*
 * deep-recurse DEPTH SECONDS [wide]: recurse DEPTH calls deep (each frame
 * a few words, or with "wide" 160 bytes of locals more), then spin at the
 * bottom for SECONDS of CPU. A --call-graph dwarf sample there has more
 * frames than perf unwinds (127), or, wide, than its stack copy holds: the
 * unwinder runs out of stack, not of CFI.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile unsigned long sink;

static double cpu_seconds(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static __attribute__((noinline)) unsigned long bottom(double seconds)
{
	double end = cpu_seconds() + seconds;
	unsigned long n = 0;

	while (cpu_seconds() < end)
		for (int i = 0; i < 100000; i++)
			n += (unsigned long)i * 2654435761u;
	return n;
}

static __attribute__((noinline)) unsigned long descend(int depth, double seconds)
{
	volatile unsigned long local = (unsigned long)depth;

	if (depth <= 0)
		return bottom(seconds);
	return descend(depth - 1, seconds) + local;	/* no tail call */
}

static __attribute__((noinline)) unsigned long descend_wide(int depth, double seconds)
{
	volatile char pad[160];

	pad[depth % sizeof(pad)] = (char)depth;
	if (depth <= 0)
		return bottom(seconds);
	return descend_wide(depth - 1, seconds) + (unsigned long)pad[depth % sizeof(pad)];
}

int main(int argc, char **argv)
{
	int depth = argc > 1 ? atoi(argv[1]) : 400;
	double seconds = argc > 2 ? atof(argv[2]) : 0.3;
	int wide = argc > 3 && argv[3][0] == 'w';

	if (depth < 0 || seconds <= 0) {
		fprintf(stderr, "usage: deep-recurse DEPTH SECONDS\n");
		return 2;
	}
	sink = wide ? descend_wide(depth, seconds) : descend(depth, seconds);
	return 0;
}
