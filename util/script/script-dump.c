// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/util.h"
#include "script-dump.h"

void script_dumps__before(struct script_print *p, FILE *out)
{
	script_print__drain(p, out);
}

static FILE *file_of(struct script_dumps *d, const struct pd_evsel *e, struct strbuf *err)
{
	size_t i = (size_t)e->idx;
	struct script_dump *dump;

	if (i >= d->nr) {
		ALLOC_GROW(d->v, i + 1, d->alloc);
		memset(&d->v[d->nr], 0, (i + 1 - d->nr) * sizeof(*d->v));
		d->nr = i + 1;
	}
	dump = &d->v[i];
	if (dump->file)
		return dump->file;
	if (asprintf(&dump->path, "%s.%s.dump", d->input, e->name) < 0) {
		dump->path = NULL;
		return NULL;
	}
	dump->file = fopen(dump->path, "we");
	if (!dump->file)
		strbuf_addf(err, "--per-event-dump: cannot create %s: %s\nhint: the files go next "
			    "to the input: run it where that can be written", dump->path,
			    strerror(errno));
	return dump->file;
}

int script_dumps__after(struct script_dumps *d, struct script_print *p, const struct pd_evsel *e,
			struct strbuf *err)
{
	FILE *f = file_of(d, e, err);

	if (!f) {
		if (!err->len)
			strbuf_addstr(err, "--per-event-dump: out of memory");
		return -EIO;
	}
	script_print__drain(p, f);
	d->v[e->idx].samples++;
	return 0;
}

int script_dumps__close(struct script_dumps *d)
{
	int ret = 0;

	for (size_t i = 0; i < d->nr; i++) {
		struct script_dump *dump = &d->v[i];
		long size;

		if (!dump->file)
			continue;
		size = ftell(dump->file);
		if (fclose(dump->file))
			ret = -errno;
		printf("[ perf script: Wrote %.3f MB %s (%" PRIu64 " samples) ]\n",
		       size > 0 ? (double)size / 1024 / 1024 : 0.0, dump->path, dump->samples);
	}
	for (size_t i = 0; i < d->nr; i++)
		free(d->v[i].path);
	free(d->v);
	memset(d, 0, sizeof(*d));
	return ret;
}
