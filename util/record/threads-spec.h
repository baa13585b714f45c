/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_THREADS_SPEC_H
#define PM_THREADS_SPEC_H

#include "../base/strbuf.h"

/* record --threads=SPEC: cpu, core, package, numa, or maps/affinity CPU
 * lists ("0-1/0:2-3/2"). 0, or -1 with the cause in @err. */
int threads_spec__check(const char *spec, struct strbuf *err);

#endif
