// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <string.h>

#include "../base/util.h"
#include "regs.h"

static void list_sampled(const struct pmu_arch_ops *arch, struct strbuf *sb)
{
	int n = 0;

	for (int i = 0; i < arch->nr_regs; i++) {
		if (!(arch->regs_sampled >> i & 1))
			continue;
		strbuf_addstr(sb, n++ ? ", " : "");
		for (const char *c = arch->reg_names[i]; *c; c++)
			strbuf_addch(sb, (char)tolower((unsigned char)*c));
	}
}

int regs__parse(const struct pmu_arch_ops *arch, const char *list, uint64_t *mask,
		struct strbuf *err)
{
	*mask = 0;
	for (const char *p = list; *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");
		int bit = arch__reg_bit(arch, p, len);

		if (bit < 0) {
			strbuf_addf(err, "unknown register '%.*s'\nhint: the registers of %s are ",
				    (int)len, p, arch->name);
			list_sampled(arch, err);
			return -EINVAL;
		}
		*mask |= 1ULL << bit;
	}
	return 0;
}
