/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DUMP_H
#define PM_DUMP_H

/*
 * report -D / script -D: every record in file order, in Linux perf's dump
 * layout: "0xOFF@FILE [0xSIZE]: event: TYPE", the raw bytes, then
 * "[TIME ]0xOFF [0xSIZE]: PERF_RECORD_NAME details".
 */
#include <stdio.h>

#include "perf-data.h"
#include "session.h"

/* @report: as report -D (its tool leaves THREAD_MAP and CPU_MAP
 * "unhandled"), else as script -D. */
int perf_data__dump(struct perf_data *pd, FILE *out, bool report, struct session_stats *stats,
		    struct strbuf *err);

#endif
