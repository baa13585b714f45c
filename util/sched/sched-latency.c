// SPDX-License-Identifier: GPL-2.0
/*
 * perf sched latency: per task, its run time, how often it was switched
 * in after waiting for a CPU, and how long it waited (mean, longest and
 * when), from sched_switch, sched_stat_runtime and the wakeups, as perf
 * 6.1 counts them (sched_waking is not one of its wakeups).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/array.h"
#include "../base/xalloc.h"
#include "sched-cmd.h"

enum atom_state { SLEEPING, WAIT_CPU, SCHED_IN, IGNORE };

/* one stretch of a task: switched out (or woken) until switched in */
struct atom {
	enum atom_state state;
	uint64_t sched_out, wake_up;
};

struct task {
	struct sched_thread *thread;
	struct atom last;	/* perf keeps them all; only the last is asked */
	bool has_atom;
	uint64_t max_lat, max_start, max_end, total_lat, nb_atoms, total_runtime;
	uint32_t num_merged;
};

struct latency {
	const struct sched_latency_opts *o;
	struct sched_file *f;
	struct task **tasks;
	size_t nr, alloc;
	int32_t *curr_pid;	/* by CPU */
	uint32_t nr_cpus;
	uint64_t nr_timestamps, nr_unordered, nr_switch_bugs;
};

static struct task *task_of(struct latency *l, int32_t tid, bool *made)
{
	struct sched_thread *t = sched_threads__findnew(&l->f->threads, -1, tid);
	struct task *k = t->priv;

	*made = !k;
	if (k)
		return k;
	k = must_calloc(1, sizeof(*k));
	k->thread = t;
	t->priv = k;
	ALLOC_GROW(l->tasks, l->nr + 1, l->alloc);
	l->tasks[l->nr++] = k;
	return k;
}

static void sched_out(struct task *k, bool runnable, uint64_t ts)
{
	k->last = (struct atom){ runnable ? WAIT_CPU : SLEEPING, ts, runnable ? ts : 0 };
	k->has_atom = true;
}

static void sched_in(struct task *k, uint64_t ts)
{
	uint64_t delay;

	if (!k->has_atom || k->last.state != WAIT_CPU)
		return;
	if (ts < k->last.wake_up) {
		k->last.state = IGNORE;
		return;
	}
	k->last.state = SCHED_IN;
	delay = ts - k->last.wake_up;
	k->total_lat += delay;
	if (delay > k->max_lat) {
		k->max_lat = delay;
		k->max_start = k->last.wake_up;
		k->max_end = ts;
	}
	k->nb_atoms++;
}

static void on_switch(struct latency *l, const struct sched_event *e, uint64_t ts)
{
	uint32_t cpu = e->s->cpu;
	struct task *prev, *next;
	bool made;

	if (cpu < l->nr_cpus && l->curr_pid[cpu] != -1 && l->curr_pid[cpu] != e->prev_pid)
		l->nr_switch_bugs++;
	/* perf's state letter is 'R' for prev_state 0 alone (not R+) */
	prev = task_of(l, e->prev_pid, &made);
	sched_out(prev, e->prev_state == 0, ts);
	next = task_of(l, e->next_pid, &made);
	if (made)
		sched_out(next, true, ts);
	sched_in(next, ts);
	if (cpu < l->nr_cpus)
		l->curr_pid[cpu] = e->next_pid;
}

static void on_wakeup(struct latency *l, const struct sched_event *e, uint64_t ts)
{
	bool made;
	struct task *k = task_of(l, e->pid, &made);

	if (made)
		sched_out(k, false, ts);
	if (l->o->cpu == -1 && k->last.state != SLEEPING)
		return;
	l->nr_timestamps++;
	if (k->last.sched_out > ts) {
		l->nr_unordered++;
		return;
	}
	k->last.state = WAIT_CPU;
	k->last.wake_up = ts;
}

static void on_event(void *ctx, const struct sched_event *e)
{
	struct latency *l = ctx;
	uint64_t ts = e->s->time;
	struct task *k;
	bool made;

	switch (e->kind) {
	case SCHED_SWITCH:
		on_switch(l, e, ts);
		break;
	case SCHED_RUNTIME:
		k = task_of(l, e->pid, &made);
		if (made)
			sched_out(k, true, ts);
		k->total_runtime += e->runtime;
		break;
	case SCHED_WAKEUP:
	case SCHED_WAKEUP_NEW:
		on_wakeup(l, e, ts);
		break;
	case SCHED_MIGRATE:
		if (l->o->cpu == -1)
			break;
		k = task_of(l, e->pid, &made);
		if (made)
			sched_out(k, true, ts);
		k->last.sched_out = k->last.wake_up = ts;
		l->nr_timestamps++;
		break;
	case SCHED_WAKING:	/* not perf 6.1's */
	case SCHED_SYS_ENTER:
	case SCHED_SYS_EXIT:
	case SCHED_FAULT:
	case SCHED_NONE:
		break;
	}
}

/* --- merging and sorting ------------------------------------------------- */

static const struct sched_latency_opts *sort_opts;

static uint64_t key(const struct task *k, enum sched_sort_key s)
{
	switch (s) {
	case SCHED_SORT_AVG: return k->nb_atoms ? k->total_lat / k->nb_atoms : 0;
	case SCHED_SORT_MAX: return k->max_lat;
	case SCHED_SORT_SWITCH: return k->nb_atoms;
	case SCHED_SORT_RUNTIME: return k->total_runtime;
	case SCHED_SORT_PID: return (uint64_t)(int64_t)k->thread->tid;
	}
	return 0;
}

/* descending on each key in turn; ties keep the order given */
static int task_cmp(const void *a, const void *b)
{
	const struct task *x = *(struct task *const *)a, *y = *(struct task *const *)b;

	for (uint32_t i = 0; i < sort_opts->nr_keys; i++) {
		enum sched_sort_key s = sort_opts->keys[i];
		int64_t kx = (int64_t)key(x, s), ky = (int64_t)key(y, s);

		if (s != SCHED_SORT_PID) {
			uint64_t ux = key(x, s), uy = key(y, s);

			if (ux != uy)
				return ux > uy ? -1 : 1;
		} else if (kx != ky) {
			return kx > ky ? -1 : 1;
		}
	}
	return 0;
}

static int tid_desc(const void *a, const void *b)
{
	const struct task *x = *(struct task *const *)a, *y = *(struct task *const *)b;

	return (x->thread->tid < y->thread->tid) - (x->thread->tid > y->thread->tid);
}

/* by comm, each comm's tasks by tid, highest first */
static int comm_then_tid_desc(const void *a, const void *b)
{
	const struct task *x = *(struct task *const *)a, *y = *(struct task *const *)b;

	return strcmp(x->thread->comm, y->thread->comm) ?: tid_desc(a, b);
}

static void merge_into(struct task *into, const struct task *k)
{
	into->num_merged++;
	into->total_runtime += k->total_runtime;
	into->nb_atoms += k->nb_atoms;
	into->total_lat += k->total_lat;
	if (k->max_lat > into->max_lat) {
		into->max_lat = k->max_lat;
		into->max_start = k->max_start;
		into->max_end = k->max_end;
	}
}

/* merged by comm, unless -p: the highest tid of a comm stands for all of
 * them (perf merges in descending tid order); then by comm, last first */
static size_t merge(struct latency *l)
{
	size_t n = 0;

	if (l->o->pids) {
		for (size_t i = 0; i < l->nr; i++)
			l->tasks[i]->num_merged = 1;
		if (l->nr)
			qsort(l->tasks, l->nr, sizeof(*l->tasks), tid_desc);
		return l->nr;
	}
	if (l->nr)
		qsort(l->tasks, l->nr, sizeof(*l->tasks), comm_then_tid_desc);
	for (size_t i = 0; i < l->nr; i++) {
		struct task *k = l->tasks[i];

		if (n && !strcmp(l->tasks[n - 1]->thread->comm, k->thread->comm)) {
			merge_into(l->tasks[n - 1], k);
			continue;
		}
		k->num_merged = 1;
		l->tasks[n++] = k;
	}
	/* comms descending, as perf's tree hands them out */
	for (size_t i = 0; i < n / 2; i++) {
		struct task *t = l->tasks[i];

		l->tasks[i] = l->tasks[n - 1 - i];
		l->tasks[n - 1 - i] = t;
	}
	return n;
}

/* stable: equal keys keep the order merge() gave (a position breaks ties) */
struct ranked {
	struct task *task;
	size_t pos;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return task_cmp(&x->task, &y->task) ?: (x->pos > y->pos) - (x->pos < y->pos);
}

static void stable_sort(struct task **v, size_t n)
{
	struct ranked *r = must_calloc(n + 1, sizeof(*r));

	for (size_t i = 0; i < n; i++)
		r[i] = (struct ranked){ v[i], i };
	if (n)
		qsort(r, n, sizeof(*r), ranked_cmp);
	for (size_t i = 0; i < n; i++)
		v[i] = r[i].task;
	free(r);
}

/* --- output ---------------------------------------------------------------- */

static void dashes(struct strbuf *out, int n)
{
	strbuf_addch(out, ' ');
	for (int i = 0; i < n; i++)
		strbuf_addch(out, '-');
	strbuf_addch(out, '\n');
}

static void row(const struct task *k, struct strbuf *out)
{
	char name[64], start[32], end[32];
	int len;

	len = k->num_merged > 1 ?
	      snprintf(name, sizeof(name), "  %s:(%u) ", k->thread->comm, k->num_merged) :
	      snprintf(name, sizeof(name), "  %s:%d ", k->thread->comm, k->thread->tid);
	strbuf_addf(out, "%s%*s", name, len < 24 ? 24 - len : 0, "");
	sched_time_usec(k->max_start, start, sizeof(start));
	sched_time_usec(k->max_end, end, sizeof(end));
	strbuf_addf(out, "|%11.3f ms |%9" PRIu64 " | avg:%8.3f ms | max:%8.3f ms | max start: "
		    "%12s s | max end: %12s s\n", (double)k->total_runtime / 1e6, k->nb_atoms,
		    (double)(k->total_lat / k->nb_atoms) / 1e6, (double)k->max_lat / 1e6, start, end);
}

static void info(const struct latency *l, struct strbuf *out)
{
	const struct session_stats *st = &l->f->stats;
	uint64_t events = 0;

	for (size_t i = 0; i < PERF_RECORD_HEADER_MAX; i++)
		events += st->nr_events[i];
	if (l->nr_unordered && l->nr_timestamps)
		strbuf_addf(out, "  INFO: %.3f%% unordered timestamps (%" PRIu64 " out of %" PRIu64
			    ")\n", 100.0 * l->nr_unordered / l->nr_timestamps, l->nr_unordered,
			    l->nr_timestamps);
	if (st->total_lost && events)
		strbuf_addf(out, "  INFO: %.3f%% lost events (%" PRIu64 " out of %" PRIu64 ", in %"
			    PRIu64 " chunks)\n", 100.0 * st->total_lost / events, st->total_lost,
			    events, st->nr_events[PERF_RECORD_LOST]);
	if (l->nr_switch_bugs && l->nr_timestamps)
		strbuf_addf(out, "  INFO: %.3f%% context switch bugs (%" PRIu64 " out of %" PRIu64
			    ")%s\n", 100.0 * l->nr_switch_bugs / l->nr_timestamps, l->nr_switch_bugs,
			    l->nr_timestamps, st->total_lost ? " (due to lost events?)" : "");
}

static void print(struct latency *l, size_t n, struct strbuf *out)
{
	uint64_t runtime = 0, switches = 0;

	strbuf_addch(out, '\n');
	dashes(out, 139);
	strbuf_addstr(out, "  Task                  |   Runtime ms  | Switches | Avg delay ms    | "
		      "Max delay ms    | Max delay start           | Max delay end          |\n");
	dashes(out, 139);
	for (size_t i = 0; i < n; i++) {
		const struct task *k = l->tasks[i];

		if (!k->nb_atoms || !strcmp(k->thread->comm, "swapper"))
			continue;
		runtime += k->total_runtime;
		switches += k->nb_atoms;
		row(k, out);
	}
	dashes(out, 113);
	strbuf_addf(out, "  TOTAL:                |%11.3f ms |%9" PRIu64 " |\n", (double)runtime / 1e6,
		    switches);
	dashes(out, 51);
	info(l, out);
	strbuf_addch(out, '\n');
}

static void free_task(void *priv)
{
	free(priv);
}

int sched_latency(const char *input, const struct sched_latency_opts *o, struct strbuf *out,
		  struct strbuf *note, struct strbuf *err)
{
	struct sched_ops ops = { .event = on_event };
	struct sched_file f;
	struct latency l = { .o = o, .f = &f };
	int ret;
	size_t n;

	if (sched_file__open(&f, input, err))
		return -1;
	if (o->dump_raw)
		sched_file__dump(&f, &dump_tool_sched, out);
	l.nr_cpus = f.pd.feat.nr_cpus_avail > 4096 ? 4096 : f.pd.feat.nr_cpus_avail;
	l.nr_cpus = l.nr_cpus < 256 ? 256 : l.nr_cpus;
	l.curr_pid = must_calloc(l.nr_cpus, sizeof(*l.curr_pid));
	for (uint32_t c = 0; c < l.nr_cpus; c++)
		l.curr_pid[c] = -1;
	ret = sched_file__read(&f, &ops, &l, err);
	if (!ret) {
		if (!f.has_tracepoint)
			strbuf_addstr(note, "No trace sample to read. Did you call 'perf record -R'?\n");
		n = merge(&l);
		sort_opts = o;
		stable_sort(l.tasks, n);
		print(&l, n, out);
	}
	free(l.tasks);
	free(l.curr_pid);
	sched_file__close(&f, free_task);
	return ret;
}
