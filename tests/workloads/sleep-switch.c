// SPDX-License-Identifier: GPL-2.0
/*
 * sleep-switch N: sleep N times for 100 us. Each sleep blocks the task, so
 * the run has at least N voluntary context switches.
 */
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
	struct timespec ts = { 0, 100000 };

	for (long i = 0; i < n; i++)
		nanosleep(&ts, NULL);
	return 0;
}
