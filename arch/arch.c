// SPDX-License-Identifier: GPL-2.0
/* Looking up the architecture tables: see arch.h. */
#include <string.h>
#include <strings.h>

#include "arch.h"

const struct pmu_arch_ops *const arch_all[] = { &arch_x86, &arch_arm64, &arch_powerpc, NULL };

const struct pmu_arch_ops *arch__by_machine(const char *machine)
{
	for (int i = 0; machine && arch_all[i]; i++)
		for (const char *const *m = arch_all[i]->machines; *m; m++)
			if (!strcmp(*m, machine))
				return arch_all[i];
	return NULL;
}

const struct pmu_arch_ops *arch__host(void)
{
#if defined(__aarch64__)
	return &arch_arm64;
#elif defined(__powerpc64__)
	return &arch_powerpc;
#else
	return &arch_x86;
#endif
}

const char *arch__reg_name(const struct pmu_arch_ops *arch, int bit)
{
	if (bit < 0 || bit >= arch->nr_regs || !*arch->reg_names[bit])
		return "unknown";
	return arch->reg_names[bit];
}

int arch__reg_bit(const struct pmu_arch_ops *arch, const char *name, size_t len)
{
	for (int i = 0; i < arch->nr_regs; i++)
		if (strlen(arch->reg_names[i]) == len && !strncasecmp(arch->reg_names[i], name, len))
			return (arch->regs_sampled >> i) & 1 ? i : -1;
	return -1;
}

const char *arch__syscall_name(const struct pmu_arch_ops *arch, int64_t id)
{
	return arch && arch->syscall_name ? arch->syscall_name(id) : NULL;
}
