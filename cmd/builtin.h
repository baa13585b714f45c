/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_BUILTIN_H
#define PM_BUILTIN_H

/*
 * The subcommands of perf-mini. Adding one takes these steps:
 *
 *  1. Write cmd/<name>.c with
 *        int cmd_<name>(int argc, const char **argv, struct pm_env *env);
 *     declaring its options as a table (util/base/parse-options.h), parsing
 *     them, checking their combinations and wiring: the work (run loops,
 *     reading, output) lives in util/, in the folder of its concern, so
 *     that the command stays one file (a sub-command may have its own,
 *     as cmd/stat-report.c). It returns the process exit status (129 for
 *     a usage error, as perf).
 *  2. Declare it below and add { "<name>", cmd_<name>, "<one line>" } to
 *     the commands[] table in perf-mini.c (kept in alphabetical order);
 *     the Makefile builds every cmd/ file and every file of the util/
 *     folders it names (a new folder goes into its DATA_SRCS, and into
 *     tests/helpers/lint-layers.sh at its level).
 *  3. Write Documentation/perf-mini-<name>.txt (NAME, SYNOPSIS, DESCRIPTION,
 *     OPTIONS, EXAMPLES, EXIT STATUS, SEE ALSO) naming every option of the
 *     table, and name each new file in Documentation/internals.txt;
 *     tests/cli/t9000-docs-lint.sh checks both.
 *  4. Add tests/cli/tNNNN-<name>-*.sh end-to-end tests, including every
 *     error a user can hit (and tests/oracle/ ones where perf can compare).
 */
#include <stdint.h>

#include "../util/base/pm-env.h"
#include "../util/base/strbuf.h"

int cmd_annotate(int argc, const char **argv, struct pm_env *env);
int cmd_archive(int argc, const char **argv, struct pm_env *env);
int cmd_buildid_list(int argc, const char **argv, struct pm_env *env);
int cmd_data(int argc, const char **argv, struct pm_env *env);
int cmd_diff(int argc, const char **argv, struct pm_env *env);
int cmd_evlist(int argc, const char **argv, struct pm_env *env);
int cmd_list(int argc, const char **argv, struct pm_env *env);
int cmd_c2c(int argc, const char **argv, struct pm_env *env);
int cmd_mem(int argc, const char **argv, struct pm_env *env);
int cmd_profviz(int argc, const char **argv, struct pm_env *env);
int cmd_record(int argc, const char **argv, struct pm_env *env);
/* record on behalf of @cmd (top's recorder): its messages name @cmd. */
int cmd_record_as(const char *cmd, int argc, const char **argv, struct pm_env *env);
/* "-h" among a delegating command's own options (before its workload):
 * record's usage at once, before its events need tracefs */
bool cmd_record_help(int argc, const char **argv);
/* perf-mini --exec-path: the directory of profviz.so, perf-mini's helper. */
int cmd_print_exec_path(void);
int cmd_report(int argc, const char **argv, struct pm_env *env);
int cmd_sched(int argc, const char **argv, struct pm_env *env);
int cmd_script(int argc, const char **argv, struct pm_env *env);
int cmd_serve(int argc, const char **argv, struct pm_env *env);
int cmd_stat(int argc, const char **argv, struct pm_env *env);
int cmd_top(int argc, const char **argv, struct pm_env *env);
int cmd_trace(int argc, const char **argv, struct pm_env *env);

/* Print @msg (one or more lines) as "perf-mini <cmd>: <msg>" on stderr. */
void cmd_error(const char *cmd, const char *msg);

/* Print a parse_options() result; returns the exit status to use (0 or 129). */
int cmd_usage_result(int ret, const char *text);

/* @arg names the subcommand @name, as perf takes it: any prefix of three
 * letters or more ("rec", "rep") */
bool cmd_is_subcommand(const char *arg, const char *name);

/*
 * perf's status for a target that is not there, its negated errno: a
 * process to record or count that does not exist (record -p: 244, stat
 * -p: 234), a CPU that is not online (record -C: 237); a missing thread
 * (-t) is its plain 255. @ret is the target setup's -errno, @task the -p
 * or -t given; 129 (a usage error) for the rest.
 */
int cmd_target_status(const char *cmd, int ret, const char *pid, const char *tid);

/*
 * The user's LC_NUMERIC, for -B's thousands grouping (stat only, as perf).
 * It reads locale files, so stat calls it while the workload starts.
 */
void cmd_use_user_locale(void);

/*
 * The command is done and the process about to exit: a late ^C, or the
 * SIGTERM a parent sends as it stops us, is blocked and ignored from
 * here. One that landed in the exit path froze LeakSanitizer's
 * stop-the-world (its tracer waits on a stop that never comes), and the
 * run with it.
 */
void cmd_ignore_late_signals(void);

/* Before anything is printed: output to a file or pipe goes out in 64 KB
 * writes, not stdio's 4 KB ones (a report of 20k lines made 300 calls). */
/* Slow loads show how far they got on stderr, when it is a terminal
 * (util/base/progress.h). */
void cmd_progress_on_terminal(void);
void cmd_buffer_stdout(void);

/* A --flag/--no-flag option: the int becomes 1 or 0 (-1 until given). */
struct option;
struct perf_data;
/* --filter: set on the tracepoints of the last -e (opt->value: the evlist's
 * address), ANDed with one set before; --exclude-perf: the filter
 * "common_pid != <our pid>" the same way. */
int cmd_parse_filter(const struct option *opt, const char *arg, int unset, struct strbuf *err);
/* --stdio-color[=always|never|auto] (report, annotate) into an int: 1
 * always (also bare), 0 never, -1 when writing to a terminal. */
int cmd_stdio_color_option(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err);
/* An option of perf's that needs what perf-mini does not do: its help says
 * what, in the error. */
int cmd_refused_option(const struct option *opt, const char *arg, int unset, struct strbuf *err);
/* annotate's --percent-type (annotate, report's browser) into an enum percent_type. */
int cmd_percent_type_option(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
/* -M att|intel (annotate, report's browser) into a bool: intel. */
int cmd_disasm_style_option(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err);
/* After the flame graph went to @path: where it is, on stderr (not for
 * -, stdout). */
void cmd_flamegraph_written(const char *cmd, const char *path);
/* --percentage relative|absolute (report, diff) into a bool: relative. */
/*
 * --itrace[=opts] and --no-itrace, as perf takes them (perf2bolt passes
 * --no-itrace): the value a const char * set to the options ("" for
 * none), or NULL. perf-mini decodes no AUX area trace: cmd_check_itrace()
 * refuses a request to decode one that a file holds.
 */
int cmd_itrace_option(const struct option *opt, const char *arg, int unset,
		      struct strbuf *err);
int cmd_check_itrace(const struct perf_data *pd, const char *itrace, struct strbuf *err);

/* perf's check of -k/--vmlinux before any file is read (its "Invalid
 * file"): 0, or -1 with the cause in @err */
int cmd_check_vmlinux(const char *vmlinux, struct strbuf *err);

int cmd_percentage_option(const struct option *opt, const char *arg, int unset,
			  struct strbuf *err);
int cmd_parse_exclude_perf(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err);
/* -G/--cgroup: the cgroups of the events before it (opt->value: the evlist's address). */
int cmd_parse_cgroup(const struct option *opt, const char *arg, int unset, struct strbuf *err);
int cmd_opt_tristate(const struct option *opt, const char *arg, int unset,
		     struct strbuf *err);

/* Without -i/-o, perf reads a pipe on stdin and writes a pipe on stdout
 * (pipe mode, "-"); otherwise perf.data. */
const char *cmd_default_input(void);
const char *cmd_default_output(void);

/*
 * After reading @pd: what its reader had to mend or skip (a recording not
 * finalised, a cut stream, damaged features), one "perf-mini <cmd>:
 * warning:" line each on stderr; with @nr_samples 0 in a cut file, that
 * the cut came before the first sample.
 */
struct perf_data;
struct machine;
void cmd_warn_data(const char *cmd, const struct perf_data *pd, uint64_t nr_samples);
/* Once, after processing: kernel symbols were wanted and left out because
 * the recorded kernel is not this one. */
void cmd_warn_kernel(const char *cmd, const struct machine *m);
/*
 * perf's warnings after reading a file that lost events, in its words
 * and on stderr as perf: LOST records ("Processed N events and lost M
 * chunks!") and over 5% of the samples lost (LOST_SAMPLES).
 */
struct session_stats;
void cmd_warn_lost(const struct session_stats *st);

/*
 * --header and --header-only: @pd's header on stdout, a pipe stream's
 * features read first (they are records). A stream damaged before its
 * last feature gets its header as far as it goes; with @only, a warning
 * names the damage (otherwise the records' walk fails on it next). @full:
 * -I's details of the topology features.
 */
void cmd_print_header(const char *cmd, struct perf_data *pd, bool only, bool full);

/* report's and script's --switch-on, --switch-off and --show-on-off-events
 * (util/report/evswitch.h), into @on, @off (const char *) and @show (bool) */
#define OPT_EVSWITCH(on, off, show)							\
	OPT_STRING(0, "switch-on", on, "event",						\
		   "Consider events after the occurrence of this event"),		\
	OPT_STRING(0, "switch-off", off, "event",					\
		   "Stop considering events after the occurrence of this event"),	\
	OPT_BOOLEAN(0, "show-on-off-events", show,					\
		    "Show the on/off switch events, used with --switch-on and --switch-off")

/* Each line of @lines as "perf-mini <cmd>: warning: <line>" on stderr. */
void cmd_warn_lines(const char *cmd, const char *lines);

/*
 * Once a process, in perf's words, when events were opened on user space alone
 * because perf_event_paranoid refused their kernel part (their names
 * then end in "u", as perf's).
 */
struct evlist;
void cmd_warn_user_only(const struct evlist *evlist);


/* perf-mini stat report: counts from a 'stat record' file. */
int cmd_stat_report(int argc, const char **argv, struct pm_env *env);

struct pmus;
struct pmu_events_table;

/* A PMU set for @env's sysfs with the CPU family's pmu-events aliases. */
struct pmus *cmd_pmus_new(const struct pm_env *env);
/* The pmu-events table of this CPU ($PERF_CPUID or cpuinfo), or NULL. */
const struct pmu_events_table *cmd_cpu_table(const struct pm_env *env);

/* @text to stderr as it comes (an evlist_trace_fn): -vv's attr dumps,
 * what record says while it records. */
void cmd_trace_to_stderr(void *ctx, const char *text);

#endif
