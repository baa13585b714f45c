// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "../base/util.h"
#include "../report/resolve.h"
#include "insn-fetch.h"
#include "script.h"

static int name_width(const struct perf_data *pd)
{
	int w = 0;

	for (size_t i = 0; i < pd->nr_evsels; i++)
		if ((int)strlen(pd->evsels[i]->name) > w)
			w = strlen(pd->evsels[i]->name);
	return w;
}

/* Checks need every event known: pipe mode declares them as it goes. */
static int check_events(struct script *s)
{
	script_print__set_events(&s->print, (const struct pd_evsel *const *)s->pd.evsels,
				 s->pd.nr_evsels);
	if (script_print__check_types(&s->print, (const struct pd_evsel *const *)s->pd.evsels,
				      s->pd.nr_evsels, &s->err))
		return -EINVAL;
	for (size_t i = 0; i < s->pd.nr_evsels; i++)
		if (script_print__check(&s->print, s->pd.evsels[i], &s->err))
			return -EINVAL;
	if (!s->trace && perf_data__has_feat(&s->pd, HEADER_TRACING_DATA))
		s->trace = trace_format__new(&s->pd);
	trace_format__name_evsels(s->trace, &s->pd);
	s->print.name_width = name_width(&s->pd);
	s->print.format_trace = s->trace ? trace_format__print : NULL;
	s->print.trace_ctx = s->trace;
	s->checked = true;
	return 0;
}

/* perf's al.filtered: the sample's thread, DSO or symbol is not asked for. */
static bool rejected(struct script *s, const struct perf_sample *smp)
{
	struct thread *t = machine__findnew_thread(&s->machine, (int32_t)smp->pid,
						   (int32_t)smp->tid);
	struct addr_location al;

	resolve_addr(&s->machine, t, smp->cpumode, smp->ip, &al);
	return sample_filter__rejects(&s->filter, t, t->comm, al.map ? al.map->dso : NULL,
				      al.sym, smp->ip, al.map != NULL);
}

/* -d: perf counts the samples that come before the one delivered ahead of
 * them (inside --time) and shows none */
static int check_order(struct script *s, const struct perf_sample *smp)
{
	if (time_ranges__skip(&s->filter.time, smp->time))
		return 0;
	if (smp->time < s->last_time) {
		fprintf(s->o->misordered_out, "Samples misordered, previous: %" PRIu64 " this: %" PRIu64 "\n",
			s->last_time, smp->time);
		s->nr_unordered++;
	}
	s->last_time = smp->time;
	return 0;
}

/* With a --guest* option perf shows a guest's samples, under the guest
 * machine's threads: perf-mini keeps no guest machines. */
static int refuse_guest(struct script *s, const struct perf_sample *smp)
{
	strbuf_addf(&s->err, "%s: %s holds guest samples (the first at %" PRIu64 ".%09" PRIu64
		    "), which perf-mini does not show\nhint: drop %s to leave them out, or use "
		    "perf script", s->o->guest_opt, s->pd.path, smp->time / 1000000000,
		    smp->time % 1000000000, s->o->guest_opt);
	s->refused = true;
	return -ENOTSUP;
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *smp,
		     struct pd_evsel *evsel, const char *note)
{
	struct script *s = ctx;

	(void)ev;
	if (!s->checked && check_events(s))
		return -EINVAL;
	if (s->o->debug_mode)
		return check_order(s, smp);
	if (cpumode_is_guest(smp->cpumode) && s->o->guest_opt)
		return refuse_guest(s, smp);
	/* --graph-function starts at a decoded call into the function: a
	 * sampled event has no branch flags, perf shows none of them */
	if (s->o->graph_function)
		return 0;
	if (cpumode_is_guest(smp->cpumode) || sample_filter__skip(&s->filter, smp->time, smp->cpu) ||
	    evswitch__discard(&s->evswitch, evsel))
		return 0;
	if (sample_filter__by_location(&s->filter) && rejected(s, smp))
		return 0;
	if (s->o->dump_raw) {
		script_print__flush(&s->print, stdout);
		resolve_dump_sample(&s->machine, smp, stdout);
	}
	if (s->o->per_event_dump)
		script_dumps__before(&s->print, stdout);
	script_print__sample(&s->print, &s->machine, smp, evsel, note, stdout);
	if (s->o->per_event_dump)
		return script_dumps__after(&s->dumps, &s->print, evsel, &s->err);
	return 0;
}

/* -D: each record as perf shows it when delivered, between the lines */
static void on_dump(void *ctx, const struct pm_event_header *ev, uint64_t off)
{
	struct script *s = ctx;

	script_print__flush(&s->print, stdout);
	perf_data__dump_record(&s->pd, &s->dump, ev, off, stdout, &dump_tool_script);
}

/* On the reading thread, once the events are checked (file mode): some
 * of the fields that need no symbols, all of them when the printing
 * thread is the slower one. */
static size_t prepare(void *ctx, const struct perf_sample *smp, const struct pd_evsel *evsel,
		      char *note, size_t size, bool behind)
{
	struct script *s = ctx;

	return script_print__prepare(&s->reader.print, smp, evsel, &s->reader.line, note, size,
				     behind);
}

/* --show-*-events: the record as perf prints it, unless -C leaves its CPU out. */
static void show_event(struct script *s, const struct pm_event_header *ev,
		       const struct perf_sample *smp)
{
	struct pd_evsel *e = perf_data__evsel_of(&s->pd, ev);
	struct perf_sample shown = *smp;
	int32_t pid, tid;

	if (!e || ev->type >= 64 || !(s->o->show & (1ULL << ev->type)))
		return;
	script_print__event_sample(ev, e, &shown, &pid, &tid);
	if (s->filter.cpus && shown.cpu != (uint32_t)-1 &&
	    sample_filter__skip(&s->filter, 0, shown.cpu))
		return;
	script_print__event(&s->print, tid != -1 ? machine__findnew_thread(&s->machine, pid, tid) :
						   NULL, ev, &shown, e, stdout);
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *smp)
{
	struct script *s = ctx;

	if (!s->checked && check_events(s))
		return -EINVAL;
	if (ev->type == PERF_RECORD_TEXT_POKE && (s->o->show & 1ULL << PERF_RECORD_TEXT_POKE)) {
		/* perf prints the poked bytes with the kernel symbol poked */
		strbuf_addf(&s->err, "--show-text-poke-events: %s holds TEXT_POKE records, "
			    "which perf-mini does not print\nhint: drop --show-text-poke-events, "
			    "or use perf script", s->pd.path);
		s->refused = true;
		return -ENOTSUP;
	}
	if (ev->type == PERF_RECORD_EXIT)	/* shown while the thread is there */
		show_event(s, ev, smp);
	machine__process_event(&s->machine, ev);
	if (ev->type != PERF_RECORD_EXIT)
		show_event(s, ev, smp);
	return 0;
}

/* perf's FINISHED_ROUND line, in file order (--show-round-events). */
static int on_user_record(void *ctx, const struct pm_event_header *ev)
{
	struct script *s = ctx;

	if (ev->type == PERF_RECORD_FINISHED_ROUND)
		script_print__event(&s->print, NULL, ev, NULL, NULL, stdout);
	return 0;
}

static int setup_filter(struct script *s)
{
	if (sample_filter__setup(&s->filter, s->o->cpu_list, s->o->time_str, &s->pd,
				 s->o->reltime, &s->err) ||
	    evswitch__setup(&s->evswitch, &s->pd, s->o->switch_on, s->o->switch_off,
			    s->o->show_on_off, &s->err))
		return -EINVAL;
	if (s->filter.cpus && !s->pd.pipe && !perf_data__has_sample_bit(&s->pd, PERF_SAMPLE_CPU)) {
		strbuf_addf(&s->err, "-C: %s has no sample CPUs (recorded without -a, -C or "
			    "--sample-cpu)\nhint: drop -C", s->pd.path);
		return -EINVAL;
	}
	return 0;
}

/* as perf: rounds in the file's order, where they stand */
static bool unordered(const struct script *s)
{
	return s->o->show_rounds || s->o->dump_unsorted || perf_data__unordered(&s->pd);
}

int script__setup_print(struct script *s)
{
	const struct script_opts *o = s->o;
	struct script_print *p = &s->print;

	p->time_mode = o->reltime ? SCRIPT_TIME_REL : o->deltatime ? SCRIPT_TIME_DELTA :
		       SCRIPT_TIME_ABS;
	p->nanosecs = o->nanosecs;
	p->show_kernel_path = o->show_kernel_path;
	p->dso_pad = o->dso_pad;
	p->latency = o->latency;
	p->no_callchain = o->hide_callchain;
	p->max_stack = o->max_stack;
	p->stop_bt = o->stop_bt;
	p->max_blocks = o->max_blocks;
	p->inlines = o->inline_frames ? &s->srclines : NULL;	/* perf's default */
	p->srclines = &s->srclines;
	s->srclines.full_path = o->full_source_path;
	p->srccode_lines = &s->srccode_lines;
	s->srccode_lines.full_path = true;
	p->srccode = &s->srccode;
	p->has_clock = s->pd.feat.has_clock_data;
	p->tod_ns = s->pd.feat.clock_tod_ns;
	p->clockid_ns = s->pd.feat.clock_clockid_ns;
	p->arch = arch__by_machine(s->pd.feat.arch);	/* NULL: the host's */
	p->insns = insn_fetch__new(s->pd.feat.arch);
	return script_print__check_fields(p, &s->err) ? -EINVAL : 0;
}

int script__setup(struct script *s)
{
	struct dsos_config cfg = {
		.symfs = s->o->symfs, .kallsyms = s->o->kallsyms, .vmlinux = s->o->vmlinux,
		.no_demangle = !s->o->demangle, .demangle_kernel = s->o->demangle_kernel,
		.verbose = s->o->verbose_out,
	};

	if (setup_filter(s))
		return -EINVAL;
	machine__init(&s->machine, &cfg);
	machine__apply_build_ids(&s->machine, &s->pd.feat);
	/* as perf: in file order no tool of its takes a round's end */
	s->dump.unordered = s->o->dump_unsorted;
	if (s->o->dump_raw && !s->o->show_rounds && !s->o->dump_unsorted && unordered(s))
		puts("WARNING: No sample_id_all support, falling back to unordered processing");
	if (s->pd.pipe || s->o->dump_raw)
		return 0;
	/* every event is known: check before reading on */
	if (check_events(s))
		return -EINVAL;
	s->reader.print = s->print;	/* settings only: its line stays unused */
	return 0;
}

int script__process(struct script *s, struct session_stats *stats)
{
	struct session_tool tool = {
		.sample = on_sample, .event = on_event, .ctx = s, .unordered = unordered(s),
		.user = s->o->show_rounds ? on_user_record : NULL,
	};
	int ret;

	if (s->o->dump_raw)	/* one thread: the dump and the lines in order */
		tool.dump = on_dump;
	else
		tool.pipelined = true;
	/* events checked before reading: the reading thread formats some of
	 * each line, but times counted from other lines are the printing
	 * thread's */
	if (s->checked && s->print.time_mode == SCRIPT_TIME_ABS)
		tool.prepare = prepare;
	s->dumps.input = s->o->input;
	ret = session__process(&s->pd, &tool, stats, &s->err);
	script_print__flush(&s->print, stdout);
	if (s->o->per_event_dump && script_dumps__close(&s->dumps) && !ret) {
		strbuf_addstr(&s->err, "--per-event-dump: a file could not be written in full");
		ret = -EIO;
	}
	return ret;
}

void script__exit(struct script *s)
{
	trace_format__delete(s->trace);
	sample_filter__exit(&s->filter);
	srclines__exit(&s->srclines);
	srclines__exit(&s->srccode_lines);
	srccode__exit(&s->srccode);
	insn_fetch__delete(s->print.insns);
	machine__exit(&s->machine);
	perf_data__close(&s->pd);
	strbuf_release(&s->err);
	strbuf_release(&s->reader.line);
}
