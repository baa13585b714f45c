// SPDX-License-Identifier: GPL-2.0
/*
 * branches.c with a main that prints what its functions compute: built
 * by the tests of the optimisers' profiles (o3900 --to-bolt, o3910
 * --to-autofdo), whose optimised programs must print the same.
 */
#define main branches_main
#include "branches.c"
#undef main
#include <stdio.h>

int main(int argc, char **argv)
{
	int r = branches_main(argc, argv);

	printf("%d %d %d %d\n", r, down(5), leaf(7), once(3));
	return 0;
}
