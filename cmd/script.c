// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini script: every sample of a perf.data as one line (or a line
 * and its callchain), in perf script's exact layout.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/script/script.h"

#define SCRIPT_NR_OPTIONS 67

static const char *const script_usage[] = {
	"perf-mini script [<options>]",
	NULL,
};

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
	fputs(warn.buf, stderr);
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
	{ .type = OPTION_CALLBACK, .long_name = "show-" name "-events", .value = &o->show, \
	  .help = (h), .callback = show_events_option, .flags = PARSE_OPT_NOARG, \
	  .data = (void *)(uintptr_t)(types) }
#define BIT(type) (1ULL << PERF_RECORD_##type)

/* perf's --call-trace, --call-ret-trace and --insn-trace: each an -F, --ns
 * and --itrace in one (builtin-script.c's parse_call_trace & co.) */
struct itrace_shorthand {
	const char *name, *fields, *itrace;
	int dso_pad;	/* perf's pad_output_len_dso */
};

static const struct itrace_shorthand call_trace = {
	"--call-trace", "-ip,-addr,-event,-period,+callindent", "cewp", 50 };
static const struct itrace_shorthand call_ret_trace = {
	"--call-ret-trace", "-ip,-addr,-event,-period,+callindent,+flags", "crewp", 0 };
static const struct itrace_shorthand insn_trace = {
	"--insn-trace", "+insn,-event,-period", "i0nse", 0 };

static int itrace_shorthand_option(const struct option *opt, const char *arg, int unset,
				   struct strbuf *err)
{
	const struct itrace_shorthand *sh = opt->data;
	struct script_opts *o = opt->value;

	(void)unset;	/* perf's callbacks do the same for --no-call-trace */
	if (sh == &insn_trace && arg && *arg && strcmp(arg, "raw")) {
		/* perf 6.1 offers disasm and then has no such field */
		strbuf_addf(err, !strcmp(arg, "disasm") ?
			    "--insn-trace=%s: perf 6.1 has no disasm field (Invalid field requested)"
			    "\nhint: --insn-trace prints the raw bytes" :
			    "--insn-trace=%s: only raw or disasm\nhint: --insn-trace=raw", arg);
		return -1;
	}
	if (add_fields_option(&(struct option){ .value = o }, sh->fields, 0, err))
		return -1;
	o->itrace = sh->itrace;
	o->itrace_by = sh->name;
	o->nanosecs = true;
	if (sh->dso_pad)
		o->dso_pad = sh->dso_pad;
	return 0;
}

#define OPT_ITRACE_SHORTHAND(name, sh, arg_help, h) \
	{ .type = OPTION_CALLBACK, .long_name = (name), .value = o, .argh = (arg_help), \
	  .help = (h), .callback = itrace_shorthand_option, .flags = PARSE_OPT_OPTARG, \
	  .data = (void *)&(sh) }

static int script_spec_option(const struct option *opt, const char *arg, int unset,
			      struct strbuf *err)
{
	(void)unset;
	*(const char **)opt->value = arg;
	return script__check_script_spec(arg, err);
}

static int dlarg_option(const struct option *opt, const char *arg, int unset,
			struct strbuf *err)
{
	struct script_opts *o = opt->value;

	(void)unset;
	if (o->nr_dlargs == SCRIPT_MAX_DLARGS) {
		strbuf_addf(err, "--dlarg given more than %d times", SCRIPT_MAX_DLARGS);
		return -1;
	}
	o->dlargs[o->nr_dlargs++] = arg;
	return 0;
}

static int set_flag_option(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err)
{
	(void)arg;
	(void)err;
	*(bool *)opt->value = !unset;
	return 0;
}

/* perf shows guest samples once any of these is given (perf_guest) */
static const char *guest_option(const char *const guest[4], bool guest_code)
{
	static const char *const names[] = { "--guestmount", "--guestvmlinux",
					     "--guestkallsyms", "--guestmodules" };

	for (int i = 0; i < 4; i++)
		if (guest[i])
			return names[i];
	return guest_code ? "--guest-code" : NULL;
}

/* what perf exits with: a refusal -1 (255), otherwise its errno's low byte */
static int refusal_status(int err)
{
	return err == -ENOTSUP ? 255 : (unsigned char)err;
}

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

/* The file opened, its header and the run: the exit status. */
static int run(struct script *s)
{
	struct session_stats stats;
	int ret;

	if (perf_data__open(&s->pd, s->o->input, &s->err) ||
	    (!s->o->itrace_by && cmd_check_itrace(&s->pd, s->o->itrace, &s->err)))
		return 1;
	ret = script__check_opts(s);
	if (s->warn_stitch_lbr)	/* perf's, before it goes on */
		fputs("Can't find LBR callchain. Switch off --stitch-lbr.\n"
		      "Please apply --call-graph lbr when recording.\n", stderr);
	if (ret)
		return refusal_status(ret);
	if (script__setup_print(s))
		return 129;
	if (s->o->header || s->o->header_only)
		cmd_print_header("script", &s->pd, s->o->header_only, s->o->show_info);
	if (s->o->header_only)
		return 0;
	if (script__setup(s))
		return 1;
	ret = script__process(s, &stats);
	fflush(stdout);	/* the lines read come before what cut them short */
	cmd_warn_lost(&stats);
	cmd_warn_kernel("script", &s->machine);
	cmd_warn_data("script", &s->pd, stats.nr_events[PERF_RECORD_SAMPLE]);
	if (s->o->debug_mode)
		fprintf(stderr, "Misordered timestamps: %" PRIu64 "\n", s->nr_unordered);
	return ret ? s->refused ? 255 : 1 : 0;
}

/* script's option table, into @table; @guest: the guest options' paths */
static const struct option *script_options(struct script *s, const char **guest,
					   bool *guest_code,
					   struct option table[SCRIPT_NR_OPTIONS])
{
	struct script_opts *o = s->o;
	const struct option options[] = {
		OPT_STRING('i', "input", &o->input, "file", "input file name"),
		OPT_CALLBACK('F', "fields", o, "str",
			     "comma separated output fields ([type:], +f/-f: change the defaults; "
			     "types hw,sw,trace,raw,break): comm,pid,tid,cpu,time,period,event,ip,"
			     "sym,symoff,dso,addr,trace,data_src,weight,ins_lat,phys_addr,"
			     "data_page_size,code_page_size,brstack,brstacksym,brstackoff,...,"
			     "brstackinsn,brstackinsnlen",
			     add_fields_option),
		OPT_BOOLEAN('G', "hide-call-graph", &o->hide_callchain,
			    "When printing symbols do not display call chain"),
		OPT_UINTEGER(0, "max-stack", &o->max_stack,
			     "Set the maximum stack depth when parsing the callchain"),
		OPT_STRING(0, "stop-bt", &o->stop_bt, "symbol[,symbol...]",
			   "Stop display of callgraph at these symbols"),
		OPT_UINTEGER(0, "max-blocks", &o->max_blocks,
			     "Maximum number of code blocks to dump with brstackinsn"),
		OPT_BOOLEAN(0, "full-source-path", &o->full_source_path,
			    "Show full source file name path for source lines"),
		OPT_CALLBACK_NOOPT(0, "inline", &o->inline_frames,
				   "Show inline function (dwarf callchains; the default)",
				   cmd_opt_tristate),
		OPT_BOOLEAN('D', "dump-raw-trace", &o->dump_raw, "dump raw trace in ASCII"),
		OPT_BOOLEAN(0, "dump-unsorted-raw-trace", &o->dump_unsorted,
			    "dump unsorted raw trace in ASCII"),
		OPT_STRING(0, "symfs", &o->symfs, "directory",
			   "Look for files with symbols relative to this directory"),
		OPT_INCR('v', "verbose", &o->verbose,
			 "be more verbose (say where each object's symbols came from)"),
		OPT_STRING(0, "kallsyms", &o->kallsyms, "file", "kallsyms pathname"),
		OPT_STRING('k', "vmlinux", &o->vmlinux, "file", "vmlinux pathname"),
		OPT_BOOLEAN(0, "demangle", &o->demangle, "Enable symbol demangling"),
		OPT_BOOLEAN(0, "demangle-kernel", &o->demangle_kernel,
			    "Enable kernel symbol demangling"),
		OPT_STRING('c', "comms", &s->filter.comms, "comm[,comm...]",
			   "only display events for these comms"),
		OPT_STRING(0, "pid", &s->filter.pids, "pid[,pid...]",
			   "only consider symbols in these pids"),
		OPT_STRING(0, "tid", &s->filter.tids, "tid[,tid...]",
			   "only consider symbols in these tids"),
		OPT_STRING('S', "symbols", &s->filter.symbols, "symbol[,symbol...]",
			   "only consider these symbols"),
		OPT_STRING(0, "dsos", &s->filter.dsos, "dso[,dso...]",
			   "only consider symbols in these DSOs"),
		OPT_STRING('C', "cpu", &o->cpu_list, "cpu", "list of cpus to profile"),
		OPT_EVSWITCH(&o->switch_on, &o->switch_off, &o->show_on_off),
		OPT_STRING(0, "time", &o->time_str, "str",
			   "Time span of interest (start,stop), or percentages (10%/2, 0%-10%)"),
		OPT_BOOLEAN(0, "reltime", &o->reltime, "Show time stamps relative to start"),
		OPT_BOOLEAN(0, "deltatime", &o->deltatime,
			    "Show time stamps relative to previous event"),
		OPT_BOOLEAN(0, "ns", &o->nanosecs, "Use 9 decimal places when displaying time"),
		OPT_BOOLEAN('L', "Latency", &o->latency,
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
		OPT_BOOLEAN(0, "per-event-dump", &o->per_event_dump,
			    "Dump trace output to files named by the monitored events"),
		OPT_BOOLEAN(0, "show-round-events", &o->show_rounds,
			    "Show round events (if recorded), the records in file order"),
		OPT_BOOLEAN(0, "header", &o->header, "Show data header."),
		OPT_BOOLEAN(0, "header-only", &o->header_only, "Show only data header."),
		OPT_BOOLEAN('I', "show-info", &o->show_info,
			    "display extended information from perf.data file"),
		OPT_BOOLEAN('f', "force", &o->force, "don't complain, do it"),
		{ .type = OPTION_CALLBACK, .long_name = "itrace", .value = &o->itrace, .argh = "opts",
		  .help = "Instruction Tracing options (perf's; AUX traces are not decoded)",
		  .callback = cmd_itrace_option, .flags = PARSE_OPT_OPTARG },
		OPT_ITRACE_SHORTHAND("call-trace", call_trace, "...",
				     "Decode calls from itrace (-F -ip,-addr,-event,-period,"
				     "+callindent --ns)"),
		OPT_ITRACE_SHORTHAND("call-ret-trace", call_ret_trace, "...",
				     "Decode calls and returns from itrace (--call-trace's and "
				     "+flags)"),
		OPT_ITRACE_SHORTHAND("insn-trace", insn_trace, "raw|disasm",
				     "Decode instructions from itrace (-F +insn,-event,-period --ns)"),
		OPT_STRING(0, "graph-function", &o->graph_function, "symbol[,symbol...]",
			   "Only print symbols and callees with --call-trace/--call-ret-trace"),
		OPT_INTEGER(0, "addr-range", &o->addr_range,
			    "Use with -S to list traced records within address range"),
		OPT_BOOLEAN('d', "debug-mode", &o->debug_mode,
			    "do various checks like samples ordering and lost events"),
		OPT_BOOLEAN('a', "all-cpus", &o->all_cpus,
			    "system-wide collection from all CPUs (perf's record scripts only)"),
		OPT_BOOLEAN(0, "show-kernel-path", &o->show_kernel_path,
			    "Show the path of [kernel.kallsyms]"),
		OPT_SHOW_EVENTS("text-poke", BIT(TEXT_POKE),
				"Show text poke related events (if recorded)"),
		OPT_BOOLEAN(0, "stitch-lbr", &o->stitch_lbr,
			    "Enable LBR callgraph stitching approach (not LBR call stacks)"),
		OPT_STRING(0, "guestmount", &guest[0], "directory",
			   "guest mount directory under which every guest os instance has a subdir"),
		OPT_STRING(0, "guestvmlinux", &guest[1], "file", "file saving guest os vmlinux"),
		OPT_STRING(0, "guestkallsyms", &guest[2], "file",
			   "file saving guest os /proc/kallsyms"),
		OPT_STRING(0, "guestmodules", &guest[3], "file", "file saving guest os /proc/modules"),
		OPT_BOOLEAN(0, "guest-code", guest_code,
			    "Guest code can be found in hypervisor process"),
		OPT_CALLBACK_NOOPT('l', "list", &o->list_scripts,
				   "list available scripts (perf-mini has none)", set_flag_option),
		OPT_CALLBACK('s', "script", &o->script_name, "name",
			     "script file name (lang:script name, script name): not run by perf-mini",
			     script_spec_option),
		OPT_STRING('g', "gen-script", &o->gen_script, "lang",
			   "generate perf-script.xx script in specified language (not in perf-mini)"),
		OPT_STRING(0, "dlfilter", &o->dlfilter, "file", "filter .so file name (not loaded)"),
		OPT_CALLBACK(0, "dlarg", o, "argument", "filter argument", dlarg_option),
		OPT_CALLBACK_NOOPT(0, "list-dlfilters", &o->list_dlfilters,
				   "list available dlfilters (perf-mini loads none)", set_flag_option),
		{ .type = OPTION_CALLBACK, .long_name = "xed", .value = &o->xed,
		  .help = "Run xed disassembler on output (not in perf-mini)",
		  .callback = set_flag_option, .flags = PARSE_OPT_OPTARG },
		OPT_END(),
	};

	BUILD_BUG_ON(sizeof(options) != SCRIPT_NR_OPTIONS * sizeof(*table));
	memcpy(table, options, sizeof(options));
	return table;
}

int cmd_script(int argc, const char **argv, struct pm_env *env)
{
	struct script_opts o = { .inline_frames = -1, .demangle = true };
	struct script s = { .o = &o, .err = STRBUF_INIT, .print.line = STRBUF_INIT,
			    .reader.line = STRBUF_INIT };
	const char *guest[4] = { NULL };
	bool guest_code = false;
	struct option options[SCRIPT_NR_OPTIONS];
	struct strbuf msg = STRBUF_INIT;
	int ret;

	(void)env;
	ret = parse_options(argc, argv, script_options(&s, guest, &guest_code, options),
			    script_usage, 0, &msg);
	perf_data__trust_any_owner(o.force);
	o.verbose_out = o.verbose > 0 ? stderr : NULL;
	o.misordered_out = stderr;	/* -d: as perf's pr_err */
	o.dump_raw |= o.dump_unsorted;
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
	} else if (o.script_name && !strcmp(o.script_name, "lang")) {
		/* perf's list of its script languages: perf-mini has none */
		printf("Scripting language extensions (used in perf-mini script -s "
		       "[spec:]script.[spec]):\n\n");
		ret = 0;
	} else if ((ret = script__check_early(&o, &s.err))) {
		ret = refusal_status(ret);
	} else if (cmd_check_vmlinux(o.vmlinux, &s.err)) {
		ret = 255;	/* as perf script */
	} else {
		if (!o.input)
			o.input = cmd_default_input();
		o.guest_opt = guest_option(guest, guest_code);
		s.filter.addr_range = o.addr_range;
		ret = run(&s);
	}
	if (s.err.len)
		cmd_error("script", s.err.buf);
	script__exit(&s);
	strbuf_release(&msg);
	return ret;
}
