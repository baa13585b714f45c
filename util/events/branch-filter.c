// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <linux/perf_event.h>
#include <string.h>
#include <strings.h>

#include "../base/util.h"
#include "branch-filter.h"

#define PLM_ONLY (PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL | PERF_SAMPLE_BRANCH_HV)

static const struct {
	const char *name;
	uint64_t bit;
} filters[] = {
	{ "u", PERF_SAMPLE_BRANCH_USER },
	{ "k", PERF_SAMPLE_BRANCH_KERNEL },
	{ "hv", PERF_SAMPLE_BRANCH_HV },
	{ "any", PERF_SAMPLE_BRANCH_ANY },
	{ "any_call", PERF_SAMPLE_BRANCH_ANY_CALL },
	{ "any_ret", PERF_SAMPLE_BRANCH_ANY_RETURN },
	{ "ind_call", PERF_SAMPLE_BRANCH_IND_CALL },
	{ "call", PERF_SAMPLE_BRANCH_CALL },
	{ "cond", PERF_SAMPLE_BRANCH_COND },
	{ "ind_jmp", PERF_SAMPLE_BRANCH_IND_JUMP },
	{ "abort_tx", PERF_SAMPLE_BRANCH_ABORT_TX },
	{ "in_tx", PERF_SAMPLE_BRANCH_IN_TX },
	{ "no_tx", PERF_SAMPLE_BRANCH_NO_TX },
	{ "save_type", PERF_SAMPLE_BRANCH_TYPE_SAVE },
	{ "stack", PERF_SAMPLE_BRANCH_CALL_STACK },
	{ "priv", PERF_SAMPLE_BRANCH_PRIV_SAVE },
};

static int add_filter(const char *name, size_t len, uint64_t *mode, struct strbuf *err)
{
	for (size_t i = 0; i < ARRAY_SIZE(filters); i++) {
		if (strlen(filters[i].name) == len && !strncasecmp(filters[i].name, name, len)) {
			*mode |= filters[i].bit;
			return 0;
		}
	}
	strbuf_addf(err, "-j: unknown branch filter '%.*s'\nhint: filters are", (int)len, name);
	for (size_t i = 0; i < ARRAY_SIZE(filters); i++)
		strbuf_addf(err, "%s %s", i ? "," : "", filters[i].name);
	strbuf_addstr(err, " (comma separated)");
	return -EINVAL;
}

int parse_branch_filter(const char *spec, uint64_t *mode, struct strbuf *err)
{
	const char *p = spec;

	*mode = 0;
	for (;;) {
		size_t len = strcspn(p, ",");

		if (add_filter(p, len, mode, err))
			return -EINVAL;
		if (!p[len])
			break;
		p += len + 1;
	}
	if (!(*mode & ~(uint64_t)PLM_ONLY))
		*mode = PERF_SAMPLE_BRANCH_ANY;
	return 0;
}
