// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "progress.h"

static progress_sink_fn *sink;

void progress__set_sink(progress_sink_fn *fn)
{
	sink = fn;
}

void progress__start(struct progress *p, const char *what, uint64_t total, bool allowed,
		     uint64_t every)
{
	*p = (struct progress){ .what = what, .total = total, .mask = every ? every - 1 : 0,
				.on = allowed && sink, .last = -1 };
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
	char text[128];
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
		snprintf(text, sizeof(text), "%s... %3d%%", p->what, now);
	else
		snprintf(text, sizeof(text), "%s... %d MB", p->what, now);
	sink(text);
}

void progress__end(struct progress *p)
{
	if (p->shown)
		sink("");
	p->shown = false;
	p->on = false;
}
