// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <unistd.h>

#include "progress.h"

void progress__start(struct progress *p, const char *what, uint64_t total, bool allowed,
		     uint64_t every)
{
	*p = (struct progress){ .what = what, .total = total, .mask = every ? every - 1 : 0,
				.on = allowed && isatty(STDERR_FILENO), .last = -1 };
	if (p->on)
		clock_gettime(CLOCK_MONOTONIC, &p->start);
}

static double elapsed(const struct progress *p)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - p->start.tv_sec) + (now.tv_nsec - p->start.tv_nsec) / 1e9;
}

void progress__update(struct progress *p, uint64_t done)
{
	int now;

	if (!p->on || (p->calls++ & p->mask))
		return;
	if (!p->shown && elapsed(p) < 1.0)
		return;
	now = p->total ? (int)(done * 100 / p->total) : (int)(done >> 20);
	if (now == p->last)
		return;
	p->last = now;
	p->shown = true;
	if (p->total)
		fprintf(stderr, "\r%s... %3d%%", p->what, now);
	else
		fprintf(stderr, "\r%s... %d MB", p->what, now);
	fflush(stderr);
}

void progress__end(struct progress *p)
{
	if (p->shown)
		fputs("\r\033[K", stderr);	/* the line goes: the output follows on it */
	p->shown = false;
	p->on = false;
}
