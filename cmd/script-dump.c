// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../util/base/util.h"
#include "script-dump.h"

void script_dumps__before(struct script_print *p, FILE *out)
{
	script_print__drain(p, out);
}

static int grow(struct script_dumps *d, size_t nr)
{
	FILE **files = realloc(d->files, nr * sizeof(*files));
	char **paths = files ? realloc(d->paths, nr * sizeof(*paths)) : NULL;
	uint64_t *samples = paths ? realloc(d->samples, nr * sizeof(*samples)) : NULL;

	if (files)
		d->files = files;
	if (paths)
		d->paths = paths;
	if (!samples)
		return -ENOMEM;
	d->samples = samples;
	for (size_t i = d->nr; i < nr; i++) {
		d->files[i] = NULL;
		d->paths[i] = NULL;
		d->samples[i] = 0;
	}
	d->nr = nr;
	return 0;
}

static FILE *file_of(struct script_dumps *d, const struct pd_evsel *e, struct strbuf *err)
{
	size_t i = (size_t)e->idx;

	if (i >= d->nr && grow(d, i + 1))
		return NULL;
	if (d->files[i])
		return d->files[i];
	if (asprintf(&d->paths[i], "%s.%s.dump", d->input, e->name) < 0) {
		d->paths[i] = NULL;
		return NULL;
	}
	d->files[i] = fopen(d->paths[i], "we");
	if (!d->files[i])
		strbuf_addf(err, "--per-event-dump: cannot create %s: %s\nhint: the files go next "
			    "to the input: run it where that can be written", d->paths[i],
			    strerror(errno));
	return d->files[i];
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
	d->samples[e->idx]++;
	return 0;
}

int script_dumps__close(struct script_dumps *d)
{
	int ret = 0;

	for (size_t i = 0; i < d->nr; i++) {
		long size;

		if (!d->files[i])
			continue;
		size = ftell(d->files[i]);
		if (fclose(d->files[i]))
			ret = -errno;
		printf("[ perf script: Wrote %.3f MB %s (%" PRIu64 " samples) ]\n",
		       size > 0 ? (double)size / 1024 / 1024 : 0.0, d->paths[i], d->samples[i]);
	}
	for (size_t i = 0; i < d->nr; i++)
		free(d->paths[i]);
	free(d->paths);
	free(d->files);
	free(d->samples);
	memset(d, 0, sizeof(*d));
	return ret;
}
