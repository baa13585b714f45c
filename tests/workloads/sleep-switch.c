// SPDX-License-Identifier: GPL-2.0
/*
 * sleep-switch N [count]: sleep N times for 100 us. A sleep blocks the
 * task, unless its timer ran out before the task got to block (a loaded
 * machine kept it from running meanwhile); so the run has up to N
 * voluntary context switches. With "count" it prints how many the
 * kernel counted for its sleeps ("voluntary switches: K"; not those
 * before it ran, under the name of the process it was started by), the
 * number a recording of its switches must hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 100;
	struct timespec ts = { 0, 100000 };
	struct rusage before, after;

	getrusage(RUSAGE_SELF, &before);
	for (long i = 0; i < n; i++)
		nanosleep(&ts, NULL);
	if (argc > 2 && !strcmp(argv[2], "count") && !getrusage(RUSAGE_SELF, &after))
		printf("voluntary switches: %ld\n", after.ru_nvcsw - before.ru_nvcsw);
	return 0;
}
