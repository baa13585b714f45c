// SPDX-License-Identifier: GPL-2.0
/* perf trace's per-call lines of a recording: trace-lines.h. */
#include <inttypes.h>
#include <stdio.h>
#include <unistd.h>
#include <stdlib.h>
#include <string.h>

#include "../../arch/arch.h"
#include "../base/util.h"
#include "../base/array.h"
#include "../base/xalloc.h"
#include "../report/callchain.h"
#include "../report/evswitch.h"
#include "../report/resolve.h"
#include "../symbols/machine.h"
#include "sched.h"
#include "trace-beauty.h"
#include "trace-lines.h"
#include "trace-syscall.h"
#include "trace-tp.h"

#define ARGS_ALIGNMENT 70	/* perf's trace.args_alignment */

/* glibc's POSIX strerror_r, which says when it does not know the errno */
int __xpg_strerror_r(int errnum, char *buf, size_t buflen);

struct fd_path {
	int fd;
	char *path;
};

struct thread_lines {
	uint64_t entry_time;
	bool entry_pending;
	struct strbuf entry;	/* "name(args" */
	enum sca ret_fmt;	/* an argument's say on the result (fcntl) */
	struct fd_path *fds;	/* live: the paths read, until their close */
	size_t nr_fds, alloc_fds;
};

struct lines {
	const struct trace_lines_opts *o;
	struct sched_file *f;
	struct sc_table calls;
	struct sched_ids pids, tids;
	FILE *out;
	uint64_t base_time;
	struct sched_thread *current;	/* the last to enter a call */
	struct machine *machine;	/* the page faults' symbols and maps */
	int formats;			/* tracefs's call formats: 0 not looked, 1 read, -1 not */
	struct strbuf line;
	unsigned long printed;		/* lines, for --max-events */
	struct sched_thread *calling;	/* whose arguments are being printed */
	struct strbuf closed;		/* the path of the fd a close just printed */
	struct tp_format {		/* by evsel idx: the other tracepoints' fields */
		bool looked;
		struct tp_fields *fields;
	} *tps;
	size_t nr_tps;
	uint64_t tp_args[SC_MAX_ARGS];	/* a syscalls:sys_enter_* sample's arguments */
	struct srclines inlines;	/* --call-graph dwarf: the frames DWARF nests */
	struct evswitch sw;		/* --switch-on/off, set up at the first sample */
	int sw_state;			/* 0 not yet, 1 set up, -1 failed (in switch_err) */
	struct strbuf switch_err;
	unsigned long proc_getname;	/* fd paths read from /proc (--tool_stats) */
	struct callchain_frame *frames, *expanded;	/* the chain of the event at hand */
	size_t nr_frames;
};

/* Frames a chain can have, and with its inlines expanded */
#define MAX_FRAMES UNWOUND_CHAIN_MAX
#define MAX_EXPANDED (4 * UNWOUND_CHAIN_MAX)

static size_t user_frames(struct callchain_frame *f, size_t n)
{
	size_t kept = 0;

	for (size_t i = 0; i < n; i++)
		if (f[i].mode == PERF_RECORD_MISC_USER)
			f[kept++] = f[i];
	return kept;
}

/* --max-stack @max: of the whole chain, or of an unwound one's recorded
 * (kernel) frames and its unwound ones each, as perf limits both walks */
static size_t at_most(struct callchain_frame *f, size_t n, unsigned int max, bool unwound)
{
	size_t kept = 0, kernel = 0, user = 0;

	if (!max || !unwound)
		return max && n > max ? max : n;
	for (size_t i = 0; i < n; i++) {
		size_t *count = f[i].mode == PERF_RECORD_MISC_USER ? &user : &kernel;

		if ((*count)++ < max)
			f[kept++] = f[i];
	}
	return kept;
}

/*
 * --call-graph: @s's chain as perf trace resolves it (a dwarf sample's
 * user stack unwound, its inlined functions expanded), innermost first,
 * up to --max-stack, into l->frames; false when --min-stack says the
 * event is not to be shown at all. A call's chain is its user frames (perf
 * records no kernel ones for the calls but with --kernel-syscall-graph).
 */
static bool resolve_chain(struct lines *l, const struct perf_sample *s, bool user_only)
{
	struct thread *t;
	struct perf_sample tmp;
	uint64_t buf[UNWOUND_CHAIN_MAX];
	const struct perf_sample *us;
	size_t n;

	l->nr_frames = 0;
	if (!l->o->callchains || (!s->callchain_nr && !s->user_stack_size))
		return true;
	if (!l->frames) {
		l->frames = must_calloc(MAX_FRAMES, sizeof(*l->frames));
		l->expanded = must_calloc(MAX_EXPANDED, sizeof(*l->expanded));
	}
	t = machine__findnew_thread(l->machine, (int32_t)s->pid, (int32_t)s->tid);
	us = callchain__unwound(l->machine, t, s, &tmp, buf);
	n = callchain__frames(l->machine, t, us, false, MAX_FRAMES, l->frames);
	if (user_only)
		n = user_frames(l->frames, n);
	n = at_most(l->frames, n, l->o->max_stack > 0 ? (unsigned int)l->o->max_stack : 0,
		    us == &tmp);
	if (us == &tmp) {	/* perf expands inlines in unwound frames */
		n = callchain__expand_inlines(&l->inlines, l->machine, l->frames, n, false,
					      l->expanded, MAX_EXPANDED);
		memcpy(l->frames, l->expanded, (n < MAX_FRAMES ? n : MAX_FRAMES) * sizeof(*l->frames));
		n = n < MAX_FRAMES ? n : MAX_FRAMES;
	}
	l->nr_frames = n;
	return l->o->min_stack <= 0 || n >= (size_t)l->o->min_stack;
}

/* perf's sample__fprintf_callchain for trace: 38 columns, then " sym (dso)",
 * an unknown symbol as "[addr]", an inlined one "(inlined)" without its dso */
static void print_chain(struct lines *l)
{
	for (size_t i = 0; i < l->nr_frames; i++) {
		const struct addr_location *al = &l->frames[i].al;
		const struct dso *dso = al->map ? al->map->dso : NULL;

		strbuf_addf(&l->line, "%38s ", " ");
		if (al->sym)
			strbuf_addstr(&l->line, al->sym->name);
		else
			strbuf_addf(&l->line, "[%#" PRIx64 "]", al->map ? al->addr : 0);
		if (al->sym && al->sym->inlined)
			strbuf_addstr(&l->line, " (inlined)");
		else
			strbuf_addf(&l->line, " (%s)",
				    dso ? dso->long_name ?: dso->short_name : "[unknown]");
		strbuf_addch(&l->line, '\n');
		fwrite(l->line.buf, 1, l->line.len, l->out);
		strbuf_reset(&l->line);
	}
}

static struct thread_lines *lines_of(struct sched_thread *t)
{
	if (!t->priv) {
		struct thread_lines *tl = must_calloc(1, sizeof(*tl));

		strbuf_init(&tl->entry, 0);
		t->priv = tl;
	}
	return t->priv;
}

/* perf's SCA_PID: the thread made if new, its COMM or /proc's name */
static const char *comm_of(void *priv, int32_t pid)
{
	struct lines *l = priv;
	struct sched_thread *t = sched_threads__findnew(&l->f->threads, pid, pid);
	char path[64], comm[64];

	if (!t->comm_set) {
		snprintf(path, sizeof(path), "/proc/%d/task/%d/comm", pid, pid);
		if (read_small_file(path, comm, sizeof(comm)) > 0) {
			free(t->comm);
			t->comm = must_strdup(comm);
			t->comm_set = true;
		}
	}
	return t->comm_set ? t->comm : NULL;
}

/*
 * Live, perf names an fd by the link /proc has for it, read the first
 * time the thread's fd is printed and kept until the close that is
 * (a file's recording has no fd paths: its processes are gone).
 */
static const char *thread_fd_path(struct lines *l, struct sched_thread *t, int fd, bool closing)
{
	struct thread_lines *tl = t ? lines_of(t) : NULL;
	char link[64], target[4096];
	const char *path = NULL;
	ssize_t n;
	size_t i;

	if (!tl)
		return NULL;
	for (i = 0; i < tl->nr_fds && tl->fds[i].fd != fd; i++)
		;
	if (i == tl->nr_fds) {
		snprintf(link, sizeof(link), "/proc/%d/fd/%d", (int)t->tid, fd);
		if ((n = readlink(link, target, sizeof(target) - 1)) <= 0)
			return NULL;
		target[n] = '\0';
		l->proc_getname++;
		ALLOC_GROW(tl->fds, tl->nr_fds + 1, tl->alloc_fds);
		tl->fds[tl->nr_fds++] = (struct fd_path){ fd, must_strdup(target) };
	}
	path = tl->fds[i].path;
	if (closing) {	/* printed now, from a buffer the next call reuses */
		strbuf_reset(&l->closed);
		strbuf_addstr(&l->closed, path);
		free(tl->fds[i].path);
		tl->fds[i] = tl->fds[--tl->nr_fds];
		path = l->closed.buf;
	}
	return path;
}

static const char *fd_path(void *priv, int fd, bool closing)
{
	struct lines *l = priv;

	return thread_fd_path(l, l->calling, fd, closing);
}

/* perf's pid__scnprintf_fd (kcmp): the process's main thread, if it made
 * a call perf traced */
static const char *pid_fd_path(void *priv, int32_t pid, int fd)
{
	struct lines *l = priv;
	struct sched_thread *t = sched_threads__find(&l->f->threads, pid);

	return t && t->priv ? thread_fd_path(l, t, fd, false) : NULL;
}

static enum sca add_args(struct lines *l, const struct sc_info *sc, const uint64_t *args,
			 struct strbuf *sb)
{
	struct sca_ctx ctx = { .args = args, .comm_of = comm_of, .priv = l,
			       .fd_path = l->o->stream ? fd_path : NULL,
			       .pid_fd_path = l->o->stream ? pid_fd_path : NULL };
	bool first = true;

	for (ctx.idx = 0; ctx.idx < sc->nr_args; ctx.idx++) {
		const struct sc_arg *a = &sc->arg[ctx.idx];
		uint64_t val = sca_mask_val(a->fmt, args[ctx.idx]);

		if ((ctx.mask & (1u << ctx.idx)) || (!val && !sca_shows_zero(a->fmt)))
			continue;
		strbuf_setlen(sb, sb->len - ctx.residue);	/* perf writes over it */
		ctx.residue = 0;
		strbuf_addf(sb, "%s%s: ", first ? "" : ", ", a->name);
		sca_print(a->fmt, val, &ctx, sb);
		first = false;
	}
	return ctx.ret_fmt;
}

static void head_time(struct lines *l, uint64_t tstamp)
{
	if (tstamp)
		strbuf_addf(&l->line, "%10.3f ", (double)(tstamp - l->base_time) / 1e6);
	else
		strbuf_addstr(&l->line, "         ? ");
}

static void head_thread(struct lines *l, struct sched_thread *t)
{
	if (l->o->one_thread)
		return;
	if (!l->o->no_comm)
		strbuf_addf(&l->line, "%.14s/", t->comm);
	strbuf_addf(&l->line, "%d ", t->tid);
}

/* "     0.029 ( 0.001 ms): ls/7247 " */
static void head(struct lines *l, struct sched_thread *t, uint64_t duration, bool known,
		 uint64_t tstamp)
{
	head_time(l, tstamp);
	if (known)
		strbuf_addf(&l->line, "(%6.3f ms): ", (double)duration / 1e6);
	else
		strbuf_addstr(&l->line, "(         ): ");
	head_thread(l, t);
}

/* A line out; past --max-events none (false), and the recorder is told once */
static bool flush(struct lines *l)
{
	const struct trace_lines_opts *o = l->o;
	bool out = !o->max_events || l->printed < o->max_events;

	if (out) {
		fwrite(l->line.buf, 1, l->line.len, l->out);
		if (++l->printed == o->max_events && o->enough)
			o->enough(o->enough_ctx);
	}
	strbuf_reset(&l->line);
	return out;
}

/* perf's: " " up to the column where "= " goes */
static void pad(struct lines *l, size_t printed)
{
	int width = printed < ARGS_ALIGNMENT ? (int)(ARGS_ALIGNMENT - printed) : 0;

	strbuf_addf(&l->line, "%*s", width, " ");
}

/* the call the last thread left open, now that another event came */
static void interrupted_entry(struct lines *l)
{
	struct thread_lines *tl = l->current ? l->current->priv : NULL;
	size_t len;

	if (l->o->failure_only || !tl || !tl->entry_pending)
		return;
	head(l, l->current, 0, false, tl->entry_time);
	len = tl->entry.len + 1;
	strbuf_addf(&l->line, "%s)", tl->entry.buf);
	if (len < ARGS_ALIGNMENT - 4)
		strbuf_addf(&l->line, "%-*s", (int)(ARGS_ALIGNMENT - 4 - len), " ");
	strbuf_addstr(&l->line, " ...\n");
	flush(l);
	tl->entry_pending = false;
}

static void sys_enter(struct lines *l, struct sched_thread *t, const struct sched_event *e,
		      const struct sc_info *sc)
{
	struct thread_lines *tl = lines_of(t);

	if (!l->o->min_duration_ms && l->o->min_stack <= 0)
		interrupted_entry(l);
	tl->entry_time = e->s->time;
	strbuf_reset(&tl->entry);
	strbuf_addf(&tl->entry, "%s(", sc->name);
	l->calling = t;
	tl->ret_fmt = add_args(l, sc, e->args, &tl->entry);
	if (sc->is_exit) {
		if (!l->o->min_duration_ms && !l->o->failure_only && l->o->min_stack <= 0) {
			head(l, t, 0, false, tl->entry_time);
			strbuf_addf(&l->line, "%s)", tl->entry.buf);
			pad(l, tl->entry.len + 1);
			strbuf_addstr(&l->line, "= ?\n");
			flush(l);
		}
	} else {
		tl->entry_pending = true;
	}
	l->current = t;
}

static void result(struct lines *l, const struct sc_info *sc, enum sca ret_fmt, int64_t ret)
{
	if (ret < 0) {
		int e = (int)(0 - (uint64_t)ret);	/* perf's (int) of -ret, any ret */
		const char *name = strerrorname_np(e);
		char msg[128];	/* perf's STRERR_BUFSIZE */
		int err = __xpg_strerror_r(e, msg, sizeof(msg));

		if (err)	/* perf's str_error_r on an errno libc does not know */
			snprintf(msg, sizeof(msg), "INTERNAL ERROR: strerror_r(%d, [buf], %zu)=%d",
				 e, sizeof(msg), err);
		strbuf_addf(&l->line, "-1 %s (%s)", name ? name : "(unknown)", msg);
	} else if (!ret && sc->timeout) {
		strbuf_addstr(&l->line, "0 (Timeout)");
	} else if (ret_fmt != SCA_LONG) {
		struct sca_ctx ctx = { .idx = -1, .comm_of = comm_of, .priv = l };

		sca_print(ret_fmt, (uint64_t)ret, &ctx, &l->line);
	} else if (sc->hexret) {
		strbuf_addf(&l->line, "%#" PRIx64, (uint64_t)ret);
	} else if (sc->errpid) {
		/* perf's: the thread if known (else nothing), with its COMM if one came */
		struct sched_thread *child = sched_threads__find(&l->f->threads, (int32_t)ret);

		if (child && !(l->o->stream && !ret))	/* live, perf knows no thread 0 */
			strbuf_addf(&l->line, "%" PRId64 "%s%s%s", ret, child->comm_set ? " (" : "",
				    child->comm_set ? child->comm : "", child->comm_set ? ")" : "");
	} else {
		strbuf_addf(&l->line, "%" PRId64, ret);
	}
}

static void sys_exit(struct lines *l, struct sched_thread *t, const struct sched_event *e,
		     const struct sc_info *sc)
{
	struct thread_lines *tl = lines_of(t);
	uint64_t duration = 0;
	size_t printed;
	bool known = false;

	if (tl->entry_time) {
		duration = e->s->time - tl->entry_time;
		if ((double)duration < l->o->min_duration_ms * 1e6)
			goto out;
		known = true;
	} else if (l->o->min_duration_ms) {
		goto out;
	}
	if ((e->ret >= 0 && l->o->failure_only) ||
	    !resolve_chain(l, e->s, !l->o->kernel_syscall_graph))
		goto out;
	head(l, t, duration, known, tl->entry_time);
	if (tl->entry_pending) {
		strbuf_add(&l->line, tl->entry.buf, tl->entry.len);
		printed = tl->entry.len;
	} else {
		size_t before = l->line.len;

		strbuf_addf(&l->line, " ... [continued]: %s()", sc->name);
		printed = l->line.len - before;
	}
	strbuf_addch(&l->line, ')');
	pad(l, printed + 1);
	strbuf_addstr(&l->line, "= ");
	result(l, sc, tl->ret_fmt, e->ret);
	tl->ret_fmt = SCA_LONG;
	strbuf_addch(&l->line, '\n');
	if (flush(l))
		print_chain(l);
out:
	tl->entry_pending = false;
}

/* perf's print_location: "sym+0xoff", else the address in the map, else
 * the sample's data address (perf's, for the code address too) */
static void location(struct lines *l, const struct perf_sample *s, const struct addr_location *al,
		     bool dso, bool sym)
{
	if (dso && al->map)
		strbuf_addf(&l->line, "%s@", al->map->dso->long_name ?: al->map->dso->short_name);
	if (sym && al->sym)
		strbuf_addf(&l->line, "%s+0x%" PRIx64, al->sym->name, al->addr - al->sym->start);
	else
		strbuf_addf(&l->line, "0x%" PRIx64, al->map ? al->addr : s->addr);
}

/* perf's page-fault line: where the code was, and what it touched */
static void fault(struct lines *l, struct sched_thread *st, const struct sched_event *e)
{
	const struct perf_sample *s = e->s;
	struct thread *t = machine__findnew_thread(l->machine, (int32_t)s->pid, (int32_t)s->tid);
	struct addr_location al;

	head(l, st, 0, true, s->time);
	strbuf_addf(&l->line, "%sfault [", e->major ? "maj" : "min");
	resolve_addr(l->machine, t, s->cpumode, s->ip, &al);
	location(l, s, &al, false, true);
	strbuf_addstr(&l->line, "] => ");
	resolve_addr(l->machine, t, s->cpumode, s->addr, &al);
	location(l, s, &al, true, false);
	strbuf_addf(&l->line, " (%c%c)\n", al.map ? 'd' : '?', al.level);
	flush(l);
}

static const struct tp_fields *tp_fields_of(struct lines *l, const struct pd_evsel *evsel)
{
	size_t idx = (size_t)evsel->idx;

	if (idx >= l->nr_tps) {
		l->tps = must_reallocarray(l->tps, idx + 1, sizeof(*l->tps));
		memset(l->tps + l->nr_tps, 0, (idx + 1 - l->nr_tps) * sizeof(*l->tps));
		l->nr_tps = idx + 1;
	}
	if (!l->tps[idx].looked)
		l->tps[idx].fields = tp_fields__read(l->o->tracefs, evsel->name);
	l->tps[idx].looked = true;
	return l->tps[idx].fields;
}

/* A syscalls:sys_enter_* sample's call, whose arguments perf prints as
 * the call's own (in l->tp_args); NULL for any other tracepoint. */
static const struct sc_info *syscall_of(struct lines *l, const struct pd_evsel *evsel,
					const struct tp_fields *fields, const struct perf_sample *s)
{
	int64_t id;

	if (strncmp(evsel->name, "syscalls:sys_enter_", 19) ||
	    !tp_fields__syscall(fields, s, &id, l->tp_args, SC_MAX_ARGS))
		return NULL;
	if (!l->formats)
		l->formats = sc_table__readable(l->o->tracefs) ? 1 : -1;
	return l->formats > 0 ? sc_table__get(&l->calls, id) : NULL;
}

/* perf's line for another event: "0.979 sh/29300 sched:sched_process_fork(parent_comm: ...)" */
static void on_tracepoint(void *ctx, const struct pd_evsel *evsel, const struct perf_sample *s)
{
	struct lines *l = ctx;
	struct sched_thread *t;
	const struct tp_fields *fields;

	if (!l->o->tracepoints || !evsel->name)
		return;
	t = sched_threads__findnew(&l->f->threads, (int32_t)s->pid, (int32_t)s->tid);
	if (!sched_ids__select(&l->pids, &l->tids, t))
		return;
	fields = tp_fields_of(l, evsel);
	if (!resolve_chain(l, s, false))
		return;
	interrupted_entry(l);
	head_time(l, s->time);
	if (!l->o->no_syscalls)
		strbuf_addstr(&l->line, "(         ): ");
	head_thread(l, t);
	strbuf_addf(&l->line, "%s(", evsel->name);
	if (fields && s->raw_data) {
		struct sca_ctx sca = { .comm_of = comm_of, .priv = l,
				       .fd_path = l->o->stream ? fd_path : NULL };
		const struct sc_info *sc;

		l->calling = t;
		if (l->o->libtraceevent_print)
			tp_fields__print_tep(fields, s, &l->line);
		else if ((sc = syscall_of(l, evsel, fields, s)))
			add_args(l, sc, l->tp_args, &l->line);
		else
			tp_fields__print(fields, s, &sca, &l->line);
	}
	strbuf_addstr(&l->line, ")\n");
	if (flush(l))
		print_chain(l);
}

static void on_record(void *ctx, const struct pm_event_header *ev, uint64_t time)
{
	(void)time;
	struct lines *l = ctx;

	machine__process_event(l->machine, ev);
}

/* perf's --switch-on/--switch-off, before anything of a sample: its base
 * time, its line */
static bool keep(void *ctx, const struct pd_evsel *evsel, const struct perf_sample *s)
{
	struct lines *l = ctx;

	(void)s;
	if (!l->o->switch_on && !l->o->switch_off)
		return true;
	if (!l->sw_state)
		l->sw_state = evswitch__lookup(&l->sw, &l->f->pd, l->o->switch_on, l->o->switch_off,
					       l->o->show_on_off, &l->switch_err) ? -1 : 1;
	return l->sw_state > 0 && !evswitch__discard(&l->sw, evsel);
}

/* --print-sample: perf's line for each sample, before its event's */
static void print_sample(struct lines *l, const struct pd_evsel *evsel, const struct perf_sample *s)
{
	struct sched_thread *t = sched_threads__findnew(&l->f->threads, (int32_t)s->pid,
							(int32_t)s->tid);

	strbuf_addf(&l->line, "%22s %10.3f %s %d/%d [%d]\n", evsel->name ?: "", (double)s->time / 1e6,
		    t->comm, (int)s->pid, (int)s->tid, (int)s->cpu);
	fwrite(l->line.buf, 1, l->line.len, l->out);
	strbuf_reset(&l->line);
}

static bool keep_sample(void *ctx, const struct pd_evsel *evsel, const struct perf_sample *s)
{
	struct lines *l = ctx;

	if (!keep(ctx, evsel, s))
		return false;
	if (l->o->print_sample)
		print_sample(l, evsel, s);
	return true;
}

/* perf's base time: the first sample of a thread not filtered out, of any
 * event that samples the time */
static void on_sample(void *ctx, const struct perf_sample *s, bool timed)
{
	struct lines *l = ctx;
	struct sched_thread *t;

	if (l->base_time || l->o->full_time || !timed)
		return;
	t = sched_threads__findnew(&l->f->threads, (int32_t)s->pid, (int32_t)s->tid);
	if (sched_ids__select(&l->pids, &l->tids, t))
		l->base_time = s->time;
}

static void on_event(void *ctx, const struct sched_event *e)
{
	struct lines *l = ctx;
	const struct sc_info *sc;
	struct sched_thread *t;

	if ((e->kind != SCHED_SYS_ENTER && e->kind != SCHED_SYS_EXIT && e->kind != SCHED_FAULT) ||
	    l->o->tracepoints_only)
		return;
	t = sched_threads__findnew(&l->f->threads, (int32_t)e->s->pid, (int32_t)e->s->tid);
	if (!sched_ids__select(&l->pids, &l->tids, t))
		return;
	if (e->kind == SCHED_FAULT) {
		fault(l, t, e);
		return;
	}
	if (!l->formats)	/* a pipe's events are known as it is read: asked here */
		l->formats = sc_table__readable(l->o->tracefs) ? 1 : -1;
	if (l->formats < 0 || !(sc = sc_table__get(&l->calls, e->id)))
		return;
	if (e->kind == SCHED_SYS_ENTER)
		sys_enter(l, t, e, sc);
	else
		sys_exit(l, t, e, sc);
}

static void free_lines(void *priv)
{
	struct thread_lines *tl = priv;

	for (size_t i = 0; i < tl->nr_fds; i++)
		free(tl->fds[i].path);
	free(tl->fds);
	strbuf_release(&tl->entry);
	free(tl);
}

int trace_lines(const char *input, const struct trace_lines_opts *o, FILE *out,
		struct strbuf *err)
{
	struct sched_ops ops = { .keep = keep_sample, .event = on_event, .sample = on_sample,
				 .record = on_record, .tracepoint = on_tracepoint };
	struct sched_file f;
	struct lines l = { .o = o, .f = &f, .out = out, .line = STRBUF_INIT,
			   .closed = STRBUF_INIT, .switch_err = STRBUF_INIT };
	int ret = -1;

	if (sched_ids__parse(&l.pids, "-p", o->pids, err) ||
	    sched_ids__parse(&l.tids, "--tid", o->pids ? o->pids : o->tids, err))
		goto out;
	if (o->stream ? sched_file__open_stream(&f, STDIN_FILENO, err) :
			sched_file__open(&f, input, err))
		goto out;
	l.calls.tracefs = o->tracefs;
	l.calls.arch = (f.pd.feat.arch ? arch__by_machine(f.pd.feat.arch) : NULL) ?: arch__host();
	/* always: a pipe's events, faults among them, are known only as it is read */
	l.machine = must_calloc(1, sizeof(*l.machine));
	machine__init(l.machine, &(struct dsos_config){ .symfs = "" });
	machine__apply_build_ids(l.machine, &f.pd.feat);
	ret = sched_file__read(&f, &ops, &l, err);
	if (!ret && o->tool_stats)	/* perf's: no vfs_getname probe here */
		fprintf(out, "Stats:\n  vfs_getname : 0\n proc_getname: %lu\n", l.proc_getname);
	if (!ret && l.sw_state < 0) {	/* the event is not traced */
		strbuf_addf(err, "--switch-on/--switch-off: %s is not an event traced here\n"
			    "hint: trace it too, e.g. -e %s,...", o->switch_on ?: o->switch_off,
			    o->switch_on ?: o->switch_off);
		ret = -1;
	}
	if (!ret && l.formats < 0) {
		strbuf_addf(err, "cannot read the system calls' formats in %s/events/syscalls, "
			    "which name each call's arguments\nhint: run it as root, or make "
			    "tracefs readable (mount -o remount,mode=755 %s)",
			    o->tracefs ? o->tracefs : "tracefs", o->tracefs ? o->tracefs : "it");
		ret = -1;
	}
	machine__exit(l.machine);
	free(l.machine);
	sc_table__exit(&l.calls);
	for (size_t i = 0; i < l.nr_tps; i++)
		tp_fields__free(l.tps[i].fields);
	free(l.tps);
	srclines__exit(&l.inlines);
	free(l.frames);
	free(l.expanded);
	sched_file__close(&f, free_lines);
out:
	strbuf_release(&l.line);
	strbuf_release(&l.closed);
	strbuf_release(&l.switch_err);
	sched_ids__exit(&l.pids);
	sched_ids__exit(&l.tids);
	return ret;
}
