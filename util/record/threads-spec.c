// SPDX-License-Identifier: GPL-2.0
/* record --threads' spec, checked as perf takes it. */
#include <stdbool.h>
#include <string.h>

#include "threads-spec.h"

/* A user spec: CPU-list/CPU-list pairs (the maps, the writer's affinity)
 * joined by ':'. */
static bool masks(const char *spec)
{
	size_t span;

	while (*spec) {
		span = strspn(spec, "0123456789,-");
		if (!span || spec[span] != '/')
			return false;
		spec += span + 1;
		span = strspn(spec, "0123456789,-");
		if (!span || (spec[span] && spec[span] != ':'))
			return false;
		spec += span + !!spec[span];
	}
	return true;
}

int threads_spec__check(const char *spec, struct strbuf *err)
{
	static const char *const kinds[] = { "cpu", "core", "package", "numa" };

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (!strcmp(spec, kinds[i]))
			return 0;
	if (masks(spec))
		return 0;
	strbuf_addf(err, "--threads=%s: not cpu, core, package, numa or maps/affinity CPU "
		    "lists\nhint: --threads (one per CPU), or e.g. --threads=0-1/0:2-3/2", spec);
	return -1;
}
