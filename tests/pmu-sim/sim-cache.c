// SPDX-License-Identifier: GPL-2.0
/* pmu-sim's memory hierarchy: see sim-cache.h. */
#include <linux/perf_event.h>
#include <stdlib.h>

#include "sim-cache.h"

#define LINE_SHIFT 6
#define PAGE_SHIFT 12

/* A set-associative array of tags with LRU replacement. */
struct assoc {
	unsigned int sets, ways;
	uint64_t *tag;		/* sets x ways; 0: empty (tags are stored + 1) */
	uint64_t *used;		/* when each way was last touched */
	uint64_t clock;
};

/* Ice Lake server: 48 KiB 12-way L1d, 1.25 MiB 20-way L2, an L3 slice
 * share of 1.5 MiB 12-way, 64-entry 4-way DTLB, 2048-entry 16-way STLB */
static struct assoc l1 = { 64, 12 }, l2 = { 1024, 20 }, l3 = { 2048, 12 };
static struct assoc dtlb = { 16, 4 }, stlb = { 128, 16 };

/* Cycles to a load's data from each level, as Intel's optimisation
 * manual gives them for Ice Lake (rounded); a page walk's extra cost. */
enum { LAT_L1 = 5, LAT_L2 = 14, LAT_L3 = 50, LAT_HITM = 75, LAT_RAM = 220,
       LAT_STLB = 7, LAT_WALK = 30 };

static bool assoc_touch(struct assoc *a, uint64_t key)
{
	unsigned int set = (unsigned int)(key % a->sets), victim = 0;
	uint64_t *tag, *used;

	if (!a->tag)
		a->tag = calloc((size_t)a->sets * a->ways, sizeof(*a->tag));
	if (!a->used)
		a->used = calloc((size_t)a->sets * a->ways, sizeof(*a->used));
	if (!a->tag || !a->used)
		return false;	/* no memory for the model: every access misses */
	tag = a->tag + (size_t)set * a->ways;
	used = a->used + (size_t)set * a->ways;
	a->clock++;
	for (unsigned int w = 0; w < a->ways; w++) {
		if (tag[w] == key + 1) {
			used[w] = a->clock;
			return true;
		}
		if (used[w] < used[victim])
			victim = w;
	}
	tag[victim] = key + 1;
	used[victim] = a->clock;
	return false;
}

/*
 * Who writes each line: the stepper runs one thread at a time, where the
 * threads of a program run at once, so a line that another thread of the
 * process was seen writing in one of the last CONTENDED_WINDOWS windows
 * is taken to be modified in that thread's core still: loading it is a
 * HITM. Counted in windows, not time: a loaded machine takes fewer.
 */
#define OWNERS 8192
#define CONTENDED_WINDOWS 16

static uint64_t window = 1;

static struct owner {
	uint64_t line;
	pid_t tgid;
	struct {
		pid_t tid;
		uint64_t at;	/* the window it was last seen writing in */
	} writer[2];
} owners[OWNERS];

void sim_cache__new_window(void)
{
	window++;
}

static struct owner *owner_of(uint64_t line, pid_t tgid)
{
	struct owner *o = &owners[(line ^ (uint64_t)tgid * 0x9e3779b97f4a7c15ULL) % OWNERS];

	if (o->line != line || o->tgid != tgid)
		*o = (struct owner){ .line = line, .tgid = tgid };
	return o;
}

static bool is_hitm(uint64_t line, pid_t tgid, pid_t tid, bool store)
{
	struct owner *o = owner_of(line, tgid);
	uint64_t now = window;
	int mine = o->writer[1].tid == tid;
	bool hitm = false;

	if (store) {
		if (o->writer[mine].tid != tid && o->writer[!mine].at < o->writer[mine].at)
			mine = !mine;	/* the older writer's slot */
		o->writer[mine].tid = tid;
		o->writer[mine].at = now;
		return false;
	}
	for (int i = 0; i < 2; i++)
		hitm |= o->writer[i].tid && o->writer[i].tid != tid &&
			now - o->writer[i].at <= CONTENDED_WINDOWS;
	return hitm;
}

static uint64_t tlb_of(uint64_t page, uint32_t *latency)
{
	if (assoc_touch(&dtlb, page))
		return PERF_MEM_S(TLB, HIT) | PERF_MEM_S(TLB, L1);
	if (assoc_touch(&stlb, page)) {
		*latency += LAT_STLB;
		return PERF_MEM_S(TLB, HIT) | PERF_MEM_S(TLB, L2);
	}
	*latency += LAT_WALK;
	return PERF_MEM_S(TLB, MISS) | PERF_MEM_S(TLB, L2) | PERF_MEM_S(TLB, WK);
}

#define SERVED(lvl, num, snoop) \
	(PERF_MEM_S(LVL, HIT) | PERF_MEM_S(LVL, lvl) | PERF_MEM_S(LVLNUM, num) | \
	 PERF_MEM_S(SNOOP, snoop))

/* Every level is filled on the way: an inclusive hierarchy. */
static uint64_t level_of(uint64_t line, bool hitm, uint32_t *latency)
{
	const struct { bool in; uint32_t lat; uint64_t src; } levels[] = {
		{ hitm, LAT_HITM, SERVED(L3, L3, HITM) },
		{ assoc_touch(&l1, line), LAT_L1, SERVED(L1, L1, NONE) },
		{ assoc_touch(&l2, line), LAT_L2, SERVED(L2, L2, NONE) },
		{ assoc_touch(&l3, line), LAT_L3, SERVED(L3, L3, NONE) },
		{ true, LAT_RAM, SERVED(LOC_RAM, RAM, MISS) },
	};
	size_t i = 0;

	while (!levels[i].in)
		i++;
	*latency += levels[i].lat;
	return levels[i].src;
}

void sim_cache__access(uint64_t addr, pid_t tgid, pid_t tid, bool store, struct sim_access *out)
{
	uint64_t line = addr >> LINE_SHIFT;
	bool hitm = is_hitm(line, tgid, tid, store);
	uint32_t latency = 0;
	uint64_t tlb = tlb_of(addr >> PAGE_SHIFT, &latency);
	uint64_t level = level_of(line, hitm && !store, &latency);

	out->latency = latency;
	if (!store) {
		out->data_src = PERF_MEM_S(OP, LOAD) | level | tlb | PERF_MEM_S(LOCK, NA);
		return;
	}
	/* a store's PEBS record says only whether it hit the L1 */
	out->data_src = PERF_MEM_S(OP, STORE) | PERF_MEM_S(LVL, L1) | PERF_MEM_S(LVLNUM, L1) |
			((level & PERF_MEM_S(LVL, L1)) ? PERF_MEM_S(LVL, HIT) : PERF_MEM_S(LVL, MISS)) |
			PERF_MEM_S(SNOOP, NA) | tlb | PERF_MEM_S(LOCK, NA);
}
