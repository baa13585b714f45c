// SPDX-License-Identifier: GPL-2.0
/*
 * clock-loop MS: read the clock for MS milliseconds (default 300) and do
 * nothing else, so nearly every sample of it lands in the vDSO: for the
 * tests of what is done with the vDSO's image (archive, its build-id).
 */
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	double ms = argc > 1 ? strtod(argv[1], NULL) : 300;
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do
		clock_gettime(CLOCK_MONOTONIC, &now);
	while ((now.tv_sec - start.tv_sec) * 1e3 + (now.tv_nsec - start.tv_nsec) / 1e6 < ms);
	return 0;
}
