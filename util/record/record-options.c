// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini record's option callbacks, for cmd/record.c's table (-e, -F,
 * -m, -z, --switch-output, -b/-j, registers, clocks), and the checks of
 * what they ask together.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/parse-options.h"
#include "../base/util.h"
#include "../base/xalloc.h"
#include "../events/branch-filter.h"
#include "../events/evlist-open.h"
#include "../events/parse-events.h"
#include "../events/regs.h"
#include "internal.h"
#include "synth.h"
#include "threads-spec.h"

int record_parse_event(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)unset;
	if (parse_events(o->evlist, arg, &o->pctx, err))
		return (strbuf_addch(err, '\n'), -1);
	return 0;
}

/*
 * --aio[=N], --affinity=node|cpu, --num-thread-synthesize=N: how perf
 * issues its writes, which CPU reads the rings, how many threads walk
 * /proc at the start. The file is the same either way, so perf-mini
 * takes whatever perf takes (perf reads a bad value as its default) and
 * goes on as it does: one writer, rings read where the reader runs,
 * /proc walked once.
 */
int record_parse_write_knob(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	(void)opt, (void)arg, (void)unset, (void)err;
	return 0;
}

/* --user-regs[=REGS], -I/--intr-regs[=REGS]: perf's default is them all */
int record_parse_regs(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	uint64_t *mask = opt->value;

	if (unset) {
		*mask = 0;
		return 0;
	}
	if (!arg) {
		*mask = arch__host()->regs_default;
		return 0;
	}
	return regs__parse(arch__host(), arg, mask, err) ? -1 : 0;
}

int record_parse_clockid(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct record_attr_opts *a = opt->value;

	if (unset) {
		a->use_clockid = false;
		return 0;
	}
	return record_attr__parse_clockid(arg, a, err) ? -1 : 0;
}

int record_parse_zstd_level(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	int *level = opt->value;

	if (unset) {
		*level = 0;
		return 0;
	}
	*level = 1;
	if (arg && (str_to_int(arg, level) || *level < 1 || *level > 22)) {
		strbuf_addf(err, "-z %s: the compression level is 1 (fastest) to 22 (smallest)",
			    arg);
		return -1;
	}
	return 0;
}

/* -F N or -F max (the kernel's perf_event_max_sample_rate, as perf) */
int record_parse_freq(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)unset;
	o->freq_max = !strcmp(arg, "max");
	if (o->freq_max)
		return 0;
	if (str_to_int(arg, &o->attr.freq) || o->attr.freq <= 0) {
		strbuf_addf(err, "-F %s: the frequency must be a positive number of samples a "
			    "second, or max\nhint: e.g. -F 4000 (the default), -F max", arg);
		return -1;
	}
	return 0;
}

/* perf's unit_number__scnprintf(): 4096 is 4K, 1 MiB is 1024K */
static void add_size(struct strbuf *sb, uint64_t n)
{
	static const char units[] = "BKMGTPE";
	int i = 0;

	while (n / 1024 > 1 && units[i + 1]) {
		n /= 1024;
		i++;
	}
	strbuf_addf(sb, "%" PRIu64 "%c", n, units[i]);
}

/*
 * -m: pages, or a size with perf's letters (16K, 1M); like perf, a count
 * that is not a power of two is rounded up, and said so.
 */
int record_parse_mmap_pages(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	struct record_opts *o = opt->value;
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), n, p2 = 1;
	struct strbuf msg = STRBUF_INIT;

	(void)unset;
	if (strchr(arg, ',')) {
		strbuf_addf(err, "-m %s: an AUX area size is for Intel PT and other AUX "
			    "tracers, which perf-mini does not record\nhint: give the data pages "
			    "alone (-m 1M)", arg);
		return -1;
	}
	if (!str_to_size(arg, &n))
		n = (n + page - 1) / page;
	else if (str_to_u64(arg, 10, &n)) {
		strbuf_addf(err, "-m %s: not a number of pages or a size (e.g. -m 128, -m 1M)",
			    arg);
		return -1;
	}
	while (p2 < n && p2 <= UINT32_MAX / 2)
		p2 *= 2;
	if (p2 < n) {
		strbuf_addf(err, "-m %s: more than %u pages", arg, UINT32_MAX / 2 + 1);
		return -1;
	}
	if (p2 != n) {
		add_size(&msg, p2 * page);
		record_say(o, "rounding mmap pages size to %s (%" PRIu64 " pages)\n", msg.buf, p2);
		strbuf_release(&msg);
	}
	o->mmap_pages = (unsigned int)p2;
	return 0;
}

/* --max-size, --mmap-flush: bytes, or a number with B, K, M or G. */
int record_parse_byte_size(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	uint64_t *size = opt->value;

	(void)unset;
	if ((str_to_size(arg, size) && str_to_u64(arg, 10, size)) || !*size) {
		strbuf_addf(err, "--%s %s: not a size\nhint: a number of bytes with B, K, M or G "
			    "(e.g. --%s 16K)", opt->long_name, arg, opt->long_name);
		return -1;
	}
	return 0;
}

/* --synth=TYPE[,TYPE]: task, mmap (implies task), cgroup, all or no. */
int record_parse_synth(const struct option *opt, const char *arg, int unset, struct strbuf *err)
{
	static const struct { const char *name; unsigned int what; } types[] = {
		{ "task", SYNTH_TASK }, { "mmap", SYNTH_TASK | SYNTH_MMAP },
		{ "cgroup", SYNTH_CGROUP }, { "all", SYNTH_ALL }, { "no", 0 },
	};
	unsigned int *what = opt->value;
	char *list = strdup(arg ?: ""), *save = NULL;

	BUG_ON(!list);
	*what = 0;
	for (char *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
		size_t i = 0;

		while (i < ARRAY_SIZE(types) && strcmp(t, types[i].name))
			i++;
		if (i == ARRAY_SIZE(types)) {
			strbuf_addf(err, "--synth=%s: '%s' is not a type of event to synthesize\n"
				    "hint: task, mmap, cgroup, all or no (comma separated)", arg, t);
			free(list);
			return -1;
		}
		*what |= types[i].what;
	}
	free(list);
	(void)unset;
	return 0;
}

/* --switch-output[=signal|SIZE|TIME]: SIZE with B/K/M/G, TIME with s/m/h/d. */
int record_parse_switch_output(const struct option *opt, const char *arg, int unset,
			       struct strbuf *err)
{
	struct record_opts *o = opt->value;
	static const struct { char unit; uint64_t ns; } units[] = {
		{ 's', 1000000000ULL }, { 'm', 60000000000ULL }, { 'h', 3600000000000ULL },
		{ 'd', 86400000000000ULL },
	};
	uint64_t n;
	char *end;

	(void)unset;
	o->switch_signal = !arg || !strcmp(arg, "signal");
	o->timestamp_filename = true;
	if (o->switch_signal || (!str_to_size(arg, &o->switch_size) && o->switch_size))
		return 0;
	errno = 0;
	n = strtoull(arg, &end, 10);
	for (size_t i = 0; !errno && end != arg && end[0] && !end[1] && i < ARRAY_SIZE(units); i++)
		if (*end == units[i].unit && n) {
			o->switch_time_ns = n * units[i].ns;
			return 0;
		}
	strbuf_addf(err, "--switch-output=%s: not signal, a size or a time\nhint: e.g. "
		    "--switch-output (on SIGUSR2), --switch-output=100M, --switch-output=30s", arg);
	return -1;
}

int record_parse_branch_any(const struct option *opt, const char *arg, int unset,
			    struct strbuf *err)
{
	struct record_opts *o = opt->value;

	(void)arg;
	if (unset) {
		o->attr.branch_mode = 0;
		return 0;
	}
	if (o->attr.branch_mode) {
		strbuf_addstr(err, "-b and -j cannot be used together\nhint: -b is -j any");
		return -1;
	}
	o->attr.branch_mode = PERF_SAMPLE_BRANCH_ANY;
	return 0;
}

int record_parse_branch_filter(const struct option *opt, const char *arg, int unset,
			       struct strbuf *err)
{
	struct record_opts *o = opt->value;

	if (unset) {
		o->attr.branch_mode = 0;
		return 0;
	}
	if (o->attr.branch_mode) {
		strbuf_addstr(err, "-b and -j cannot be used together (nor -j twice)\n"
				   "hint: give the filters in one -j, comma separated");
		return -1;
	}
	return parse_branch_filter(arg, &o->attr.branch_mode, err) ? -1 : 0;
}

/*
 * As perf: -F max is the kernel's limit, and a higher -F is lowered to it
 * with perf's warning (refused with --strict-freq).
 */
static int check_max_freq(struct record_opts *o, struct strbuf *err)
{
	int max = perf_event_max_sample_rate();

	if (max <= 0) {
		if (o->freq_max)
			strbuf_addstr(err, "-F max: /proc/sys/kernel/perf_event_max_sample_rate "
				      "cannot be read\nhint: give the frequency (-F 4000)");
		return o->freq_max ? -EINVAL : 0;
	}
	if (o->freq_max) {
		o->attr.freq = max;
		if (!o->quiet)
			record_say(o, "info: Using a maximum frequency rate of %d Hz\n", max);
		return 0;
	}
	if (o->attr.freq <= max)
		return 0;
	if (o->strict_freq) {
		strbuf_addf(err, "-F %d: the maximum frequency rate is %d Hz (--strict-freq)\n"
			    "hint: use a lower -F, or raise "
			    "/proc/sys/kernel/perf_event_max_sample_rate", o->attr.freq, max);
		return -EINVAL;
	}
	record_say(o, "warning: Maximum frequency rate (%d Hz) exceeded, throttling from %d Hz "
		   "to %d Hz.\n         The limit can be raised via "
		   "/proc/sys/kernel/perf_event_max_sample_rate.\n         The kernel will lower "
		   "it when perf's interrupts take too long.\n         Use --strict-freq to "
		   "disable this throttling, refusing to record.\n", max, o->attr.freq, max);
	o->attr.freq = max;
	return 0;
}

int record_parse_threads(const struct option *opt, const char *arg, int unset,
			 struct strbuf *err)
{
	const char **threads = opt->value;

	*threads = unset ? NULL : arg && *arg ? arg : "cpu";
	return *threads ? threads_spec__check(*threads, err) : 0;
}

/* --threads writes a directory of files, one per ring: not into a pipe,
 * nor (here) compressed or switched. */
static void check_threads(const struct record_opts *o, struct strbuf *err)
{
	if (!o->threads)
		return;
	if (o->output && !strcmp(o->output, "-"))
		strbuf_addstr(err, "--threads writes a directory of files: it cannot write to a "
				   "pipe\nhint: give -o DIR (perf.data by default)");
	else if (o->zstd_level)
		strbuf_addstr(err, "--threads with -z: compressed directory files are not written "
				   "yet\nhint: drop -z, or --threads");
	else if (record_switches(o))
		strbuf_addstr(err, "--threads with --switch-output: switched directories are not "
				   "written yet\nhint: drop one of them");
}

int record_check_opts(struct record_opts *o, struct strbuf *err)
{
	if (check_max_freq(o, err))
		return -EINVAL;
	if (o->attr.all_user && o->attr.all_kernel) {
		strbuf_addstr(err, "--all-user and --all-kernel cannot be used together\n"
			      "hint: drop both to record user and kernel space");
		return -EINVAL;
	}
	for (int i = 0; i < o->evlist->nr; i++) {
		const struct evsel *e = o->evlist->entries[i];

		/* the kernel keeps TopDown metrics in PERF_METRICS, read with
		 * slots: there is nothing to sample (and {slots,metric}:S is
		 * refused by the kernel for the same reason) */
		if (e->is_topdown_metric) {
			strbuf_addf(err, "'%s' is a TopDown metric: metrics cannot be sampled\n"
				    "hint: count it with perf-mini stat --topdown (or -e "
				    "'{slots,%s}')", e->name, e->name);
			return -EINVAL;
		}
	}
	if (record_switches(o) && o->output && !strcmp(o->output, "-"))
		strbuf_addstr(err, "--switch-output writes one file after another: it cannot "
				   "write to a pipe\nhint: give -o FILE (files FILE.<timestamp>)");
	if (o->switch_max_files < 0)
		strbuf_addf(err, "--switch-max-files %d: not a number of files", o->switch_max_files);
	if (o->per_thread && (o->all_cpus || o->cpu_list))
		strbuf_addstr(err, "--per-thread records tasks, not CPUs: it cannot be used with "
				   "-a or -C\nhint: drop --per-thread, or record -p PID / a command");
	if (o->off_cpu)
		strbuf_addstr(err, "--off-cpu needs perf's BPF program, which perf-mini does not "
				   "use\nhint: record the context switches instead: -e "
				   "sched:sched_switch -g (or --switch-events)");
	if (o->delay < -1)
		strbuf_addf(err, "-D %d is not a delay\nhint: give milliseconds, or -1 to start "
			    "with the events disabled", o->delay);
	if (o->attr.freq && o->attr.period)
		strbuf_addstr(err, "-F and -c cannot be used together\nhint: sample by frequency "
				   "(-F 4000) or every N events (-c 100000)");
	check_threads(o, err);
	/* as perf: a flight recorder describes what exists when it is dumped */
	o->tail_synthesize |= o->attr.overwrite;
	return err->len ? -EINVAL : 0;
}

/*
 * perf's default event (evsel__new_cycles()): cycles at the most precise
 * the PMU takes, user space alone where the user may not profile the
 * kernel, no guest or host modifier; "cycles" (or "cycles:u"), and where
 * it falls back to cpu-clock, named from its attr as perf names it then
 * ("cpu-clock:ppp", "cpu-clock:uhppp").
 */
void record_add_default_event(struct record_opts *o, struct strbuf *err)
{
	struct evsel *e;

	o->default_event = true;
	if (parse_events(o->evlist, "cycles:P", &o->pctx, err) || !o->evlist->nr)
		return;
	e = o->evlist->entries[0];
	e->attr.exclude_guest = 0;
	e->attr.exclude_kernel = geteuid() && perf_event_paranoid() > 1;
	free(e->name);
	e->name = must_strdup(e->attr.exclude_kernel ? "cycles:u" : "cycles");
	e->suffix_len = 0;
}
