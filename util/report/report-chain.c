// SPDX-License-Identifier: GPL-2.0
/*
 * A sample's callchain in the report, as perf's thread__resolve_callchain()
 * and its cumulative entries have it: the parent key's caller, the frames
 * --ignore-callees forgets, the inlined functions of unwound frames, the
 * chain under the sample's entry and, with --children, an entry for each
 * distinct function on it.
 */
#include <errno.h>
#include <string.h>

#include "../base/array.h"
#include "../base/util.h"
#include "chain-feed.h"
#include "report.h"

static bool names(const regex_t *re, const struct symbol *sym)
{
	return sym && !regexec(re, sym->name, 0, NULL, 0);
}

const char *report__parent_of(struct report *r, struct thread *t, const struct perf_sample *s)
{
	size_t n;

	if (!r->use_callchain || !s->callchain_nr)
		return NULL;
	/* as perf: the first match in the order the chain is walked, callers
	 * first where the report shows them so (--children's default) */
	n = callchain__frames(&r->machine, t, s, r->caller_order, r->o->max_stack, r->frames);
	for (size_t i = 0; i < n; i++)
		if (names(&r->parent_re, r->frames[i].al.sym))
			return r->frames[i].al.sym->name;
	return NULL;
}

/* The entry a callchain frame stands for under --children. Like perf, an
 * unresolved frame keeps the previous frame's [k]/[.] level. */
static void frame_entry(const struct hist_entry *self, const struct fold_frame *f,
			char *level, struct hist_entry *he, struct hist_rare *rare)
{
	*he = *self;
	*rare = *self->rare;	/* the same object for root_entry(): exact overlap */
	he->rare = rare;
	he->dso = f->dso;
	he->sym = f->sym;
	he->ip = f->ip;
	he->rare->raw_ip = f->ip;
	he->rare->map_size = f->map_size;
	if (f->sym || f->dso)
		*level = f->mode == PERF_RECORD_MISC_KERNEL ? 'k' : '.';
	he->level = *level;
}

static struct fold_frame fold_frame(const struct callchain_frame *f)
{
	const struct map *map = f->al.map;

	return (struct fold_frame){ .ip = f->ip, .dso = map ? map->dso : NULL, .sym = f->al.sym,
				    .addr = f->al.addr, .map_size = map ? map->end - map->start : 0,
				    .mode = f->mode };
}

/*
 * perf's --ignore-callees: walking the chain in the order it is shown,
 * each frame of a function the regex names starts the chain afresh (the
 * frames before it are forgotten) and stands for the sample. Like perf,
 * only frames the kernel recorded count (not those unwound from a stack
 * copy), and the parent key's frame is not one. Returns the index of the
 * last such frame, or -1.
 */
static ssize_t callee_root(const struct report *r, const struct callchain_frame *f, size_t n,
			   bool unwound)
{
	bool parent_seen = false;
	ssize_t root = -1;

	for (size_t i = 0; i < n; i++) {
		if (!f[i].al.sym || (unwound && f[i].mode == PERF_RECORD_MISC_USER))
			continue;
		if (r->need_parent && !parent_seen && names(&r->parent_re, f[i].al.sym))
			parent_seen = true;
		else if (names(&r->ignore_callees_re, f[i].al.sym))
			root = (ssize_t)i;
	}
	return root;
}

/* The sample as the frame --ignore-callees made its root. */
static void root_entry(struct report *r, const struct callchain_frame *f,
		       struct hist_entry *tmpl)
{
	struct fold_frame ff = fold_frame(f);
	char level = tmpl->level;

	frame_entry(tmpl, &ff, &level, tmpl, tmpl->rare);
	tmpl->cpumode = f->mode;
	if (r->need_srcline)
		tmpl->rare->srcline = srcline__get(&r->srclines, &r->machine.dsos, tmpl->dso, tmpl->sym,
					     f->al.addr);
	if (r->need_srcfile)
		tmpl->rare->srcfile = srcline__file(&r->srclines, &r->machine.dsos, tmpl->dso, tmpl->sym,
					      f->al.addr);
}

/* Under --children, each distinct function of the chain (@frames, from the
 * sample's side) gets the period as Children and the chain from it on. */
static int add_children(struct report *r, struct hists *h, const struct hist_entry *tmpl,
			struct hist_entry *self, const struct fold_frame *frames,
			const struct cc_frame *cc, size_t n, int member)
{
	struct hist_entry **seen;
	size_t nr_seen = 0;
	char level = tmpl->level;

	/* room for every frame's: perf's cache of them holds the whole chain,
	 * and a long one repeats addresses far apart (an [unknown] frame
	 * counted twice was 200%) */
	ALLOC_GROW(r->seen, n + 1, r->seen_alloc);
	seen = r->seen;
	seen[nr_seen++] = self;
	for (size_t i = 0; i < n; i++) {
		struct hist_entry fe, *he;
		struct hist_rare fe_rare;
		bool dup = false;

		frame_entry(tmpl, &frames[i], &level, &fe, &fe_rare);
		if (r->need_srcline)
			fe.rare->srcline = srcline__get(&r->srclines, &r->machine.dsos, fe.dso, fe.sym,
						  frames[i].addr);
		/* perf looks a caller's file up at its address as recorded, not
		 * relative to its map: of a PIE or library it finds none */
		if (r->need_srcfile)
			fe.rare->srcfile = srcline__file(&r->srclines, &r->machine.dsos, fe.dso, fe.sym,
						   frames[i].ip);
		/* as perf: the caller it compares has no time or socket yet, so
		 * those keys never find it a duplicate (it then counts again) */
		fe.rare->time = 0;
		fe.socket = 0;
		for (size_t k = 0; k < nr_seen && !dup; k++) {
			if (r->need_srcfile || r->need_trace) {	/* perf computed them */
				uint8_t texts = sort_list__texts_compared(&r->fields.sort,
									  seen[k], &fe);

				seen[k]->texts_compared |= texts;
				fe.texts_compared |= texts;
			}
			dup = !sort_list__collapse(&r->fields.sort, seen[k], &fe);
		}
		if (dup)
			continue;
		fe.rare->time = tmpl->rare->time;
		fe.socket = tmpl->socket;
		he = hists__findnew(h, &fe);
		if (!he || (h->chain_mode != CHAIN_NONE &&
			    cc_append(&h->chains, he->chain, cc + i, n - i, tmpl->period)))
			return -ENOMEM;
		hists__account_acc(h, he, tmpl->period, member);
		if (n - i > he->max_depth)
			he->max_depth = n - i;
		seen[nr_seen++] = he;
	}
	return 0;
}

int report__fold_chain(struct report *r, struct hists *h, const struct hist_entry *tmpl,
		       const struct fold_frame *frames, size_t n, int member, struct cc_frame *cc)
{
	struct hist_entry *self = hists__findnew(h, tmpl);

	if (!self)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		cc[i] = (struct cc_frame){ frames[i].ip, frames[i].dso, frames[i].sym };
	hists__account(h, self, tmpl->period, member, tmpl->cpumode);
	/* -g none: the Children column only, no graph to grow */
	if (h->chain_mode != CHAIN_NONE &&
	    cc_append(&h->chains, self->chain, cc, n, tmpl->period))
		return -ENOMEM;
	if (n > self->max_depth)
		self->max_depth = n;
	return r->cumulate ? add_children(r, h, tmpl, self, frames, cc, n, member) : 0;
}

/* -U: as perf, a frame without a symbol is left out of the chain (after
 * --max-stack counted it) */
static size_t drop_unresolved(struct callchain_frame *frames, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		if (frames[i].al.sym)
			frames[kept++] = frames[i];
	return kept;
}

int report__add_with_callchain(struct report *r, struct hists *h, const struct perf_sample *s,
			       bool unwound, const struct hist_entry *sample_entry, int member)
{
	struct hist_entry tmpl = *sample_entry;
	struct hist_rare rare = *sample_entry->rare;	/* root_entry() rewrites it */
	struct callchain_frame *frames = r->frames;
	size_t n = callchain__frames(&r->machine, tmpl.thread, s, r->caller_order,
				     r->o->max_stack, frames);

	tmpl.rare = &rare;
	if (r->o->hide_unresolved)
		n = drop_unresolved(frames, n);
	if (r->ignore_callees) {
		ssize_t root = callee_root(r, frames, n, unwound);

		if (root >= 0) {
			root_entry(r, &frames[root], &tmpl);
			frames += root;
			n -= (size_t)root;
		}
	}
	/* as perf: the functions inlined into dwarf-unwound frames, each a
	 * frame of its own (max-stack counted the real ones) */
	if (unwound && r->o->inline_frames != 0) {
		n = callchain__expand_inlines(&r->srclines, &r->machine, frames, n,
					      r->caller_order, r->inl_frames, REPORT_MAX_FRAMES);
		frames = r->inl_frames;
	}
	for (size_t i = 0; i < n; i++)
		r->fold_frames[i] = fold_frame(&frames[i]);
	if (r->chain_feed)
		return chain_feed__add(r->chain_feed, h, s, &tmpl, r->fold_frames, n,
				       r->machine.gen, member);
	return report__fold_chain(r, h, &tmpl, r->fold_frames, n, member, r->cc_frames);
}
