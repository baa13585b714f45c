/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_SYNTH_MAPS_H
#define PM_SYNTH_MAPS_H

/*
 * The records perf record writes about the recording itself, ahead of
 * the kernel's (no sample_id: they are perf's own types):
 *   ID_INDEX      each sample id with its ring, CPU and thread;
 *   EVENT_UPDATE  an event's unit and scale (cpu-clock's msec, 1e-6), and
 *                 in a pipe its name (a file has EVENT_DESC for that);
 *   THREAD_MAP    the threads recorded (-1 system-wide);
 *   CPU_MAP       the CPUs.
 * perf's readers use them to tell fds apart; the counts of each type then
 * match a file perf records for the same command.
 */
#include <stdbool.h>

#include "../base/strbuf.h"
#include "../events/cpumap.h"
#include "../events/evlist.h"
#include "../events/thread-map.h"

void synth__id_index(struct strbuf *out, const struct evlist *evlist, const struct cpu_map *cpus,
		     const struct thread_map *threads);
void synth__event_updates(struct strbuf *out, const struct evlist *evlist, bool pipe);
void synth__thread_map(struct strbuf *out, const struct thread_map *threads);
void synth__cpu_map(struct strbuf *out, const struct cpu_map *cpus);

#endif
