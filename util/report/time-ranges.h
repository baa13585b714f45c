/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_TIME_RANGES_H
#define PM_TIME_RANGES_H

/*
 * perf's --time: which samples by their timestamp. "START,STOP" in
 * seconds[.fraction] (either side may be empty), several such ranges
 * separated by spaces, or percentages of the recording: "10%/2" (the
 * second tenth), "0%-10%,30%-40%", "25%" (the first quarter), which need
 * the file's first and last sample times (its SAMPLE_TIME feature).
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/strbuf.h"

struct time_range {
	uint64_t start, end;	/* ns; 0: open on that side */
};

struct time_ranges {
	struct time_range *r;
	int nr;
};

/*
 * Parse @str with the recording's @first and @last sample times (both 0
 * when the file does not say); with @relative, times count from @first
 * (script --reltime). Returns 0 or -EINVAL with a message in @err.
 */
int time_ranges__parse(struct time_ranges *tr, const char *str, uint64_t first, uint64_t last,
		       bool relative, struct strbuf *err);

/* Whether a sample at @t falls outside every range (never when t is 0). */
bool time_ranges__skip(const struct time_ranges *tr, uint64_t t);

void time_ranges__exit(struct time_ranges *tr);

#endif
