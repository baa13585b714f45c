/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_RESOLVE_H
#define PM_RESOLVE_H

/*
 * From a sample's (pid, tid, cpumode, ip) to the thread, map, DSO and
 * symbol it hit, following perf's thread__find_map(): kernel-mode samples
 * look in the kernel's maps, user-mode ones in the process's, and an
 * address on the other side of the user/kernel split gets a second try.
 */
#include <stdio.h>

#include "../data/sample.h"
#include "../symbols/machine.h"
#include "hist.h"

struct addr_location {
	struct thread *thread;
	struct map *map;
	const struct symbol *sym;
	uint64_t addr;		/* map-relative when map != NULL */
	char level;
};

void resolve_addr(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t ip,
		  struct addr_location *al);

/* A data or branch address (perf's thread__find_map_fb): in @cpumode's
 * maps, else in those of the side of the split it lies on (x86_64's
 * kernel half: the top bit). */
void resolve_addr_fb(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t addr,
		     struct addr_location *al);

/* An address whose mode the sample does not tell (a branch end, a
 * memory sample's instruction): user maps, then kernel ones, as perf. */
void resolve_ams_any_mode(struct machine *m, struct thread *t, uint64_t addr,
			  struct addr_map_sym *e);

/* A memory sample's data address: in the sample's mode's maps only. */
void resolve_ams_data(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t addr,
		      struct addr_map_sym *e);

/* The same, with what its map says of it in @dm. */
void resolve_ams_data_map(struct machine *m, struct thread *t, uint8_t cpumode, uint64_t addr,
			  struct addr_map_sym *e, struct data_map *dm);

/* Fill a histogram template for @s (period, comm, dso, sym, ...). */
/*
 * A sample a KVM guest took: perf's report and script (without --guest)
 * give it no entry and print no line (report counts it in the total).
 */
static inline bool cpumode_is_guest(uint8_t cpumode)
{
	uint8_t mode = cpumode & PERF_RECORD_MISC_CPUMODE_MASK;

	return mode == PERF_RECORD_MISC_GUEST_KERNEL || mode == PERF_RECORD_MISC_GUEST_USER;
}

void resolve_sample(struct machine *m, const struct perf_sample *s, struct hist_entry *he,
		    struct hist_rare *rare);

/* -D: the lines perf prints as it resolves a sample (machine__resolve):
 * its thread and the DSO of its IP. */
void resolve_dump_sample(struct machine *m, const struct perf_sample *s, FILE *out);

/* The same fields without clearing the rest of @he first (the fast path
 * reads only these); he->rare must point to room for its part. */
void resolve_sample_keys(struct machine *m, const struct perf_sample *s, struct hist_entry *he);

#endif
