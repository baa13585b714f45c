// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "../base/util.h"
#include "record-attr.h"
#include "regs.h"

#define DEFAULT_DWARF_STACK 8192

int record_attr__parse_call_graph(const char *cg, struct record_attr_opts *o,
				  struct strbuf *err)
{
	uint64_t size = DEFAULT_DWARF_STACK;

	o->dwarf_stack = 0;
	o->lbr = false;
	if (!cg)
		return 0;
	o->callchain = true;
	o->lbr = !strcmp(cg, "lbr");
	if (!strcmp(cg, "fp") || o->lbr)
		return 0;
	if (!strncmp(cg, "dwarf", 5) && (!cg[5] || cg[5] == ',')) {
		if (cg[5] && (str_to_u64(cg + 6, 0, &size) || !size || size > 65528 || size % 8)) {
			strbuf_addf(err, "--call-graph %s: the stack dump size must be a multiple of "
				    "8 up to 65528", cg);
			return -EINVAL;
		}
		o->dwarf_stack = size;
		return 0;
	}
	strbuf_addf(err, "--call-graph '%s' is not a record mode\nhint: fp, dwarf[,size] or lbr",
		    cg);
	return -EINVAL;
}

int record_attr__parse_clockid(const char *name, struct record_attr_opts *o, struct strbuf *err)
{
	static const struct { const char *name, *alias; int id; } clocks[] = {
		{ "monotonic", "mono", CLOCK_MONOTONIC },
		{ "monotonic_raw", "raw", CLOCK_MONOTONIC_RAW },
		{ "realtime", "real", CLOCK_REALTIME },
		{ "boottime", "boot", CLOCK_BOOTTIME },
		{ "tai", NULL, CLOCK_TAI },
	};
	const char *n = strncasecmp(name, "CLOCK_", 6) ? name : name + 6;
	uint64_t id;

	for (size_t i = 0; i < ARRAY_SIZE(clocks); i++) {
		if (!strcasecmp(n, clocks[i].name) ||
		    (clocks[i].alias && !strcasecmp(n, clocks[i].alias))) {
			o->clockid = clocks[i].id;
			o->use_clockid = true;
			return 0;
		}
	}
	if (!str_to_u64(name, 0, &id) && id < 64) {
		o->clockid = (int)id;
		o->use_clockid = true;
		return 0;
	}
	strbuf_addf(err, "-k '%s' is not a clock\nhint: monotonic, monotonic_raw, realtime, "
		    "boottime, tai (or mono, raw, real, boot), or a clockid number", name);
	return -EINVAL;
}

/*
 * Events with different sample layouts (a tracepoint's RAW and CPU beside
 * cpu-clock) need the id at a fixed place: PERF_SAMPLE_IDENTIFIER, first
 * in a sample and last in a trailer, as perf does.
 */
static void use_identifier_if_mixed(struct evlist *evlist, bool identifier)
{
	uint64_t first = evlist->entries[0]->attr.sample_type;
	bool mixed = false;

	for (int i = 1; i < evlist->nr; i++)
		mixed |= evlist->entries[i]->attr.sample_type != first;
	mixed |= identifier;
	for (int i = 0; mixed && i < evlist->nr; i++) {
		evlist->entries[i]->attr.sample_type &= ~(uint64_t)PERF_SAMPLE_ID;
		evlist->entries[i]->attr.sample_type |= PERF_SAMPLE_IDENTIFIER;
	}
}

/* --call-graph lbr: user callchains from Intel's LBR call-stack mode */
#define LBR_CALL_STACK (PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_CALL_STACK | \
			PERF_SAMPLE_BRANCH_NO_FLAGS | PERF_SAMPLE_BRANCH_NO_CYCLES | \
			PERF_SAMPLE_BRANCH_HW_INDEX)

/* What -d, -W, -b/-j and the address options add to each sample. */
static void configure_sample_data(const struct record_attr_opts *o, struct perf_event_attr *a)
{
	if (o->sample_addr)	/* perf's -d: the data address and its source */
		a->sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
	if (o->sample_weight)	/* x86 PEBS: latency and instruction latency */
		a->sample_type |= PERF_SAMPLE_WEIGHT_STRUCT;
	if (o->sample_phys)
		a->sample_type |= PERF_SAMPLE_PHYS_ADDR;
	if (o->data_page_size)
		a->sample_type |= PERF_SAMPLE_DATA_PAGE_SIZE;
	if (o->code_page_size)
		a->sample_type |= PERF_SAMPLE_CODE_PAGE_SIZE;
	if (o->sample_transaction)	/* the kernel writes 0 where the PMU has none */
		a->sample_type |= PERF_SAMPLE_TRANSACTION;
	if (o->branch_mode) {
		a->sample_type |= PERF_SAMPLE_BRANCH_STACK;
		a->branch_sample_type = o->branch_mode;
	} else if (o->lbr) {
		a->sample_type |= PERF_SAMPLE_BRANCH_STACK;
		a->branch_sample_type = LBR_CALL_STACK;
	}
}

/* perf's tracking dummy: samples nothing, sees every mmap, comm and task. */
static void configure_tracking_dummy(struct perf_event_attr *a, const struct record_attr_opts *o)
{
	a->sample_type &= ~(uint64_t)PERF_SAMPLE_PERIOD;
	a->freq = 0;
	a->sample_period = 1;
	a->exclude_guest = 0;
	a->enable_on_exec = o->enable_on_exec;
	a->disabled = o->enable_on_exec;	/* else it tracks from the start */
}

/*
 * :S, as perf: a sample carries the counts of the whole group (READ, with
 * GROUP for more than one member, which the kernel cannot inherit), and
 * the leader samples alone: the members' periods are the deltas of their
 * counts between its samples, unless they were given a period or
 * frequency of their own.
 */
static void configure_sample_read(struct evsel *e, bool own_period)
{
	struct perf_event_attr *a = &e->attr;

	if (e->sample_read) {
		a->sample_type |= PERF_SAMPLE_READ | PERF_SAMPLE_ID;
		if (e->leader->nr_members > 1) {
			a->read_format |= PERF_FORMAT_GROUP;
			a->inherit = 0;
		}
	}
	if (evsel__is_leader(e) || !e->leader->sample_read)
		return;
	if (!own_period) {
		a->freq = 0;
		a->sample_period = 0;
	}
	a->write_backward = 0;
	a->sample_type = e->leader->attr.sample_type;	/* the leader precedes it */
}

/* perf's evsel__reset_callgraph: the command line's chains off this event */
static void reset_callgraph(struct perf_event_attr *a, const struct record_attr_opts *o)
{
	a->sample_type &= ~(uint64_t)PERF_SAMPLE_CALLCHAIN;
	if (o->lbr) {
		a->sample_type &= ~(uint64_t)PERF_SAMPLE_BRANCH_STACK;
		a->branch_sample_type &= ~(uint64_t)LBR_CALL_STACK;
	}
	if (o->dwarf_stack)
		a->sample_type &= ~(uint64_t)(PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER);
}

/*
 * call-graph=, stack-size=, max-stack= of one event, as perf applies them:
 * the command line's chains are dropped for it and its own set (max-stack
 * alone means fp; stack-size alone drops the chains, as in perf 6.1).
 */
static void own_callgraph(struct evsel *e, const struct record_attr_opts *o, bool tracks)
{
	const struct evsel_config *c = &e->config;
	struct perf_event_attr *a = &e->attr;
	const char *mode = c->call_graph ? c->call_graph : c->max_stack ? "fp" : NULL;
	bool enabled = mode && strcmp(mode, "no");

	if (o->callchain)
		reset_callgraph(a, o);
	if (!enabled)
		return;
	a->sample_type |= PERF_SAMPLE_CALLCHAIN;
	a->sample_max_stack = (uint16_t)c->max_stack;
	if (o->kernel_callchains && !o->user_callchains)
		a->exclude_callchain_user = 1;
	if (o->user_callchains && !o->kernel_callchains)
		a->exclude_callchain_kernel = 1;
	if (!strcmp(mode, "lbr") && !o->branch_mode && !a->exclude_user) {
		a->sample_type |= PERF_SAMPLE_BRANCH_STACK;
		a->branch_sample_type = LBR_CALL_STACK;
	} else if (!strcmp(mode, "dwarf")) {
		a->sample_type |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC |
				  PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
		a->mmap_data |= tracks;
		a->sample_regs_user |= o->user_regs ? arch__host()->regs_unwind :
				       arch__host()->regs_default;
		a->sample_stack_user = c->stack_size ? c->stack_size : DEFAULT_DWARF_STACK;
		a->exclude_callchain_user = 1;
	}
}

/* The event's own terms over the command line's (perf's config terms). */
static void apply_config_terms(struct evsel *e, const struct record_attr_opts *o, bool tracks)
{
	const struct evsel_config *c = &e->config;
	struct perf_event_attr *a = &e->attr;

	if (c->time == 1)
		a->sample_type |= PERF_SAMPLE_TIME;
	else if (c->time == 0)
		a->sample_type &= ~(uint64_t)PERF_SAMPLE_TIME;
	if (c->inherit >= 0)
		a->inherit = (uint64_t)c->inherit;
	if (c->branch_set && c->branch_type) {
		a->sample_type |= PERF_SAMPLE_BRANCH_STACK;
		a->branch_sample_type = c->branch_type;
	} else if (c->branch_set) {	/* perf leaves the filter as it was */
		a->sample_type &= ~(uint64_t)PERF_SAMPLE_BRANCH_STACK;
	}
	if (c->call_graph || c->stack_size || c->max_stack)
		own_callgraph(e, o, tracks);
}

/* perf record's attr for every event; the first one (or -D's tracking
 * dummy) also tracks mmaps, comms and tasks for the whole recording. */
void record_attr__configure(struct evlist *evlist, const struct record_attr_opts *o)
{
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i) {
		struct perf_event_attr *a = &e->attr;
		bool own_period = a->type != PERF_TYPE_TRACEPOINT && (a->sample_period || a->freq);

		a->sample_type |= PERF_SAMPLE_IP | PERF_SAMPLE_TID;
		if (!o->no_time)
			a->sample_type |= PERF_SAMPLE_TIME;
		if (evlist->nr > 1)
			a->sample_type |= PERF_SAMPLE_ID;
		if (o->cpu_wide || o->sample_cpu)
			a->sample_type |= PERF_SAMPLE_CPU;
		configure_sample_data(o, a);
		if (o->callchain)
			a->sample_type |= PERF_SAMPLE_CALLCHAIN;
		if (o->callchain && o->kernel_callchains && !o->user_callchains)
			a->exclude_callchain_user = 1;
		if (o->callchain && o->user_callchains && !o->kernel_callchains)
			a->exclude_callchain_kernel = 1;
		if (o->user_regs) {
			a->sample_type |= PERF_SAMPLE_REGS_USER;
			a->sample_regs_user |= o->user_regs;
		}
		if (o->intr_regs) {
			a->sample_type |= PERF_SAMPLE_REGS_INTR;
			a->sample_regs_intr = o->intr_regs;
		}
		if (o->raw_samples)
			a->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_CPU;
		if (o->cgroups)
			a->sample_type |= PERF_SAMPLE_CGROUP;
		if (o->dwarf_stack) {
			/* as perf: data addresses and data mmaps too, so an unwinder
			 * can read a binary's data segments (GOT) beside the stack */
			a->sample_type |= PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER |
					  PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
			/* as perf: the host's registers (PERF_REGS_MASK), or the
			 * ones the user named and the two an unwinder cannot do
			 * without (SP, IP) */
			a->sample_regs_user = o->user_regs ?
					      o->user_regs | arch__host()->regs_unwind :
					      arch__host()->regs_default;
			a->sample_stack_user = o->dwarf_stack;
			a->exclude_callchain_user = 1;
		}
		if (a->type == PERF_TYPE_TRACEPOINT) {
			/* every hit, with its payload, unless told otherwise */
			a->sample_type |= PERF_SAMPLE_RAW | PERF_SAMPLE_CPU | PERF_SAMPLE_PERIOD;
			if (!a->sample_period && !o->period && !o->user_freq)
				a->sample_period = 1;
		}
		/* as perf 6.1: the kernel counts the samples it drops (LOST) */
		a->read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST;
		if (o->inherit_stat || o->running_time)
			a->read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED |
					  PERF_FORMAT_TOTAL_TIME_RUNNING;
		a->inherit_stat = o->inherit_stat;
		a->write_backward = o->overwrite;
		if (o->no_buffering) {	/* as perf */
			a->watermark = 0;
			a->wakeup_events = 1;
		}
		if (o->use_clockid) {
			a->use_clockid = 1;
			a->clockid = o->clockid;
		}
		if (o->period) {
			a->freq = 0;
			a->sample_period = o->period;
		} else if (o->user_freq || !a->sample_period) {
			a->freq = 1;
			a->sample_period = o->freq ? o->freq : RECORD_DEFAULT_FREQ;
		}
		if (o->no_samples)	/* as perf: the frequency mode stays, at 0 */
			a->sample_period = 0;
		/* as perf: a fixed period is in the attr, a varying one in each
		 * sample (or everywhere with -P) */
		if (a->freq || o->sample_period)
			a->sample_type |= PERF_SAMPLE_PERIOD;
		/* :P: the most precise the PMU takes, tried from 3 down on open */
		if (e->precise_max)
			a->precise_ip = 3;
		/* as perf, these override the events' own modifiers */
		if (o->all_user) {
			a->exclude_kernel = 1;
			a->exclude_user = 0;
		}
		if (o->all_kernel) {
			a->exclude_kernel = 0;
			a->exclude_user = 1;
		}
		a->disabled = evsel__is_leader(e);
		a->inherit = !o->no_inherit;
		a->sample_id_all = 1;
		a->enable_on_exec = o->enable_on_exec && evsel__is_leader(e) && !o->tracking_dummy;
		if (o->tracking_dummy && i == evlist->nr - 1)
			configure_tracking_dummy(a, o);
		if (i == (o->tracking_dummy ? evlist->nr - 1 : 0)) {
			a->mmap = a->comm = a->task = 1;
			a->mmap2 = a->comm_exec = 1;
			a->mmap_data = o->dwarf_stack || o->sample_addr;
			a->context_switch = o->switch_events;
			a->namespaces = o->namespaces;
			a->cgroup = o->cgroups;
			a->build_id = o->buildid_mmap;
		}
		apply_config_terms(e, o, i == (o->tracking_dummy ? evlist->nr - 1 : 0));
		configure_sample_read(e, own_period);
	}
	use_identifier_if_mixed(evlist, o->sample_identifier);
}


void record_attr__count_only(struct evlist *evlist)
{
	struct evsel *e;
	int i;

	evlist__for_each(evlist, e, i) {
		struct perf_event_attr *a = &e->attr;

		a->sample_period = 0;
		a->freq = 0;
		a->sample_type = 0;
		a->read_format = PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
		a->disabled = 0;
		a->inherit = 0;
		a->enable_on_exec = 0;
	}
}
