// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <strings.h>

#include "../base/util.h"
#include "regs.h"

static const char *const names[] = {
	"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
	"DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
};

const char *regs__name(int bit)
{
	return bit >= 0 && (size_t)bit < ARRAY_SIZE(names) ? names[bit] : "unknown";
}

int regs__parse(const char *list, uint64_t *mask, struct strbuf *err)
{
	*mask = 0;
	for (const char *p = list; *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ","), i;

		for (i = 0; i < ARRAY_SIZE(names); i++)
			if (strlen(names[i]) == len && !strncasecmp(names[i], p, len))
				break;
		/* DS..GS are not sampled on x86_64, as perf's list says */
		if (i == ARRAY_SIZE(names) || (i >= 12 && i <= 15)) {
			strbuf_addf(err, "unknown register '%.*s'\nhint: the registers are ax, bx, "
				    "cx, dx, si, di, bp, sp, ip, flags, cs, ss, r8-r15", (int)len, p);
			return -EINVAL;
		}
		*mask |= 1ULL << i;
	}
	return 0;
}
