// SPDX-License-Identifier: GPL-2.0
/*
 * branches [ROUNDS]: code whose branches a test knows, for pmu-sim's
 * stepped LBR (t6110). Each round main() calls once() once and thrice()
 * three times (direct calls), odd() or even() through a table (an
 * indirect call whose target alternates), and down(3), which calls
 * itself three times; leaf(), under once() and thrice(), loops LEAF_ITERS
 * times. Default 3000000 rounds (some 50 ms).
 */
#include <stdlib.h>

static volatile int leaf_iters = 5;	/* read at run time: no unrolling */

__attribute__((noinline)) int leaf(int n)
{
	volatile int s = 0;
	int iters = leaf_iters;

	for (int i = 0; i < iters; i++)
		s += i * n;
	return s;
}

__attribute__((noinline)) int once(int n)
{
	return leaf(n) + 1;
}

__attribute__((noinline)) int thrice(int n)
{
	return leaf(n) + 3;
}

__attribute__((noinline)) int even(int n)
{
	return n * 2;
}

__attribute__((noinline)) int odd(int n)
{
	return n * 3;
}

static int (*volatile table[2])(int) = { even, odd };

__attribute__((noinline)) int down(int depth)
{
	int r;

	if (!depth)
		return 0;
	r = down(depth - 1);
	__asm__ volatile("" ::: "memory");	/* a real call, not a loop */
	return r + 1;
}

int main(int argc, char **argv)
{
	long rounds = argc > 1 ? strtol(argv[1], NULL, 10) : 3000000;
	volatile int sink = 0;

	for (long r = 0; r < rounds; r++) {
		sink += once((int)r);
		sink += thrice((int)r);
		sink += thrice((int)r);
		sink += thrice((int)r);
		sink += table[r & 1]((int)r);
		sink += down(3);
	}
	return 0;
}
