/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_MACHINE_H
#define PM_MACHINE_H

/*
 * The state a recording describes, rebuilt from its records: threads with
 * their command names, each process's address-space maps (from MMAP/MMAP2,
 * inherited on FORK), the kernel's maps, and the DSOs they point at.
 *
 * Ownership: the machine owns everything here. Comm strings are interned
 * and DSOs live until machine__exit(), so a histogram entry may keep
 * pointers to both after the thread that produced them changed or died.
 */
#include <stdbool.h>
#include <stdint.h>

#include "../base/hmap.h"
#include "../data/header-features.h"
#include "../data/perf-data-format.h"
#include "dso.h"

struct map {
	uint64_t start, end;	/* [start, end) */
	uint64_t pgoff;
	struct dso *dso;
	bool identity;		/* kernel text: addresses are not relocated */
	uint32_t prot, flags;	/* PROT_*, MAP_* (MMAP2; MMAP: PROT_EXEC, 0) */
	uint64_t ino;		/* MMAP2 without a build-id, else 0 */
};

struct maps {
	struct map *v;		/* sorted by start, not overlapping */
	size_t nr, alloc;
	size_t last;		/* index of the last map found */
	int refcnt;
	uint32_t gen;		/* bumped by every change of the maps */
	uint32_t layout_gen;	/* maps__layout()'s cache: valid at this gen */
	uint64_t layout;
};

struct thread {
	int32_t pid, tid;
	int32_t ppid;		/* the forking thread's tid; -1 without a FORK */
	const char *comm;	/* interned; ":tid" until a COMM names it */
	bool comm_set;
	/* The ":tid" a COMM replaced and that COMM's name: perf renames what
	 * was counted under ":tid" after the fact (its comm__override). */
	const char *placeholder, *first_comm;
	const char *srccode_shown;	/* script -F srccode: the "file:line" last shown */
	uint64_t cgroup_ns_dev, cgroup_ns_ino;	/* its cgroup namespace (NAMESPACES) */
	struct maps *maps;	/* shared by the threads of a process */
	bool exited;		/* its EXIT came (noted with machine.reap_exited) */
	uint32_t mark;		/* machine__reap_exited()'s: still in use */
};

struct machine {
	struct hmap threads;		/* struct thread *, by tid */
	struct maps kmaps;
	struct dsos dsos;
	struct dso *kernel_dso;
	bool kernel_map_loaded;
	struct hmap cgroups;		/* interned paths, by CGROUP record id */
	struct hmap comms;		/* interned strings (char *), by text */
	const char *arch;		/* from the header, for kernel_start */
	uint32_t gen;			/* bumped by every event: maps may have changed */
	void *resolve_cache;		/* resolve.c's, freed with the machine */
	void *unwind_cache;		/* unwind.c's */
	bool reap_exited;		/* top: threads note their EXIT, to be reaped */
};

int machine__init(struct machine *m, struct dsos_config *cfg);
void machine__exit(struct machine *m);

struct thread *machine__findnew_thread(struct machine *m, int32_t pid, int32_t tid);

/*
 * top, which runs for hours while processes come and go: free the threads
 * whose EXIT came (machine.reap_exited set before the records), unless
 * their mark is @in_use (the caller marks those its entries point to) or
 * other threads still share their leader's maps. Returns how many.
 */
size_t machine__reap_exited(struct machine *m, uint32_t in_use);
/* Why kernel addresses were left unresolved (the recorded kernel is not
 * this one: see dsos_config.kernel_mismatch), or NULL. */
const char *machine__kernel_unresolved(const struct machine *m);

void machine__set_comm(struct machine *m, struct thread *t, const char *comm);
/* The path a CGROUP record gave cgroup @id (the first one), or NULL. */
const char *machine__cgroup_path(const struct machine *m, uint64_t id);
/* @s's copy kept with the comms (one per text) for the machine's life. */
const char *machine__intern(struct machine *m, const char *s);

/* A mapping from MMAP/MMAP2 (pid -1 means the kernel's maps). */
struct mmap_desc {
	uint64_t start, len, pgoff;
	const char *filename;
	uint32_t prot;			/* PROT_*; MMAP: PROT_EXEC unless data */
	uint32_t flags;			/* MAP_*: MMAP2 only */
	uint64_t ino;
	const uint8_t *build_id;
	uint8_t build_id_size;
};

void machine__add_mmap(struct machine *m, int32_t pid, int32_t tid, const struct mmap_desc *d);
/* A FORK: the child gets the parent's comm and a copy of its maps (its
 * maps, a thread of the same process), unless !@clone_maps: a FORK perf
 * synthesized for a running task (misc FORK_EXEC), whose MMAPs follow. */
void machine__fork(struct machine *m, int32_t pid, int32_t tid, int32_t ppid, int32_t ptid,
		   bool clone_maps);

/* Update threads and maps from MMAP, MMAP2, COMM and FORK; ignore others. */
void machine__process_event(struct machine *m, const struct pm_event_header *ev);

/*
 * Record the build-ids a perf.data header lists, so that only the files
 * that were recorded give symbols (the kernel's decides whether
 * /proc/kallsyms may be used).
 */
void machine__apply_build_ids(struct machine *m, const struct pd_features *f);

/* The map holding @addr, or NULL. */
struct map *maps__find(struct maps *maps, uint64_t addr);

/*
 * A hash of where the code of every binary is mapped (files, the vDSO):
 * address spaces with the same layout (a process's forks, until they map
 * otherwise) have the same one, so what was learnt of one (the unwinder's
 * modules) serves all.
 */
uint64_t maps__layout(struct maps *maps);

/*
 * perf's first load of the kernel map @map (found for a kernel address):
 * with symbols from kallsyms it then spans them all, init code and data
 * past _etext included (map__fixup_start/end). Once per machine.
 */
void machine__load_kernel_map(struct machine *m, struct map *map);

static inline uint64_t map__map_ip(const struct map *map, uint64_t ip)
{
	return map->identity ? ip : ip - map->start + map->pgoff;
}

static inline uint64_t map__unmap_ip(const struct map *map, uint64_t rip)
{
	return map->identity ? rip : rip + map->start - map->pgoff;
}

#endif
