// SPDX-License-Identifier: GPL-2.0
/*
 * AutoFDO's sample profile from a perf.data, as create_llvm_prof builds
 * it. Each sample's branch stack (newest entry first) gives the newest
 * branch, and for every older entry the range of code run from where it
 * went to where the next newer one left, with the branch itself; both
 * counted by their addresses in the binary (offsets in its file plus
 * its first segment's address). Functions whose ranges cover enough
 * bytes (a two-hundred-thousandth of all, at least 10) are then read
 * byte by byte: every byte of a range counts the range's count, every
 * line the largest count of its bytes (see autofdo-profile.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "../data/session.h"
#include "addr-pairs.h"
#include "autofdo-binary.h"
#include "autofdo-profile.h"
#include "autofdo.h"
#include "profiled-binary.h"

#define MAX_RANGE (1u << 20)	/* longer ones are bogus LBR data */
#define MAX_FRAMES 64

struct autofdo {
	struct machine m;
	struct perf_data *pd;
	const struct autofdo_opts *o;
	struct strbuf *err;
	struct afdo_binary bin;
	char *name;		/* the binary's file name, to match maps with */
	bool opened;
	uint64_t nr_samples;
	struct pairs ips, ranges, branches;
};

/* One function's share: the profile maps of a name (two static
 * functions of one name share one, the first one's bounds). */
struct group {
	const char *name;
	const struct afdo_sym *sym;
	struct pairs ips, ranges, branches;
};

struct place {
	uint64_t addr;
	bool in_binary;
};

/* @addr in the binary's addresses, where its map is the binary's; its
 * offset in whatever else maps it otherwise (0: nothing). */
static struct place place_of(struct autofdo *a, struct thread *t, uint64_t addr)
{
	struct map *map = t->maps ? maps__find(t->maps, addr) : NULL;

	if (!map)
		return (struct place){ 0, false };
	return (struct place){ map__map_ip(map, addr) + a->bin.load_vaddr,
			       profiled_binary__maps(a->name, map) };
}

static void add_stack(struct autofdo *a, struct thread *t, const struct perf_sample *s)
{
	const struct perf_branch_entry *e = s->branches;
	struct place from, to, newer_from;

	from = place_of(a, t, e[0].from);
	to = place_of(a, t, e[0].to);
	if (from.in_binary && to.in_binary)
		pairs_add(&a->branches, from.addr, to.addr, 0);
	for (uint64_t i = 1; i < s->branch_nr; i++) {
		newer_from = from;
		to = place_of(a, t, e[i].to);
		from = place_of(a, t, e[i].from);
		if (!to.in_binary || newer_from.addr < to.addr ||
		    newer_from.addr - to.addr > MAX_RANGE)
			continue;
		pairs_add(&a->ranges, to.addr, newer_from.addr, 0);
		if (from.in_binary)
			pairs_add(&a->branches, from.addr, to.addr, 0);
	}
}

static int open_binary(struct autofdo *a, const struct thread *t)
{
	struct strbuf path = STRBUF_INIT;
	int ret;

	a->opened = true;
	ret = profiled_binary__find(&a->m, t, a->o->binary, &path, &a->name, a->err);
	if (!ret && !afdo_binary__open(&a->bin, path.buf, a->err)) {
		strbuf_addf(a->err, "\nhint: %s", a->o->binary ?
			    "--binary names the program that ran, as it ran" :
			    "--binary=PATH names a copy of the recording's program");
		ret = -ENOENT;
	} else if (!ret) {
		ret = profiled_binary__check(t, a->name, path.buf, a->err);
	}
	strbuf_release(&path);
	return ret;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct autofdo *a = ctx;
	struct thread *t = machine__findnew_thread(&a->m, (int32_t)s->pid, (int32_t)s->tid);
	size_t before = a->ranges.nr + a->branches.nr;
	struct place ip;
	int ret;

	(void)ev, (void)evsel, (void)note;
	if (!a->opened && (ret = open_binary(a, t)))
		return ret;
	ip = place_of(a, t, s->ip);
	if (ip.in_binary)
		pairs_add(&a->ips, ip.addr, 0, 0);
	if (s->branch_nr)
		add_stack(a, t, s);
	a->nr_samples += ip.in_binary || a->ranges.nr + a->branches.nr != before;
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	(void)s;
	machine__process_event(&((struct autofdo *)ctx)->m, ev);
	return 0;
}

/* The group of @addr's function: the last one asked for (the pairs come
 * by address), else one of its name, else a new one. */
static struct group *group_of(struct autofdo *a, struct group **v, size_t *nr, size_t *alloc,
			      uint64_t addr)
{
	const struct afdo_sym *sym = afdo_binary__sym_at(&a->bin, addr);

	if (!sym)
		return NULL;
	if (*nr && (*v)[*nr - 1].sym == sym)
		return &(*v)[*nr - 1];
	for (size_t i = 0; i < *nr; i++)
		if (!strcmp((*v)[i].name, sym->name))
			return &(*v)[i];
	ALLOC_GROW(*v, *nr + 1, *alloc);
	(*v)[*nr] = (struct group){ .name = sym->name, .sym = sym };
	return &(*v)[(*nr)++];
}

static void copy_pair(struct pairs *to, const struct pair *p)
{
	pairs_add(to, p->from, p->to, 0);
	to->v[to->nr - 1].n = p->n;
}

/* AggregatePerFunctionProfile: the samples, ranges and branches of each
 * function, by the function holding their first address. */
static struct group *make_groups(struct autofdo *a, size_t *nr)
{
	struct group *v = NULL, *g;
	size_t alloc = 0;

	*nr = 0;
	for (size_t i = 0; i < a->ips.nr; i++)
		if ((g = group_of(a, &v, nr, &alloc, a->ips.v[i].from)))
			copy_pair(&g->ips, &a->ips.v[i]);
	for (size_t i = 0; i < a->ranges.nr; i++)
		if ((g = group_of(a, &v, nr, &alloc, a->ranges.v[i].from)))
			copy_pair(&g->ranges, &a->ranges.v[i]);
	for (size_t i = 0; i < a->branches.nr; i++)
		if ((g = group_of(a, &v, nr, &alloc, a->branches.v[i].from)))
			copy_pair(&g->branches, &a->branches.v[i]);
	return v;
}

static uint64_t range_bytes(const struct pairs *ranges)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < ranges->nr; i++)
		sum += ranges->v[i].n * (ranges->v[i].to - ranges->v[i].from);
	return sum;
}

static uint64_t aggregate(const struct group *g)
{
	uint64_t sum = 0;

	if (g->ranges.nr)
		return range_bytes(&g->ranges);
	for (size_t i = 0; i < g->ips.nr; i++)
		sum += g->ips.v[i].n;
	return sum;
}

static int group_name_cmp(const void *x, const void *y)
{
	return strcmp(((const struct group *)x)->name, ((const struct group *)y)->name);
}

/* The functions holding a range's start, each once, by address. */
static uint64_t *sampled_starts(struct autofdo *a, size_t *nr)
{
	uint64_t *v = must_calloc(a->ranges.nr + 1, sizeof(*v)), next = 0;

	*nr = 0;
	for (size_t i = 0; i < a->ranges.nr; i++) {
		uint64_t addr = a->ranges.v[i].from;
		const struct afdo_sym *s;
		size_t k;

		if (addr < next)
			continue;
		k = partition_point(a->bin.nr_syms, j, a->bin.syms[j].start > addr);
		if (!k)
			continue;
		s = &a->bin.syms[k - 1];
		v[(*nr)++] = s->start;
		next = s->start + s->size;
	}
	return v;
}

/* ProcessPerFunctionProfile: every byte's location made, the ranges'
 * counts laid on their bytes, then the calls and jumps to functions. */
static void process_group(struct autofdo *a, struct afdo_profile *p, const struct group *g)
{
	struct afdo_node *fn = afdo_profile__find(p, g->name);
	uint64_t start = g->sym->start, size = g->sym->size;
	uint64_t *counts = must_calloc(size, sizeof(*counts));
	struct afdo_frame frames[MAX_FRAMES];
	size_t n;

	for (size_t i = 0; i < g->ranges.nr; i++) {
		const struct pair *r = &g->ranges.v[i];

		for (uint64_t at = r->from; at - start < size && at <= r->to; at++)
			counts[at - start] += r->n;
	}
	/* each byte's location made (count 0), and given its count: one
	 * inline stack a byte */
	for (uint64_t off = 0; off < size; off++) {
		n = afdo_binary__inline_stack(&a->bin, start + off, frames, MAX_FRAMES);
		afdo_node__add_count(p, fn, frames, n, 0);
		if (counts[off])
			afdo_node__add_count(p, fn, frames, n, counts[off]);
	}
	if (g->ranges.nr) {
		for (size_t i = 0; i < g->branches.nr; i++) {
			const struct pair *b = &g->branches.v[i];
			const struct afdo_sym *callee = afdo_binary__sym_starting(&a->bin, b->to);
			struct afdo_node *cn = callee ? afdo_profile__find(p, callee->name) : NULL;

			if (!cn || b->from - start >= size)
				continue;
			n = afdo_binary__inline_stack(&a->bin, b->from, frames, MAX_FRAMES);
			afdo_node__add_call(p, fn, frames, n, callee->name, cn, b->n);
		}
	}
	free(counts);
}

static int make_profile(struct autofdo *a, FILE *out)
{
	uint64_t total, threshold, *starts;
	struct afdo_profile p = { 0 };
	size_t nr_groups, nr_starts;
	struct group *g;
	int ret = 0;

	pairs_merge(&a->ips);
	pairs_merge(&a->ranges);
	pairs_merge(&a->branches);
	total = range_bytes(&a->ranges);
	threshold = (uint64_t)(total * 0.000005) > 10 ? (uint64_t)(total * 0.000005) : 10;
	g = make_groups(a, &nr_groups);
	if (nr_groups > 1)
		qsort(g, nr_groups, sizeof(*g), group_name_cmp);
	starts = sampled_starts(a, &nr_starts);
	if (!afdo_binary__read_dwarf(&a->bin, starts, nr_starts, a->err)) {
		strbuf_addstr(a->err, "\nhint: build the program with -g "
				      "(clang: -gline-tables-only -fdebug-info-for-profiling)");
		ret = -ENODATA;
	}
	for (size_t i = 0; !ret && i < nr_groups; i++)
		if (aggregate(&g[i]) > threshold)
			afdo_profile__add(&p, g[i].name, a->bin.aliases + g[i].sym->first_alias,
					  g[i].sym->nr_aliases);
	for (size_t i = 0; !ret && i < nr_groups; i++)
		if (aggregate(&g[i]) > threshold)
			process_group(a, &p, &g[i]);
	if (!ret) {
		afdo_profile__merge(&p);
		afdo_profile__write(&p, threshold, out);
	}
	for (size_t i = 0; i < nr_groups; i++) {
		free(g[i].ips.v);
		free(g[i].ranges.v);
		free(g[i].branches.v);
	}
	free(g);
	free(starts);
	afdo_profile__release(&p);
	return ret;
}

static bool has_branch_stacks(const struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.sample_type & PERF_SAMPLE_BRANCH_STACK)
			return true;
	return false;
}

int autofdo_convert(struct perf_data *pd, const struct autofdo_opts *o, FILE *out,
		    uint64_t *nr_samples, struct strbuf *err)
{
	struct dsos_config cfg = { 0 };
	struct autofdo a = { .pd = pd, .o = o, .err = err };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &a };
	struct session_stats stats = { 0 };
	int ret;

	if (!has_branch_stacks(pd)) {
		strbuf_addstr(err, "the recording has no branch stacks: AutoFDO counts the code "
				   "between taken branches\n"
				   "hint: record with -b (perf-mini record -b -e cycles:u -- "
				   "PROGRAM)");
		return -EINVAL;
	}
	machine__init(&a.m, &cfg);
	machine__apply_build_ids(&a.m, &pd->feat);
	ret = session__process(pd, &tool, &stats, err);
	if (!ret && !a.opened) {
		strbuf_addstr(err, "the recording has no samples: AutoFDO would have no profile\n"
				   "hint: record the program longer, or at a shorter period (-c)");
		ret = -ENODATA;
	} else if (!ret && !a.nr_samples) {
		strbuf_addf(err, "no sample ran %s: AutoFDO would have no profile\n"
			    "hint: --binary=PATH names the program the samples ran "
			    "(perf-mini report --sort dso lists them)", a.name);
		ret = -ENODATA;
	}
	if (!ret)
		ret = make_profile(&a, out);
	*nr_samples = a.nr_samples;
	if (a.opened)
		afdo_binary__close(&a.bin);
	machine__exit(&a.m);
	free(a.ips.v);
	free(a.ranges.v);
	free(a.branches.v);
	free(a.name);
	return ret;
}
