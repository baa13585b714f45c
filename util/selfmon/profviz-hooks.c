// SPDX-License-Identifier: GPL-2.0
/*
 * profviz.so's measurement: -finstrument-functions calls the hooks below
 * at every entry and exit of the program's functions. Each thread counts
 * itself (util/selfmon: rdpmc where allowed, else read(2)) and keeps a
 * shadow stack; a frame's inclusive cost is the counters' difference
 * between its entry and exit, less the hooks' own cost (measured at start
 * up) for its own hook pair and every pair inside it. The method is in
 * Documentation/perf-mini-profviz.txt.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "profviz.h"
#include "selfmon.h"

#define HOOK __attribute__((no_instrument_function, visibility("default")))
#define NOINSTR __attribute__((no_instrument_function))
#define CALIBRATION_PAIRS 200
#define CALIBRATION_ROUNDS 5

struct frame {
	uintptr_t fn, caller;
	uintptr_t sp;		/* the enter hook's frame: where on the stack it ran */
	uintptr_t call_site;	/* the hook's return address argument */
	uint64_t start[PROFVIZ_MAX_EVENTS];
	uint64_t child[PROFVIZ_MAX_EVENTS];	/* the children's inclusive cost */
	uint64_t pairs;		/* hook pairs that ran inside it */
	struct pv_node *node;
	bool counted_fn, counted_arc;	/* outermost on the stack: counts the total */
};

struct thread_state {
	struct pm_self *counters;	/* NULL: this thread is not measured */
	int nr_events;
	struct frame *stack;
	int depth, alloc;
	struct pv_profile prof;
	uint64_t own[PROFVIZ_MAX_EVENTS];	/* a frame's own hook pair, inside it */
	uint64_t pair[PROFVIZ_MAX_EVENTS];	/* one whole hook pair */
	bool busy;
	struct thread_state *next;
};

static struct {
	struct perf_event_attr attrs[PROFVIZ_MAX_EVENTS];
	char *names[PROFVIZ_MAX_EVENTS];
	int nr_events;
	const char *output;
	pid_t pid;			/* the process that loaded us (a fork writes apart) */
	pthread_mutex_t lock;
	pthread_key_t key;
	struct thread_state *threads;	/* every measured thread still running */
	struct pv_profile done;		/* the threads that ended */
	bool disabled;
} pv = { .lock = PTHREAD_MUTEX_INITIALIZER };

static __thread struct thread_state *self;

static bool read_now(struct thread_state *ts, uint64_t *now)
{
	struct pm_self_value v[PROFVIZ_MAX_EVENTS];

	if (pm_self_read(ts->counters, v))
		return false;
	for (int e = 0; e < ts->nr_events; e++)
		now[e] = v[e].value;
	return true;
}

static void pop_frame(struct thread_state *ts, const uint64_t *now)
{
	struct frame *fr = &ts->stack[--ts->depth];
	struct frame *parent = ts->depth ? fr - 1 : NULL;
	struct pv_func *f = pv_func(&ts->prof, fr->fn);
	struct pv_arc *a = pv_arc(&ts->prof, fr->caller, fr->fn);

	for (int e = 0; e < ts->nr_events; e++) {
		uint64_t incl = now[e] - fr->start[e];
		uint64_t hooks = ts->own[e] + fr->pairs * ts->pair[e];
		uint64_t mine = incl > hooks ? incl - hooks : 0;
		uint64_t self_cost = mine > fr->child[e] ? mine - fr->child[e] : 0;

		if (f) {
			f->self[e] += self_cost;
			f->total[e] += fr->counted_fn ? mine : 0;
		}
		if (a)
			a->total[e] += fr->counted_arc ? mine : 0;
		if (fr->node)
			fr->node->self[e] += self_cost;
		if (parent)
			parent->child[e] += mine;
	}
	if (f)
		f->active--;
	if (a)
		a->active--;
	if (parent)
		parent->pairs += 1 + fr->pairs;
}

static void push_frame(struct thread_state *ts, uintptr_t fn, uintptr_t sp, const uint64_t *now)
{
	struct frame *parent = ts->depth ? &ts->stack[ts->depth - 1] : NULL;
	struct pv_func *f;
	struct pv_arc *a;
	struct frame *fr;

	if (ts->depth == ts->alloc) {
		int n = ts->alloc ? ts->alloc * 2 : 256;
		struct frame *s = realloc(ts->stack, (size_t)n * sizeof(*s));

		if (!s)
			return;
		ts->stack = s;
		ts->alloc = n;
	}
	fr = &ts->stack[ts->depth++];
	memset(fr, 0, sizeof(*fr));
	fr->fn = fn;
	fr->caller = parent ? parent->fn : 0;
	fr->sp = sp;
	memcpy(fr->start, now, sizeof(fr->start));
	fr->node = pv_child(parent ? parent->node : &ts->prof.root, fn);
	f = pv_func(&ts->prof, fn);
	a = pv_arc(&ts->prof, fr->caller, fn);
	/* recursion: only the outermost activation counts toward the total */
	if (f) {
		f->calls++;
		fr->counted_fn = f->active++ == 0;
	}
	if (a) {
		a->calls++;
		fr->counted_arc = a->active++ == 0;
	}
}

/*
 * A frame left without its exit hook (longjmp, an exception in code
 * without cleanups) is found by its place on the stack, which grows down:
 * a frame recorded below where a new call starts has gone. At the same
 * place it has gone too, unless the new function is inlined into it: an
 * inlined function's hooks run in its caller's frame and pass the
 * caller's return address as call site, the same as the caller's own.
 */
static void on_enter(struct thread_state *ts, uintptr_t fn, uintptr_t sp, uintptr_t call_site)
{
	uint64_t now[PROFVIZ_MAX_EVENTS];
	const struct frame *top;

	if (!read_now(ts, now))
		return;
	while (ts->depth && ((top = &ts->stack[ts->depth - 1])->sp < sp ||
			     (top->sp == sp && top->call_site != call_site)))
		pop_frame(ts, now);
	push_frame(ts, fn, sp, now);
	if (ts->depth)
		ts->stack[ts->depth - 1].call_site = call_site;
}

/* An exit closes its function's frame and what was left above it: the
 * topmost frame of @fn that is not above the place it exits from. */
static void on_exit_fn(struct thread_state *ts, uintptr_t fn, uintptr_t sp)
{
	uint64_t now[PROFVIZ_MAX_EVENTS];
	int k = ts->depth - 1;

	while (k >= 0 && ts->stack[k].fn != fn && ts->stack[k].sp <= sp)
		k--;
	if (k < 0 || ts->stack[k].fn != fn || !read_now(ts, now))
		return;
	while (ts->depth > k)
		pop_frame(ts, now);
}

/*
 * The hooks' cost, in each event: pairs of an empty function under a
 * pretend caller, through the same code as the program's calls. The
 * empty function's inclusive cost is what a frame's own pair leaves
 * inside it; the caller's, per pair, what a whole pair costs. The least
 * of a few rounds: interruptions only add, and a cost taken out too
 * large would wipe out a program whose run is mostly calls (it is then
 * clamped to 0), where one too small leaves a little of the hooks in.
 */
static uint64_t least(const uint64_t *v, int n)
{
	uint64_t m = v[0];

	for (int i = 1; i < n; i++)
		m = v[i] < m ? v[i] : m;
	return m;
}

static void calibrate(struct thread_state *ts)
{
	uintptr_t root = (uintptr_t)&calibrate, leaf = root + 1, sp = (uintptr_t)&sp;
	uint64_t own[PROFVIZ_MAX_EVENTS][CALIBRATION_ROUNDS];
	uint64_t pair[PROFVIZ_MAX_EVENTS][CALIBRATION_ROUNDS];
	struct pv_profile real = ts->prof;

	for (int r = 0; r < CALIBRATION_ROUNDS; r++) {
		struct pv_func *f;

		memset(&ts->prof, 0, sizeof(ts->prof));
		on_enter(ts, root, sp, 0);
		for (int i = 0; i < CALIBRATION_PAIRS; i++) {
			on_enter(ts, leaf, sp - 64, 1);
			on_exit_fn(ts, leaf, sp - 64);
		}
		on_exit_fn(ts, root, sp);
		for (int e = 0; e < ts->nr_events; e++) {
			own[e][r] = (f = pv_func(&ts->prof, leaf)) ? f->total[e] / CALIBRATION_PAIRS : 0;
			pair[e][r] = (f = pv_func(&ts->prof, root)) ? f->total[e] / CALIBRATION_PAIRS : 0;
		}
		pv_release(&ts->prof);
	}
	for (int e = 0; e < ts->nr_events; e++) {
		ts->own[e] = least(own[e], CALIBRATION_ROUNDS);
		ts->pair[e] = least(pair[e], CALIBRATION_ROUNDS);
	}
	ts->depth = 0;
	ts->prof = real;
}

static void thread_gone(void *arg)
{
	struct thread_state *ts = arg, **p;

	pthread_mutex_lock(&pv.lock);
	for (p = &pv.threads; *p && *p != ts; p = &(*p)->next)
		;
	if (*p)
		*p = ts->next;
	pv_merge(&pv.done, &ts->prof);
	pthread_mutex_unlock(&pv.lock);
	pm_self_close(ts->counters);
	free(ts->stack);
	free(ts);
	self = NULL;
}

static struct thread_state *thread_state(void)
{
	struct thread_state *ts;

	if (self || pv.disabled)
		return self;
	ts = calloc(1, sizeof(*ts));
	if (!ts)
		return NULL;
	self = ts;
	ts->busy = true;
	if (pm_self_open_attrs(pv.attrs, (const char *const *)pv.names, pv.nr_events, false,
			       &ts->counters)) {
		fprintf(stderr, "profviz: %s\n", pm_self_errmsg());
		pv.disabled = true;
		self = NULL;
		free(ts);
		return NULL;
	}
	ts->nr_events = pv.nr_events;
	calibrate(ts);
	pthread_mutex_lock(&pv.lock);
	ts->next = pv.threads;
	pv.threads = ts;
	pthread_mutex_unlock(&pv.lock);
	pthread_setspecific(pv.key, ts);
	ts->busy = false;
	return ts;
}

HOOK void __cyg_profile_func_enter(void *fn, void *call_site)
{
	struct thread_state *ts = thread_state();

	if (!ts || ts->busy)
		return;
	ts->busy = true;
	on_enter(ts, (uintptr_t)fn, (uintptr_t)__builtin_frame_address(0), (uintptr_t)call_site);
	ts->busy = false;
}

HOOK void __cyg_profile_func_exit(void *fn, void *call_site)
{
	struct thread_state *ts = self;

	(void)call_site;
	if (!ts || ts->busy)
		return;
	ts->busy = true;
	on_exit_fn(ts, (uintptr_t)fn, (uintptr_t)__builtin_frame_address(0));
	ts->busy = false;
}

/* "type:config:config1:config2:excludes:name;..." (profviz.h) */
static void parse_events(const char *text)
{
	char *copy = strdup(text), *save = NULL;

	for (char *ev = copy ? strtok_r(copy, ";", &save) : NULL;
	     ev && pv.nr_events < PROFVIZ_MAX_EVENTS; ev = strtok_r(NULL, ";", &save)) {
		struct perf_event_attr *a = &pv.attrs[pv.nr_events];
		unsigned long long v[5];
		int name_at = 0;

		if (sscanf(ev, "%llu:%llx:%llx:%llx:%llu:%n", &v[0], &v[1], &v[2], &v[3], &v[4],
			   &name_at) < 5 || !name_at)
			continue;
		memset(a, 0, sizeof(*a));
		a->type = (uint32_t)v[0];
		a->config = v[1];
		a->config1 = v[2];
		a->config2 = v[3];
		a->exclude_kernel = v[4] & 1;
		a->exclude_hv = !!(v[4] & 2);
		a->exclude_user = !!(v[4] & 4);
		pv.names[pv.nr_events++] = strdup(ev + name_at);
	}
	free(copy);
}

/* Without perf-mini: cycles of user space where the PMU has them, else
 * task-clock (a VM without a virtual PMU). */
static void default_events(void)
{
	struct perf_event_attr cycles = { .type = PERF_TYPE_HARDWARE,
					  .config = PERF_COUNT_HW_CPU_CYCLES,
					  .exclude_kernel = 1, .exclude_hv = 1 };
	struct pm_self *probe;

	pv.attrs[0] = cycles;
	pv.names[0] = strdup("cycles:u");
	if (!pm_self_open_attrs(&cycles, NULL, 1, false, &probe)) {
		pm_self_close(probe);
	} else {
		free(pv.names[0]);
		pv.attrs[0] = (struct perf_event_attr){ .type = PERF_TYPE_SOFTWARE,
							.config = PERF_COUNT_SW_TASK_CLOCK };
		pv.names[0] = strdup("task-clock");
	}
	pv.nr_events = 1;
}

/* A fork's counters are its parent's: it measures itself afresh. */
static void forked(void)
{
	struct thread_state *ts = self;

	pv.threads = NULL;
	pv.done = (struct pv_profile){ 0 };
	self = NULL;
	if (ts) {
		pm_self_close(ts->counters);
		free(ts->stack);
		free(ts);
	}
}

__attribute__((constructor)) NOINSTR static void profviz_start(void)
{
	const char *events = getenv("PERF_MINI_PROFVIZ_EVENTS");

	pv.output = getenv("PERF_MINI_PROFVIZ_OUTPUT");
	if (!pv.output || !*pv.output)
		pv.output = "prof.dot";
	pv.pid = getpid();
	if (events && *events)
		parse_events(events);
	if (!pv.nr_events)
		default_events();
	pthread_key_create(&pv.key, thread_gone);
	pthread_atfork(NULL, NULL, forked);
}

/* The process's graph: this thread's open frames closed now, every
 * thread merged. A fork (not the process profviz started in) writes
 * beside the output, named by its pid. */
__attribute__((destructor)) NOINSTR static void profviz_finish(void)
{
	struct thread_state *ts = self;
	uint64_t now[PROFVIZ_MAX_EVENTS];
	char path[4096];
	int ret;

	if (ts) {
		ts->busy = true;
		if (read_now(ts, now))
			while (ts->depth)
				pop_frame(ts, now);
	}
	pthread_mutex_lock(&pv.lock);
	for (struct thread_state *t = pv.threads; t; t = t->next)
		pv_merge(&pv.done, &t->prof);
	pv.threads = NULL;
	pthread_mutex_unlock(&pv.lock);
	if (!pv.done.nr_funcs)
		return;	/* nothing instrumented ran here (a shell, a helper) */
	if (getpid() == pv.pid)
		snprintf(path, sizeof(path), "%s", pv.output);
	else
		snprintf(path, sizeof(path), "%.*s.%d.dot", (int)(strlen(pv.output) -
			 (strstr(pv.output, ".dot") ? 4 : 0)), pv.output, (int)getpid());
	pv.done.nr_events = pv.nr_events;
	ret = pv_write(&pv.done, (const char *const *)pv.names, path);
	if (ret)
		fprintf(stderr, "profviz: cannot write %s: %s\n", path, strerror(-ret));
}
