// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "builtin.h"
#include "../util/base/parse-options.h"

void cmd_error(const char *cmd, const char *msg)
{
	fprintf(stderr, "perf-mini %s: %s\n", cmd, msg);
}

int cmd_usage_result(int ret, const char *text)
{
	if (ret == PARSE_OPT_HELP) {
		fputs(text, stdout);
		return 0;
	}
	fputs(text, stderr);
	return 129;
}
