// SPDX-License-Identifier: GPL-2.0
/* Choosing the arch/ table: see pmu-arch.h. */
#include <string.h>

#include "pmu-arch.h"
#include "../base/util.h"

static bool has_prefix(const char *name, const char *const *prefixes)
{
	for (const char *const *p = prefixes; *p; p++)
		if (!strncmp(name, *p, strlen(*p)))
			return true;
	return false;
}

const struct pmu_arch_ops *pmus__arch(struct pmus *pmus)
{
	struct pmu **list;
	unsigned int nr = pmus__all(pmus, &list);

	for (int a = 0; arch_all[a]; a++)
		for (unsigned int i = 0; i < nr; i++)
			if (has_prefix(list[i]->name, arch_all[a]->pmu_prefixes))
				return arch_all[a];
	return arch__host();
}

static bool pmu_has(struct pmu *pmu, const char *alias)
{
	return pmu && (!alias || pmu__find_alias(pmu, alias, strlen(alias)));
}

bool pmus__has_event(void *ctx, const char *pmu, const char *alias)
{
	static const char *const cores[] = { "cpu", "cpu_core", "cpu_atom" };
	struct pmus *pmus = ctx;

	if (pmu)
		return pmu_has(pmus__find(pmus, pmu), alias);
	for (size_t i = 0; i < ARRAY_SIZE(cores); i++)
		if (pmu_has(pmus__find(pmus, cores[i]), alias))
			return true;
	return pmu_has(pmus__core(pmus), alias);
}

void pmus__mem_events(struct pmus *pmus, struct arch_mem_event *out)
{
	pmus__arch(pmus)->mem_events(pmus__has_event, pmus, out);
}
