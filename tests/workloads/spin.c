// SPDX-License-Identifier: GPL-2.0
/*
 * spin MS [EXIT]: burn CPU for MS milliseconds, then exit with status EXIT
 * (default 0). Used for interval mode and exit-status pass-through.
 */
#include <stdlib.h>
#include <time.h>

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

int main(int argc, char **argv)
{
	double ms = argc > 1 ? strtod(argv[1], NULL) : 100;
	int code = argc > 2 ? (int)strtol(argv[2], NULL, 10) : 0;
	double end = now_ms() + ms;
	volatile unsigned long x = 0;

	while (now_ms() < end)
		for (int i = 0; i < 10000; i++)
			x += (unsigned long)i;
	return code;
}
