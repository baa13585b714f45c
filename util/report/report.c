// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../base/hash.h"
#include "../base/util.h"
#include "../data/header-topology.h"
#include "../events/cpumap.h"
#include "branch-cycles.h"
#include "chain-feed.h"
#include "hist-feed.h"
#include "report.h"
#include "resolve.h"
#include "../data/dump.h"
#include "tasks.h"
#include "trace-format.h"

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

/* --- filters --------------------------------------------------------- */

static bool filtered(const struct report *r, const struct hist_entry *he, uint64_t addr)
{
	return (r->o->socket_filter >= 0 && he->socket != r->o->socket_filter) ||
	       (r->o->exclude_other && !he->rare->parent) ||
	       sample_filter__rejects(&r->filter, he->thread, he->comm, he->dso, he->sym, addr,
				      he->dso != NULL);
}

static bool filters_entries(const struct report *r)
{
	return sample_filter__by_location(&r->filter) || r->o->socket_filter >= 0 ||
	       r->o->exclude_other;
}

static bool has_groups(const struct report *r)
{
	for (size_t i = 0; i < r->pd.nr_evsels; i++)
		if (r->pd.evsels[i]->nr_members > 1)
			return true;
	return false;
}

static bool wants_group_view(const struct report *r)
{
	return r->o->group >= 0 ? r->o->group : has_groups(r);
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
	if (hists__init(h, &r->fields.sort, &r->fields.columns, r->group_view ? e->nr_members : 1)) {
		hists__exit(h);
		free(h);
		return NULL;
	}
	h->use_callchain = r->use_callchain;
	h->group_sort_idx = r->group_view ? r->o->group_sort_idx : 0;
	h->cumulate = r->cumulate;
	h->chain_min_percent = r->chain_min_percent;
	h->caller_order = r->caller_order;
	h->chain_mode = r->o->chain.mode;
	h->chain_fractal = r->o->chain.fractal;
	h->chain_value = r->o->chain.value;
	h->chain_print_limit = r->o->chain.print_limit;
	h->chain_skip_first = r->o->sort && !strncmp(r->o->sort, "sym", 3);
	h->self_header = r->fields.self_header;
	h->need_collapse = r->fields.need_collapse;
	return h;
}

struct hists *report__hists(struct report *r, const struct pd_evsel *e)
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
	bool streamed, children;

	if (o->call_graph && o->chain.mode != CHAIN_NONE && !has_callchains(&r->pd) &&
	    !r->pd.pipe) {
		strbuf_addf(&r->err, "-g: %s has no callchains\nhint: record them with "
			    "perf-mini record -g, or drop -g", r->pd.path);
		return -EINVAL;
	}
	/* perf shows no callchains under branch entries; -g none still counts
	 * them into Children, only without showing them. A pipe stream
	 * declares its events as it goes: perf shows the chains its samples
	 * have, but knowing of none when it starts, no Children. */
	streamed = r->pd.pipe && !r->live;
	r->use_callchain = (has_callchains(&r->pd) || streamed) && !r->branch_mode;
	children = r->use_callchain && o->children != 0;
	/* perf settles the order before --mem-mode (or a stream) turns
	 * --children off */
	r->caller_order = o->inverted ? true :	/* -G, as perf: over -g's order */
			  o->chain.order ? !strcmp(o->chain.order, "caller") : children;
	/* as perf: --hierarchy shows no Children */
	r->cumulate = children && !streamed && !o->mem_mode && !o->hierarchy;
	r->chain_min_percent = o->chain.threshold;
	if (!r->use_callchain)
		return 0;
	/* scratch, each frame written before it is read: calloc would write
	 * all of them, a tenth of a small report's page faults */
	r->frames = malloc(REPORT_MAX_FRAMES * sizeof(*r->frames));
	r->inl_frames = malloc(REPORT_MAX_FRAMES * sizeof(*r->inl_frames));
	r->cc_frames = malloc(REPORT_MAX_FRAMES * sizeof(*r->cc_frames));
	r->fold_frames = malloc(REPORT_MAX_FRAMES * sizeof(*r->fold_frames));
	return r->frames && r->inl_frames && r->cc_frames && r->fold_frames ? 0 : -ENOMEM;
}

/* --- processing ------------------------------------------------------ */

/* The kernel's idle loops, which perf top leaves out (perf 6.1's list). */
static bool symbol_is_idle(const char *name)
{
	static const char *const idle[] = {
		"acpi_idle_do_entry", "acpi_processor_ffh_cstate_enter", "arch_cpu_idle",
		"cpu_idle", "cpu_startup_entry", "idle_cpu", "intel_idle", "intel_idle_ibrs",
		"default_idle", "native_safe_halt", "enter_idle", "exit_idle", "mwait_idle",
		"mwait_idle_with_hints", "mwait_idle_with_hints.constprop.0", "poll_idle",
		"ppc64_runlatch_off", "pseries_dedicated_idle_sleep", "psw_idle", "psw_idle_exit",
	};

	for (size_t i = 0; i < sizeof(idle) / sizeof(idle[0]); i++)
		if (!strcmp(name, idle[i]))
			return true;
	return false;
}

/*
 * Branch mode, as perf: each taken branch of the sample's stack is an
 * entry of period 1 (so the percentages are of branches, not of samples),
 * standing for its target like perf's entries do.
 */
static int add_branches(struct report *r, struct hists *h, const struct perf_sample *s,
			struct hist_entry *tmpl, int member)
{
	struct hist_branch branch;
	int err = r->cycles ? branch_cycles__account(r->cycles, &r->machine, tmpl->thread, s) : 0;

	for (uint64_t i = 0; i < s->branch_nr && !err; i++) {
		const struct perf_branch_entry *b = &s->branches[i];

		/* perf's order: the target first (the first kernel lookup loads
		 * the kernel map, which can then shrink to its symbols) */
		resolve_ams_any_mode(&r->machine, tmpl->thread, b->to, &branch.to);
		resolve_ams_any_mode(&r->machine, tmpl->thread, b->from, &branch.from);
		branch.cycles = b->cycles;
		branch.flags = (b->mispred ? BRANCH_MISPRED : 0) | (b->predicted ? BRANCH_PREDICTED : 0) |
			       (b->in_tx ? BRANCH_IN_TX : 0) | (b->abort ? BRANCH_ABORT : 0);
		tmpl->branch = &branch;
		tmpl->dso = branch.to.dso;
		tmpl->sym = branch.to.sym;
		tmpl->ip = branch.to.addr;
		tmpl->rare->raw_ip = b->to;
		tmpl->period = 1;
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
		resolve_ams_data_map(&r->machine, tmpl->thread, s->cpumode, s->addr, &m->daddr,
				     &m->dmap);
		m->data_src = s->data_src;
		m->phys_addr = s->phys_addr;
		m->data_page_size = s->data_page_size;
		m->weight = s->weight;
		m->ins_lat = s->ins_lat;
		tmpl->mem = m;
	}
	if (r->o->mem_mode)
		tmpl->period = s->weight ? s->weight : 1;
}

static struct ip_cache_slot *ip_cache_slot(struct report *r, const struct perf_sample *s)
{
	uint64_t k = hash_mix(s->ip, (uint64_t)s->tid << 8 | s->cpumode);

	return &r->ip_cache[(k >> 32) & (IP_CACHE_SLOTS - 1)];
}

static bool ip_cache_hit(const struct report *r, const struct ip_cache_slot *c,
			 const struct perf_sample *s, const struct hists *h)
{
	/* perf's own tree (perf_tree) is searched anew for every sample */
	return c->he && c->gen == r->ip_cache_gen && c->ip == s->ip && c->h == h &&
	       c->tid == (int32_t)s->tid && c->pid == (int32_t)s->pid && c->cpumode == s->cpumode &&
	       !h->perf_tree;
}

/*
 * Only the default kind of report (no branches, filters or keys that read
 * more of the sample than its task and address) has a fast path: a second
 * thread folding the samples (hist-feed, or chain-feed when callchains are
 * shown), or where none starts and there are no chains, the ip cache.
 */
static void setup_fast_path(struct report *r)
{
	const struct report_opts *o = r->o;

	/* a memory report: no ip cache (its entries differ by data address),
	 * its whole entries folded on the second thread */
	if (o->mem_mode && !r->branch_mode && !r->need_chains && !r->live) {
		r->feed = hist_feed__start_entries();
		r->feed_entries = r->feed != NULL;
		return;
	}

	for (int i = 0; i < r->fields.sort.nr; i++) {
		enum sort_key_id id = r->fields.sort.keys[i]->id;

		/* the values need nothing of the sample but its period */
		if (id != SORT_COMM && id != SORT_PID && id != SORT_DSO && id != SORT_SYM &&
		    id != SORT_OVERHEAD && id != SORT_OVERHEAD_CHILDREN && id != SORT_SAMPLE &&
		    id != SORT_PERIOD)
			return;
	}
	if (r->branch_mode || o->mem_mode || filters_entries(r) || o->hide_unresolved ||
	    r->ignore_callees)
		return;
	/* live (top): the histograms change hands at each refresh. The chain
	 * feed passes no frame's map-relative address or map size: keys that
	 * read those (srcline, dso_size) stay out of the list above. */
	if (r->need_chains) {
		r->chain_feed = r->live ? NULL : chain_feed__start(r);
		return;
	}
	r->feed = r->live ? NULL : hist_feed__start();
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

/* The trace key's text: the formats are read at the first tracepoint
 * sample, when a pipe stream has delivered its tracing data. */
static const char *trace_output(struct report *r, const struct perf_sample *s)
{
	if (!r->trace_fmt_tried) {
		r->trace_fmt_tried = true;
		r->trace_fmt = trace_format__new(&r->pd);
	}
	strbuf_reset(&r->trace_buf);
	if (r->trace_fmt && r->o->raw_trace)
		trace_format__print_raw(r->trace_fmt, s, &r->trace_buf);
	else if (r->trace_fmt)
		trace_format__print(r->trace_fmt, s, &r->trace_buf);
	return machine__intern(&r->machine, r->trace_buf.buf);
}

static void on_dump(void *ctx, const struct pm_event_header *ev, uint64_t off)
{
	struct report *r = ctx;

	perf_data__dump_record(&r->pd, &r->dump_state, ev, off, r->dump_out, &dump_tool_report);
}

static int out_of_memory(struct report *r, int err)
{
	if (err == -ENOMEM)
		strbuf_addstr(&r->err, "out of memory building the histogram");
	else if (err)
		strbuf_addstr(&r->err, "a sample of a group member the group does not have");
	return err;
}

/* A sample counted in the totals only; a feed's thread owns @h meanwhile. */
static int add_filtered(struct report *r, struct hists *h, uint64_t period, int member)
{
	if (r->feed)
		return out_of_memory(r, hist_feed__add_filtered(r->feed, h, period, member));
	if (r->chain_feed)
		return out_of_memory(r, chain_feed__add_filtered(r->chain_feed, h, period, member));
	hists__add_filtered(h, period, member);
	return 0;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct report *r = ctx;
	struct hist_entry tmpl;
	struct hist_rare rare;
	struct pd_evsel *leader = evsel;
	struct event_count *count;
	struct ip_cache_slot *c = NULL;
	struct perf_sample unwound, lbr;
	struct hist_mem mem;
	struct hists *h;

	(void)ev;
	(void)note;
	/* as perf: the others are not counted at all, totals included */
	if (sample_filter__skip(&r->filter, s->time, s->cpu) ||
	    evswitch__discard(&r->evswitch, evsel))
		return 0;
	if (r->dump_out)
		resolve_dump_sample(&r->machine, s, r->dump_out);
	/* -D counts what reaches the histogram: each branch in branch mode */
	if ((r->o->stats || r->dump_out) && (count = event_count(r, evsel)))
		count->samples += r->dump_out && r->branch_mode ? s->branch_nr : 1;
	if (r->group_view)
		leader = r->pd.evsels[evsel->leader_idx];
	h = report__hists(r, leader);
	if (h && cpumode_is_guest(s->cpumode) && !r->branch_mode)
		return add_filtered(r, h, r->o->mem_mode ? (s->weight ?: 1) : s->period,
				    evsel->idx - leader->idx);
	if (h && r->chain_feed) {
		int seen = chain_feed__add_seen(r->chain_feed, h, s, r->machine.gen,
						evsel->idx - leader->idx);

		if (seen)
			return seen > 0 ? 0 : out_of_memory(r, seen);
	}
	if (h && r->feed && !r->feed_entries) {
		tmpl.rare = &rare;
		resolve_sample_keys(&r->machine, s, &tmpl);
		return out_of_memory(r, hist_feed__add(r->feed, h, &tmpl, evsel->idx - leader->idx));
	}
	if (h && r->ip_cache) {
		c = ip_cache_slot(r, s);
		if (ip_cache_hit(r, c, s, h)) {
			hists__account(h, c->he, s->period, evsel->idx - leader->idx, s->cpumode);
			return 0;
		}
	}
	resolve_sample(&r->machine, s, &tmpl, &rare);
	if (r->need_time)
		tmpl.rare->time -= tmpl.rare->time % r->time_quantum_ns;
	if (s->cpu < r->nr_cpu_socket && (int32_t)s->cpu >= 0)
		tmpl.socket = r->cpu_socket[s->cpu];
	if (r->need_parent)
		tmpl.rare->parent = report__parent_of(r, tmpl.thread, s);
	if (r->o->hide_unresolved && !tmpl.sym)
		return 0;	/* as perf: not counted at all */
	if (r->o->skip_idle && tmpl.level == 'k' && tmpl.sym && symbol_is_idle(tmpl.sym->name))
		return 0;
	add_mem(r, s, &tmpl, &mem);
	if (r->need_srcline)
		tmpl.rare->srcline = srcline__get(&r->srclines, &r->machine.dsos, tmpl.dso, tmpl.sym,
					    tmpl.ip);
	if (r->need_srcfile)
		tmpl.rare->srcfile = srcline__file(&r->srclines, &r->machine.dsos, tmpl.dso, tmpl.sym,
					     tmpl.ip);
	if (r->need_trace && evsel->attr.type == PERF_TYPE_TRACEPOINT)
		tmpl.rare->trace_output = trace_output(r, s);
	/* perf filters on the sample (its comm, its IP's DSO), not on a branch
	 * or a caller */
	tmpl.filtered = filters_entries(r) && filtered(r, &tmpl, s->ip);
	if (h && r->branch_mode) {
		if (!add_branches(r, h, s, &tmpl, evsel->idx - leader->idx))
			return 0;
		h = NULL;
	}
	if (h && r->need_chains)	/* --call-graph dwarf: the user part from the stack */
		s = callchain__unwound(&r->machine, tmpl.thread, s, &unwound, r->unwound);
	if (h && r->need_chains && s != &unwound)	/* --call-graph lbr: from the LBR */
		s = callchain__lbr(evsel->attr.branch_sample_type, s, &lbr, r->unwound);
	if (h && r->need_chains && s->callchain_nr && s->callchain_nr < REPORT_MAX_FRAMES) {
		if (report__add_with_callchain(r, h, s, s == &unwound, &tmpl,
						evsel->idx - leader->idx))
			h = NULL;
	} else if (h && c) {
		int member = evsel->idx - leader->idx;

		*c = (struct ip_cache_slot){ s->ip, (int32_t)s->pid, (int32_t)s->tid,
					     r->ip_cache_gen, s->cpumode, h, NULL };
		c->he = member >= 0 && member < h->nr_members ? hists__findnew(h, &tmpl) : NULL;
		if (!c->he)
			h = NULL;
		else
			hists__account(h, c->he, tmpl.period, member, tmpl.cpumode);
	} else if (h && r->feed) {
		return out_of_memory(r, hist_feed__add_entry(r->feed, h, &tmpl,
							     evsel->idx - leader->idx));
	} else if (h && r->chain_feed) {	/* the histogram is the feed's */
		if (chain_feed__add(r->chain_feed, h, s, &tmpl, NULL, 0, r->machine.gen,
				    evsel->idx - leader->idx))
			h = NULL;
	} else if (h && hists__add(h, &tmpl, evsel->idx - leader->idx)) {
		h = NULL;
	}
	return h ? 0 : out_of_memory(r, -ENOMEM);
}

/* perf's -T: a READ's first value (the count, whatever its read_format),
 * by thread and by the event its id names */
static void add_read(struct report *r, const struct pm_event_header *ev)
{
	const struct pm_read_event *e = (const void *)ev;
	struct pd_evsel *evsel = perf_data__evsel_of(&r->pd, ev);

	if (ev->size < sizeof(*e) || !evsel)
		return;
	read_values__add(&r->thread_values, (int32_t)e->pid, (int32_t)e->tid, evsel->idx,
			 evsel->name, e->value);
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct report *r = ctx;
	struct pd_evsel *e;
	struct event_count *c;

	(void)s;
	if (ev->type == PERF_RECORD_LOST_SAMPLES && !r->dump_out &&
	    ev->size >= sizeof(struct pm_lost_samples_event) &&
	    (e = perf_data__evsel_of(&r->pd, ev)) && (c = event_count(r, e)))
		c->lost_samples += ((const struct pm_lost_samples_event *)ev)->lost;
	if (ev->type == PERF_RECORD_READ && r->o->show_threads)
		add_read(r, ev);
	machine__process_event(&r->machine, ev);
	r->ip_cache_gen++;	/* names and maps may have changed */
	return 0;
}

/* Tracepoints a pipe stream did not name, named from its tracing data
 * (parsed only for them). */
static void name_tracepoints(struct perf_data *pd)
{
	struct trace_format *tf;

	if (!perf_data__has_feat(pd, HEADER_TRACING_DATA) || !trace_format__names_missing(pd))
		return;
	tf = trace_format__new(pd);
	trace_format__name_evsels(tf, pd);
	trace_format__delete(tf);
}

static void machine_setup(struct report *r)
{
	struct dsos_config cfg = {
		.symfs = r->o->symfs, .kallsyms = r->o->kallsyms, .vmlinux = r->o->vmlinux,
		.no_demangle = !r->o->demangle, .demangle_kernel = r->o->demangle_kernel,
		.verbose = r->o->verbose_out,
	};

	machine__init(&r->machine, &cfg);
}

/* --tasks reads forks and comms only, as perf; --mmaps the maps too. */
static int on_task_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct report *r = ctx;

	(void)s;
	if (r->o->mmaps || (ev->type != PERF_RECORD_MMAP && ev->type != PERF_RECORD_MMAP2))
		machine__process_event(&r->machine, ev);
	return 0;
}

int report__fprintf_tasks(struct report *r, FILE *out)
{
	struct session_tool tool = { .event = on_task_event, .ctx = r };

	machine_setup(r);
	if (session__process(&r->pd, &tool, &r->stats, &r->err))
		return -EINVAL;
	tasks__fprintf(&r->machine, r->o->mmaps, out);
	return 0;
}

void report__tool(struct report *r, struct session_tool *tool)
{
	*tool = (struct session_tool){ .sample = on_sample, .event = on_event, .ctx = r };
	if (r->dump_out)
		tool->dump = on_dump;
}

void report__begin(struct report *r)
{
	machine_setup(r);
	machine__apply_build_ids(&r->machine, &r->pd.feat);
	r->group_view = wants_group_view(r);
	r->need_chains = r->use_callchain &&
			 (r->cumulate || r->o->chain.mode != CHAIN_NONE || r->ignore_callees);
	r->need_srcline = sort_list__has(&r->fields.sort, SORT_SRCLINE);
	r->need_srcfile = sort_list__has(&r->fields.sort, SORT_SRCFILE);
	r->need_trace = sort_list__has(&r->fields.sort, SORT_TRACE);
	setup_fast_path(r);	/* last: a feed's thread reads the report */
}

int report__finish(struct report *r, int ret)
{
	if (r->feed || r->chain_feed) {
		int err = r->feed ? hist_feed__finish(r->feed) : chain_feed__finish(r->chain_feed);

		r->feed = NULL;
		r->chain_feed = NULL;
		if (err && !ret) {
			strbuf_addstr(&r->err, "out of memory building the histogram");
			ret = err;
		}
	}
	name_tracepoints(&r->pd);
	for (size_t i = 0; !ret && i < r->nr_hists; i++) {
		if (r->hists[i])
			hists__name_cgroups(r->hists[i], &r->machine);
		if (r->hists[i] && hists__override_comms(r->hists[i])) {
			strbuf_addstr(&r->err, "out of memory building the histogram");
			ret = -ENOMEM;
		}
	}
	return ret;
}

int report__process(struct report *r)
{
	struct session_tool tool;

	report__tool(r, &tool);
	/* as perf: without sample_id_all, records cannot be ordered by time */
	/* as perf: --disable-order only with -D (it unorders the dump) */
	tool.unordered = (r->o->disable_order && r->dump_out) || perf_data__unordered(&r->pd);
	r->dump_state.unordered = tool.unordered;
	if (tool.unordered && !r->o->disable_order && r->dump_out)
		fputs("WARNING: No sample_id_all support, falling back to unordered processing\n",
		      r->dump_out);
	if (r->dump_out)
		fputs("# To display the perf.data header info, please use "
		      "--header/--header-only options.\n#\n", r->dump_out);
	report__begin(r);
	return report__finish(r, session__process(&r->pd, &tool, &r->stats, &r->err));
}

static bool has_branch_stacks(const struct perf_data *pd)
{
	return perf_data__has_sample_bit(pd, PERF_SAMPLE_BRANCH_STACK);
}

#define MEM_SORT_ORDER \
	"local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,tlb,locked,blocked,local_ins_lat," \
	"local_p_stage_cyc"

/*
 * --group on a file that has no groups makes all its events one, led by
 * the first, as perf (evlist__force_leader). Pipe streams declare their
 * events as they go: left as they are.
 */
static void force_group(struct report *r)
{
	struct perf_data *pd = &r->pd;

	if (r->o->group != 1 || pd->pipe || pd->nr_evsels < 2)
		return;
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->nr_members > 1)
			return;
	for (size_t i = 0; i < pd->nr_evsels; i++)
		pd->evsels[i]->leader_idx = 0;
	pd->evsels[0]->nr_members = (int)pd->nr_evsels;
	r->forced_group = true;
}

/*
 * perf's evlist__check_mem_load_aux(): a group led by mem-loads-aux (the
 * companion Sapphire Rapids' load-latency event needs) is undone, as the
 * leader carries no memory data: each event reports on its own.
 */
static void ungroup_mem_loads_aux(struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++) {
		struct pd_evsel *leader = pd->evsels[pd->evsels[i]->leader_idx];

		if (leader == pd->evsels[i] || !leader->name || !strstr(leader->name, "mem-loads-aux"))
			continue;
		for (size_t m = 0; m < pd->nr_evsels; m++) {
			if (pd->evsels[m]->leader_idx != leader->idx)
				continue;
			pd->evsels[m]->leader_idx = pd->evsels[m]->idx;
			pd->evsels[m]->nr_members = 0;
		}
	}
}

/* A regex of function names for option @opt, or 0 with @example in the
 * hint of a clear error. */
static int compile_names(struct report *r, regex_t *re, const char *pattern, const char *opt,
			 const char *example)
{
	int err = regcomp(re, pattern, REG_EXTENDED | REG_NOSUB);
	char msg[128];

	if (!err)
		return 0;
	regerror(err, re, msg, sizeof(msg));
	strbuf_addf(&r->err, "%s %s: %s\nhint: an extended regular expression of function "
		    "names (e.g. %s %s)", opt, pattern, msg, opt, example);
	return -1;
}

/* --sort parent / -p: perf's default names the system-call entries. */
static int setup_parent(struct report *r)
{
	if (!sort_list__has(&r->fields.sort, SORT_PARENT))
		return 0;
	if (compile_names(r, &r->parent_re, r->o->parent ?: "^sys_|^do_page_fault", "-p",
			  "'^sys_'"))
		return -1;
	r->need_parent = true;
	return 0;
}

/* --ignore-callees: the functions whose callees a chain forgets. */
static int setup_ignore_callees(struct report *r)
{
	if (!r->o->ignore_callees)
		return 0;
	if (compile_names(r, &r->ignore_callees_re, r->o->ignore_callees, "--ignore-callees",
			  "'^malloc$'"))
		return -1;
	r->ignore_callees = true;
	return 0;
}

/* perf's parse_time_quantum(): a number and ns, us, ms or s (100ms). */
static int setup_time_quantum(struct report *r)
{
	static const struct { const char *unit; uint64_t ns; } units[] = {
		{ "ns", 1 }, { "us", 1000 }, { "ms", 1000000 }, { "s", 1000000000 },
	};
	const char *q = r->o->time_quantum;
	uint64_t n;
	char *end;

	r->time_quantum_ns = 100000000;
	if (!q)
		return 0;
	n = strtoull(q, &end, 10);
	for (size_t i = 0; n && end != q && i < ARRAY_SIZE(units); i++)
		if (!strcmp(end, units[i].unit)) {
			r->time_quantum_ns = n * units[i].ns;
			return 0;
		}
	strbuf_addf(&r->err, "--time-quantum %s: not a time\nhint: a number with ns, us, ms "
		    "or s (e.g. --time-quantum 10ms)", q);
	return -EINVAL;
}

/* --sort socket, --socket-filter: each CPU's socket from CPU_TOPOLOGY. */
static void setup_sockets(struct report *r)
{
	const struct pd_features *f = &r->pd.feat;

	if (!f->raw[HEADER_CPU_TOPOLOGY] ||
	    (!sort_list__has(&r->fields.sort, SORT_SOCKET) && r->o->socket_filter < 0))
		return;
	r->cpu_socket = header_topology__sockets(f->raw[HEADER_CPU_TOPOLOGY],
						 f->raw_size[HEADER_CPU_TOPOLOGY], f->nr_cpus_avail);
	r->nr_cpu_socket = r->cpu_socket ? f->nr_cpus_avail : 0;
}

/* What the keys beyond the sample's own fields need (time, socket, parent,
 * srcline paths), once the keys are known. */
static int setup_key_data(struct report *r)
{
	r->fields.sort.time_ns = r->fields.columns.time_ns = r->o->time_ns;
	r->srclines.full_path = r->o->full_source_path;
	r->need_time = sort_list__has(&r->fields.sort, SORT_TIME);
	setup_sockets(r);
	if (setup_parent(r) || setup_ignore_callees(r))
		return -EINVAL;
	return setup_time_quantum(r);
}

static bool all_tracepoints(const struct perf_data *pd)
{
	for (size_t i = 0; i < pd->nr_evsels; i++)
		if (pd->evsels[i]->attr.type != PERF_TYPE_TRACEPOINT)
			return false;
	return pd->nr_evsels > 0;
}

/* perf sorts a file of tracepoints alone by their payloads, before any
 * mode's order; with --raw-trace by each field (its trace_fields). */
static int setup_fields(struct report *r)
{
	const struct report_opts *o = r->o;
	bool trace = !o->sort && all_tracepoints(&r->pd);
	struct fields_spec spec = {
		.sort = o->sort ? r->sort_order.buf : trace ? "trace" :
			o->mem_mode ? MEM_SORT_ORDER :
			r->branch_mode ? "comm,dso_from,symbol_from,symbol_to,cycles" :
			o->parent ? "comm,dso,sym,parent" : "comm,dso,sym",
		.user_sort = o->sort, .fields = o->fields, .mem_mode = o->mem_mode,
		.cumulate = r->cumulate, .show_nr_samples = o->show_nr_samples,
		.show_cpu_utilization = o->show_cpu_utilization,
		.show_total_period = o->show_total_period, .sym_by_name = o->diff_mode,
	};

	if (trace && o->raw_trace) {
		strbuf_addf(&r->err, "--raw-trace: a column per tracepoint field (perf's "
			    "trace_fields) is not implemented\nhint: --sort trace --raw-trace "
			    "prints each sample's fields in one column");
		return -EINVAL;
	}
	return fields__setup(&spec, &r->fields, &r->err);
}

/* The IPC column's counts; perf knows no block's start unless the stacks
 * hold every kind of branch. */
static void setup_branch_cycles(struct report *r)
{
	uint64_t types = 0;

	for (size_t i = 0; i < r->pd.nr_evsels; i++)
		types |= r->pd.evsels[i]->attr.branch_sample_type;
	r->cycles = branch_cycles__new(&r->machine.dsos, r->pd.feat.arch,
				       !(types & PERF_SAMPLE_BRANCH_ANY));
	r->fields.sort.cycles = r->fields.columns.cycles = r->cycles;
}

/*
 * perf's rules: branch mode is on for files recorded with branch stacks
 * (the BRANCH_STACK header feature) unless --no-branch-stack or
 * --mem-mode; -b insists. A key named symbol* gets perf's IPC column
 * beside it, which is "-" outside branch mode.
 */
int report__setup(struct report *r)
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
	r->filter.comms = o->comms;
	r->filter.pids = o->pids;
	r->filter.tids = o->tids;
	r->filter.dsos = o->dsos;
	r->filter.symbols = o->symbols;
	if (sample_filter__setup(&r->filter, o->cpu_list, o->time_str, &r->pd, false, &r->err) ||
	    evswitch__setup(&r->evswitch, &r->pd, o->switch_on, o->switch_off, o->show_on_off,
			    &r->err))
		return -EINVAL;
	force_group(r);
	ungroup_mem_loads_aux(&r->pd);
	if (o->group_sort_idx && o->group != 1 && !has_groups(r)) {
		strbuf_addf(&r->err, "--group-sort-idx: %s has no event group to sort by a member "
			    "of\nhint: record a group (-e '{a,b}') or show the events as one with "
			    "--group", r->pd.path);
		return -EINVAL;
	}
	r->branch_mode = want == 1 ||
		(want == -1 && !o->mem_mode && perf_data__has_feat(&r->pd, HEADER_BRANCH_STACK) &&
		 has_branch_stacks(&r->pd));
	err = setup_callchain(r);
	if (err) {
		if (!r->err.len)
			strbuf_addstr(&r->err, "out of memory for the callchains");
		return err;
	}
	err = report__check_lbr_opts(r);
	if (err)
		return err;
	strbuf_addstr(&r->sort_order, o->sort ?: MEM_SORT_ORDER);
	/* as perf: -p shows the parent as a key of its own (-x alone does not) */
	if (o->parent && o->sort && !strstr(o->sort, "parent"))
		strbuf_addstr(&r->sort_order, ",parent");
	if (o->sort && strstr(o->sort, "symbol"))
		strbuf_addstr(&r->sort_order, r->branch_mode ? ",ipc_lbr" : ",ipc_null");
	err = setup_fields(r);
	if (!err)
		err = setup_key_data(r);
	if (!err && r->branch_mode && o->sort && strstr(o->sort, "symbol"))
		setup_branch_cycles(r);
	if (!err && !r->branch_mode && sort_list__branch_key(&r->fields.sort)) {
		strbuf_addf(&r->err, "%s key '%s' describes taken branches, and this report "
			    "is not in branch mode\nhint: add -b (the file must have branch stacks: "
			    "perf-mini record -b)", fields__strict(o->fields) ? "-F" : "--sort",
			    sort_list__branch_key(&r->fields.sort)->name);
		err = -EINVAL;
	}
	r->needs_mem = sort_list__needs_mem(&r->fields.sort);
	if (!err && r->filter.cpus && !perf_data__has_sample_bit(&r->pd, PERF_SAMPLE_CPU) && !r->pd.pipe) {
		strbuf_addf(&r->err, "-C: %s has no sample CPUs (recorded without -a, -C or "
			    "--sample-cpu)\nhint: drop -C", r->pd.path);
		err = -EINVAL;
	}
	if (!err && o->mem_mode && !perf_data__has_sample_bit(&r->pd, PERF_SAMPLE_DATA_SRC) &&
	    !r->pd.pipe) {
		strbuf_addf(&r->err, "--mem-mode: %s has no memory samples (no data source)\n"
			    "hint: record them with perf-mini mem record, or perf-mini record -d "
			    "on a memory event", r->pd.path);
		err = -EINVAL;
	}
	return err;
}


void report__exit(struct report *r)
{
	branch_cycles__delete(r->cycles);
	for (size_t i = 0; i < r->nr_hists; i++) {
		if (r->hists[i])
			hists__exit(r->hists[i]);
		free(r->hists[i]);
	}
	free(r->hists);
	free(r->frames);
	free(r->seen);
	free(r->inl_frames);
	free(r->cc_frames);
	free(r->fold_frames);
	free(r->counts);
	free(r->cpu_socket);
	if (r->need_parent)
		regfree(&r->parent_re);
	if (r->ignore_callees)
		regfree(&r->ignore_callees_re);
	read_values__exit(&r->thread_values);
	free(r->ip_cache);
	sample_filter__exit(&r->filter);
	srclines__exit(&r->srclines);
	trace_format__delete(r->trace_fmt);
	strbuf_release(&r->trace_buf);
	strbuf_release(&r->sort_order);
	machine__exit(&r->machine);
	perf_data__close(&r->pd);
	strbuf_release(&r->err);
}
