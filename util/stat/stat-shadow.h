/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_STAT_SHADOW_H
#define PM_STAT_SHADOW_H

/*
 * The metric perf prints beside a count ("# 0.416 CPUs utilized",
 * "# 1.234 K/sec", "# 1.50 insn per cycle", "# 2.10% of all branches"),
 * computed from the other events counted at the same aggregation index.
 */
#include <stdbool.h>

#include "stat.h"

enum stat_color { STAT_COLOR_NONE, STAT_COLOR_RED, STAT_COLOR_GREEN };

struct stat_metric {
	bool has;		/* false: print a blank metric column */
	enum stat_color color;	/* for a terminal (TopDown thresholds) */
	const char *fmt;	/* printf format of the value, perf's width */
	char unit[48];
	double val;
};

/*
 * The metric of event @idx at aggregation index @aggr. @walltime_ns is the
 * elapsed time of the measurement (the interval under -I). A metric whose
 * input is missing or zero is reported with has=false, as perf leaves it blank.
 */
void stat_shadow__metric(const struct stat_data *sd, int idx, int aggr, double walltime_ns,
			 struct stat_metric *m);

#endif
