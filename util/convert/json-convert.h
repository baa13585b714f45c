/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_JSON_CONVERT_H
#define PM_JSON_CONVERT_H

/*
 * perf data convert --to-json: a perf.data as perf 6.1's JSON, byte for
 * byte: the header's facts, then each sample (time order) with its pid,
 * tid, cpu, comm and callchain (or IP), each frame's symbol and DSO where
 * they resolve.
 */
#include <stdint.h>
#include <stdio.h>
#include <time.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"

struct json_convert_opts {
	time_t captured_on;	/* the input's modification time */
	const char *symfs;	/* NULL: the host's files (and debug files) */
	const char *kallsyms;	/* NULL: /proc/kallsyms when it matches */
};

/* Write @pd to @out. 0 with the number of samples, or -errno with @err. */
int json_convert(struct perf_data *pd, const struct json_convert_opts *o, FILE *out,
		 uint64_t *nr_samples, struct strbuf *err);

#endif
