/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_THREADS_SPEC_H
#define PM_THREADS_SPEC_H

#include "../base/strbuf.h"

/* record --threads=SPEC: cpu, core, package, numa, or maps/affinity CPU
 * lists ("0-1/0:2-3/2"). 0, or -1 with the cause in @err. */
int threads_spec__check(const char *spec, struct strbuf *err);

/*
 * The thread (lane) that reads CPU @cpus->cpus[i]'s ring, into
 * @lane_of[i], by @spec as perf groups them: a lane per CPU, per core, per
 * package or per NUMA node (topology under @cpu_dir), or per maps list of
 * a user spec (a CPU in none goes to the first). Returns the number of
 * lanes, or -1 with the cause in @err.
 */
struct cpu_map;
int threads_spec__lanes(const char *spec, const struct cpu_map *cpus, const char *cpu_dir,
			int *lane_of, struct strbuf *err);

#endif
