// SPDX-License-Identifier: GPL-2.0
/* Reading a sched record file for perf sched's commands: sched.h. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../data/live-stream.h"
#include "../data/perf-data-format.h"
#include "sched.h"
#include "../report/trace-format.h"

static const struct {
	const char *name;
	enum sched_kind kind;
} tracepoints[] = {
	{ "sched:sched_switch", SCHED_SWITCH }, { "sched:sched_stat_runtime", SCHED_RUNTIME },
	{ "sched:sched_wakeup", SCHED_WAKEUP }, { "sched:sched_wakeup_new", SCHED_WAKEUP_NEW },
	{ "sched:sched_waking", SCHED_WAKING }, { "sched:sched_migrate_task", SCHED_MIGRATE },
	{ "raw_syscalls:sys_enter", SCHED_SYS_ENTER }, { "raw_syscalls:sys_exit", SCHED_SYS_EXIT },
	{ "syscalls:sys_enter", SCHED_SYS_ENTER }, { "syscalls:sys_exit", SCHED_SYS_EXIT },
};

/* each event's kind and fields, found once */
struct evsel_fields {
	enum sched_kind kind;
	bool major;
	struct tp_field prev_pid, next_pid, prev_state, next_comm, pid, runtime, orig_cpu, dest_cpu;
	struct tp_field id, ret, args;
};

struct reader {
	struct sched_file *f;
	const struct sched_ops *ops;
	void *ctx;
};

static enum sched_kind kind_of(const char *name)
{
	for (size_t i = 0; i < sizeof(tracepoints) / sizeof(tracepoints[0]); i++)
		if (name && !strcmp(name, tracepoints[i].name))
			return tracepoints[i].kind;
	return SCHED_NONE;
}

static void find_fields(struct sched_file *f)
{
	struct trace_format *tf = trace_format__new(&f->pd);
	struct evsel_fields *fields;

	/* a pipe's events come as it is read: asked again for a new one */
	free(f->fields);
	f->fields = fields = must_calloc(f->pd.nr_evsels + 1, sizeof(*fields));
	f->nr_fields = f->pd.nr_evsels;

	for (size_t i = 0; i < f->pd.nr_evsels; i++) {
		const struct pd_evsel *e = f->pd.evsels[i];
		struct evsel_fields *ef = &fields[i];
		uint64_t config = e->attr.config;

		f->has_tracepoint |= e->attr.type == PERF_TYPE_TRACEPOINT;
		f->has_callchain |= !!(e->attr.sample_type & PERF_SAMPLE_CALLCHAIN);
		ef->kind = e->attr.type == PERF_TYPE_TRACEPOINT && tf ? kind_of(e->name) : SCHED_NONE;
		if (e->attr.type == PERF_TYPE_SOFTWARE && (config == PERF_COUNT_SW_PAGE_FAULTS ||
							   config == PERF_COUNT_SW_PAGE_FAULTS_MAJ ||
							   config == PERF_COUNT_SW_PAGE_FAULTS_MIN))
			ef->kind = SCHED_FAULT;
		ef->major = config == PERF_COUNT_SW_PAGE_FAULTS_MAJ;
		f->has_kind[ef->kind] = true;
		trace_format__field(tf, config, "prev_pid", &ef->prev_pid);
		trace_format__field(tf, config, "next_pid", &ef->next_pid);
		trace_format__field(tf, config, "prev_state", &ef->prev_state);
		trace_format__field(tf, config, "next_comm", &ef->next_comm);
		trace_format__field(tf, config, "pid", &ef->pid);
		trace_format__field(tf, config, "runtime", &ef->runtime);
		trace_format__field(tf, config, "orig_cpu", &ef->orig_cpu);
		trace_format__field(tf, config, "dest_cpu", &ef->dest_cpu);
		trace_format__field(tf, config, "id", &ef->id);
		trace_format__field(tf, config, "ret", &ef->ret);
		trace_format__field(tf, config, "args", &ef->args);
	}
	f->has_kind[SCHED_NONE] = false;
	trace_format__delete(tf);
}

/* raw_syscalls:sys_enter's args[6], as far as the payload holds them */
static void syscall_args(const struct tp_field *f, const struct perf_sample *s, uint64_t *args)
{
	const uint8_t *p = (const uint8_t *)s->raw_data + f->offset;

	for (uint32_t i = 0; f->found && i < 6 && (i + 1) * 8 <= f->size &&
			     (uint64_t)f->offset + (i + 1) * 8 <= s->raw_size; i++)
		memcpy(&args[i], p + i * 8, 8);
}

static int on_sample(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s,
		     struct pd_evsel *evsel, const char *note)
{
	struct reader *r = ctx;
	const struct evsel_fields *ef;
	struct sched_event e = { .s = s };

	(void)ev, (void)note;
	if (evsel->idx < 0)
		return 0;
	if ((size_t)evsel->idx >= r->f->nr_fields)
		find_fields(r->f);
	if ((size_t)evsel->idx >= r->f->nr_fields)
		return 0;
	if (r->ops->keep && !r->ops->keep(r->ctx, evsel, s))
		return 0;
	if (r->ops->sample)
		r->ops->sample(r->ctx, s, evsel->attr.sample_type & PERF_SAMPLE_TIME);
	ef = &r->f->fields[evsel->idx];
	if (r->ops->tracepoint && evsel->attr.type == PERF_TYPE_TRACEPOINT &&
	    ef->kind != SCHED_SYS_ENTER && ef->kind != SCHED_SYS_EXIT)
		r->ops->tracepoint(r->ctx, evsel, s);
	e.kind = ef->kind;
	e.major = ef->major;
	if (e.kind == SCHED_FAULT) {
		r->ops->event(r->ctx, &e);
		return 0;
	}
	if (e.kind == SCHED_NONE || !s->raw_data)
		return 0;
	e.prev_pid = (int32_t)tp_field__s64(&ef->prev_pid, s);
	e.next_pid = (int32_t)tp_field__s64(&ef->next_pid, s);
	e.prev_state = tp_field__s64(&ef->prev_state, s);
	tp_field__str(&ef->next_comm, s, e.next_comm, sizeof(e.next_comm));
	e.pid = (int32_t)tp_field__s64(&ef->pid, s);
	e.runtime = tp_field__u64(&ef->runtime, s);
	e.orig_cpu = (int32_t)tp_field__s64(&ef->orig_cpu, s);
	e.dest_cpu = (int32_t)tp_field__s64(&ef->dest_cpu, s);
	e.id = (int32_t)tp_field__u64(&ef->id, s);	/* perf's (int) of the long */
	e.ret = tp_field__s64(&ef->ret, s);
	if (e.kind == SCHED_SYS_ENTER)
		syscall_args(&ef->args, s, e.args);
	r->ops->event(r->ctx, &e);
	return 0;
}

static void set_comm(struct sched_thread *t, const char *comm)
{
	free(t->comm);
	t->comm = must_strdup(comm);
	t->comm_set = true;
}

static struct sched_thread *unlink_thread(struct sched_threads *t, int32_t tid)
{
	for (struct sched_thread **p = &t->bucket[(uint32_t)tid % SCHED_BUCKETS]; *p;
	     p = &(*p)->next) {
		if ((*p)->tid == tid) {
			struct sched_thread *found = *p;

			*p = found->next;
			found->next = NULL;
			return found;
		}
	}
	return NULL;
}

/* perf's machine__process_fork_event(): a known child tid is a thread
 * that is gone (its tid reused); the child takes its parent's comm */
static void fork_thread(struct sched_threads *t, const struct pm_fork_event *e)
{
	struct sched_thread *parent = sched_threads__findnew(t, (int32_t)e->ppid, (int32_t)e->ptid);
	struct sched_thread *old = unlink_thread(t, (int32_t)e->tid), *child;

	if (old) {
		t->retired = must_reallocarray(t->retired, t->nr_retired + 1, sizeof(*t->retired));
		t->retired[t->nr_retired++] = old;
	}
	child = sched_threads__findnew(t, (int32_t)e->pid, (int32_t)e->tid);
	if (parent->comm_set)
		set_comm(child, parent->comm);
	child->ppid = parent->tid;
}

static int on_event(void *ctx, const struct pm_event_header *ev, const struct perf_sample *s)
{
	struct reader *r = ctx;
	struct sched_threads *t = &r->f->threads;

	if (r->ops->record)
		r->ops->record(r->ctx, ev, s ? s->time : 0);
	if (ev->type == PERF_RECORD_COMM && ev->size > sizeof(struct pm_comm_event)) {
		const struct pm_comm_event *e = (const void *)ev;
		size_t max = ev->size - sizeof(*e);
		char comm[64];
		size_t n = strnlen(e->comm, max < sizeof(comm) - 1 ? max : sizeof(comm) - 1);
		struct sched_thread *th = sched_threads__findnew(t, (int32_t)e->pid, (int32_t)e->tid);

		memcpy(comm, e->comm, n);
		comm[n] = '\0';
		set_comm(th, comm);
		/* map marks the thread the record's sample id names */
		th = sched_threads__find(t, s && s->tid != (uint32_t)-1 ? (int32_t)s->tid :
								    (int32_t)e->tid);
		if (th)
			th->comm_changed = true;
	} else if (ev->type == PERF_RECORD_FORK && ev->size >= sizeof(struct pm_fork_event)) {
		fork_thread(t, (const void *)ev);
	} else if (ev->type == PERF_RECORD_EXIT && ev->size >= sizeof(struct pm_fork_event)) {
		struct sched_thread *th = sched_threads__find(t, (int32_t)((const struct pm_fork_event *)ev)->tid);

		if (th)
			th->dead = true;
	} else if (ev->type == PERF_RECORD_LOST && ev->size >= sizeof(struct pm_lost_event) &&
		   r->ops->lost) {
		r->ops->lost(r->ctx, ((const struct pm_lost_event *)ev)->lost, s ? s->cpu : 0,
			     s ? s->time : 0);
	}
	return 0;
}

int sched_file__open(struct sched_file *f, const char *input, struct strbuf *err)
{
	struct sched_thread *idle;

	memset(f, 0, sizeof(*f));
	if (perf_data__open(&f->pd, input, err)) {
		perf_data__close(&f->pd);
		return -1;
	}
	find_fields(f);
	idle = sched_threads__findnew(&f->threads, 0, 0);
	set_comm(idle, "swapper");
	return 0;
}

int sched_file__open_stream(struct sched_file *f, int fd, struct strbuf *err)
{
	struct sched_thread *idle;

	memset(f, 0, sizeof(*f));
	f->ls = must_calloc(1, sizeof(*f->ls));
	f->fd = fd;
	if (live_stream__open(f->ls, &f->pd, fd, err)) {
		live_stream__exit(f->ls);
		free(f->ls);
		f->ls = NULL;
		return -1;
	}
	find_fields(f);
	idle = sched_threads__findnew(&f->threads, 0, 0);
	set_comm(idle, "swapper");
	return 0;
}

void sched_file__dump(struct sched_file *f, const struct dump_tool *tool, struct strbuf *pending)
{
	if (!f->pd.pipe && !f->has_tracepoint)
		return;	/* perf reads nothing of a file without tracepoints */
	f->dump_out = stdout;
	f->dump_tool = tool;
	f->dump_pending = pending;
}

static void on_dump(void *ctx, const struct pm_event_header *ev, uint64_t off)
{
	struct sched_file *f = ((struct reader *)ctx)->f;

	if (f->dump_pending) {
		fwrite(f->dump_pending->buf, 1, f->dump_pending->len, f->dump_out);
		strbuf_reset(f->dump_pending);
	}
	perf_data__dump_record(&f->pd, &f->dump_state, ev, off, f->dump_out, f->dump_tool);
}

int sched_file__read(struct sched_file *f, const struct sched_ops *ops, void *ctx,
		     struct strbuf *err)
{
	struct reader r = { .f = f, .ops = ops, .ctx = ctx };
	struct session_tool tool = { .sample = on_sample, .event = on_event, .ctx = &r,
				     .dump = f->dump_out ? on_dump : NULL };
	int got = 0, ret = 0;

	if (!f->ls)
		return session__process(&f->pd, &tool, &f->stats, err);
	while (!ret && got >= 0) {
		got = live_stream__fill(f->ls, f->fd, -1);
		ret = live_stream__deliver(f->ls, &tool, &f->stats, err);
	}
	return ret;
}

static void free_thread(struct sched_thread *t, void (*free_priv)(void *))
{
	if (free_priv && t->priv)
		free_priv(t->priv);
	free(t->comm);
	free(t);
}

void sched_file__close(struct sched_file *f, void (*free_priv)(void *priv))
{
	for (size_t b = 0; b < SCHED_BUCKETS; b++) {
		while (f->threads.bucket[b]) {
			struct sched_thread *t = f->threads.bucket[b];

			f->threads.bucket[b] = t->next;
			free_thread(t, free_priv);
		}
	}
	for (uint32_t i = 0; i < f->threads.nr_retired; i++)
		free_thread(f->threads.retired[i], free_priv);
	free(f->threads.retired);
	free(f->fields);
	perf_data__close(&f->pd);
	if (f->ls) {
		live_stream__exit(f->ls);
		free(f->ls);
	}
}

struct sched_thread *sched_threads__find(struct sched_threads *t, int32_t tid)
{
	for (struct sched_thread *th = t->bucket[(uint32_t)tid % SCHED_BUCKETS]; th; th = th->next)
		if (th->tid == tid)
			return th;
	return NULL;
}

struct sched_thread *sched_threads__findnew(struct sched_threads *t, int32_t pid, int32_t tid)
{
	struct sched_thread *th = sched_threads__find(t, tid);
	char comm[24];

	if (th) {
		if (th->pid == -1 && pid != -1)
			th->pid = pid;
		return th;
	}
	th = must_calloc(1, sizeof(*th));
	*th = (struct sched_thread){ .pid = pid, .tid = tid, .ppid = -1 };
	snprintf(comm, sizeof(comm), ":%d", tid);
	th->comm = must_strdup(comm);
	th->next = t->bucket[(uint32_t)tid % SCHED_BUCKETS];
	t->bucket[(uint32_t)tid % SCHED_BUCKETS] = th;
	return th;
}

static int tid_cmp(const void *a, const void *b)
{
	const struct sched_thread *x = *(struct sched_thread *const *)a;
	const struct sched_thread *y = *(struct sched_thread *const *)b;

	return (x->tid > y->tid) - (x->tid < y->tid);
}

void sched_threads__for_each(struct sched_threads *t, void (*fn)(struct sched_thread *, void *),
			     void *arg)
{
	for (size_t b = 0; b < SCHED_BUCKETS; b++) {
		struct sched_thread **v = NULL;
		size_t n = 0;

		for (struct sched_thread *th = t->bucket[b]; th; th = th->next) {
			v = must_reallocarray(v, n + 1, sizeof(*v));
			v[n++] = th;
		}
		if (n)
			qsort(v, n, sizeof(*v), tid_cmp);
		for (size_t i = 0; i < n; i++)
			fn(v[i], arg);
		free(v);
		for (uint32_t i = 0; i < t->nr_retired; i++)
			if ((uint32_t)t->retired[i]->tid % SCHED_BUCKETS == b)
				fn(t->retired[i], arg);
	}
}

void sched_time_usec(uint64_t ns, char *buf, size_t size)
{
	snprintf(buf, size, "%" PRIu64 ".%06" PRIu64, ns / 1000000000, ns % 1000000000 / 1000);
}

int sched_ids__parse(struct sched_ids *ids, const char *opt, const char *list,
		     struct strbuf *err)
{
	const char *p = list;

	if (!list)
		return 0;
	ids->given = true;
	while (*p) {
		char *end;
		long v = strtol(p, &end, 10);

		if (end == p || (*end && *end != ',') || v < INT32_MIN || v > INT32_MAX) {
			strbuf_addf(err, "%s %s: not a list of ids\nhint: %s 1234,5678", opt, list,
				    opt);
			return -1;
		}
		ids->v = must_reallocarray(ids->v, ids->n + 1, sizeof(*ids->v));
		ids->v[ids->n++] = (int32_t)v;
		p = *end ? end + 1 : end;
	}
	return 0;
}

bool sched_ids__has(const struct sched_ids *ids, int32_t id)
{
	for (size_t i = 0; i < ids->n; i++)
		if (ids->v[i] == id)
			return true;
	return !ids->given;
}

bool sched_ids__select(const struct sched_ids *pids, const struct sched_ids *tids,
		       const struct sched_thread *t)
{
	return sched_ids__has(pids, t->pid) && sched_ids__has(tids, t->tid);
}

void sched_ids__exit(struct sched_ids *ids)
{
	free(ids->v);
	*ids = (struct sched_ids){ 0 };
}
