// SPDX-License-Identifier: GPL-2.0
/*
 * touch-pages N [CTL ACK M]: map N fresh anonymous pages and write one byte
 * to each, so the run takes at least N minor page faults (plus the loader's
 * few dozen). With CTL ACK M: then send "ping" to the recorder's --control
 * fifo CTL, wait for its answer on ACK, fault M more pages, and ping again
 * before exiting: a test knows that the recorder had read the first N
 * faults' samples before the next came, and finished that round (a
 * --switch-output file, say) while the process still lived, whatever the
 * machine's load.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static int touch(long n)
{
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
	/* one fault per page, also where transparent huge pages are "always" */
	madvise(mem, (size_t)(n * page), MADV_NOHUGEPAGE);
	for (long i = 0; i < n; i++)
		mem[i * page] = 1;
	return 0;
}

static int ping(const char *ctl, const char *ack)
{
	char line[16];
	FILE *c = fopen(ctl, "w"), *a = fopen(ack, "r");
	int ret = c && a && fputs("ping\n", c) >= 0 && fflush(c) == 0 &&
		  fgets(line, sizeof(line), a) && !strcmp(line, "ack\n") ? 0 : 1;

	if (ret)
		fprintf(stderr, "touch-pages: no answer to ping through %s and %s\n", ctl, ack);
	if (c)
		fclose(c);
	if (a)
		fclose(a);
	return ret;
}

int main(int argc, char **argv)
{
	int ret = touch(argc > 1 ? strtol(argv[1], NULL, 10) : 1000);

	if (ret || argc < 5)
		return ret;
	return ping(argv[2], argv[3]) || touch(strtol(argv[4], NULL, 10)) ||
	       ping(argv[2], argv[3]);
}
