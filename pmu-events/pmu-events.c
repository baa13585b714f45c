// SPDX-License-Identifier: GPL-2.0
#include <regex.h>
#include <stdbool.h>

#include "pmu-events.h"

/* perf's rule: the mapfile regex must match the whole CPUID. */
static bool cpuid_matches(const char *regex, const char *cpuid)
{
	regex_t re;
	regmatch_t m;
	bool ok;

	if (regcomp(&re, regex, REG_EXTENDED))
		return false;
	ok = !regexec(&re, cpuid, 1, &m, 0) && m.rm_so == 0 && cpuid[m.rm_eo] == '\0';
	regfree(&re);
	return ok;
}

const struct pmu_events_table *pmu_events__find(const char *cpuid)
{
	if (!cpuid)
		return NULL;
	for (const struct pmu_events_table *t = pmu_events_tables; t->cpuid; t++)
		if (cpuid_matches(t->cpuid, cpuid))
			return t;
	return NULL;
}
