// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "evsel.h"
#include "../base/util.h"

struct evsel *evsel__new(const char *name)
{
	struct evsel *evsel = calloc(1, sizeof(*evsel));

	if (!evsel)
		return NULL;
	evsel->name = strdup(name);
	if (!evsel->name) {
		free(evsel);
		return NULL;
	}
	evsel->attr.size = sizeof(evsel->attr);
	evsel->leader = evsel;
	evsel->nr_members = 1;
	evsel->scale = 1.0;
	evsel->supported = true;
	return evsel;
}

void evsel__set_name(struct evsel *evsel, const char *name)
{
	char *copy = strdup(name);

	BUG_ON(!copy);
	free(evsel->name);
	evsel->name = copy;
}

void evsel__delete(struct evsel *evsel)
{
	if (!evsel)
		return;
	free(evsel->name);
	free(evsel->unit);
	free(evsel->resolved);
	free(evsel->fds);
	free(evsel->ids);
	free(evsel->counts);
	free(evsel);
}
