/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCRIPT_DUMP_H
#define PM_SCRIPT_DUMP_H

/*
 * script --per-event-dump: each event's sample lines in a file of its own,
 * <input>.<event>.dump, as perf writes them; side-band records and
 * everything else stay on the standard output.
 */
#include <inttypes.h>
#include <stdio.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"
#include "script-print.h"

struct script_dump {
	FILE *file;		/* opened at its event's first sample */
	char *path;
	uint64_t samples;
};

struct script_dumps {
	const char *input;
	struct script_dump *v;	/* by event index */
	size_t nr, alloc;
};

/* Before a sample is printed: the lines before it go to @out. */
void script_dumps__before(struct script_print *p, FILE *out);

/* After: its line goes to the file of @e (created at its first sample).
 * 0, or -errno with a message in @err. */
int script_dumps__after(struct script_dumps *d, struct script_print *p, const struct pd_evsel *e,
			struct strbuf *err);

/* Close the files and say, as perf, what each holds. */
int script_dumps__close(struct script_dumps *d);

#endif
