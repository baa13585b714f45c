/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_DSO_HITS_H
#define PM_DSO_HITS_H

/*
 * perf buildid-list -H: the DSOs a recording's samples hit (each
 * sample's IP, resolved through the maps its records built), in the order
 * the machine made them: the file's build-id table first, as perf's
 * header reading makes them, then the ones only the maps name.
 */
#include <stddef.h>

#include "../base/strbuf.h"
#include "../data/perf-data.h"
#include "../symbols/machine.h"

/* @m initialised (and given @pd's build-ids) by the caller. *@out
 * (malloc'ed, sorted) and *@nr: the hits read; 0, or -errno with @err
 * when the file broke off (the hits are those before). */
int dso_hits__collect(struct perf_data *pd, struct machine *m, struct dso ***out, size_t *nr,
		      struct strbuf *err);

#endif
