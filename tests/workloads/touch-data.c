// SPDX-License-Identifier: GPL-2.0
/*
 * touch-data N: write one byte to each of the first N pages (at most 64) of
 * an initialized global array. The array lives in the binary's .data, so
 * each first write is a page fault at an address inside the data object
 * "table" of a file-backed mapping: what report --mem-mode resolves.
 */
#include <stdlib.h>
#include <unistd.h>

#define MAX_PAGES 64

char table[MAX_PAGES * 4096] = { 1 };

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : MAX_PAGES;
	long page = sysconf(_SC_PAGESIZE);

	if (n <= 0 || n * page > (long)sizeof(table))
		return 2;
	for (long i = 0; i < n; i++)
		((volatile char *)table)[i * page] = 2;
	return 0;
}
