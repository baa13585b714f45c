// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini script: every sample of a perf.data as one line (or a line
 * and its callchain), in perf script's exact layout.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "script-dump.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/data/dump.h"
#include "../util/data/perf-data.h"
#include "../util/data/session.h"
#include "../util/data/header-print.h"
#include "../util/report/resolve.h"
#include "../util/report/evswitch.h"
#include "../util/report/sample-filter.h"
#include "../util/events/pmu-arch.h"
#include "../util/report/script-print.h"
#include "../util/report/trace-format.h"
#include "../util/symbols/machine.h"
#include "../util/symbols/srccode.h"

static const char *const script_usage[] = {
	"perf-mini script [<options>]",
	NULL,
};

#define MAX_FIELD_SPECS 8

struct script_opts {
	const char *input, *symfs, *kallsyms, *vmlinux;
	const char *fields[MAX_FIELD_SPECS];	/* each -F, in order */
	int nr_fields;
	const char *cpu_list, *time_str;	/* -C, --time */
	const char *switch_on, *switch_off;	/* --switch-on/off EVENT */
	bool full_source_path;			/* srclines with the whole path */
	bool show_on_off;
	uint64_t show;		/* --show-*-events: a bit per kernel record type */
	bool show_rounds;	/* --show-round-events */
	bool per_event_dump;	/* --per-event-dump: <input>.<event>.dump files */
	bool reltime, deltatime, nanosecs, latency;
	bool header, header_only, force;
	bool show_info;		/* -I: the topology features' details in the header */
	bool dump_raw, hide_callchain;
	bool demangle, demangle_kernel;	/* --[no-]demangle, --demangle-kernel */
	int inline_frames;	/* --[no-]inline, -1 when not given */
	unsigned int max_stack;
};

struct script {
	struct script_opts *o;
	struct perf_data pd;
	struct sample_filter filter;
	struct evswitch evswitch;	/* --switch-on/off */
	struct machine machine;
	struct script_print print;
	struct trace_format *trace;
	bool checked;
	struct strbuf err;
	struct srclines srclines;	/* --inline lookups */
	struct srclines srccode_lines;	/* -F srccode: whole paths */
	struct srccode srccode;
	struct script_dumps dumps;	/* --per-event-dump */
	struct dump_state dump;		/* -D: records shown as delivered */
	/* The reading thread's own: a snapshot of print's settings and a
	 * scratch buffer, on cache lines the printing thread never writes
	 * (sharing print's line with its buffer cost up to a third). */
	struct {
		_Alignas(64) struct script_print print;
		struct strbuf line;
	} reader;
};

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

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *smp,
		     struct pd_evsel *evsel, const char *note)
{
	struct script *s = ctx;

	(void)ev;
	if (!s->checked && check_events(s))
		return -EINVAL;
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
	perf_data__dump_record(&s->pd, &s->dump, ev, off, stdout, false);
}

/* On the reading thread, once the events are checked (file mode): the
 * fields that need no symbols, so that the printing thread, the slower
 * of the two, has less to do. */
static size_t prepare(void *ctx, const struct perf_sample *smp, const struct pd_evsel *evsel,
		      char *note, size_t size)
{
	struct script *s = ctx;

	return script_print__prepare(&s->reader.print, smp, evsel, &s->reader.line, note, size);
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

static int run_script(struct script *s)
{
	struct dsos_config cfg = {
		.symfs = s->o->symfs, .kallsyms = s->o->kallsyms, .vmlinux = s->o->vmlinux,
		.no_demangle = !s->o->demangle, .demangle_kernel = s->o->demangle_kernel,
	};
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = s,
				     .pipelined = true };
	struct session_stats stats;
	int ret;

	if (perf_data__open(&s->pd, s->o->input, &s->err))
		return 1;
	s->print.has_clock = s->pd.feat.has_clock_data;
	s->print.tod_ns = s->pd.feat.clock_tod_ns;
	s->print.clockid_ns = s->pd.feat.clock_clockid_ns;
	s->print.arch = arch__by_machine(s->pd.feat.arch);	/* NULL: the host's */
	if (script_print__check_fields(&s->print, &s->err))
		return 129;
	if (s->o->header || s->o->header_only)
		cmd_print_header("script", &s->pd, s->o->header_only, s->o->show_info);
	if (s->o->header_only)
		return 0;
	if (s->o->dump_raw) {	/* one thread: the dump and the lines in order */
		tool.dump = on_dump;
		tool.pipelined = false;
	}
	if (setup_filter(s))
		return 1;
	machine__init(&s->machine, &cfg);
	machine__apply_build_ids(&s->machine, &s->pd.feat);
	/* as perf: rounds in the file's order, where they stand */
	tool.unordered = s->o->show_rounds || perf_data__unordered(&s->pd);
	if (s->o->dump_raw && perf_data__unordered(&s->pd))
		puts("WARNING: No sample_id_all support, falling back to unordered processing");
	tool.user = s->o->show_rounds ? on_user_record : NULL;
	if (!s->pd.pipe && !s->o->dump_raw) {	/* every event is known: check before reading on */
		if (check_events(s))
			return 1;
		s->reader.print = s->print;	/* settings only: its line stays unused */
		/* times counted from other lines are the printing thread's */
		tool.prepare = s->print.time_mode == SCRIPT_TIME_ABS ? prepare : NULL;
	}
	s->dumps.input = s->o->input;
	ret = session__process(&s->pd, &tool, &stats, &s->err);
	script_print__flush(&s->print, stdout);
	if (s->o->per_event_dump && script_dumps__close(&s->dumps) && !ret) {
		strbuf_addstr(&s->err, "--per-event-dump: a file could not be written in full");
		ret = -EIO;
	}
	fflush(stdout);	/* the lines read come before what cut them short */
	cmd_warn_lost(&stats);
	cmd_warn_kernel("script", &s->machine);
	cmd_warn_data("script", &s->pd, stats.nr_events[PERF_RECORD_SAMPLE]);
	return ret ? 1 : 0;
}

static int add_fields_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	struct script_opts *o = opt->value;

	if (unset) {
		o->nr_fields = 0;
		return 0;
	}
	if (o->nr_fields == MAX_FIELD_SPECS) {
		strbuf_addf(err, "-F given more than %d times", MAX_FIELD_SPECS);
		return -1;
	}
	o->fields[o->nr_fields++] = arg;
	return 0;
}

static int parse_field_specs(const struct script_opts *o, struct script_print *p,
			     struct strbuf *err)
{
	struct strbuf warn = STRBUF_INIT;
	int ret = 0;

	for (int i = 0; i < o->nr_fields && !ret; i++)
		ret = script_print__parse_fields(p, o->fields[i], &warn, err);
	if (warn.len)
		fprintf(stderr, "Warning: %s", warn.buf);
	strbuf_release(&warn);
	return ret;
}

static int show_events_option(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err)
{
	uint64_t *show = opt->value, types = (uint64_t)(uintptr_t)opt->data;

	(void)arg;
	(void)err;
	*show = unset ? *show & ~types : *show | types;
	return 0;
}

/* --show-NAME-events: the records of @types (bits of PERF_RECORD_ types) */
#define OPT_SHOW_EVENTS(name, types, h) \
	{ .type = OPTION_CALLBACK, .long_name = "show-" name "-events", .value = &o.show, \
	  .help = (h), .callback = show_events_option, .flags = PARSE_OPT_NOARG, \
	  .data = (void *)(uintptr_t)(types) }
#define BIT(type) (1ULL << PERF_RECORD_##type)

static int check_time_options(const struct script_opts *o, struct strbuf *err)
{
	if (o->reltime && o->deltatime) {
		strbuf_addstr(err, "--reltime and --deltatime cannot be used together\n"
			      "hint: times from the first event (--reltime) or from the one "
			      "before (--deltatime), one of them");
		return -EINVAL;
	}
	return sample_filter__check_args(o->cpu_list, o->time_str, err);
}

int cmd_script(int argc, const char **argv, struct pm_env *env)
{
	struct script_opts o = { .inline_frames = -1, .demangle = true };
	struct script s = { .o = &o, .err = STRBUF_INIT, .print.line = STRBUF_INIT,
			    .reader.line = STRBUF_INIT };
	const struct option options[] = {
		OPT_STRING('i', "input", &o.input, "file", "input file name"),
		OPT_CALLBACK('F', "fields", &o, "str",
			     "comma separated output fields ([type:], +f/-f: change the defaults; "
			     "types hw,sw,trace,raw,break): comm,pid,tid,cpu,time,period,event,ip,"
			     "sym,symoff,dso,addr,trace,data_src,weight,ins_lat,phys_addr,"
			     "data_page_size,code_page_size,brstack,brstacksym,brstackoff",
			     add_fields_option),
		OPT_BOOLEAN('G', "hide-call-graph", &o.hide_callchain,
			    "When printing symbols do not display call chain"),
		OPT_UINTEGER(0, "max-stack", &o.max_stack,
			     "Set the maximum stack depth when parsing the callchain"),
		OPT_BOOLEAN(0, "full-source-path", &o.full_source_path,
			    "Show full source file name path for source lines"),
		OPT_CALLBACK_NOOPT(0, "inline", &o.inline_frames,
				   "Show inline function (dwarf callchains; the default)",
				   cmd_opt_tristate),
		OPT_BOOLEAN('D', "dump-raw-trace", &o.dump_raw, "dump raw trace in ASCII"),
		OPT_STRING(0, "symfs", &o.symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_STRING(0, "kallsyms", &o.kallsyms, "file", "kallsyms pathname"),
		OPT_STRING('k', "vmlinux", &o.vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "demangle", &o.demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &o.demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_STRING('c', "comms", &s.filter.comms, "comm[,comm...]",
			   "only display events for these comms"),
		OPT_STRING(0, "pid", &s.filter.pids, "pid[,pid...]",
			   "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &s.filter.tids, "tid[,tid...]",
			   "only consider symbols in these tids"),
		OPT_STRING('S', "symbols", &s.filter.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "dsos", &s.filter.dsos, "dso[,dso...]",
			   "only consider symbols in these DSOs"),
		OPT_STRING('C', "cpu", &o.cpu_list, "cpu", "list of cpus to profile"),
		OPT_EVSWITCH(&o.switch_on, &o.switch_off, &o.show_on_off),
		OPT_STRING(0, "time", &o.time_str, "str",
			   "Time span of interest (start,stop), or percentages (10%/2, 0%-10%)"),
		OPT_BOOLEAN(0, "reltime", &o.reltime, "Show time stamps relative to start"),
		OPT_BOOLEAN(0, "deltatime", &o.deltatime,
			    "Show time stamps relative to previous event"),
		OPT_BOOLEAN(0, "ns", &o.nanosecs, "Use 9 decimal places when displaying time"),
		OPT_BOOLEAN('L', "Latency", &o.latency,
			    "show latency attributes (irqs/preemption disabled, etc)"),
		OPT_SHOW_EVENTS("task", BIT(COMM) | BIT(FORK) | BIT(EXIT),
				"Show the fork/comm/exit events"),
		OPT_SHOW_EVENTS("mmap", BIT(MMAP) | BIT(MMAP2), "Show the mmap events"),
		OPT_SHOW_EVENTS("switch", BIT(SWITCH) | BIT(SWITCH_CPU_WIDE),
				"Show context switch events (if recorded)"),
		OPT_SHOW_EVENTS("namespace", BIT(NAMESPACES), "Show namespace events (if recorded)"),
		OPT_SHOW_EVENTS("cgroup", BIT(CGROUP), "Show cgroup events (if recorded)"),
		OPT_SHOW_EVENTS("lost", BIT(LOST), "Show lost events (if recorded)"),
		OPT_SHOW_EVENTS("bpf", BIT(KSYMBOL) | BIT(BPF_EVENT), "Show bpf related events"),
		OPT_BOOLEAN(0, "per-event-dump", &o.per_event_dump,
			    "Dump trace output to files named by the monitored events"),
		OPT_BOOLEAN(0, "show-round-events", &o.show_rounds,
			    "Show round events (if recorded), the records in file order"),
		OPT_BOOLEAN(0, "header", &o.header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &o.header_only, "Show only data header."),
		OPT_BOOLEAN('I', "show-info", &o.show_info,
			    "display extended information from perf.data file"),
		OPT_BOOLEAN('f', "force", &o.force, "don't complain, do it"),
		OPT_END(),
	};
	struct strbuf msg = STRBUF_INIT;
	int ret;

	(void)env;
	ret = parse_options(argc, argv, options, script_usage, 0, &msg);
	if (ret < 0) {
		ret = cmd_usage_result(ret, msg.buf);
		strbuf_release(&msg);
		return ret;
	}
	if (ret > 0) {
		strbuf_addf(&s.err, "unexpected argument '%s'\nhint: name the input with -i",
			    argv[0]);
		ret = 129;
	} else if (parse_field_specs(&o, &s.print, &s.err) || check_time_options(&o, &s.err)) {
		ret = 129;
	} else {
		s.print.time_mode = o.reltime ? SCRIPT_TIME_REL :
				    o.deltatime ? SCRIPT_TIME_DELTA : SCRIPT_TIME_ABS;
		s.print.nanosecs = o.nanosecs;
		s.print.latency = o.latency;
		s.print.no_callchain = o.hide_callchain;
		s.print.max_stack = o.max_stack;
		s.print.inlines = o.inline_frames ? &s.srclines : NULL;	/* perf's default */
		s.print.srclines = &s.srclines;
		s.srclines.full_path = o.full_source_path;
		s.print.srccode_lines = &s.srccode_lines;
		s.srccode_lines.full_path = true;
		s.print.srccode = &s.srccode;
		if (!o.input)
			o.input = cmd_default_input();
		ret = run_script(&s);
	}
	if (s.err.len)
		cmd_error("script", s.err.buf);
	trace_format__delete(s.trace);
	sample_filter__exit(&s.filter);
	srclines__exit(&s.srclines);
	srclines__exit(&s.srccode_lines);
	srccode__exit(&s.srccode);
	machine__exit(&s.machine);
	perf_data__close(&s.pd);
	strbuf_release(&s.err);
	strbuf_release(&s.reader.line);
	strbuf_release(&msg);
	return ret;
}
