/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_FLAMEGRAPH_H
#define PM_FLAMEGRAPH_H
/*
 * report --flamegraph: each event's histogram turned back into stacks
 * (the command, then the frames of each callchain, outermost first, or
 * innermost first under -g callee) and merged into one tree per event.
 * Written as FlameGraph's folded stacks ("comm;a;b;c PERIOD" per line,
 * what its stackcollapse scripts give flamegraph.pl) or as one HTML page
 * that draws them, needing nothing from the network.
 */
#include <stdbool.h>
#include <stdio.h>

#include "../base/strbuf.h"

struct report;

/* --flamegraph-opts: stackcollapse-perf.pl's flags of the same names */
enum {
	FLAME_PID = 1,		/* the command as "comm-PID" */
	FLAME_TID = 2,		/* as "comm-PID/TID" */
	FLAME_KERNEL = 4,	/* kernel functions marked "_[k]" */
	FLAME_JIT = 8,		/* JIT functions (perf-PID.map) marked "_[j]" */
	FLAME_ADDRS = 16,	/* a frame without a symbol with its address,
				 * "[libfoo.so <1a2b>]", as perf script prints it */
};

/* "pid,kernel,..." (all: kernel and jit) into FLAME_* bits; -EINVAL with
 * @err naming the one not known. */
int flamegraph__parse_opts(const char *spec, unsigned int *opts, struct strbuf *err);

/* Whether @path gets the page (a name ending in .html) or folded stacks. */
bool flamegraph__is_html(const char *path);

/* Write @r's stacks (after report__process) to @out; @title names the
 * recording on the page. 0, or -ENODATA when no event has samples. */
int flamegraph__write(struct report *r, bool html, const char *title, FILE *out);

/*
 * diff --flamegraph: the new run's stacks against the baseline's (the
 * first event with samples of each), as FlameGraph's difffolded.pl
 * writes them ("a;b;c OLD NEW", every stack of either) or as the page,
 * the widths the new run's and each frame coloured by how its share of
 * the run changed. 0, or -ENODATA when either has no samples to draw.
 */
int flamegraph__write_diff(struct report *old, struct report *new, bool html, const char *title,
			   FILE *out);

/* The page around the JSON of the trees (flamegraph-page.c). */
void flamegraph__page(const char *title, const char *json, bool icicle, FILE *out);

#endif
