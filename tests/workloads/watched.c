// SPDX-License-Identifier: GPL-2.0
/*
 * watched N: writes a global counter N times and prints the counter's
 * address first, for hardware breakpoint tests (mem:ADDR:w). Run it under
 * `setarch -R` to get the same address on every run.
 */
#include <stdio.h>
#include <stdlib.h>

volatile long watched_counter;

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;

	printf("%p\n", (void *)&watched_counter);
	fflush(stdout);
	for (long i = 0; i < n; i++)
		watched_counter = watched_counter + 1;
	return 0;
}
