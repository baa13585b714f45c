// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini report: read a perf.data (from perf-mini or Linux perf) and
 * print where the samples went, in perf report --stdio's layout.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/dump.h"
#include "../util/data/header-print.h"
#include "../util/data/perf-data.h"
#include "../util/data/session.h"
#include "../util/events/cpumap.h"
#include "../util/report/callchain.h"
#include "../util/report/hist-feed.h"
#include "../util/report/hist-print.h"
#include "../util/report/hist.h"
#include "../util/report/resolve.h"
#include "../util/symbols/srcline.h"

static const char *const report_usage[] = {
	"perf-mini report [<options>]",
	NULL,
};

/* Room for a callchain: the kernel's limit (127 per context) and markers. */
#define MAX_FRAMES 4096
/* Samples remembered by (pid, tid, cpumode, ip): a power of two. */
#define IP_CACHE_SLOTS 4096

/*
 * Where a recent sample went. With the default keys (comm, pid, dso, sym)
 * a sample's entry depends on its task and address alone, until a COMM,
 * MMAP or other event changes the task's maps or name: then the cache is
 * emptied (generation bump). Repeated addresses skip the map and symbol
 * lookups and the histogram hash.
 */
struct ip_cache_slot {
	uint64_t ip;
	int32_t pid, tid;
	uint32_t gen;
	uint8_t cpumode;
	struct hists *h;
	struct hist_entry *he;
};

struct report_opts {
	const char *input;
	const char *sort;
	const char *comms, *dsos, *pids, *tids, *symbols;
	const char *symbol_filter;	/* --symbol-filter: a part of the name */
	const char *cpu_list;	/* -C */
	const char *symfs, *kallsyms, *vmlinux;
	const char *percent_limit;
	bool show_nr_samples;
	bool header, header_only;
	bool dump_raw;
	bool stats;
	bool stdio;
	bool mem_mode;		/* --mem-mode: entries by memory access */
	bool demangle, demangle_kernel;	/* --[no-]demangle, --demangle-kernel */
	bool quiet;		/* -q: the entries without perf's comment lines */
	bool inverted;		/* -G: callers first, as -g caller */
	bool hide_unresolved;	/* -U: only samples with a symbol */
	bool skip_empty;	/* --stats: leave out what counted nothing (default) */
	bool force;		/* -f: accepted; perf-mini reads any owner's file */
	int group;		/* -1: as the file's groups say */
	int children;		/* -1: as perf, on with callchains */
	unsigned int max_stack;
	int branch_stack;	/* -1: as perf, on with branch stacks */
	int inline_frames;	/* --[no-]inline, -1 when not given */
	const char *call_graph;
	struct {
		int mode;		/* CHAIN_GRAPH, _FLAT, _FOLDED or _NONE (hist.h) */
		double threshold;	/* percent */
		const char *order;	/* "caller", "callee" or NULL: as perf */
	} chain;
};

/* perf --stats' block for each event */
struct event_count {
	uint64_t samples, lost_samples;
};

struct report {
	struct report_opts *o;
	struct perf_data pd;
	struct machine machine;
	struct sort_list sort;
	struct hists **hists;	/* one per event, made on its first sample */
	bool branch_mode;	/* one entry per taken branch (-b) */
	bool needs_mem;		/* the keys read entries' memory accesses */
	struct strbuf sort_order;	/* as the mem-mode header names it */
	bool use_callchain;	/* callchain graphs under the entries */
	bool cumulate;		/* --children */
	bool caller_order;
	double chain_min_percent;
	struct callchain_frame *frames;	/* scratch, PERF_MAX_STACK_DEPTH + markers */
	uint64_t unwound[UNWOUND_CHAIN_MAX];	/* a dwarf sample's callchain */
	struct cc_frame *cc_frames;
	size_t nr_hists;
	bool group_view;
	struct session_stats stats;
	struct strbuf err;
	struct srclines srclines;	/* --sort srcline */
	bool need_srcline;
	struct ip_cache_slot *ip_cache;	/* NULL when entries need more than the ip */
	uint32_t ip_cache_gen;
	struct hist_feed *feed;		/* the ip cache's reports, on two threads */
	struct cpu_map *cpus;		/* -C: only samples taken there */
	struct event_count *counts;	/* by event, for --stats */
	size_t nr_counts;
};

/* --- filters --------------------------------------------------------- */

static bool in_list(const char *list, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = list; p && *p; p += strcspn(p, ","), p += !!*p)
		if (strcspn(p, ",") == n && !strncmp(p, name, n))
			return true;
	return false;
}

static bool in_num_list(const char *list, int32_t v)
{
	char buf[16];

	snprintf(buf, sizeof(buf), "%d", v);
	return in_list(list, buf);
}

static bool filtered(const struct report_opts *o, const struct hist_entry *he)
{
	if (o->comms && !in_list(o->comms, he->comm))
		return true;
	if (o->dsos && !in_list(o->dsos, he->dso ? he->dso->short_name : "[unknown]") &&
	    !(he->dso && in_list(o->dsos, he->dso->long_name)))
		return true;
	if (o->pids && !in_num_list(o->pids, he->thread->pid))
		return true;
	if (o->tids && !in_num_list(o->tids, he->thread->tid))
		return true;
	if (o->symbols && (!he->sym || !in_list(o->symbols, he->sym->name)))
		return true;
	return false;
}

static bool wants_group_view(const struct report *r)
{
	if (r->o->group >= 0)
		return r->o->group;
	for (size_t i = 0; i < r->pd.nr_evsels; i++)
		if (r->pd.evsels[i]->nr_members > 1)
			return true;
	return false;
}

/* The histogram of @e, set up when its first sample arrives (pipe-mode
 * files only declare their events and groups as they go). */
/*
 * Each histogram on its own: its address never moves (the feed's thread
 * holds it while events declared later grow the table) and the lines the
 * feed's thread writes are no one else's.
 */
static struct hists *new_hists(struct report *r, const struct pd_evsel *e)
{
	size_t size = (sizeof(struct hists) + 63) & ~(size_t)63;
	struct hists *h = aligned_alloc(64, size);

	if (!h)
		return NULL;
	r->group_view = wants_group_view(r);
	if (hists__init(h, &r->sort, r->group_view ? e->nr_members : 1)) {
		hists__exit(h);
		free(h);
		return NULL;
	}
	h->use_callchain = r->use_callchain;
	h->cumulate = r->cumulate;
	h->chain_min_percent = r->chain_min_percent;
	h->caller_order = r->caller_order;
	h->chain_mode = r->o->chain.mode;
	h->chain_skip_first = r->o->sort && !strncmp(r->o->sort, "sym", 3);
	return h;
}

static struct hists *hists_of(struct report *r, const struct pd_evsel *e)
{
	if ((size_t)e->idx >= r->nr_hists) {
		size_t n = r->pd.nr_evsels;
		struct hists **nh = realloc(r->hists, n * sizeof(*nh));

		if (!nh)
			return NULL;
		memset(nh + r->nr_hists, 0, (n - r->nr_hists) * sizeof(*nh));
		r->hists = nh;
		r->nr_hists = n;
	}
	if (!r->hists[e->idx])
		r->hists[e->idx] = new_hists(r, e);
	return r->hists[e->idx];
}

/*
 * perf's defaults: files with callchains show the graph, with --children
 * (callers first); --no-children shows each entry's callees first.
 */
static bool has_callchains(const struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.sample_type & PERF_SAMPLE_CALLCHAIN)
			return true;
	return false;
}

static int setup_callchain(struct report *r)
{
	const struct report_opts *o = r->o;

	if (o->call_graph && o->chain.mode != CHAIN_NONE && !has_callchains(&r->pd) &&
	    !r->pd.pipe) {
		strbuf_addf(&r->err, "-g: %s has no callchains\nhint: record them with "
			    "perf-mini record -g, or drop -g", r->pd.path);
		return -EINVAL;
	}
	/* perf shows no callchains under branch entries; -g none still counts
	 * them into Children, only without showing them */
	r->use_callchain = has_callchains(&r->pd) && !r->branch_mode;
	/* perf settles the order before --mem-mode turns --children off */
	r->caller_order = o->inverted ? true :	/* -G, as perf: over -g's order */
			  o->chain.order ? !strcmp(o->chain.order, "caller") :
					   r->use_callchain && o->children != 0;
	r->cumulate = r->use_callchain && o->children != 0 && !o->mem_mode;
	r->chain_min_percent = o->chain.threshold;
	if (!r->use_callchain)
		return 0;
	r->frames = calloc(MAX_FRAMES, sizeof(*r->frames));
	r->cc_frames = calloc(MAX_FRAMES, sizeof(*r->cc_frames));
	return r->frames && r->cc_frames ? 0 : -ENOMEM;
}

/* --- processing ------------------------------------------------------ */

/* The entry a callchain frame stands for under --children. Like perf, an
 * unresolved frame keeps the previous frame's [k]/[.] level. */
static void frame_entry(const struct hist_entry *self, const struct callchain_frame *f,
			char *level, struct hist_entry *he)
{
	*he = *self;
	he->dso = f->al.map ? f->al.map->dso : NULL;
	he->sym = f->al.sym;
	he->ip = f->ip;
	if (f->al.sym || f->al.map)
		*level = f->mode == PERF_RECORD_MISC_KERNEL ? 'k' : '.';
	he->level = *level;
}

/*
 * A sample with a callchain: the sample's own entry gets the whole chain;
 * with --children every distinct function on the chain gets the period as
 * "Children" and the part of the chain from it to the sample.
 */
static int add_with_callchain(struct report *r, struct hists *h, const struct perf_sample *s,
			      const struct hist_entry *tmpl, int member)
{
	struct thread *t = tmpl->thread;
	size_t n = callchain__frames(&r->machine, t, s, r->caller_order, r->o->max_stack,
				     r->frames);
	struct hist_entry *seen[64], *self = hists__findnew(h, tmpl);
	size_t nr_seen = 0;
	char level = tmpl->level;

	if (!self)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		r->cc_frames[i] = (struct cc_frame){ r->frames[i].ip,
			r->frames[i].al.map ? r->frames[i].al.map->dso : NULL, r->frames[i].al.sym };
	hists__account(h, self, tmpl->period, member);
	if (cc_append(&h->chains, self->chain, r->cc_frames, n, tmpl->period))
		return -ENOMEM;
	if (n > self->max_depth)
		self->max_depth = n;
	seen[nr_seen++] = self;
	for (size_t i = 0; r->cumulate && i < n; i++) {
		struct hist_entry fe, *he;
		bool dup = false;

		frame_entry(tmpl, &r->frames[i], &level, &fe);
		if (r->need_srcline)
			fe.srcline = srcline__get(&r->srclines, &r->machine.dsos, fe.dso, fe.sym,
						  r->frames[i].al.addr);
		for (size_t k = 0; k < nr_seen && !dup; k++)
			dup = !sort_list__collapse(&r->sort, seen[k], &fe);
		if (dup)
			continue;
		he = hists__findnew(h, &fe);
		if (!he || cc_append(&h->chains, he->chain, r->cc_frames + i, n - i, tmpl->period))
			return -ENOMEM;
		he->period_acc += tmpl->period;
		if (n - i > he->max_depth)
			he->max_depth = n - i;
		if (nr_seen < ARRAY_SIZE(seen))
			seen[nr_seen++] = he;
	}
	return 0;
}

/*
 * Branch mode, as perf: each taken branch of the sample's stack is an
 * entry of period 1 (so the percentages are of branches, not of samples),
 * standing for its target like perf's entries do.
 */
static int add_branches(struct report *r, struct hists *h, const struct perf_sample *s,
			struct hist_entry *tmpl, int member)
{
	/* perf filters on the sample (its comm, its IP's DSO), not the branch */
	bool skip = filtered(r->o, tmpl);
	struct hist_branch branch;
	int err = 0;

	for (uint64_t i = 0; i < s->branch_nr && !err; i++) {
		const struct perf_branch_entry *b = &s->branches[i];

		resolve_ams_any_mode(&r->machine, tmpl->thread, b->from, &branch.from);
		resolve_ams_any_mode(&r->machine, tmpl->thread, b->to, &branch.to);
		branch.cycles = b->cycles;
		tmpl->branch = &branch;
		tmpl->dso = branch.to.dso;
		tmpl->sym = branch.to.sym;
		tmpl->ip = branch.to.addr;
		tmpl->period = tmpl->period_key = 1;
		if (skip)
			hists__add_filtered(h, 1, member);
		else
			err = hists__add(h, tmpl, member);
	}
	tmpl->branch = NULL;	/* the entries keep copies */
	return err;
}

/*
 * A memory sample's access (perf's sample__resolve_mem()): its data
 * address in the sample's mode, its instruction in either. In memory mode
 * the sample counts its weight (1 when it has none), so that percentages
 * are of the total cost.
 */
static void add_mem(struct report *r, const struct perf_sample *s, struct hist_entry *tmpl,
		    struct hist_mem *m)
{
	if (r->needs_mem) {
		resolve_ams_any_mode(&r->machine, tmpl->thread, s->ip, &m->iaddr);
		resolve_ams_data(&r->machine, tmpl->thread, s->cpumode, s->addr, &m->daddr);
		m->data_src = s->data_src;
		m->phys_addr = s->phys_addr;
		m->data_page_size = s->data_page_size;
		m->weight = s->weight;
		m->ins_lat = s->ins_lat;
		tmpl->mem = m;
	}
	if (r->o->mem_mode)
		tmpl->period = tmpl->period_key = s->weight ? s->weight : 1;
}

static struct ip_cache_slot *ip_cache_slot(struct report *r, const struct perf_sample *s)
{
	uint64_t k = s->ip ^ ((uint64_t)s->tid << 40) ^ ((uint64_t)s->cpumode << 60);

	k ^= k >> 29;
	k *= 0xbf58476d1ce4e5b9ULL;
	return &r->ip_cache[(k >> 32) & (IP_CACHE_SLOTS - 1)];
}

static bool ip_cache_hit(const struct report *r, const struct ip_cache_slot *c,
			 const struct perf_sample *s, const struct hists *h)
{
	return c->he && c->gen == r->ip_cache_gen && c->ip == s->ip && c->h == h &&
	       c->tid == (int32_t)s->tid && c->pid == (int32_t)s->pid && c->cpumode == s->cpumode;
}

/*
 * Only the default kind of report (no callchains, branches, filters or
 * keys that read more of the sample than its task and address) has a
 * fast path: a second thread folding the samples (hist-feed), or where
 * none starts, the ip cache.
 */
static void setup_fast_path(struct report *r)
{
	const struct report_opts *o = r->o;

	for (int i = 0; i < r->sort.nr; i++) {
		enum sort_key_id id = r->sort.keys[i]->id;

		if (id != SORT_COMM && id != SORT_PID && id != SORT_DSO && id != SORT_SYM)
			return;
	}
	if (r->use_callchain || r->branch_mode || o->mem_mode || o->comms || o->dsos || o->pids ||
	    o->tids || o->symbols || o->hide_unresolved)
		return;
	r->feed = hist_feed__start();
	if (r->feed)
		return;
	r->ip_cache = zalloc_written(IP_CACHE_SLOTS * sizeof(*r->ip_cache));
	r->ip_cache_gen = 1;
}

static struct event_count *event_count(struct report *r, const struct pd_evsel *e)
{
	struct event_count *n;

	if ((size_t)e->idx < r->nr_counts)
		return &r->counts[e->idx];
	n = realloc(r->counts, (e->idx + 1) * sizeof(*n));
	if (!n)
		return NULL;	/* --stats then misses a count; nothing else needs it */
	memset(n + r->nr_counts, 0, (e->idx + 1 - r->nr_counts) * sizeof(*n));
	r->counts = n;
	r->nr_counts = e->idx + 1;
	return &n[e->idx];
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct report *r = ctx;
	struct hist_entry tmpl;
	struct pd_evsel *leader = evsel;
	struct event_count *count;
	struct ip_cache_slot *c = NULL;
	struct perf_sample unwound;
	struct hist_mem mem;
	struct hists *h;

	(void)ev;
	(void)note;
	/* as perf: the others are not counted at all, totals included */
	if (r->cpus && !cpu_map__has(r->cpus, (int)s->cpu))
		return 0;
	if (r->o->stats && (count = event_count(r, evsel)))
		count->samples++;
	if (r->group_view)
		leader = r->pd.evsels[evsel->leader_idx];
	h = hists_of(r, leader);
	if (h && r->feed) {
		resolve_sample_keys(&r->machine, s, &tmpl);
		if (!hist_feed__add(r->feed, h, &tmpl, evsel->idx - leader->idx))
			return 0;
		strbuf_addstr(&r->err, "out of memory building the histogram");
		return -ENOMEM;
	}
	if (h && r->ip_cache) {
		c = ip_cache_slot(r, s);
		if (ip_cache_hit(r, c, s, h)) {
			hists__account(h, c->he, s->period, evsel->idx - leader->idx);
			return 0;
		}
	}
	resolve_sample(&r->machine, s, &tmpl);
	if (r->o->hide_unresolved && !tmpl.sym)
		return 0;	/* as perf: not counted at all */
	add_mem(r, s, &tmpl, &mem);
	if (r->need_srcline)
		tmpl.srcline = srcline__get(&r->srclines, &r->machine.dsos, tmpl.dso, tmpl.sym,
					    tmpl.ip);
	if (h && r->branch_mode) {
		if (!add_branches(r, h, s, &tmpl, evsel->idx - leader->idx))
			return 0;
		h = NULL;
	}
	if (h && filtered(r->o, &tmpl)) {
		hists__add_filtered(h, tmpl.period, evsel->idx - leader->idx);
		return 0;
	}
	if (h && r->use_callchain)	/* --call-graph dwarf: the user part from the stack */
		s = callchain__unwound(&r->machine, tmpl.thread, s, &unwound, r->unwound);
	if (h && r->use_callchain && s->callchain_nr && s->callchain_nr < MAX_FRAMES) {
		if (add_with_callchain(r, h, s, &tmpl, evsel->idx - leader->idx))
			h = NULL;
	} else if (h && c) {
		int member = evsel->idx - leader->idx;

		*c = (struct ip_cache_slot){ s->ip, (int32_t)s->pid, (int32_t)s->tid,
					     r->ip_cache_gen, s->cpumode, h, NULL };
		c->he = member >= 0 && member < h->nr_members ? hists__findnew(h, &tmpl) : NULL;
		if (!c->he)
			h = NULL;
		else
			hists__account(h, c->he, tmpl.period, member);
	} else if (h && hists__add(h, &tmpl, evsel->idx - leader->idx)) {
		h = NULL;
	}
	if (!h) {
		strbuf_addstr(&r->err, "out of memory building the histogram");
		return -ENOMEM;
	}
	return 0;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct report *r = ctx;
	struct pd_evsel *e;
	struct event_count *c;

	(void)s;
	if (ev->type == PERF_RECORD_LOST_SAMPLES && ev->size >= sizeof(struct pm_lost_samples_event) &&
	    (e = perf_data__evsel_of(&r->pd, ev)) && (c = event_count(r, e)))
		c->lost_samples += ((const struct pm_lost_samples_event *)ev)->lost;
	machine__process_event(&r->machine, ev);
	r->ip_cache_gen++;	/* names and maps may have changed */
	return 0;
}

static int process(struct report *r)
{
	struct dsos_config cfg = {
		.symfs = r->o->symfs, .kallsyms = r->o->kallsyms, .vmlinux = r->o->vmlinux,
		.no_demangle = !r->o->demangle, .demangle_kernel = r->o->demangle_kernel,
	};
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = r };
	int ret;

	machine__init(&r->machine, &cfg);
	machine__apply_build_ids(&r->machine, &r->pd.feat);
	r->group_view = wants_group_view(r);
	ret = setup_callchain(r);
	if (ret) {
		if (!r->err.len)
			strbuf_addstr(&r->err, "out of memory for the callchains");
		return ret;
	}
	setup_fast_path(r);
	r->need_srcline = sort_list__has(&r->sort, SORT_SRCLINE);
	ret = session__process(&r->pd, &tool, &r->stats, &r->err);
	if (r->feed) {
		int err = hist_feed__finish(r->feed);

		r->feed = NULL;
		if (err && !ret) {
			strbuf_addstr(&r->err, "out of memory building the histogram");
			ret = err;
		}
	}
	return ret;
}

/* --- output ---------------------------------------------------------- */

/* perf's convert_unit(): 1234 samples print as "1K". */
static void print_samples_line(const struct report *r, uint64_t nr, const struct pd_evsel *e,
			       uint64_t total, FILE *out)
{
	char unit = ' ';

	for (const char *u = "KMG"; *u && nr > 1000; u++) {
		nr /= 1000;
		unit = *u;
	}
	fprintf(out, "# Samples: %" PRIu64 "%c of event%s '", nr, unit,
		e->nr_members > 1 ? "s" : "");
	if (r->group_view && e->nr_members > 1) {
		fprintf(out, "%s { ", e->group_name ?: "anon group");
		for (int m = 0; m < e->nr_members; m++)
			fprintf(out, "%s%s", m ? ", " : "", r->pd.evsels[e->idx + m]->name);
		fprintf(out, " }'\n");
	} else {
		fprintf(out, "%s'\n", e->name);
	}
	if (r->o->mem_mode)
		fprintf(out, "# Total weight : %" PRIu64 "\n# Sort order   : %s\n#\n", total,
			r->sort_order.buf);
	else
		fprintf(out, "# Event count (approx.): %" PRIu64 "\n#\n", total);
}

/* A filter naming one value: the column it makes constant. */
static bool elide_key(const char *list, enum sort_key_id id, const struct sort_list *sort,
		      bool *elide)
{
	bool in_sort = false;

	for (int i = 0; i < sort->nr; i++)
		in_sort |= sort->keys[i]->id == id;
	if (!list || !*list || strchr(list, ',') || !in_sort)
		return false;
	elide[id] = true;
	return true;
}

/*
 * perf's sort__setup_elide(): --comm or --dso with a single name drops that
 * column and says so in the header, unless no column would be left.
 */
static void setup_elide(const struct report *r, struct hist_print_opts *po, FILE *out)
{
	int shown = 0;

	if (elide_key(r->o->comms, SORT_COMM, &r->sort, po->elide) && out)
		fprintf(out, "# comm: %s\n", r->o->comms);
	if (elide_key(r->o->dsos, SORT_DSO, &r->sort, po->elide) && out)
		fprintf(out, "# dso: %s\n", r->o->dsos);
	if (elide_key(r->o->symbols, SORT_SYM, &r->sort, po->elide) && out)
		fprintf(out, "# symbol: %s\n", r->o->symbols);
	for (int i = 0; i < r->sort.nr; i++)
		shown += !po->elide[r->sort.keys[i]->id];
	if (!shown)
		memset(po->elide, 0, sizeof(po->elide));
}

static bool hists_have_samples(const struct report *r)
{
	for (size_t i = 0; i < r->nr_hists; i++)
		if (r->hists[i] && r->hists[i]->nr_samples)
			return true;
	return false;
}

static void print_report(struct report *r, FILE *out)
{
	struct hist_print_opts po = {
		.show_nr_samples = r->o->show_nr_samples,
		.percent_limit = r->o->percent_limit ? atof(r->o->percent_limit) : 0,
		.quiet = r->o->quiet,
		/* perf applies its output filter by symbol only when the
		 * entries are per command (the sort has comm) */
		.symbol_filter = sort_list__has(&r->sort, SORT_COMM) ? r->o->symbol_filter : NULL,
	};

	if (!r->o->header && !r->o->quiet)
		fprintf(out, "# To display the perf.data header info, please use "
			     "--header/--header-only options.\n#\n");
	if (!hists_have_samples(r)) {
		/* as perf: no sample reached a table (none in the file, or -U
		 * dropped them all): no table, and it says so */
		fflush(out);
		fprintf(stderr, "Error:\nThe %s data has no samples!\n", r->pd.path);
		return;
	}
	setup_elide(r, &po, r->o->quiet ? NULL : out);
	if (!r->o->quiet)
		fprintf(out, "#\n# Total Lost Samples: %" PRIu64 "\n#\n",
			r->stats.total_lost_samples);
	for (size_t i = 0; i < r->nr_hists; i++) {
		struct hists *h = r->hists[i];

		if (!h || !h->nr_samples)
			continue;
		hists__output_resort(h);
		if (!r->o->quiet)	/* -q: the entries alone, as perf */
			print_samples_line(r, h->nr_samples, r->pd.evsels[i], h->total_period,
					   out);
		hists__fprintf(h, &po, out);
		fprintf(out, "\n\n");
	}
}

static void print_stats(const struct report *r, FILE *out)
{
	uint64_t total = session_stats__total(&r->stats);

	fprintf(out, "\nAggregated stats:%s\n%16s events: %10" PRIu64 "\n",
		perf_data__has_feat(&r->pd, HEADER_AUXTRACE) ? " (excludes AUX area (e.g. "
		"instruction trace) decoded / synthesized events)" : "", "TOTAL", total);
	for (int t = 1; t < PERF_RECORD_HEADER_MAX; t++) {
		if ((!r->stats.nr_events[t] && r->o->skip_empty) || !perf_record_name(t))
			continue;
		fprintf(out, "%16s events: %10" PRIu64 "  (%4.1f%%)\n", perf_record_name(t),
			r->stats.nr_events[t], 100.0 * r->stats.nr_events[t] / total);
	}
	/* as perf: then each event that had samples or lost some */
	for (size_t i = 0; i < r->pd.nr_evsels; i++) {
		static const struct event_count none;
		const struct event_count *c = i < r->nr_counts ? &r->counts[i] : &none;
		char *name;

		if (!c->samples && !c->lost_samples && r->o->skip_empty)
			continue;
		/* perf names a pipe's events here from their attrs (cycles:uH),
		 * having named them before the stream's EVENT_DESC came */
		name = r->pd.pipe ? perf_data__attr_name(&r->pd.evsels[i]->attr) : NULL;
		fprintf(out, "%s stats:\n", name ?: r->pd.evsels[i]->name);
		free(name);
		if (c->samples)
			fprintf(out, "%16s events: %10" PRIu64 "\n", "SAMPLE", c->samples);
		if (c->lost_samples)
			fprintf(out, "%16s events: %10" PRIu64 "\n", "LOST_SAMPLES",
				c->lost_samples);
	}
}

/* --- the command ----------------------------------------------------- */

static int set_tristate(const struct option *opt, const char *arg, int unset,
			struct strbuf *err)
{
	(void)arg, (void)err;
	*(int *)opt->value = !unset;
	return 0;
}

/* -g print_type[,threshold][,order]: the parts perf-mini implements. */
static int parse_call_graph(struct report_opts *o, struct strbuf *err)
{
	o->chain.threshold = 0.5;
	for (const char *p = o->call_graph; p && *p; p += strcspn(p, ","), p += !!*p) {
		size_t len = strcspn(p, ",");
		char *end;
		double v = strtod(p, &end);

		if (len == 4 && !strncmp(p, "none", 4))
			o->chain.mode = CHAIN_NONE;
		else if (len == 4 && !strncmp(p, "flat", 4))
			o->chain.mode = CHAIN_FLAT;
		else if (len == 6 && !strncmp(p, "folded", 6))
			o->chain.mode = CHAIN_FOLDED;
		else if ((len == 5 && !strncmp(p, "graph", 5)) ||
			 (len == 8 && !strncmp(p, "function", 8)) ||
			 (len == 7 && !strncmp(p, "percent", 7)))
			continue;
		else if (len == 6 && !strncmp(p, "caller", 6))
			o->chain.order = "caller";
		else if (len == 6 && !strncmp(p, "callee", 6))
			o->chain.order = "callee";
		else if (end == p + len && v >= 0 && v <= 100)
			o->chain.threshold = v;
		else {
			strbuf_addf(err, "-g: '%.*s' is not supported\nhint: -g graph|flat|folded|none"
				    "[,threshold][,caller|callee] (fractal and the address, srcline "
				    "and period modes are not implemented yet)", (int)len, p);
			return -EINVAL;
		}
	}
	return 0;
}

static int report_check(struct report_opts *o, struct sort_list *sort, struct cpu_map **cpus,
			struct strbuf *err)
{
	if (o->cpu_list && cpu_map__parse_list(cpus, o->cpu_list)) {
		strbuf_addf(err, "-C: '%s' is not a CPU list (e.g. 0-3,6)", o->cpu_list);
		return -EINVAL;
	}
	if (o->percent_limit) {
		char *end;
		double v = strtod(o->percent_limit, &end);

		if (*end || v < 0 || v > 100) {
			strbuf_addf(err, "--percent-limit '%s' is not a percentage between 0 and "
				    "100", o->percent_limit);
			return -EINVAL;
		}
	}
	if (parse_call_graph(o, err) || cmd_check_inline(o->inline_frames, err))
		return -EINVAL;
	/* the default depends on the file; a user's keys are checked now */
	return o->sort ? sort_list__parse(sort, o->sort, o->mem_mode, err) : 0;
}

static bool has_sample_bit(const struct perf_data *pd, uint64_t bit)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.sample_type & bit)
			return true;
	return false;
}

static bool has_branch_stacks(const struct perf_data *pd)
{
	return has_sample_bit(pd, PERF_SAMPLE_BRANCH_STACK);
}

#define MEM_SORT_ORDER \
	"local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,tlb,locked,blocked,local_ins_lat," \
	"local_p_stage_cyc"

/*
 * perf's rules: branch mode is on for files recorded with branch stacks
 * (the BRANCH_STACK header feature) unless --no-branch-stack or
 * --mem-mode; -b insists. A key named symbol* gets perf's IPC column
 * beside it, which is "-" outside branch mode.
 */
static int setup_sort_mode(struct report *r)
{
	const struct report_opts *o = r->o;
	int want = o->branch_stack;
	int err = 0;

	if (want == 1 && !has_branch_stacks(&r->pd)) {
		strbuf_addf(&r->err, "-b: %s has no branch stacks\nhint: record them with "
			    "perf record -b (or -j), or drop -b", r->pd.path);
		return -EINVAL;
	}
	if (want == 1 && o->mem_mode) {
		strbuf_addstr(&r->err, "--mem-mode and -b (--branch-stack) cannot be used together"
			      "\nhint: report memory accesses or branches, one at a time");
		return -EINVAL;
	}
	r->branch_mode = want == 1 ||
		(want == -1 && !o->mem_mode && perf_data__has_feat(&r->pd, HEADER_BRANCH_STACK) &&
		 has_branch_stacks(&r->pd));
	if (!o->sort)
		err = sort_list__parse(&r->sort, o->mem_mode ? MEM_SORT_ORDER : r->branch_mode ?
				       "comm,dso_from,symbol_from,symbol_to,cycles" : "comm,dso,sym",
				       o->mem_mode, &r->err);
	strbuf_addstr(&r->sort_order, o->sort ?: MEM_SORT_ORDER);
	if (o->sort && strstr(o->sort, "symbol")) {
		sort_list__add(&r->sort, r->branch_mode ? SORT_IPC_LBR : SORT_IPC_NULL);
		strbuf_addstr(&r->sort_order, r->branch_mode ? ",ipc_lbr" : ",ipc_null");
	}
	if (!err && !r->branch_mode && sort_list__branch_key(&r->sort)) {
		strbuf_addf(&r->err, "--sort key '%s' describes taken branches, and this report "
			    "is not in branch mode\nhint: add -b (the file must have branch stacks: "
			    "perf-mini record -b)", sort_list__branch_key(&r->sort)->name);
		err = -EINVAL;
	}
	r->needs_mem = sort_list__needs_mem(&r->sort);
	if (!err && r->cpus && !has_sample_bit(&r->pd, PERF_SAMPLE_CPU) && !r->pd.pipe) {
		strbuf_addf(&r->err, "-C: %s has no sample CPUs (recorded without -a, -C or "
			    "--sample-cpu)\nhint: drop -C", r->pd.path);
		err = -EINVAL;
	}
	if (!err && o->mem_mode && !has_sample_bit(&r->pd, PERF_SAMPLE_DATA_SRC) &&
	    !r->pd.pipe) {
		strbuf_addf(&r->err, "--mem-mode: %s has no memory samples (no data source)\n"
			    "hint: record them with perf-mini mem record, or perf-mini record -d "
			    "on a memory event", r->pd.path);
		err = -EINVAL;
	}
	return err;
}


static void report_exit(struct report *r)
{
	for (size_t i = 0; i < r->nr_hists; i++) {
		if (r->hists[i])
			hists__exit(r->hists[i]);
		free(r->hists[i]);
	}
	free(r->hists);
	free(r->frames);
	free(r->cc_frames);
	free(r->counts);
	free(r->ip_cache);
	cpu_map__delete(r->cpus);
	srclines__exit(&r->srclines);
	strbuf_release(&r->sort_order);
	machine__exit(&r->machine);
	perf_data__close(&r->pd);
	strbuf_release(&r->err);
}

static int run_report(struct report *r)
{
	int ret;

	cmd_buffer_stdout();
	if (perf_data__open(&r->pd, r->o->input, &r->err))
		return 1;
	if (r->o->header_only || r->o->header) {
		perf_data__fprintf_header(&r->pd, stdout);
		if (r->o->header_only)
			return 0;
	}
	if (r->o->dump_raw) {
		ret = perf_data__dump(&r->pd, stdout, &r->stats, &r->err);
		cmd_warn_lost(&r->stats);
		cmd_warn_data("report", &r->pd, r->stats.nr_events[PERF_RECORD_SAMPLE]);
		if (!ret)
			print_stats(r, stdout);
		return ret ? 1 : 0;
	}
	if (setup_sort_mode(r))
		return 1;
	ret = process(r);
	if (!r->o->stats)	/* as perf: --stats only counts */
		cmd_warn_lost(&r->stats);
	cmd_warn_data("report", &r->pd, r->stats.nr_events[PERF_RECORD_SAMPLE]);
	if (ret)
		return 1;
	if (r->o->stats)
		print_stats(r, stdout);
	else
		print_report(r, stdout);
	return 0;
}

int cmd_report(int argc, const char **argv, struct pm_env *env)
{
	struct report_opts o = {
		.group = -1, .children = -1, .branch_stack = -1, .inline_frames = -1,
		.demangle = true, .skip_empty = true,
	};
	const struct option options[] = {
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_BOOLEAN(0, "stdio", &o.stdio, "Use the stdio interface"),
		OPT_BOOLEAN('n', "show-nr-samples", &o.show_nr_samples,
			    "Show a column with the number of samples"),
		OPT_STRING('s', "sort", &o.sort, "key[,key2...]",
			   "sort by key(s): comm, pid, tid, dso, sym, cpu, period, srcline, local_weight, weight, local_ins_lat, ins_lat; branch mode: dso_from, symbol_from, symbol_to, cycles; --mem-mode: mem, snoop, tlb, locked, blocked, symbol_daddr, symbol_iaddr, dso_daddr, phys_daddr, data_page_size"),
		OPT_STRING(0, "percent-limit", &o.percent_limit, "percent",
			   "Don't show entries under that percent"),
		OPT_STRING(0, "comm", &o.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('c', "comms", &o.comms, "comm[,comm...]",
			   "only consider symbols in these comms"),
		OPT_STRING('S', "symbols", &o.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "symbol-filter", &o.symbol_filter, "filter",
			   "only show symbols that (partially) match with this filter"),
		OPT_STRING('d', "dsos", &o.dsos, "dso[,dso...]",
			   "only consider symbols in these dsos"),
		OPT_STRING(0, "pid", &o.pids, "pid[,pid...]", "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &o.tids, "tid[,tid...]", "only consider symbols in these tids"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to profile"),
		OPT_CALLBACK_NOOPT(0, "group", &o.group,
				   "Show event group information together", set_tristate),
		OPT_STRING('g', "call-graph", &o.call_graph, "print_type,threshold,order",
			   "callchains: graph, flat, folded or none, min percent (0.5), caller or callee"),
		OPT_CALLBACK_NOOPT(0, "children", &o.children,
				   "Accumulate callchains of children and show total overhead",
				   set_tristate),
		OPT_UINTEGER(0, "max-stack", &o.max_stack,
			     "Set the maximum stack depth when parsing the callchain"),
		OPT_CALLBACK_NOOPT(0, "inline", &o.inline_frames,
				   "Show inline function (not yet: --no-inline only)",
				   cmd_opt_tristate),
		OPT_BOOLEAN(0, "mem-mode", &o.mem_mode,
			    "mem access profile: entries by weight and data source"),
		OPT_CALLBACK_NOOPT('b', "branch-stack", &o.branch_stack,
				   "use branch records for per branch histogram filling",
				   set_tristate),
		OPT_BOOLEAN(0, "header", &o.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &o.header_only, "Show only data header."),
		OPT_BOOLEAN('D', "dump-raw-trace", &o.dump_raw, "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "stats", &o.stats, "Display event stats"),
		OPT_STRING(0, "symfs", &o.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_STRING(0, "kallsyms", &o.kallsyms, "file", "kallsyms pathname"),
		OPT_STRING('k', "vmlinux", &o.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "demangle", &o.demangle, "Disable symbol demangling"),
		OPT_BOOLEAN('q', "quiet", &o.quiet, "Do not show any message"),
		OPT_BOOLEAN(0, "skip-empty", &o.skip_empty,
			    "Do not display empty (or dummy) events in the output"),
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_BOOLEAN('G', "inverted", &o.inverted, "alias for inverted call graph"),
		OPT_BOOLEAN('U', "hide-unresolved", &o.hide_unresolved,
			    "Only display entries resolved to a symbol"),
		OPT_BOOLEAN(0, "demangle-kernel", &o.demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_END(),
	};
	struct report r = { .o = &o, .err = STRBUF_INIT, .sort_order = STRBUF_INIT };
	struct strbuf msg = STRBUF_INIT;
	int ret;

	(void)env;
	ret = parse_options(argc, argv, options, report_usage, 0, &msg);
	if (ret < 0) {
		ret = cmd_usage_result(ret, msg.buf);
		strbuf_release(&msg);
		return ret;
	}
	if (ret > 0) {
		strbuf_addf(&r.err, "unexpected argument '%s'\nhint: name the input with -i",
			    argv[0]);
		ret = 129;
	} else if (report_check(&o, &r.sort, &r.cpus, &r.err)) {
		ret = 129;
	} else {
		if (!o.input)
			o.input = cmd_default_input();
		ret = run_report(&r);
	}
	if (r.err.len)
		cmd_error("report", r.err.buf);
	report_exit(&r);
	strbuf_release(&msg);
	return ret;
}
