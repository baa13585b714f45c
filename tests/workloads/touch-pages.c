// SPDX-License-Identifier: GPL-2.0
/*
 * touch-pages N: map N fresh anonymous pages and write one byte to each, so
 * the run takes at least N minor page faults (plus the loader's few dozen).
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 1000;
	long page = sysconf(_SC_PAGESIZE);
	char *mem;

	if (n <= 0)
		return 2;
	mem = mmap(NULL, (size_t)(n * page), PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (mem == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	for (long i = 0; i < n; i++)
		mem[i * page] = 1;
	return 0;
}
