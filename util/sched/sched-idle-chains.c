// SPDX-License-Identifier: GPL-2.0
/* Idle time by callchain: sched-idle-chains.h. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/hmap.h"
#include "../base/xalloc.h"
#include "sched-idle-chains.h"

struct chain {
	char *text;
	uint64_t hit;
	uint32_t count, order;	/* order: first charged, for equal times */
};

struct cpu_chains {
	char *saved;		/* the chain idle time goes to */
	struct chain *v;
	size_t nr, alloc;
	struct hmap by_text;	/* index + 1 into v */
};

struct idle_chains {
	struct cpu_chains *cpu;
	int nr_cpus;
};

struct idle_chains *idle_chains__new(int nr_cpus)
{
	struct idle_chains *ic = must_calloc(1, sizeof(*ic));

	ic->nr_cpus = nr_cpus;
	ic->cpu = must_calloc((size_t)nr_cpus, sizeof(*ic->cpu));
	return ic;
}

void idle_chains__delete(struct idle_chains *ic)
{
	if (!ic)
		return;
	for (int c = 0; c < ic->nr_cpus; c++) {
		struct cpu_chains *cc = &ic->cpu[c];

		for (size_t i = 0; i < cc->nr; i++)
			free(cc->v[i].text);
		free(cc->v);
		free(cc->saved);
		hmap_release(&cc->by_text);
	}
	free(ic->cpu);
	free(ic);
}

void idle_chains__save(struct idle_chains *ic, int cpu, const char *chain)
{
	if (cpu < 0 || cpu >= ic->nr_cpus)
		return;
	free(ic->cpu[cpu].saved);
	ic->cpu[cpu].saved = must_strdup(chain);
}

void idle_chains__charge(struct idle_chains *ic, int cpu, uint64_t ns)
{
	struct cpu_chains *cc;
	struct hmap_slot *s;
	uint64_t hash;

	if (cpu < 0 || cpu >= ic->nr_cpus || !ic->cpu[cpu].saved)
		return;
	cc = &ic->cpu[cpu];
	hash = fnv1a_64_str(cc->saved);
	hmap_must_reserve(&cc->by_text, 1);
	hmap_for_each_probe(&cc->by_text, hash, s)
		if (s->hash == hash && !strcmp(cc->v[s->val - 1].text, cc->saved))
			break;
	if (!s->val) {
		ALLOC_GROW(cc->v, cc->nr + 1, cc->alloc);
		cc->v[cc->nr] = (struct chain){ .text = must_strdup(cc->saved),
					       .order = (uint32_t)cc->nr };
		hmap_fill(&cc->by_text, s, hash, ++cc->nr);
	}
	cc->v[s->val - 1].hit += ns;
	cc->v[s->val - 1].count++;
}

/*
 * perf 6.1 sorts the chains into a cached rbtree through its plain root,
 * so the cached leftmost node stays empty and its listing prints none:
 * the header alone, whatever was charged (seen on a CPU that idled 3 ms
 * in one of t6300's recordings). The chains stay counted for the day a
 * perf prints them.
 */
void idle_chains__print(const struct idle_chains *ic, int cpu, struct strbuf *out)
{
	(void)ic, (void)cpu;
	strbuf_addf(out, "  %16s  %8s  %s\n", "Idle time (msec)", "Count", "Callchains");
	strbuf_addf(out, "  %.16s  %.8s  %.50s\n", "----------------", "--------",
		    "--------------------------------------------------");
}
