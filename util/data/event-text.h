/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_EVENT_TEXT_H
#define PM_EVENT_TEXT_H

/*
 * What Linux perf writes after "PERF_RECORD_<NAME>" for a kernel record
 * (report -D, script --show-*-events): " 1234/1234: [0x400000(0x1000) @ 0
 * fd:01 41038 0]: r-xp /bin/cat" for an MMAP2, "(7376:7376):(7374:7374)"
 * for a FORK, and so on; nothing for a type with no details. Never reads
 * past the record: a truncated one prints what it holds.
 */
#include "../base/strbuf.h"
#include "perf-data-format.h"

void event_text__details(const struct pm_event_header *ev, struct strbuf *sb);

#endif
