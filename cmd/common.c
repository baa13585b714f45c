// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <locale.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/progress.h"
#include "../util/base/util.h"
#include "../util/data/header-print.h"
#include "../util/data/perf-data.h"
#include "../util/data/session.h"
#include "../util/events/cgroup.h"
#include "../util/events/cpuid.h"
#include "../util/events/evlist-open.h"
#include "../util/events/pmu.h"
#include "../util/annotate/annotate.h"
#include "../util/convert/flamegraph.h"
#include "../util/symbols/machine.h"

void cmd_error(const char *cmd, const char *msg)
{
	fprintf(stderr, "perf-mini %s: %s\n", cmd, msg);
}

int cmd_usage_result(int ret, const char *text)
{
	if (ret == PARSE_OPT_HELP) {
		fputs(text, stdout);
		return 0;
	}
	fputs(text, stderr);	/* -h too: perf's usage goes to stderr */
	return 129;
}

int cmd_target_status(const char *cmd, int ret, const char *pid, const char *tid)
{
	bool record = !strcmp(cmd, "record");

	if (ret == -ESRCH && tid && !pid)
		return PM_EXIT_ERROR;
	if (ret == -ESRCH && pid)
		return record ? 244 : !strcmp(cmd, "stat") ? 234 : 129;
	if (ret == -ENODEV && record)
		return 237;
	return 129;
}

void cmd_use_user_locale(void)
{
	static bool done;

	if (!done)
		setlocale(LC_NUMERIC, "");
	done = true;
}

int cmd_itrace_option(const struct option *opt, const char *arg, int unset,
		      struct strbuf *err)
{
	(void)err;
	*(const char **)opt->value = unset ? NULL : arg ? arg : "";
	return 0;
}

int cmd_check_vmlinux(const char *vmlinux, struct strbuf *err)
{
	if (!vmlinux || !access(vmlinux, R_OK))
		return 0;
	strbuf_addf(err, "cannot read the vmlinux '%s': %s\nhint: -k names the kernel image "
		    "the recording ran (with its symbols)", vmlinux, strerror(errno));
	return -1;
}

int cmd_check_itrace(const struct perf_data *pd, const char *itrace, struct strbuf *err)
{
	if (!itrace || !perf_data__has_feat(pd, HEADER_AUXTRACE))
		return 0;	/* nothing to decode: as perf, the records as they are */
	strbuf_addf(err, "--itrace%s%s: %s holds an AUX area trace (Intel PT, CoreSight, ...), "
		    "which perf-mini does not decode\nhint: decode it with perf script "
		    "--itrace; --no-itrace reads the rest of the file", *itrace ? "=" : "",
		    itrace, pd->path);
	return -ENOTSUP;
}

void cmd_ignore_late_signals(void)
{
	sigset_t late;

	/* blocked as well as ignored: a traced process stops even for an
	 * ignored signal, and LeakSanitizer traces us at exit */
	sigemptyset(&late);
	sigaddset(&late, SIGINT);
	sigaddset(&late, SIGTERM);
	sigaddset(&late, SIGHUP);
	sigprocmask(SIG_BLOCK, &late, NULL);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
}

static void progress_line(const char *text)
{
	/* the line is drawn over; an empty text clears it for what follows */
	fprintf(stderr, *text ? "\r%s" : "\r\033[K", text);
	fflush(stderr);
}

void cmd_progress_on_terminal(void)
{
	if (isatty(STDERR_FILENO))
		progress__set_sink(progress_line);
}

void cmd_buffer_stdout(void)
{
	static char buf[1 << 16];

	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, buf, _IOFBF, sizeof(buf));
}

void cmd_trace_to_stderr(void *ctx, const char *text)
{
	(void)ctx;
	fputs(text, stderr);
}

const struct pmu_events_table *cmd_cpu_table(const struct pm_env *env)
{
	char cpuid[128];

	if (env->cpuid)
		return pmu_events__find(env->cpuid);
	if (cpuid__read(env->proc_root, cpuid, sizeof(cpuid)))
		return NULL;
	return pmu_events__find(cpuid);
}

static const struct pmu_events_table *find_table(const void *env)
{
	return cmd_cpu_table(env);
}

struct pmus *cmd_pmus_new(const struct pm_env *env)
{
	struct pmus *pmus = pmus__new(env->sysfs_root);

	if (pmus)
		pmus__set_cpu_table_finder(pmus, find_table, env);
	return pmus;
}

static bool is_fifo(int fd)
{
	struct stat st;

	return !fstat(fd, &st) && S_ISFIFO(st.st_mode);
}

const char *cmd_default_input(void)
{
	return is_fifo(STDIN_FILENO) ? "-" : "perf.data";
}

const char *cmd_default_output(void)
{
	return is_fifo(STDOUT_FILENO) ? "-" : "perf.data";
}

void cmd_warn_lines(const char *cmd, const char *lines)
{
	for (const char *line = lines, *next; *line; line = next) {
		size_t len = strcspn(line, "\n");

		next = line + len + (line[len] == '\n');
		fprintf(stderr, "perf-mini %s: warning: %.*s\n", cmd, (int)len, line);
	}
}

void cmd_print_header(const char *cmd, struct perf_data *pd, bool only, bool full)
{
	struct strbuf err = STRBUF_INIT;

	perf_data__read_pipe_meta(pd, &err);
	perf_data__fprintf_header_full(pd, full, stdout);
	fflush(stdout);
	if (only)
		cmd_warn_lines(cmd, err.buf);
	strbuf_release(&err);
}

void cmd_warn_data(const char *cmd, const struct perf_data *pd, uint64_t nr_samples)
{
	struct strbuf sb = STRBUF_INIT;

	perf_data__describe(pd, nr_samples, &sb);
	cmd_warn_lines(cmd, sb.buf);
	strbuf_release(&sb);
}

void cmd_warn_kernel(const char *cmd, const struct machine *m)
{
	const char *why = machine__kernel_unresolved(m);

	if (!why)
		return;
	fprintf(stderr, "perf-mini %s: warning: kernel addresses left unresolved: %s\n", cmd, why);
	if (m->dsos.cfg.vmlinux_rejected)
		fprintf(stderr, "hint: give -k the vmlinux of the kernel the recording ran "
			"(perf-mini buildid-list names its build-id), or leave -k out\n");
	else
		fprintf(stderr, "hint: this machine's /proc/kallsyms would name the wrong functions; "
			"give the recording machine's with --kallsyms FILE (or its vmlinux with -k "
			"FILE)\n");
}

void cmd_warn_lost(const struct session_stats *st)
{
	uint64_t samples = st->nr_events[PERF_RECORD_SAMPLE] + st->total_lost_samples;

	if (st->nr_events[PERF_RECORD_LOST])
		fprintf(stderr, "Warning:\nProcessed %" PRIu64 " events and lost %" PRIu64
			" chunks!\n\nCheck IO/CPU overload!\n\n", session_stats__total(st),
			st->nr_events[PERF_RECORD_LOST]);
	/* perf's threshold: more than 5% of the samples lost */
	if (samples && st->total_lost_samples * 20 > samples)
		fprintf(stderr, "Warning:\nProcessed %" PRIu64 " samples and lost %3.2f%%!\n\n",
			samples, 100.0 * (double)st->total_lost_samples / (double)samples);
	if (st->nr_proc_map_timeout)	/* perf's words: its users know them */
		fprintf(stderr, "Warning:\n%" PRIu64 " map information files for pre-existing "
			"threads were\nnot processed, if there are samples for addresses they\n"
			"will not be resolved, you may find out which are these\nthreads by "
			"running with -v and redirecting the output\nto a file.\nThe time limit "
			"to process proc map is too short?\nIncrease it by --proc-map-timeout\n",
			st->nr_proc_map_timeout);
}

void cmd_warn_user_only(const struct evlist *evlist)
{
	static bool told;

	for (int i = 0; i < evlist->nr && !told; i++) {
		if (!evlist->entries[i]->user_only)
			continue;
		told = true;
		/* perf's words, its two blanks too: scripts look for them */
		fprintf(stderr, "Warning:\nkernel.perf_event_paranoid=%d, trying to fall back to "
			"excluding kernel and hypervisor  samples\n", perf_event_paranoid());
		return;
	}
}

int cmd_parse_filter(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	(void)unset;
	if (evlist__append_filter(*(struct evlist **)opt->value, arg))
		return 0;
	strbuf_addstr(err, "--filter applies to the tracepoint of the -e before it\nhint: e.g. "
			   "-e sched:sched_switch --filter 'prev_pid == 1'\n");
	return -1;
}

int cmd_parse_exclude_perf(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err)
{
	char filter[64];

	(void)arg, (void)unset;
	snprintf(filter, sizeof(filter), "common_pid != %d", (int)getpid());
	if (evlist__append_filter(*(struct evlist **)opt->value, filter))
		return 0;
	strbuf_addstr(err, "--exclude-perf applies to the tracepoint of the -e before it "
			   "(a filter on its pid)\nhint: e.g. -a -e sched:sched_switch "
			   "--exclude-perf\n");
	return -1;
}

int cmd_parse_cgroup(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	(void)unset;
	if (!evlist__parse_cgroups(*(struct evlist **)opt->value, arg, err))
		return 0;
	strbuf_addch(err, '\n');
	return -1;
}

int cmd_opt_tristate(const struct option *opt, const char *arg, int unset,
		     struct strbuf *err)
{
	(void)arg, (void)err;
	*(int *)opt->value = !unset;
	return 0;
}

void cmd_flamegraph_written(const char *cmd, const char *path)
{
	if (strcmp(path, "-"))
		fprintf(stderr, "perf-mini %s: flame graph written to %s%s\n", cmd, path,
			flamegraph__is_html(path) ? " (open it in a browser)" : "");
}

int cmd_percentage_option(const struct option *opt, const char *arg, int unset,
			     struct strbuf *err)
{
	bool *relative = opt->value;

	if (!unset && !strcmp(arg, "relative"))
		*relative = true;
	else if (unset || !strcmp(arg, "absolute"))
		*relative = false;
	else {
		strbuf_addf(err, "--percentage '%s' is neither relative nor absolute\nhint: "
			    "relative: of the samples the filters keep; absolute (the default): "
			    "of all", arg);
		return -EINVAL;
	}
	return 0;
}

int cmd_stdio_color_option(const struct option *opt, const char *arg, int unset,
			   struct strbuf *err)
{
	int *mode = opt->value;

	if (unset)
		*mode = 0;
	else if (!arg || !strcmp(arg, "always"))
		*mode = 1;
	else if (!strcmp(arg, "never"))
		*mode = 0;
	else if (!strcmp(arg, "auto"))
		*mode = -1;
	else {
		strbuf_addf(err, "--stdio-color '%s' is not a mode\nhint: always (the default of "
			    "a bare --stdio-color), never or auto (when writing to a terminal)", arg);
		return -EINVAL;
	}
	return 0;
}

int cmd_percent_type_option(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	static const char *const names[] = {
		"local-period", "global-period", "local-hits", "global-hits",
	};
	enum percent_type *t = opt->value;

	(void)unset;
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		if (!strcmp(arg, names[i])) {
			*t = (enum percent_type)i;
			return 0;
		}
	}
	strbuf_addf(err, "--percent-type '%s' is not a type\nhint: local-period (the default), "
		    "global-period, local-hits or global-hits", arg);
	return -EINVAL;
}

int cmd_disasm_style_option(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	bool *intel = opt->value;

	(void)unset;
	if (!strcmp(arg, "intel") || !strcmp(arg, "att")) {
		*intel = !strcmp(arg, "intel");
		return 0;
	}
	strbuf_addf(err, "-M '%s' is not a disassembler style\nhint: att (the default) or intel",
		    arg);
	return -EINVAL;
}

int cmd_refused_option(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	(void)arg, (void)unset;
	strbuf_addf(err, "--%s is not implemented: %s\nhint: drop it", opt->long_name, opt->help);
	return -EINVAL;
}

bool cmd_is_subcommand(const char *arg, const char *name)
{
	return strlen(arg) > 2 && !strncmp(name, arg, strlen(arg));
}
