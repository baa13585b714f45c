// SPDX-License-Identifier: GPL-2.0
/* perf trace -s of a raw_syscalls recording: trace-summary.h. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../arch/arch.h"
#include "../base/xalloc.h"
#include "sched.h"
#include "trace-summary.h"

#define MAX_ERRNO 4096

struct call_stats {
	double n, mean, m2;
	uint64_t min, max, failures;
	uint32_t *errnos;	/* --errno-summary: by errno */
};

struct thread_trace {
	uint64_t nr_events, entry_time, majfaults, minfaults;
	struct call_stats *calls;	/* by id */
	int64_t nr_calls;
};

struct summary {
	const struct trace_summary_opts *o;
	struct sched_file *f;
	const struct pmu_arch_ops *arch;
	struct sched_ids pids, tids;
	uint64_t nr_events;
	int8_t *exists;		/* by id: 0 unknown, 1 yes, -1 no */
	int64_t nr_exists;
};

/* perf 6.1 drops an id whose tracepoint this machine lacks (its name,
 * or the alias the kernel gave it); where tracefs cannot be read, we keep
 * what the table names (perf then drops them all) */
static const char *const aliases[][2] = {
	{ "stat", "newstat" }, { "fstat", "newfstat" }, { "lstat", "newlstat" },
	{ "sendfile", "sendfile64" }, { "uname", "newuname" }, { "umount2", "umount" },
};

static bool has_tracepoint(const char *tracefs, const char *name)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_%s", tracefs, name);
	if (!access(path, F_OK))
		return true;
	for (size_t i = 0; i < sizeof(aliases) / sizeof(aliases[0]); i++) {
		if (strcmp(name, aliases[i][0]))
			continue;
		snprintf(path, sizeof(path), "%s/events/syscalls/sys_enter_%s", tracefs,
			 aliases[i][1]);
		return !access(path, F_OK);
	}
	return false;
}

static bool known(struct summary *s, int64_t id)
{
	const char *name = arch__syscall_name(s->arch, id);
	char path[4096];

	if (!name || id >= MAX_ERRNO)
		return false;
	if (!s->exists[id]) {
		const char *fs = s->o->tracefs;

		snprintf(path, sizeof(path), "%s/events/syscalls", fs ? fs : "");
		s->exists[id] = !fs || access(path, R_OK | X_OK) || has_tracepoint(fs, name) ? 1 : -1;
	}
	return s->exists[id] > 0;
}

static struct thread_trace *trace_of(struct sched_thread *t)
{
	if (!t->priv)
		t->priv = must_calloc(1, sizeof(struct thread_trace));
	return t->priv;
}

static void add_call(struct summary *s, struct thread_trace *tt, int64_t id, uint64_t time,
		     int64_t ret)
{
	uint64_t d = tt->entry_time && time > tt->entry_time ? time - tt->entry_time : 0;
	struct call_stats *c;
	double delta;

	if (id >= tt->nr_calls) {
		tt->calls = must_reallocarray(tt->calls, (size_t)id + 1, sizeof(*tt->calls));
		memset(tt->calls + tt->nr_calls, 0, ((size_t)id + 1 - tt->nr_calls) * sizeof(*tt->calls));
		tt->nr_calls = id + 1;
	}
	c = &tt->calls[id];
	if (!c->n)
		c->min = UINT64_MAX;
	c->n += 1;
	delta = (double)d - c->mean;
	c->mean += delta / c->n;
	c->m2 += delta * ((double)d - c->mean);
	c->max = d > c->max ? d : c->max;
	c->min = d < c->min ? d : c->min;
	if (ret >= 0)
		return;
	c->failures++;
	if (s->o->errno_summary && ret > -MAX_ERRNO) {	/* tested before -ret can overflow */
		if (!c->errnos)
			c->errnos = must_calloc(MAX_ERRNO, sizeof(*c->errnos));
		c->errnos[(size_t)-ret]++;
	}
}

static void on_event(void *ctx, const struct sched_event *e)
{
	struct summary *s = ctx;
	struct sched_thread *t;
	struct thread_trace *tt;

	if (e->kind != SCHED_SYS_ENTER && e->kind != SCHED_SYS_EXIT && e->kind != SCHED_FAULT)
		return;
	t = sched_threads__findnew(&s->f->threads, (int32_t)e->s->pid, (int32_t)e->s->tid);
	if (!sched_ids__select(&s->pids, &s->tids, t))
		return;
	s->nr_events++;		/* the total, unknown ids too */
	if (e->kind == SCHED_FAULT) {
		tt = trace_of(t);
		tt->nr_events++;
		*(e->major ? &tt->majfaults : &tt->minfaults) += 1;
		return;
	}
	if (e->id < 0 || !known(s, e->id))
		return;
	tt = trace_of(t);
	tt->nr_events++;
	if (e->kind == SCHED_SYS_ENTER)
		tt->entry_time = e->s->time;	/* perf never clears it */
	else
		add_call(s, tt, e->id, e->s->time, e->ret);
}

/* --- output ------------------------------------------------------------------ */

static const struct summary *sort_ctx;
static const struct thread_trace *sort_thread;

static double msecs(const struct call_stats *c)
{
	return (double)(uint64_t)c->n * (c->mean / 1000000.0);
}

/* most time first, then by id */
static int call_cmp(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
	double mx = msecs(&sort_thread->calls[x]), my = msecs(&sort_thread->calls[y]);

	if (mx != my)
		return mx > my ? -1 : 1;
	return (x > y) - (x < y);
}

static void calls(const struct summary *s, const struct thread_trace *tt, struct strbuf *out)
{
	int64_t *ids = must_calloc((size_t)tt->nr_calls + 1, sizeof(*ids));
	size_t n = 0;

	for (int64_t id = 0; id < tt->nr_calls; id++)
		if (tt->calls[id].n)
			ids[n++] = id;
	sort_thread = tt;
	if (n)
		qsort(ids, n, sizeof(*ids), call_cmp);
	for (size_t i = 0; i < n; i++) {
		const struct call_stats *c = &tt->calls[ids[i]];
		double sd = c->n < 2 ? 0.0 : sqrt(c->m2 / (c->n - 1) / c->n);

		strbuf_addf(out, "   %-15s %8" PRIu64 " %6" PRIu64 " %9.3f %9.3f %9.3f %9.3f %9.2f%%\n",
			    arch__syscall_name(s->arch, ids[i]), (uint64_t)c->n, c->failures,
			    msecs(c), (double)c->min / 1e6, c->mean / 1e6, (double)c->max / 1e6,
			    c->mean ? 100.0 * sd / c->mean : 0.0);
		for (int e = 1; c->errnos && e < MAX_ERRNO; e++) {
			const char *name = strerrorname_np(e);

			if (c->errnos[e])
				strbuf_addf(out, "\t\t\t\t%s: %u\n", name ? name : "(unknown)",
					    c->errnos[e]);
		}
	}
	free(ids);
}

static void thread(const struct summary *s, const struct sched_thread *t, struct strbuf *out)
{
	const struct thread_trace *tt = t->priv;

	strbuf_addf(out, " %s (%d), %" PRIu64 " events, %.1f%%", t->comm, t->tid, tt->nr_events,
		    s->nr_events ? 100.0 * tt->nr_events / s->nr_events : 0.0);
	if (tt->majfaults)
		strbuf_addf(out, ", %" PRIu64 " majfaults", tt->majfaults);
	if (tt->minfaults)
		strbuf_addf(out, ", %" PRIu64 " minfaults", tt->minfaults);
	if (s->o->sched)
		strbuf_addstr(out, ", 0.000 msec");
	strbuf_addstr(out, "\n\n   syscall            calls  errors  total       min       avg       "
		      "max       stddev\n                                     (msec)    (msec)    "
		      "(msec)    (msec)        (%)\n   --------------- --------  ------ -------- "
		      "--------- --------- ---------     ------\n");
	calls(s, tt, out);
	strbuf_addstr(out, "\n\n");
}

/* a bucket's threads, fewest events first, then by tid */
static int thread_cmp(const void *a, const void *b)
{
	const struct sched_thread *x = *(struct sched_thread *const *)a;
	const struct sched_thread *y = *(struct sched_thread *const *)b;
	const struct thread_trace *tx = x->priv, *ty = y->priv;

	if (tx->nr_events != ty->nr_events)
		return tx->nr_events < ty->nr_events ? -1 : 1;
	return (x->tid > y->tid) - (x->tid < y->tid);
}

/* perf's order: by the thread table's buckets (tid % 256), not overall */
static void print(const struct summary *s, struct strbuf *out)
{
	strbuf_addstr(out, "\n Summary of events:\n\n");
	sort_ctx = s;
	for (size_t b = 0; b < SCHED_BUCKETS; b++) {
		struct sched_thread **v = NULL;
		size_t n = 0;

		for (struct sched_thread *t = s->f->threads.bucket[b]; t; t = t->next) {
			if (!t->priv)
				continue;
			v = must_reallocarray(v, n + 1, sizeof(*v));
			v[n++] = t;
		}
		if (n)
			qsort(v, n, sizeof(*v), thread_cmp);
		for (size_t i = 0; i < n; i++)
			thread(s, v[i], out);
		free(v);
	}
}

static void free_trace(void *priv)
{
	struct thread_trace *tt = priv;

	for (int64_t i = 0; i < tt->nr_calls; i++)
		free(tt->calls[i].errnos);
	free(tt->calls);
	free(tt);
}

/* ring_totals: the kernel's records, not those synthesized at the start */
static void on_record(void *ctx, const struct pm_event_header *ev, uint64_t time)
{
	struct summary *s = ctx;

	if (time && ev->type < PERF_RECORD_USER_TYPE_START && ev->type != PERF_RECORD_SAMPLE)
		s->nr_events++;
}

int trace_summary(const char *input, const struct trace_summary_opts *o, struct strbuf *out,
		  struct strbuf *err)
{
	struct sched_ops ops = { .event = on_event, .record = o->ring_totals ? on_record : NULL };
	struct sched_file f;
	struct summary s = { .o = o, .f = &f };
	int ret = -1;

	/* perf's -p names threads by both ids */
	if (sched_ids__parse(&s.pids, "-p", o->pids, err) ||
	    sched_ids__parse(&s.tids, "--tid", o->pids ? o->pids : o->tids, err))
		goto out;
	if (sched_file__open(&f, input, err))
		goto out;
	/* the recording machine's calls (x86_64's where it says none) */
	s.arch = (f.pd.feat.arch ? arch__by_machine(f.pd.feat.arch) : NULL) ?: arch__host();
	s.exists = must_calloc(MAX_ERRNO, sizeof(*s.exists));
	ret = sched_file__read(&f, &ops, &s, err);
	if (!ret)
		print(&s, out);
	free(s.exists);
	sched_file__close(&f, free_trace);
out:
	sched_ids__exit(&s.pids);
	sched_ids__exit(&s.tids);
	return ret;
}
