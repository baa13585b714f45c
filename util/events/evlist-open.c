// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

#include "attr-print.h"
#include "evlist-open.h"
#include "perf-sys.h"
#include "../base/util.h"

#define PERF_FLAG_CLOEXEC 8UL	/* PERF_FLAG_FD_CLOEXEC */
#define SEPARATOR "------------------------------------------------------------\n"

static int fd_of(const struct evsel *evsel, int cpu_idx, int thread_idx)
{
	return evsel->fds[cpu_idx * evsel->nr_threads + thread_idx];
}

/* -G: a cgroup's events take its directory's fd as pid, with PID_CGROUP. */
static unsigned long open_flags(const struct evsel *evsel)
{
	return PERF_FLAG_CLOEXEC | (evsel->cgroup_fd > 0 ? (unsigned long)PERF_FLAG_PID_CGROUP : 0);
}

static void trace_attr(const struct evlist_open_opts *o, const struct evsel *evsel, int pid,
		       int cpu, int group_fd)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_addstr(&sb, SEPARATOR "perf_event_attr:\n");
	attr_print(&sb, &evsel->attr);
	strbuf_addstr(&sb, SEPARATOR);
	strbuf_addf(&sb, "sys_perf_event_open: pid %d  cpu %d  group_fd %d  flags %#lx", pid, cpu,
		    group_fd, open_flags(evsel));
	o->trace(o->trace_ctx, sb.buf);
	strbuf_release(&sb);
}

static void trace_result(const struct evlist_open_opts *o, int fd)
{
	struct strbuf sb = STRBUF_INIT;

	if (fd >= 0)
		strbuf_addf(&sb, " = %d\n", fd);
	else
		strbuf_addf(&sb, "\nsys_perf_event_open failed, error %d\n", fd);
	o->trace(o->trace_ctx, sb.buf);
	strbuf_release(&sb);
}

static bool is_unsupported_errno(int e)
{
	return e == EINVAL || e == ENOSYS || e == ENOENT || e == EOPNOTSUPP || e == ENXIO ||
	       e == ENODEV;
}

int perf_event_max_sample_rate(void)
{
	char text[16];
	int v = -1;

	if (read_small_file("/proc/sys/kernel/perf_event_max_sample_rate", text,
			    sizeof(text)) > 0)
		str_to_int(text, &v);
	return v;
}

/* read only when asked (a refusal to explain, a normal user's default record
 * event), never on every start: stat -- true is a few milliseconds */
int perf_event_paranoid(void)
{
	char text[16];
	int v = 2;

	if (read_small_file("/proc/sys/kernel/perf_event_paranoid", text, sizeof(text)) > 0)
		str_to_int(text, &v);
	return v;
}

/* What kernel.perf_event_paranoid keeps from a user without CAP_PERFMON. */
static const char *paranoid_limits(int level)
{
	if (level >= 3)
		return "every perf event";
	if (level == 2)
		return "kernel profiling, CPU-wide events (-a, -C) and other users' processes";
	if (level == 1)
		return "CPU-wide events (-a, -C) and other users' processes";
	return "other users' processes (and raw tracepoints)";
}

static void permission_error(const struct evsel *evsel, int e, struct strbuf *err)
{
	int level = perf_event_paranoid();

	/* the kernel gives these records to privileged users, whatever the
	 * paranoid level */
	if (evsel->attr.namespaces) {
		strbuf_addf(err, "cannot open event '%s': %s: namespace records (--namespaces) "
			    "are for privileged users\nhint: drop --namespaces, or give perf-mini "
			    "CAP_PERFMON (sudo setcap cap_perfmon+ep perf-mini)", evsel->name,
			    strerror(e));
		return;
	}

	strbuf_addf(err, "cannot open event '%s': %s: kernel.perf_event_paranoid is %d, which "
		    "keeps %s to privileged users\nhint: lower it (sudo sysctl -w "
		    "kernel.perf_event_paranoid=%d), or give perf-mini CAP_PERFMON (sudo setcap "
		    "cap_perfmon+ep perf-mini)", evsel->name, strerror(e), level,
		    paranoid_limits(level), -1);
}

static void open_error(const struct evsel *evsel, int e, struct strbuf *err)
{
	if (e == EACCES || e == EPERM)
		return permission_error(evsel, e, err);
	strbuf_addf(err, "cannot open event '%s': %s\nhint: ", evsel->name, strerror(e));
	switch (e) {
	case EMFILE:
		strbuf_addstr(err, "one fd per event, CPU and thread is needed: raise the limit "
				   "with 'ulimit -n' or count fewer events");
		break;
	case ESRCH:
		strbuf_addstr(err, "the task to count has exited");
		break;
	default:
		if (is_unsupported_errno(e))
			strbuf_addstr(err, "this event leads a group and the kernel does not "
					   "support it here (no such PMU, e.g. in a VM): count "
					   "it outside the group or drop it");
		else
			strbuf_addstr(err, "run with -vv to see the perf_event_attr the kernel "
					   "refused");
	}
}

static int evsel__alloc_fds(struct evsel *evsel, int nr_cpus, int nr_threads)
{
	size_t n = (size_t)nr_cpus * (size_t)nr_threads;

	free(evsel->fds);
	free(evsel->ids);
	free(evsel->counts);
	evsel->nr_cpus = nr_cpus;
	evsel->nr_threads = nr_threads;
	evsel->fds = malloc(n * sizeof(int));
	evsel->ids = calloc(n, sizeof(uint64_t));
	evsel->counts = calloc(n, sizeof(*evsel->counts));
	if (!evsel->fds || !evsel->ids || !evsel->counts)
		return -ENOMEM;
	for (size_t i = 0; i < n; i++)
		evsel->fds[i] = -1;
	return 0;
}

static int evsel__open_one(struct evsel *evsel, const struct evlist_open_opts *o, int c, int t)
{
	int cpu = o->cpus->cpus[c];
	int pid = evsel->cgroup_fd > 0 ? evsel->cgroup_fd : o->threads->entries[t].tid;
	int group_fd = evsel__is_leader(evsel) ? -1 : fd_of(evsel->leader, c, t);
	int fd;

	if (!evsel__is_leader(evsel) && group_fd < 0)
		return -ENOENT;	/* the leader is unsupported: so is the group */
	if (o->trace)
		trace_attr(o, evsel, pid, cpu, group_fd);
	fd = perf_sys_event_open(&evsel->attr, pid, cpu, group_fd, open_flags(evsel));
	if (fd == -EMFILE && raise_nofile())
		fd = perf_sys_event_open(&evsel->attr, pid, cpu, group_fd, open_flags(evsel));
	if (o->trace)
		trace_result(o, fd);
	if (fd < 0)
		return fd;
	evsel->fds[c * evsel->nr_threads + t] = fd;
	/* Group reads are matched to members by id; single reads need none. */
	if (evsel->attr.read_format & PERF_FORMAT_ID)
		perf_sys_ioctl(fd, PERF_EVENT_IOC_ID,
			       (unsigned long)&evsel->ids[c * evsel->nr_threads + t]);
	return 0;
}

static void evsel__close_fds(struct evsel *evsel)
{
	int n = evsel->nr_cpus * evsel->nr_threads;

	for (int f = 0; evsel->fds && f < n; f++) {
		if (evsel->fds[f] >= 0)
			perf_sys_close(evsel->fds[f]);
		evsel->fds[f] = -1;
	}
}

/*
 * perf's precise_ip fallback for :P: one less each time the PMU refuses,
 * down to 0; after that the event is as it was (and unsupported).
 */
static bool precise_fallback(struct evsel *evsel, const struct evlist_open_opts *o)
{
	char line[64];

	if (!evsel->precise_max)
		return false;
	if (!evsel->attr.precise_ip) {
		evsel->attr.precise_ip = 3;
		return false;
	}
	evsel->attr.precise_ip--;
	if (o->trace) {
		snprintf(line, sizeof(line), "decreasing precise_ip by one (%u)\n",
			 (unsigned int)evsel->attr.precise_ip);
		o->trace(o->trace_ctx, line);
	}
	return true;
}

/*
 * perf's fallback for a normal user (kernel.perf_event_paranoid 2, the
 * distributions' default): an event refused for its kernel part is opened
 * again on user space alone (exclude_kernel, exclude_hv) and named so, with
 * perf's suffix: ":u", or "u" after a name that has modifiers or a PMU.
 */
static bool user_only_fallback(struct evsel *evsel, int e, const struct evlist_open_opts *o)
{
	struct perf_event_attr *a = &evsel->attr;
	struct strbuf name = STRBUF_INIT;

	if ((e != EACCES && e != EPERM) || a->exclude_kernel || a->exclude_user ||
	    perf_event_paranoid() <= 1)
		return false;
	a->exclude_kernel = 1;
	a->exclude_hv = 1;
	evsel->user_only = true;
	evsel->suffix_len = strpbrk(evsel->name, ":/") ? 1 : 2;
	strbuf_addf(&name, "%s%su", evsel->name, evsel->suffix_len == 2 ? ":" : "");
	free(evsel->name);
	evsel->name = strbuf_detach(&name, NULL);
	if (o->trace)
		o->trace(o->trace_ctx, "kernel.perf_event_paranoid > 1: trying again without "
				       "kernel and hypervisor samples\n");
	return true;
}

/* Refused on user space too: the event is reported as the user named it. */
static void user_only_undo(struct evsel *evsel)
{
	size_t len = strlen(evsel->name);

	evsel->attr.exclude_kernel = 0;
	evsel->attr.exclude_hv = 0;
	evsel->user_only = false;
	if (len >= evsel->suffix_len)
		evsel->name[len - evsel->suffix_len] = '\0';
	evsel->suffix_len = 0;
}

/* perf's missing-feature fallback: kernels before 6.0 refuse read_format
 * LOST with EINVAL; the event is opened without it. */
static bool lost_fallback(struct evsel *evsel, const struct evlist_open_opts *o)
{
	if (!(evsel->attr.read_format & PERF_FORMAT_LOST))
		return false;
	evsel->attr.read_format &= ~(uint64_t)PERF_FORMAT_LOST;
	if (o->trace)
		o->trace(o->trace_ctx, "switching off read_format LOST\n");
	return true;
}

static int evsel__open(struct evsel *evsel, const struct evlist_open_opts *o, struct strbuf *err)
{
	int ret;

retry:
	ret = evsel__alloc_fds(evsel, o->cpus->nr, o->threads->nr);
	for (int c = 0; !ret && c < o->cpus->nr; c++) {
		/* as perf: a PMU with a cpumask (uncore) counts on those CPUs,
		 * the others would count the same box again */
		if (evsel->pmu_cpus && o->cpus->cpus[c] >= 0 &&
		    !cpu_map__has(evsel->pmu_cpus, o->cpus->cpus[c]))
			continue;
		for (int t = 0; !ret && t < o->threads->nr; t++) {
			ret = evsel__open_one(evsel, o, c, t);
			/* A thread of -p may exit while we open: skip it. */
			if (ret == -ESRCH && o->threads->nr > 1)
				ret = 0;
		}
	}
	if (ret && user_only_fallback(evsel, -ret, o)) {
		evsel__close_fds(evsel);
		goto retry;
	}
	if (ret == -EINVAL && lost_fallback(evsel, o)) {
		evsel__close_fds(evsel);
		goto retry;
	}
	if (ret && is_unsupported_errno(-ret) && precise_fallback(evsel, o)) {
		evsel__close_fds(evsel);
		goto retry;
	}
	if (ret && is_unsupported_errno(-ret) &&
	    !(evsel__is_leader(evsel) && evsel->nr_members > 1)) {
		evsel->supported = false;
		evsel->open_errno = -ret;
		return 0;
	}
	if (ret && evsel->user_only)
		user_only_undo(evsel);
	if (ret)
		open_error(evsel, -ret, err);
	else
		evsel->counted = true;
	return ret;
}


/*
 * perf's weak groups ({a,b}:W, what -M asks for): a group the kernel will
 * not take whole is opened as separate events instead, each enabled and
 * read on its own like the leader was.
 */
static void break_weak_group(struct evlist *evlist, struct evsel *leader)
{
	int first = leader->idx, n = leader->nr_members;

	for (int m = first; m < first + n && m < evlist->nr; m++) {
		struct evsel *e = evlist->entries[m];

		evsel__close_fds(e);
		e->leader = e;
		e->nr_members = 1;
		e->weak_group = false;
		e->supported = true;
		e->counted = false;
		e->attr.read_format &= ~(uint64_t)(PERF_FORMAT_GROUP | PERF_FORMAT_ID);
		e->attr.disabled = leader->attr.disabled;
		e->attr.enable_on_exec = leader->attr.enable_on_exec;
	}
}

/* --filter: the tracepoint filter on every fd, as perf sets it after the open. */
static int evsel__apply_filter(struct evsel *evsel, struct strbuf *err)
{
	int n = evsel->nr_cpus * evsel->nr_threads;

	for (int f = 0; evsel->filter && f < n; f++) {
		int ret;

		if (evsel->fds[f] < 0)
			continue;
		ret = perf_sys_ioctl(evsel->fds[f], PERF_EVENT_IOC_SET_FILTER,
				     (unsigned long)evsel->filter);
		if (ret < 0) {
			strbuf_addf(err, "cannot set the filter '%s' on %s: %s\nhint: a filter "
				    "compares the fields listed in the tracepoint's format file "
				    "(e.g. 'prev_pid == 1 && prev_prio < 100')", evsel->filter,
				    evsel->name, strerror(-ret));
			return ret;
		}
	}
	return 0;
}

int evlist__open(struct evlist *evlist, const struct evlist_open_opts *opts, struct strbuf *err)
{
	struct evsel *evsel;
	int i, ret = 0;

	evlist__for_each(evlist, evsel, i) {
		ret = evsel__open(evsel, opts, err);
		if (ret && ret != -ENOMEM && evsel->leader->weak_group &&
		    evsel->leader->nr_members > 1) {
			i = evsel->leader->idx - 1;	/* again from the leader, alone */
			break_weak_group(evlist, evsel->leader);
			strbuf_reset(err);
			ret = 0;
			continue;
		}
		if (ret == -ENOMEM)
			strbuf_addstr(err, "out of memory");
		if (!ret)
			ret = evsel__apply_filter(evsel, err);
		if (ret)
			break;
	}
	if (ret)
		evlist__close(evlist);
	return ret;
}

static void for_each_leader_fd(struct evlist *evlist, unsigned long request)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i) {
		int n = evsel->nr_cpus * evsel->nr_threads;

		for (int f = 0; evsel__is_leader(evsel) && f < n; f++)
			if (evsel->fds && evsel->fds[f] >= 0)
				perf_sys_ioctl(evsel->fds[f], request, 0);
	}
}

void evlist__enable(struct evlist *evlist)
{
	for_each_leader_fd(evlist, PERF_EVENT_IOC_ENABLE);
}

void evsel__enable(struct evsel *evsel)
{
	int n = evsel->nr_cpus * evsel->nr_threads;

	for (int f = 0; evsel->fds && f < n; f++)
		if (evsel->fds[f] >= 0)
			perf_sys_ioctl(evsel->fds[f], PERF_EVENT_IOC_ENABLE, 0);
}

void evlist__disable(struct evlist *evlist)
{
	for_each_leader_fd(evlist, PERF_EVENT_IOC_DISABLE);
}

/* read_format GROUP|ID|TOTAL_TIME_*: nr, ena, run, then {value, id} x nr. */
static int read_group(struct evlist *evlist, struct evsel *leader, int f)
{
	uint64_t buf[3 + 2 * 64];
	ssize_t n = perf_sys_read(leader->fds[f], buf, sizeof(buf));
	uint64_t nr;

	if (n < 0)
		return (int)n;
	nr = buf[0];
	if (n < 24 || nr > 64 || (size_t)n < (3 + 2 * nr) * sizeof(uint64_t))
		return -EIO;
	for (int m = leader->idx; m < leader->idx + leader->nr_members; m++) {
		struct evsel *member = evlist->entries[m];

		for (uint64_t k = 0; member->fds && k < nr; k++) {
			if (member->fds[f] < 0 || buf[3 + 2 * k + 1] != member->ids[f])
				continue;
			member->counts[f].val = buf[3 + 2 * k];
			member->counts[f].ena = buf[1];
			member->counts[f].run = buf[2];
		}
	}
	return 0;
}

static int read_single(struct evsel *evsel, int f)
{
	uint64_t buf[3];
	ssize_t n = perf_sys_read(evsel->fds[f], buf, sizeof(buf));

	if (n < 0)
		return (int)n;
	if (n != sizeof(buf))
		return -EIO;
	evsel->counts[f].val = buf[0];
	evsel->counts[f].ena = buf[1];
	evsel->counts[f].run = buf[2];
	return 0;
}

int evsel__read_lost(struct evsel *evsel, int f, uint64_t *lost)
{
	uint64_t buf[5], fmt = evsel->attr.read_format;
	size_t words = 1 + !!(fmt & PERF_FORMAT_TOTAL_TIME_ENABLED) +
		       !!(fmt & PERF_FORMAT_TOTAL_TIME_RUNNING) + !!(fmt & PERF_FORMAT_ID) + 1;
	ssize_t n;

	*lost = 0;
	if (!(fmt & PERF_FORMAT_LOST) || (fmt & PERF_FORMAT_GROUP) || evsel->fds[f] < 0)
		return 0;
	n = perf_sys_read(evsel->fds[f], buf, words * sizeof(uint64_t));
	if (n < 0)
		return (int)n;
	if ((size_t)n != words * sizeof(uint64_t))
		return -EIO;
	*lost = buf[words - 1];	/* value, [enabled], [running], [id], lost */
	return 0;
}

int evlist__read(struct evlist *evlist)
{
	struct evsel *evsel;
	int i, ret = 0;

	evlist__for_each(evlist, evsel, i) {
		int n = evsel->nr_cpus * evsel->nr_threads;

		for (int f = 0; evsel->fds && f < n; f++) {
			if (evsel->fds[f] < 0)
				continue;
			if (evsel->attr.read_format & PERF_FORMAT_GROUP) {
				if (evsel__is_leader(evsel))
					ret = read_group(evlist, evsel, f);
			} else {
				ret = read_single(evsel, f);
			}
			if (ret)
				return ret;
		}
	}
	return 0;
}

void evlist__close(struct evlist *evlist)
{
	struct evsel *evsel;
	int i;

	evlist__for_each(evlist, evsel, i)
		evsel__close_fds(evsel);
}

void evsel__explain_unsupported(const struct evsel *e, struct strbuf *err)
{
	const struct perf_event_attr *a = &e->attr;

	if (e->open_errno == EOPNOTSUPP && (a->sample_type & PERF_SAMPLE_BRANCH_STACK) &&
	    (a->branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK))
		strbuf_addf(err, "event '%s' cannot record LBR call stacks (--call-graph lbr): "
			    "they need an Intel CPU with LBR call-stack mode (Haswell and later) "
			    "and a hardware event\nhint: --call-graph fp (frame pointers) or "
			    "--call-graph dwarf work on any machine", e->name);
	else if (e->open_errno == EOPNOTSUPP && (a->sample_type & PERF_SAMPLE_BRANCH_STACK))
		strbuf_addf(err, "event '%s' cannot sample branch stacks (-b/-j): they need a CPU "
			    "PMU that records taken branches (Intel LBR, AMD BRS, Arm BRBE)\nhint: "
			    "sample a hardware event (-e cycles) on such a machine, or record without "
			    "-b/-j", e->name);
	else if (e->open_errno == EOPNOTSUPP && a->precise_ip)
		strbuf_addf(err, "event '%s' asks for skid level %u ('p' modifiers), more than "
			    "the PMU gives\nhint: use fewer 'p', or ':P' for the most it gives",
			    e->name, (unsigned int)a->precise_ip);
	else
		strbuf_addf(err, "event '%s' is not supported here (%s)\nhint: see 'perf-mini "
			    "list' for the events this machine has", e->name,
			    strerror(e->open_errno));
}
