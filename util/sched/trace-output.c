// SPDX-License-Identifier: GPL-2.0
/* perf trace's output of a recording: trace-output.h. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "../base/util.h"
#include "trace-output.h"

/* -o: perf keeps a file that is there as FILE.old */
static FILE *open_output(const char *path, struct strbuf *err)
{
	FILE *f;

	keep_old_output(path);
	if (!(f = fopen(path, "w")))
		strbuf_addf(err, "cannot write %s: %s\nhint: -o a file in a directory you can "
			    "write", path, strerror(errno));
	return f;
}

int trace_output(const struct trace_output_opts *t, const char *input, FILE *out_default,
		 struct strbuf *err)
{
	struct strbuf out = STRBUF_INIT;
	FILE *f = t->output ? open_output(t->output, err) : out_default;
	int ret = -1;

	if (f) {
		ret = 0;
		/* -s: perf prints the other events' lines all the same */
		if ((!t->summary || t->lines.tracepoints) && trace_lines(input, &t->lines, f, err))
			ret = -1;
		if (!ret && (t->summary || t->with_summary) &&
		    trace_summary(input, &t->sum, &out, err))
			ret = -1;
		fwrite(out.buf, 1, out.len, f);
		if (f != out_default)
			fclose(f);
	}
	strbuf_release(&out);
	return ret;
}
