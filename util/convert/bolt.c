// SPDX-License-Identifier: GPL-2.0
/*
 * BOLT's fdata from a perf.data, as perf2bolt aggregates it: the LBR
 * entries of the binary's processes (kernel entries dropped), each taken
 * branch counted by its two ends, each trace between consecutive entries
 * (from where one branch went to where the next one left) turned into
 * the fall-through edges it crossed (bolt-cfg). Then, per function: a
 * branch inside it (a recursive call to its start is a call), a call or
 * jump out of it (returns are not written: BOLT infers them), and one
 * into it from code outside every function; sorted as perf2bolt sorts
 * them, functions by name.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "../base/xalloc.h"
#include "../data/session.h"
#include "../symbols/machine.h"
#include "addr-pairs.h"
#include "bolt-cfg.h"
#include "bolt.h"
#include "profiled-binary.h"

#define KERNEL_BASE 0xffff800000000000ull	/* perf2bolt drops entries above */

/* One fdata location: a function and an offset, or an address outside
 * every function (fn NULL, written "0 [unknown] off"). */
struct loc {
	const struct bolt_func *fn;
	uint64_t off;
};

struct rec {
	const struct bolt_func *owner;
	int entry;		/* 0: the function's branch, 1: an entry into it */
	struct loc from, to;
	uint64_t mispreds, count;
};

struct bolt {
	struct machine m;
	struct perf_data *pd;
	const struct bolt_opts *o;
	struct bolt_binary bin;
	char *name;		/* the binary's file name, to match maps with */
	bool opened, lbr;
	struct strbuf *err;
	uint64_t nr_samples;
	struct pairs branches, traces, ips;
	bool *events;		/* no-LBR: the events sampled, by idx */
	struct rec *recs;
	size_t nr_recs, alloc_recs;
	struct bolt_edge *edges;
	size_t nr_edges, alloc_edges;
};

static bool is_binary(const struct bolt *bo, const struct map *map)
{
	return profiled_binary__maps(bo->name, map);
}

/* Whether @t's process has the binary mapped (perf2bolt reads only those). */
static bool runs_binary(const struct bolt *bo, const struct thread *t)
{
	for (size_t i = 0; t->maps && i < t->maps->nr; i++)
		if (is_binary(bo, &t->maps->v[i]))
			return true;
	return false;
}

/* The binary, at the first sample. */
static int open_binary(struct bolt *bo, const struct thread *t)
{
	struct strbuf path = STRBUF_INIT;
	int ret;

	bo->opened = true;
	ret = profiled_binary__find(&bo->m, t, bo->o->binary, &path, &bo->name, bo->err);
	if (!ret && !bolt_binary__open(&bo->bin, path.buf, bo->pd->feat.arch, bo->err)) {
		strbuf_addf(bo->err, "\nhint: %s", bo->o->binary ?
			    "--binary names the program that ran, as it ran" :
			    "--binary=PATH names a copy of the recording's program");
		ret = -ENOENT;
	} else if (!ret) {
		ret = profiled_binary__check(t, bo->name, path.buf, bo->err);
	}
	strbuf_release(&path);
	return ret;
}

/* @addr as the binary's virtual address where it maps it, else as is. */
static uint64_t binary_addr(struct bolt *bo, struct thread *t, uint64_t addr)
{
	struct map *map = t->maps ? maps__find(t->maps, addr) : NULL;

	if (!is_binary(bo, map))
		return addr;
	return bolt_binary__vaddr(&bo->bin, map__map_ip(map, addr));
}

static bool in_func(struct bolt *bo, uint64_t addr)
{
	return bolt_binary__func_at(&bo->bin, addr) != NULL;
}

/* perf2bolt's parse of one sample's stack: newest entry first, each
 * trace from an entry's target to where the newer one left. */
static void add_stack(struct bolt *bo, struct thread *t, const struct perf_sample *s)
{
	uint64_t next_pc = 0;

	for (uint64_t i = 0; i < s->branch_nr; i++) {
		const struct perf_branch_entry *e = &s->branches[i];
		uint64_t from, to;
		const struct bolt_func *f;

		if (e->from >= KERNEL_BASE || e->to >= KERNEL_BASE)
			continue;
		from = binary_addr(bo, t, e->from);
		to = binary_addr(bo, t, e->to);
		f = bolt_binary__func_at(&bo->bin, to);
		if (next_pc && f && bolt_func__contains(f, next_pc))
			pairs_add(&bo->traces, to, next_pc, !bolt_func__contains(f, from));
		next_pc = from;
		from = in_func(bo, from) ? from : 0;
		to = in_func(bo, to) ? to : 0;
		if (from || to)
			pairs_add(&bo->branches, from, to, e->mispred);
	}
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct bolt *bo = ctx;
	struct thread *t = machine__findnew_thread(&bo->m, (int32_t)s->pid, (int32_t)s->tid);
	int ret;

	(void)ev, (void)note;
	if (!bo->opened && (ret = open_binary(bo, t)))
		return ret;
	if (!runs_binary(bo, t))
		return 0;
	bo->nr_samples++;
	if (bo->lbr) {
		add_stack(bo, t, s);
	} else {
		pairs_add(&bo->ips, binary_addr(bo, t, s->ip), 0, 0);
		bo->events[evsel->idx] = true;
	}
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	(void)s;
	machine__process_event(&((struct bolt *)ctx)->m, ev);
	return 0;
}

static void add_rec(struct bolt *bo, const struct bolt_func *owner, int entry, struct loc from,
		    struct loc to, uint64_t mispreds, uint64_t count)
{
	if (bo->nr_recs == bo->alloc_recs)
		bo->recs = must_reallocarray(bo->recs, bo->alloc_recs = bo->alloc_recs ?
					     2 * bo->alloc_recs : 256, sizeof(*bo->recs));
	bo->recs[bo->nr_recs++] = (struct rec){ owner, entry, from, to, mispreds, count };
}

/* A trace's fall-throughs, each a branch of its function, never mispredicted. */
static void do_trace(struct bolt *bo, uint64_t from, uint64_t to, uint64_t count, bool external)
{
	struct bolt_func *f = bolt_binary__func_at(&bo->bin, from);

	if (!count || !f || f != bolt_binary__func_at(&bo->bin, to) ||
	    !bolt_func__fallthroughs(&bo->bin, f, from - f->start, to - f->start, external,
				     &bo->edges, &bo->nr_edges, &bo->alloc_edges))
		return;
	for (size_t i = 0; i < bo->nr_edges; i++)
		add_rec(bo, f, 0, (struct loc){ f, bo->edges[i].from },
			(struct loc){ f, bo->edges[i].to }, 0, count);
}

/* A taken branch: inside a function, a call or jump out of one (not a
 * return), or an entry from outside every function. */
static void do_branch(struct bolt *bo, const struct pair *p)
{
	struct bolt_func *ff = p->from ? bolt_binary__func_at(&bo->bin, p->from) : NULL;
	struct bolt_func *tf = p->to ? bolt_binary__func_at(&bo->bin, p->to) : NULL;
	struct loc from = { ff, ff ? p->from - ff->start : p->from };
	struct loc to = { tf, tf ? p->to - tf->start : p->to };

	if ((!ff && !tf) || (ff && bolt_func__is_return(&bo->bin, ff, from.off)))
		return;
	if (ff && ff == tf && to.off) {
		add_rec(bo, ff, 0, from, to, p->n2, p->n);
		return;
	}
	if (ff)
		add_rec(bo, ff, 0, from, to, p->n2, p->n);
	if (tf && !ff)
		add_rec(bo, tf, 1, from, to, p->n2, p->n);
}

static int loc_cmp(const struct loc *a, const struct loc *b)
{
	int c;

	if (!a->fn != !b->fn)
		return a->fn ? 1 : -1;	/* outside functions first */
	if (a->fn && a->fn != b->fn && (c = strcmp(a->fn->name, b->fn->name)))
		return c;
	return a->off < b->off ? -1 : a->off > b->off;
}

static int rec_cmp(const void *pa, const void *pb)
{
	const struct rec *a = pa, *b = pb;
	int c = a->owner == b->owner ? 0 : strcmp(a->owner->name, b->owner->name);

	if (c || (c = a->entry - b->entry) || (c = loc_cmp(&a->from, &b->from)))
		return c;
	return loc_cmp(&a->to, &b->to);
}

static void write_loc(FILE *out, const struct loc *l)
{
	const char *name = l->fn ? l->fn->name : "[unknown]";

	fprintf(out, "%d ", l->fn != NULL);
	for (; *name; name++) {
		if (*name == ' ' || *name == '\\')
			fputc('\\', out);
		fputc(*name, out);
	}
	fprintf(out, " %" PRIx64 " ", l->off);
}

/* The records sorted, equal ones summed, written. */
static void write_recs(struct bolt *bo, FILE *out, bool lbr)
{
	qsort(bo->recs, bo->nr_recs, sizeof(*bo->recs), rec_cmp);
	for (size_t i = 0; i < bo->nr_recs; i++) {
		struct rec *r = &bo->recs[i];

		if (i + 1 < bo->nr_recs && !rec_cmp(r, r + 1)) {
			r[1].count += r->count;
			r[1].mispreds += r->mispreds;
			continue;
		}
		write_loc(out, &r->from);
		if (lbr) {
			write_loc(out, &r->to);
			fprintf(out, "%" PRIu64 " ", r->mispreds);
		}
		fprintf(out, "%" PRIu64 "\n", r->count);
	}
}

static void write_lbr(struct bolt *bo, FILE *out)
{
	pairs_merge(&bo->traces);
	pairs_merge(&bo->branches);
	for (size_t i = 0; i < bo->traces.nr; i++) {
		const struct pair *p = &bo->traces.v[i];

		do_trace(bo, p->from, p->to, p->n - p->n2, false);
		do_trace(bo, p->from, p->to, p->n2, true);
	}
	for (size_t i = 0; i < bo->branches.nr; i++)
		do_branch(bo, &bo->branches.v[i]);
	write_recs(bo, out, true);
}

/* perf2bolt -nl: "no_lbr" and the events, then each sampled address. */
static void write_no_lbr(struct bolt *bo, FILE *out)
{
	fputs("no_lbr", out);
	for (size_t i = 0; i < bo->pd->nr_evsels; i++)
		if (bo->events[i])
			fprintf(out, " %s:", bo->pd->evsels[i]->name);
	fputc('\n', out);
	pairs_merge(&bo->ips);
	for (size_t i = 0; i < bo->ips.nr; i++) {
		const struct pair *p = &bo->ips.v[i];
		struct bolt_func *f = bolt_binary__func_at(&bo->bin, p->from);

		if (f)
			add_rec(bo, f, 0, (struct loc){ f, p->from - f->start }, (struct loc){ 0 },
				0, p->n);
	}
	write_recs(bo, out, false);
}

static bool has_branch_stacks(const struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.sample_type & PERF_SAMPLE_BRANCH_STACK)
			return true;
	return false;
}

static void bolt_release(struct bolt *bo)
{
	if (bo->opened)
		bolt_binary__close(&bo->bin);
	machine__exit(&bo->m);
	free(bo->branches.v);
	free(bo->traces.v);
	free(bo->ips.v);
	free(bo->events);
	free(bo->recs);
	free(bo->edges);
	free(bo->name);
}

int bolt_convert(struct perf_data *pd, const struct bolt_opts *o, FILE *out,
		 uint64_t *nr_samples, struct strbuf *err)
{
	struct dsos_config cfg = { 0 };
	struct bolt bo = { .pd = pd, .o = o, .err = err, .bin = { .fd = -1 } };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &bo };
	struct session_stats stats = { 0 };
	int ret;

	bo.lbr = has_branch_stacks(pd);
	bo.events = must_calloc(pd->nr_evsels + 1, sizeof(*bo.events));
	machine__init(&bo.m, &cfg);
	machine__apply_build_ids(&bo.m, &pd->feat);
	ret = session__process(pd, &tool, &stats, err);
	if (!ret && !bo.nr_samples) {
		strbuf_addf(err, "no sample ran %s: BOLT would have no profile\n"
			    "hint: --binary=PATH names the program the samples ran "
			    "(perf-mini report --sort dso lists them)",
			    bo.name ? bo.name : o->binary ? o->binary : "any program");
		ret = -ENODATA;
	}
	if (!ret && bo.lbr)
		write_lbr(&bo, out);
	else if (!ret)
		write_no_lbr(&bo, out);
	*nr_samples = bo.nr_samples;
	bolt_release(&bo);
	return ret;
}
