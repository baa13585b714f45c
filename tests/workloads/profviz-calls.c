// SPDX-License-Identifier: GPL-2.0
/*
 * A call graph with known shares, built with -finstrument-functions for
 * profviz (t7100): work() calls heavy() and light(), heavy doing three
 * times light's work, so the arc work -> heavy is 75% of work and
 * work -> light 25%: in time, and exactly in page faults (each unit of
 * work touches PAGES_PER_UNIT fresh pages). Modes add what profviz must
 * survive:
 *   recurse   nest(4) calls itself, each level one unit
 *   longjmp   thrower() leaves through longjmp, skipping its exit hook
 *   threads   two threads run work() too (per-thread counts, merged)
 *   fork      a child runs work() and writes its own graph
 *   tiny      many_tiny() makes 100000 calls of an empty function: what
 *             they cost is the hooks' own cost, which profviz removes
 */
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define NOINSTR __attribute__((no_instrument_function))

static long unit = 1500000;

/* a unit's fresh pages: 3 units stay far below a 2 MiB huge page */
#define PAGES_PER_UNIT 64

/* the cost itself: not a function of the graph, its caller's self */
NOINSTR static void burn(long units)
{
	size_t len = (size_t)units * PAGES_PER_UNIT * 4096;
	char *pages = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	volatile double x = 0;

	if (pages != MAP_FAILED) {
		for (size_t at = 0; at < len; at += 4096)
			pages[at] = 1;	/* a page fault each */
		munmap(pages, len);
	}
	for (long i = 0; i < units * unit; i++)
		x += (double)i;
}

/*
 * The code work() runs, faulted in before anything is measured: its first
 * call would fault burn's page and mmap's and munmap's in heavy (which
 * runs first), a few, or a few dozen on a loaded machine whose page
 * cache lost them (t7100 once saw heavy at 77.2% of work's faults).
 * No data page is touched, so main's own share stays nil.
 */
NOINSTR static void warm_up(void)
{
	void *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p != MAP_FAILED)
		munmap(p, 4096);
	burn(0);
}

__attribute__((noinline)) void heavy(void)
{
	burn(3);
}

__attribute__((noinline)) void light(void)
{
	burn(1);
}

__attribute__((noinline)) void work(void)
{
	heavy();
	light();
}

__attribute__((noinline)) void nest(int depth)
{
	burn(1);
	if (depth > 0)
		nest(depth - 1);
}

__attribute__((noinline)) void tiny(void)
{
	__asm__ __volatile__("" ::: "memory");
}

__attribute__((noinline)) void many_tiny(void)
{
	for (int i = 0; i < 100000; i++)
		tiny();
}

static jmp_buf jump;

__attribute__((noinline)) void thrower(void)
{
	burn(1);
	longjmp(jump, 1);
}

__attribute__((noinline)) void catcher(void)
{
	if (!setjmp(jump))
		thrower();
	light();
}

static void *worker(void *arg)
{
	(void)arg;
	for (int i = 0; i < 5; i++)
		work();
	return NULL;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";
	pthread_t t[2];

	warm_up();
	for (int i = 0; i < 10; i++)
		work();
	if (!strcmp(mode, "recurse")) {
		nest(4);
	} else if (!strcmp(mode, "longjmp")) {
		for (int i = 0; i < 5; i++)
			catcher();
	} else if (!strcmp(mode, "threads")) {
		for (int i = 0; i < 2; i++)
			pthread_create(&t[i], NULL, worker, NULL);
		for (int i = 0; i < 2; i++)
			pthread_join(t[i], NULL);
	} else if (!strcmp(mode, "tiny")) {
		many_tiny();
	} else if (!strcmp(mode, "fork")) {
		pid_t pid = fork();

		if (pid == 0) {
			work();
			return 0;
		}
		waitpid(pid, NULL, 0);
	}
	return 0;
}
