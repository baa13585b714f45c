// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini: the command table and dispatch. Global options come before the
 * command (perf-mini --version, perf-mini help stat); everything after it
 * belongs to the command.
 */
#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/builtin.h"
#include "util/base/parse-options.h"
#include "util/base/strbuf.h"
#include "util/base/suggest.h"
#include "util/base/util.h"
#include "util/base/xalloc.h"

#ifndef PERF_MINI_VERSION
#define PERF_MINI_VERSION "0.1.0"
#endif

struct cmd_struct {
	const char *name;
	int (*fn)(int argc, const char **argv, struct pm_env *env);
	const char *help;
	bool perf_status;	/* its 1 (an error: it runs no workload) is perf's 255 */
};

static int cmd_help(int argc, const char **argv, struct pm_env *env);
static int cmd_version(int argc, const char **argv, struct pm_env *env);

static const struct cmd_struct commands[] = {
	{ "annotate", cmd_annotate, "Read perf.data and display annotated code", true },
	{ "archive", cmd_archive, "Create archive with object files with build-ids found in perf.data file" },
	{ "buildid-list", cmd_buildid_list, "List the buildids in a perf.data file", true },
	{ "c2c", cmd_c2c, "Shared Data C2C/HITM Analyzer." },
	{ "data", cmd_data, "Data file related processing", true },
	{ "diff", cmd_diff, "Read perf.data files and display the differential profile", true },
	{ "evlist", cmd_evlist, "List the event names in a perf.data file", true },
	{ "help", cmd_help, "Display help for a command" },
	{ "list", cmd_list, "List all symbolic event types" },
	{ "mem", cmd_mem, "Profile memory accesses" },
	{ "profviz", cmd_profviz, "Call graph of an instrumented program, counted per function" },
	{ "record", cmd_record, "Run a command and record its profile into perf.data" },
	{ "report", cmd_report, "Read perf.data (created by perf record) and display the profile", true },
	{ "sched", cmd_sched, "Tool to trace/measure scheduler properties (latencies)" },
	{ "script", cmd_script, "Read perf.data and display each sample (trace output)", true },
	{ "serve", cmd_serve, "Serve CPU profiles over HTTP, as go tool pprof fetches them" },
	{ "stat", cmd_stat, "Run a command and gather performance counter statistics" },
	{ "top", cmd_top, "System profiling tool" },
	{ "trace", cmd_trace, "strace inspired tool" },
	{ "version", cmd_version, "Display the version of perf-mini" },
};

static const char usage_line[] =
	"perf-mini [--version] [--help] [--no-pager] [--buildid-dir DIR] COMMAND [ARGS]";

/* The global options, as perf's --list-opts prints its own. */
static const char global_opts[] = "--help --version --exec-path --paginate --no-pager "
	"--debugfs-dir --buildid-dir --list-cmds --list-opts";

static const struct cmd_struct *find_command(const char *name)
{
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static void print_commands(FILE *out)
{
	fprintf(out, "\n usage: %s\n\n The perf-mini commands are:\n", usage_line);
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		fprintf(out, "   %-13s %s\n", commands[i].name, commands[i].help);
	fprintf(out, "\n See 'perf-mini help COMMAND' for more information on a specific "
		     "command.\n\n");
}

/* What perf's version --build-options lists, as this build has it (perf's
 * names and layout, so scripts that read them find theirs), then the
 * libraries only perf-mini uses. */
static const struct { const char *name, *macro; bool on; } build_options[] = {
	{ "dwarf", "HAVE_DWARF_SUPPORT", true },
	{ "dwarf_getlocations", "HAVE_DWARF_GETLOCATIONS_SUPPORT", true },
	{ "glibc", "HAVE_GLIBC_SUPPORT", true },
	{ "syscall_table", "HAVE_SYSCALL_TABLE_SUPPORT", false },
	{ "libbfd", "HAVE_LIBBFD_SUPPORT", false },
	{ "debuginfod", "HAVE_DEBUGINFOD_SUPPORT", true },	/* libdw's client */
	{ "libelf", "HAVE_LIBELF_SUPPORT", true },
	{ "libnuma", "HAVE_LIBNUMA_SUPPORT", false },
	{ "numa_num_possible_cpus", "HAVE_LIBNUMA_SUPPORT", false },
	{ "libperl", "HAVE_LIBPERL_SUPPORT", false },
	{ "libpython", "HAVE_LIBPYTHON_SUPPORT", false },
	{ "libslang", "HAVE_SLANG_SUPPORT", false },	/* ncurses draws the browser */
	{ "libcrypto", "HAVE_LIBCRYPTO_SUPPORT", false },
	{ "libunwind", "HAVE_LIBUNWIND_SUPPORT", false },
	{ "libdw-dwarf-unwind", "HAVE_DWARF_SUPPORT", true },
	{ "zlib", "HAVE_ZLIB_SUPPORT", true },
	{ "lzma", "HAVE_LZMA_SUPPORT", true },
	{ "get_cpuid", "HAVE_AUXTRACE_SUPPORT", true },
	{ "bpf", "HAVE_LIBBPF_SUPPORT", false },
	{ "aio", "HAVE_AIO_SUPPORT", false },
	{ "zstd", "HAVE_ZSTD_SUPPORT", true },
	{ "libpfm4", "HAVE_LIBPFM", false },
	{ "libtraceevent", "perf-mini: tracepoint formats", true },
	{ "libcapstone", "perf-mini: annotate's disassembly", true },
	{ "libncursesw", "perf-mini: the report and top browsers", true },
	{ "libiberty", "perf-mini: C++ and Rust demangling", true },
};

static int cmd_version(int argc, const char **argv, struct pm_env *env)
{
	static const char *const usage[] = { "perf-mini version [<options>]", NULL };
	bool build = false;
	const struct option options[] = {
		OPT_BOOLEAN(0, "build-options", &build, "display the build options"),
		OPT_END(),
	};
	struct strbuf err = STRBUF_INIT;
	int ret = parse_options(argc, argv, options, usage, 0, &err);

	(void)env;
	if (ret < 0 || ret > 0) {
		if (ret > 0)
			strbuf_addf(&err, "perf-mini version: unexpected argument '%s'\n", argv[0]);
		ret = cmd_usage_result(ret > 0 ? PARSE_OPT_ERROR : ret, err.buf);
		strbuf_release(&err);
		return ret;
	}
	strbuf_release(&err);
	printf("perf-mini version %s\n", PERF_MINI_VERSION);
	for (size_t i = 0; build && i < ARRAY_SIZE(build_options); i++)
		printf("%22s: [ %s ]  # %s\n", build_options[i].name,
		       build_options[i].on ? "on " : "OFF", build_options[i].macro);
	return 0;
}

/* Linux perf's commands (6.1's --list-cmds) that perf-mini has not yet:
 * a perf user typing one is told so, not sent to a lookalike (kmem: mem). */
static const char *const perf_only_commands[] = {
	"bench", "buildid-cache", "config", "daemon", "ftrace", "inject", "iostat",
	"kallsyms", "kmem", "kvm", "kwork", "lock", "probe", "test", "timechart",
};

static int unknown_command(const char *name)
{
	const char *names[ARRAY_SIZE(commands)];
	const char *best;

	for (size_t i = 0; i < ARRAY_SIZE(perf_only_commands); i++) {
		if (strcmp(name, perf_only_commands[i]))
			continue;
		fprintf(stderr, "perf-mini: '%s' is a Linux perf command perf-mini does not have "
			"yet; Linux perf runs it: perf %s\n", name, name);
		return 1;
	}
	for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
		names[i] = commands[i].name;
	best = suggest_closest(name, names, ARRAY_SIZE(commands));
	if (best)
		fprintf(stderr, "perf-mini: '%s' is not a perf-mini command. Did you mean '%s'?\n",
			name, best);
	else
		fprintf(stderr, "perf-mini: '%s' is not a perf-mini command. See 'perf-mini "
			"help'.\n", name);
	return 1;
}

/*
 * help CMD and CMD --help open CMD's manual page, as perf's do: the one
 * made beside the binary (make man: build/man/perf-mini-CMD.1), else the
 * installed one (man perf-mini-CMD). Returns only where there is neither
 * (or man cannot run): the caller prints the option summary instead.
 */
static void show_man_page(const char *cmd)
{
	char exe[4096], page[4200], name[64];
	ssize_t n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	char *slash;

	snprintf(name, sizeof(name), "perf-mini-%s", cmd);
	fflush(stdout);
	if (n > 0) {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		for (int i = 0; slash && i < 2; i++) {	/* build/perf-mini, ./perf-mini */
			*slash = '\0';
			snprintf(page, sizeof(page), "%s/%sman/%s.1", exe, i ? "build/" : "", name);
			if (!access(page, R_OK))
				execlp("man", "man", "-l", page, (char *)NULL);
		}
	}
	snprintf(page, sizeof(page), "man -w %s >/dev/null 2>&1", name);
	if (!system(page))
		execlp("man", "man", name, (char *)NULL);
}

static int cmd_help(int argc, const char **argv, struct pm_env *env)
{
	const struct cmd_struct *cmd;
	const char *h_argv[] = { NULL, "--help", NULL };

	if (argc < 2) {
		print_commands(stdout);
		return 0;
	}
	cmd = find_command(argv[1]);
	if (!cmd)
		return unknown_command(argv[1]);
	show_man_page(cmd->name);
	if (cmd->fn == cmd_help || cmd->fn == cmd_version) {
		printf("\n usage: perf-mini %s\n\n    %s\n\n", cmd->name, cmd->help);
		return 0;
	}
	h_argv[0] = cmd->name;
	return cmd->fn(2, h_argv, env);
}

static const char *env_or(const char *name, const char *fallback)
{
	const char *v = getenv(name);

	return v && *v ? v : fallback;
}

/* Flush stdout and report a failed write (a full disk, a closed pipe). */
static int finish_stdout(int status)
{
	if (fflush(stdout) || ferror(stdout)) {
		if (errno != EPIPE)
			fprintf(stderr, "perf-mini: write error on standard output: %s\n",
				strerror(errno));
		return status ? status : 1;
	}
	return status;
}

/* A command stopped by a signal ends the process by it, as perf does. */
static int end_by_signal(int status, int sig)
{
	sigset_t set;

	if (!sig) {
		cmd_ignore_late_signals();
		return status;
	}
	fflush(stderr);
	signal(sig, SIG_DFL);
	sigemptyset(&set);
	sigaddset(&set, sig);
	sigprocmask(SIG_UNBLOCK, &set, NULL);
	raise(sig);
	return 128 + sig;	/* only if the signal did not end us */
}

/* util/'s fatal hook: out of memory ends the run with the cause (the
 * recorder's file already holds everything written before); a broken
 * invariant also leaves a core to debug. */
static void on_fatal(enum pm_fatal kind, const char *what)
{
	if (kind == PM_FATAL_OOM) {
		fprintf(stderr, "perf-mini: out of memory (%s)\nhint: free memory or raise the "
			"limit (ulimit -v), or narrow what is read or recorded (--time, --cpu, "
			"--pid)\n", what);
		exit(PM_EXIT_ERROR);
	}
	fprintf(stderr, "perf-mini: BUG: %s\nplease report it with the command line\n", what);
}

/* The value of a global option: "--opt=VAL" or "--opt VAL". */
static const char *global_value(int *argc, const char ***argv, const char *name)
{
	size_t len = strlen(name);
	const char *arg = (*argv)[0];

	if (!strncmp(arg, name, len) && arg[len] == '=')
		return arg + len + 1;
	if (strcmp(arg, name))
		return NULL;
	if (*argc < 2) {
		fprintf(stderr, "perf-mini: %s needs a directory\n\n usage: %s\n", name, usage_line);
		exit(129);
	}
	(*argv)++, (*argc)--;
	return (*argv)[0];
}

/*
 * perf's options before the command that change how it runs: perf-mini
 * never pages (-p, --paginate, --no-pager); --buildid-dir is
 * $PERF_BUILDID_DIR and --debugfs-dir the tracefs under it, for every command.
 */
static void take_global_options(int *argc, const char ***argv, struct pm_env *env)
{
	static struct strbuf tracefs = STRBUF_INIT;
	const char *dir;

	for (; *argc > 0; (*argv)++, (*argc)--) {
		const char *arg = (*argv)[0];

		if (!strcmp(arg, "--no-pager") || !strcmp(arg, "-p") || !strcmp(arg, "--paginate"))
			continue;
		if (!strncmp(arg, "--exec-path=", 12))	/* perf-mini runs no helper by path */
			continue;
		if ((dir = global_value(argc, argv, "--buildid-dir"))) {
			setenv("PERF_BUILDID_DIR", dir, 1);
			continue;
		}
		if ((dir = global_value(argc, argv, "--debugfs-dir"))) {
			strbuf_reset(&tracefs);
			strbuf_addf(&tracefs, "%s/tracing", dir);
			env->tracefs_dir = tracefs.buf;
			continue;
		}
		break;
	}
}

/* The global options that print something and end the run; -1 for none. */
static int global_query(int argc, const char **argv, struct pm_env *env)
{
	const char *arg = argc ? argv[0] : "--help";

	if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
		print_commands(stdout);
		return finish_stdout(0);
	}
	if (!strcmp(arg, "--list-cmds")) {	/* perf's, for shell completion */
		for (size_t i = 0; i < ARRAY_SIZE(commands); i++)
			printf("%s ", commands[i].name);
		putchar('\n');
		return finish_stdout(0);
	}
	if (!strcmp(arg, "--list-opts")) {
		printf("%s \n", global_opts);
		return finish_stdout(0);
	}
	if (!strcmp(arg, "--exec-path"))
		return finish_stdout(cmd_print_exec_path());
	if (!strcmp(arg, "--version") || !strcmp(arg, "-v"))
		return finish_stdout(cmd_version(argc, argv, env));
	if (!strcmp(arg, "--debug") || !strncmp(arg, "--debug=", 8)) {
		fprintf(stderr, "perf-mini: --debug sets perf's internal debug variables, which "
			"perf-mini does not have\nhint: give the command -v (perf-mini record -v ...)\n");
		return 129;
	}
	if (!strcmp(arg, "--html-path")) {
		fprintf(stderr, "perf-mini: there is no HTML documentation\nhint: the manual pages: "
			"perf-mini help COMMAND\n");
		return 129;
	}
	if (arg[0] == '-') {
		fprintf(stderr, "perf-mini: unknown option '%s'\n\n usage: %s\n", arg, usage_line);
		return 129;
	}
	return -1;
}

int main(int argc, const char **argv)
{
	struct pm_env env = {
		.sysfs_root = env_or("PERF_MINI_SYSFS", "/sys"),
		.tracefs_dir = env_or("PERF_MINI_TRACEFS", NULL),
		.cpuid = env_or("PERF_CPUID", NULL),
		.proc_root = "/proc",
		.online_cpus = "/sys/devices/system/cpu/online",
		.stdout_is_tty = isatty(STDOUT_FILENO),
	};
	const struct cmd_struct *cmd;
	int status;

	pm_set_fatal_handler(on_fatal);
	argv++, argc--;
	take_global_options(&argc, &argv, &env);
	status = global_query(argc, argv, &env);
	if (status >= 0)
		return status;
	cmd = find_command(argv[0]);
	if (!cmd)
		return unknown_command(argv[0]);
	if (argc > 1 && !strcmp(argv[1], "--help"))	/* as perf: the manual page */
		show_man_page(cmd->name);
	status = finish_stdout(cmd->fn(argc, argv, &env));
	if (cmd->perf_status && status == 1)
		status = PM_EXIT_ERROR;
	return end_by_signal(status, env.exit_signal);
}
