/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SCHED_IDLE_CHAINS_H
#define PM_SCHED_IDLE_CHAINS_H

/*
 * sched timehist -I -g: "Idle stats by callchain". Each CPU's idle time
 * is charged to the callchain of the task that last switched to idle
 * there (perf keeps that chain until another replaces it). perf 6.1
 * prints the list's header and no chain: see idle_chains__print.
 */
#include <stdint.h>

#include "../base/strbuf.h"

struct idle_chains;

struct idle_chains *idle_chains__new(int nr_cpus);
void idle_chains__delete(struct idle_chains *ic);

/* @cpu's task switched to idle with this chain ("sym <- sym ..."). */
void idle_chains__save(struct idle_chains *ic, int cpu, const char *chain);
/* @cpu's idle period of @ns ended: charged to its saved chain, if any. */
void idle_chains__charge(struct idle_chains *ic, int cpu, uint64_t ns);
/* perf 6.1's block for @cpu: the header (its chains never print). */
void idle_chains__print(const struct idle_chains *ic, int cpu, struct strbuf *out);

#endif
