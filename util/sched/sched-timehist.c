// SPDX-License-Identifier: GPL-2.0
/*
 * perf sched timehist: a line per context switch with how long the task
 * switched out had waited (slept), been delayed after its wakeup, and run;
 * wakeups (-w) and migrations (-M) between them; and a summary per task
 * (-s, -S) with idle time per CPU. The times are perf's: a task's wait
 * counts from its last switch out, its delay from its first wakeup since.
 */
#include <inttypes.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/xalloc.h"
#include "../events/cpumap.h"
#include "../symbols/machine.h"
#include "sched-idle-chains.h"
#include "../report/callchain.h"
#include "../report/resolve.h"
#include "sched-cmd.h"

#define MAX_CPUS 4096

struct runtime {
	uint64_t last_time, ready_to_run;
	int64_t last_state;
	uint64_t dt_run, dt_sleep, dt_iowait, dt_preempt, dt_delay;
	uint64_t total_run, total_sleep, total_iowait, total_preempt, total_delay;
	double n, mean, m2;
	uint64_t min, max, migrations;
};

struct timehist {
	const struct sched_timehist_opts *o;
	struct sched_file *f;
	struct strbuf *out, *note;
	struct sched_ids pids, tids;
	struct cpu_map *cpus;
	uint64_t start, end;		/* --time, 0 for open */
	int max_cpu;
	struct sched_thread *idle;	/* by CPU: "<idle>", made as met */
	uint64_t *last_switch;		/* by CPU */
	struct sched_thread **idle_last;	/* -I: by CPU, the task before idle */
	struct machine *machine;	/* -g, -D: where the samples' symbols are */
	bool chains;			/* -g of a file with callchains */
	struct idle_chains *idle_chains;	/* -I -g: idle time by callchain */
	int comm_width;
	uint64_t hist_start, hist_end, skipped;
	bool has_waking;
};

static struct runtime *runtime_of(struct sched_thread *t)
{
	struct runtime *r = t->priv;

	if (!r) {
		r = must_calloc(1, sizeof(*r));
		r->min = UINT64_MAX;
		t->priv = r;
	}
	return r;
}

/* perf's timehist_get_commstr(): comm[tid], comm[tid/pid], <idle> */
static const char *comm_str(struct timehist *h, const struct sched_thread *t, char *buf,
			    size_t size)
{
	int n;

	if (t->pid == 0)
		n = snprintf(buf, size, "%s", t->comm);
	else if (t->tid != t->pid)
		n = snprintf(buf, size, "%s[%d/%d]", t->comm, t->tid, t->pid);
	else
		n = snprintf(buf, size, "%s[%d]", t->comm, t->tid);
	if (n > 31)
		buf[n = 31] = '\0';
	if (n > h->comm_width)
		h->comm_width = n;
	return buf;
}

/* "%*lu.%03lu " of msec and truncated usec */
static void msec(struct strbuf *out, uint64_t ns, int width)
{
	strbuf_addf(out, "%*" PRIu64 ".%03" PRIu64 " ", width, ns / 1000000, ns % 1000000 / 1000);
}

static bool filtered(const struct timehist *h, const struct sched_thread *t)
{
	return !sched_ids__select(&h->pids, &h->tids, t);
}

static bool skip(struct timehist *h, const struct sched_thread *t)
{
	if (!filtered(h, t))
		return false;
	h->skipped++;
	return true;
}

/* a wakeup or migration line: not when both tasks are filtered out, nor
 * with -I (each is counted as filtered all the same, as perf) */
static bool skip_other(struct timehist *h, const struct sched_thread *a,
		       const struct sched_thread *b)
{
	if (h->o->idle_hist) {
		skip(h, a);
		skip(h, b);
		return true;
	}
	return skip(h, a) && skip(h, b);
}

static const char dash_line[] = "-----------------------------------------------------------------"
				"-----------------------------------------------------------------";

static void header(struct timehist *h)
{
	const struct sched_timehist_opts *o = h->o;
	struct strbuf *out = h->out;
	int ncpus = h->max_cpu + 1;

	strbuf_addf(out, "%15s %6s ", "time", "cpu");
	if (o->cpu_visual) {
		strbuf_addch(out, ' ');
		for (int i = 0; i < ncpus; i++)
			strbuf_addf(out, "%x", i % 16);
		strbuf_addch(out, ' ');
	}
	strbuf_addf(out, " %-*s  %9s  %9s  %9s", h->comm_width, "task name", "wait time",
		    "sch delay", "run time");
	strbuf_addstr(out, o->state ? "  state\n" : "\n");
	strbuf_addf(out, "%15s %-6s ", "", "");
	if (o->cpu_visual)
		strbuf_addf(out, " %*s ", ncpus, "");
	strbuf_addf(out, " %-*s  %9s  %9s  %9s", h->comm_width, "[tid/pid]", "(msec)", "(msec)",
		    "(msec)");
	if (o->state)
		strbuf_addf(out, "  %5s", "");
	strbuf_addch(out, '\n');
	strbuf_addf(out, "%.15s %.6s ", dash_line, dash_line);
	if (o->cpu_visual)
		strbuf_addf(out, " %.*s ", ncpus, dash_line);
	strbuf_addf(out, " %.*s  %.9s  %.9s  %.9s", h->comm_width, dash_line, dash_line, dash_line,
		    dash_line);
	strbuf_addstr(out, o->state ? "  -----\n" : "\n");
}

/* the time, the CPU, -V's column, the task */
static void row_start(struct timehist *h, const struct perf_sample *s, char mark,
		      const struct sched_thread *t)
{
	char time[32], name[64];
	int width;

	sched_time_usec(s->time, time, sizeof(time));
	strbuf_addf(h->out, "%15s [%04d] ", time, (int)s->cpu);
	if (h->o->cpu_visual && mark) {
		strbuf_addstr(h->out, mark == 'm' ? "  " : " ");
		for (int i = 0; i <= h->max_cpu; i++)
			strbuf_addch(h->out, i == (int)s->cpu ? mark : ' ');
		strbuf_addstr(h->out, mark == 'm' ? "  " : " ");
	} else if (h->o->cpu_visual) {
		strbuf_addf(h->out, " %*s ", h->max_cpu + 1, "");
	}
	width = h->comm_width;	/* before this name widens it, as perf */
	comm_str(h, t, name, sizeof(name));
	strbuf_addf(h->out, " %-*s ", width, name);
}

static bool in_window(const struct timehist *h, uint64_t t)
{
	return !((h->start && t < h->start) || (h->end && t > h->end));
}

static void on_wakeup(struct timehist *h, const struct sched_event *e)
{
	struct sched_thread *wakee = sched_threads__findnew(&h->f->threads, 0, e->pid), *waker;
	struct runtime *r = runtime_of(wakee);
	char name[64];

	if (!r->ready_to_run)
		r->ready_to_run = e->s->time;
	if (!h->o->wakeups || !in_window(h, e->s->time))
		return;
	waker = sched_threads__findnew(&h->f->threads, (int32_t)e->s->pid, (int32_t)e->s->tid);
	if (skip_other(h, waker, wakee))
		return;
	row_start(h, e->s, 0, waker);
	strbuf_addf(h->out, "  %9s  %9s  %9s awakened: %s\n", "", "", "",
		    comm_str(h, wakee, name, sizeof(name)));
}

static void on_migrate(struct timehist *h, const struct sched_event *e)
{
	struct sched_thread *migrant = sched_threads__findnew(&h->f->threads, 0, e->pid), *by;
	char name[64];

	runtime_of(migrant)->migrations++;
	if (h->o->summary_only)
		return;
	by = sched_threads__findnew(&h->f->threads, (int32_t)e->s->pid, (int32_t)e->s->tid);
	if (skip_other(h, by, migrant))
		return;
	row_start(h, e->s, 'm', by);
	strbuf_addf(h->out, "  %9s  %9s  %9s migrated: %s cpu %d => %d\n", "", "", "",
		    comm_str(h, migrant, name, sizeof(name)), e->orig_cpu, e->dest_cpu);
}

/* perf's timehist_update_runtime_stats() */
static void update(struct runtime *r, uint64_t t, uint64_t tprev)
{
	double d;

	r->dt_delay = r->dt_sleep = r->dt_iowait = r->dt_preempt = r->dt_run = 0;
	if (tprev) {
		r->dt_run = t - tprev;
		if (r->ready_to_run && r->ready_to_run <= tprev)
			r->dt_delay = tprev - r->ready_to_run;
		if (r->last_time && r->last_time <= tprev) {
			uint64_t w = tprev - r->last_time;

			if (r->last_state == 0)
				r->dt_preempt = w;
			else if (r->last_state == 2)
				r->dt_iowait = w;
			else
				r->dt_sleep = w;
		}
	}
	r->n += 1;
	d = (double)r->dt_run - r->mean;
	r->mean += d / r->n;
	r->m2 += d * ((double)r->dt_run - r->mean);
	r->max = r->dt_run > r->max ? r->dt_run : r->max;
	r->min = r->dt_run < r->min ? r->dt_run : r->min;
	r->total_run += r->dt_run;
	r->total_delay += r->dt_delay;
	r->total_sleep += r->dt_sleep;
	r->total_iowait += r->dt_iowait;
	r->total_preempt += r->dt_preempt;
}

/* perf's state letters, by the lowest bit set (its table, one off) */
static char state_char(const struct sched_thread *t, int64_t state)
{
	static const char letters[] = "RSDTtZXxKWP";
	int bit = state ? __builtin_ffsll(state) : 0;

	if (t->tid == 0)
		return 'I';
	return bit < 11 ? letters[bit] : '?';
}

static void callchain(struct timehist *h, const struct perf_sample *s);

static void switch_row(struct timehist *h, const struct sched_event *e, uint64_t t,
		       const struct sched_thread *th, const struct runtime *r)
{
	struct perf_sample s = *e->s;

	s.time = t;
	row_start(h, &s, th->tid == 0 ? 'i' : 's', th);
	msec(h->out, r->dt_sleep + r->dt_iowait + r->dt_preempt, 6);
	msec(h->out, r->dt_delay, 6);
	msec(h->out, r->dt_run, 6);
	if (h->o->state)
		strbuf_addf(h->out, " %5c ", state_char(th, e->prev_state));
	if (h->o->next) {
		char next[64];

		/* perf's 30-byte buffer: at most 29 characters */
		snprintf(next, sizeof(next), "next: %s[%d]", e->next_comm, e->next_pid);
		next[29] = '\0';
		strbuf_addf(h->out, " %-*s", h->comm_width, next);
	} else if (h->o->wakeups) {
		strbuf_addf(h->out, "  %-*s", h->comm_width, "");
	}
	if (h->chains && th->tid != 0)
		callchain(h, e->s);
	strbuf_addch(h->out, '\n');
}

/* perf's: the scheduler's own functions are left out of the chain */
static bool ignored(const char *name)
{
	return !strcmp(name, "schedule") || !strcmp(name, "__schedule") ||
	       !strcmp(name, "preempt_schedule");
}

/* the first max_stack + 2 frames of @s resolved, the scheduler's own left
 * out, " <- " between; @unknown_as_ip: a frame without a symbol as its
 * address (perf's idle chains), else "[unknown]" (its lines) */
static void chain_text(struct timehist *h, const struct perf_sample *s, bool unknown_as_ip,
		       struct strbuf *out)
{
	struct thread *t = machine__findnew_thread(h->machine, (int32_t)s->pid,
						   unknown_as_ip ? (int32_t)s->pid : (int32_t)s->tid);
	uint8_t mode = PERF_RECORD_MISC_KERNEL;
	int64_t frames = 0;
	int shown = 0;

	/* perf resolves max_stack + 2 frames, and none past a corrupt marker */
	if (callchain__corrupt(s, false, (unsigned int)h->o->max_stack + 2))
		return;
	for (uint64_t i = 0; i < s->callchain_nr && frames < (int64_t)h->o->max_stack + 2; i++) {
		uint64_t ip = s->callchain[i];
		struct addr_location al;

		if (ip >= PERF_CONTEXT_MAX) {
			mode = ip == PERF_CONTEXT_USER ? PERF_RECORD_MISC_USER :
			       ip == PERF_CONTEXT_KERNEL ? PERF_RECORD_MISC_KERNEL : mode;
			continue;
		}
		frames++;
		resolve_addr(h->machine, t, mode, ip, &al);
		if (al.sym && ignored(al.sym->name))
			continue;
		if (shown++)
			strbuf_addstr(out, " <- ");
		if (al.sym)
			strbuf_addstr(out, al.sym->name);
		else if (unknown_as_ip)
			strbuf_addf(out, "%#" PRIx64, ip);
		else
			strbuf_addstr(out, "[unknown]");
	}
}

/* -g: "  sym <- sym <- ..." after a line */
static void callchain(struct timehist *h, const struct perf_sample *s)
{
	size_t start;

	strbuf_addstr(h->out, "   ");
	start = h->out->len;
	chain_text(h, s, false, h->out);
	if (h->out->len == start)	/* perf's "%s %s" per frame: none, no space */
		strbuf_setlen(h->out, start - 1);
}

/* -I -g: a task switching to idle leaves its chain to the idle time */
static void save_idle_chain(struct timehist *h, const struct sched_event *e)
{
	struct strbuf sb = STRBUF_INIT;

	if (!h->idle_chains || !e->prev_pid || e->next_pid || !e->s->callchain_nr)
		return;
	chain_text(h, e->s, true, &sb);
	idle_chains__save(h->idle_chains, (int)e->s->cpu, sb.buf);
	strbuf_release(&sb);
}

static bool cpu_listed(const struct timehist *h, uint32_t cpu)
{
	return !h->cpus || cpu_map__has(h->cpus, (int)cpu);
}

static struct sched_thread *idle_of(struct timehist *h, uint32_t cpu);

/* -I: the idle period that just ended counts for the task that ran
 * before it; false where none did (nothing is printed then) */
static bool idle_ends(struct timehist *h, uint32_t cpu, uint64_t t, uint64_t tprev)
{
	struct sched_thread *last = h->idle_last[cpu];
	struct runtime *r;

	if (!last)
		return false;
	r = runtime_of(last);
	update(r, t, tprev);
	r->dt_run = r->dt_delay = r->dt_sleep = r->dt_iowait = r->dt_preempt = 0;
	if (h->idle_chains)
		idle_chains__charge(h->idle_chains, (int)cpu, t - tprev);
	h->idle_last[cpu] = NULL;
	return true;
}

static void on_switch(struct timehist *h, const struct sched_event *e)
{
	const struct perf_sample *s = e->s;
	uint32_t cpu = s->cpu;
	uint64_t t = s->time, tprev;
	struct sched_thread *th;
	struct runtime *r = NULL;

	if (h->f->dump_out)	/* perf resolves every switch first, and says so */
		resolve_dump_sample(h->machine, s, h->f->dump_out);
	if ((int)cpu > h->max_cpu)
		h->max_cpu = (int)cpu;
	sched_threads__findnew(&h->f->threads, (int32_t)s->pid, (int32_t)s->tid);
	/* the sample's task, not prev_pid (perf's), save for the idle task */
	th = e->prev_pid == 0 ? idle_of(h, cpu) :
	     sched_threads__findnew(&h->f->threads, (int32_t)s->pid,
				    s->tid ? (int32_t)s->tid : (int32_t)s->pid);
	if (h->o->idle_hist && e->prev_pid) {
		h->idle_last[cpu] = th;
		save_idle_chain(h, e);
	}
	/* -I: switches into or out of the idle task alone */
	if (skip(h, th) || (h->o->idle_hist && e->prev_pid && e->next_pid))
		goto out;
	r = runtime_of(th);
	tprev = h->last_switch[cpu];
	if (h->start && h->start > t)
		goto out;
	if (tprev && h->start > tprev)
		tprev = h->start;
	if (h->end) {
		if (!tprev || tprev > h->end)
			goto out;
		if (t > h->end)
			t = h->end;
	}
	if ((!h->o->idle_hist || !e->prev_pid) && cpu_listed(h, cpu))
		update(r, t, tprev);
	if (h->o->idle_hist && !e->prev_pid && !idle_ends(h, cpu, t, tprev))
		goto out;
	if (!h->o->summary_only && cpu_listed(h, cpu))
		switch_row(h, e, t, th, r);
out:
	if (!h->hist_start && t >= h->start)
		h->hist_start = t;
	if (!h->end || t <= h->end)
		h->hist_end = t;
	if (r) {
		r->last_time = s->time;
		r->last_state = e->prev_state;
		r->ready_to_run = 0;
	}
	h->last_switch[cpu] = s->time;
}

static void on_event(void *ctx, const struct sched_event *e)
{
	struct timehist *h = ctx;

	if (e->s->cpu >= MAX_CPUS)	/* no machine has it: a damaged sample */
		return;
	switch (e->kind) {
	case SCHED_SWITCH:
		on_switch(h, e);
		break;
	case SCHED_WAKEUP:	/* a file with sched_waking: that one */
		if (!h->has_waking)
			on_wakeup(h, e);
		break;
	case SCHED_WAKING:
	case SCHED_WAKEUP_NEW:
		on_wakeup(h, e);
		break;
	case SCHED_MIGRATE:
		if (h->o->migrations)
			on_migrate(h, e);
		break;
	case SCHED_RUNTIME:
	case SCHED_SYS_ENTER:
	case SCHED_SYS_EXIT:
	case SCHED_FAULT:
	case SCHED_NONE:
		break;
	}
}

static void on_record(void *ctx, const struct pm_event_header *ev, uint64_t time)
{
	(void)time;
	struct timehist *h = ctx;

	/* perf's timehist takes MMAP records, not MMAP2: user code, which
	 * perf record maps with MMAP2, stays [unknown] in its chains */
	if (h->machine && ev->type != PERF_RECORD_MMAP2)
		machine__process_event(h->machine, ev);
}

static void on_lost(void *ctx, uint64_t lost, uint32_t cpu, uint64_t time)
{
	struct timehist *h = ctx;
	char t[32];

	sched_time_usec(time, t, sizeof(t));
	strbuf_addf(h->out, "%15s lost %" PRIu64 " events on cpu %u\n", t, lost, cpu);
}

/* --- the idle tasks -------------------------------------------------------- */

static struct sched_thread *idle_of(struct timehist *h, uint32_t cpu)
{
	struct sched_thread *t = &h->idle[cpu];

	if (!t->comm) {
		t->comm = must_strdup("<idle>");
		t->priv = NULL;
	}
	runtime_of(t);
	return t;
}

/* --- the summary ------------------------------------------------------------ */

struct totals {
	struct timehist *h;
	bool dead;
	uint64_t tasks, switches, run;
};

static void summary_row(struct sched_thread *t, void *arg)
{
	struct totals *tot = arg;
	struct timehist *h = tot->h;
	const struct runtime *r = t->priv;
	char name[64];
	int width;

	if (t->dead != tot->dead || filtered(h, t) || !r || !r->n)
		return;
	tot->tasks++;
	tot->switches += (uint64_t)r->n;
	tot->run += r->total_run;
	width = h->comm_width;
	comm_str(h, t, name, sizeof(name));
	strbuf_addf(h->out, "%*s   %5d  %9" PRIu64 " ", width, name, t->ppid, (uint64_t)r->n);
	msec(h->out, r->total_run, 8);
	if (h->o->state) {
		msec(h->out, r->total_sleep, 6);
		strbuf_addch(h->out, ' ');
		msec(h->out, r->total_iowait, 6);
		strbuf_addch(h->out, ' ');
		msec(h->out, r->total_preempt, 6);
		strbuf_addch(h->out, ' ');
		msec(h->out, r->total_delay, 6);
	} else {
		double sd = r->n >= 2 ? sqrt(r->m2 / (r->n - 1) / r->n) : 0.0;
		float rel = r->mean ? (float)(100.0 * sd / r->mean) : 0.0f;

		msec(h->out, r->min, 6);
		strbuf_addch(h->out, ' ');
		msec(h->out, (uint64_t)r->mean, 6);
		strbuf_addch(h->out, ' ');
		msec(h->out, r->max, 6);
		strbuf_addf(h->out, "  %5.2f   %5" PRIu64, (double)rel, r->migrations);
	}
	strbuf_addch(h->out, '\n');
}

static void idle_stats(struct timehist *h, struct totals *tot)
{
	uint64_t window = h->hist_end - h->hist_start;

	strbuf_addstr(h->out, "\nIdle stats:\n");
	for (int c = 0; c < MAX_CPUS; c++) {
		const struct runtime *r = h->idle[c].priv;

		if (!h->idle[c].comm || !cpu_listed(h, (uint32_t)c))
			continue;
		if (r && r->n) {
			tot->switches += (uint64_t)r->n;
			strbuf_addf(h->out, "    CPU %2d idle for ", c);
			msec(h->out, r->total_run, 6);
			strbuf_addf(h->out, " msec  (%6.2f%%)\n", 100.0 * r->total_run / window);
		} else {
			strbuf_addf(h->out, "    CPU %2d idle entire time window\n", c);
		}
	}
}

/* perf's: every CPU with an idle task, -C or not */
static void idle_chain_stats(struct timehist *h)
{
	strbuf_addstr(h->out, "\nIdle stats by callchain:\n");
	for (int c = 0; c < MAX_CPUS; c++) {
		const struct runtime *r = h->idle[c].priv;

		if (!h->idle[c].comm || !r)
			continue;
		strbuf_addf(h->out, "  CPU %2d:", c);
		msec(h->out, r->total_run, 6);
		strbuf_addstr(h->out, " msec\n");
		idle_chains__print(h->idle_chains, c, h->out);
		strbuf_addch(h->out, '\n');
	}
}

static void summary(struct timehist *h)
{
	struct totals tot = { .h = h };
	struct strbuf *out = h->out;
	uint64_t before;

	if (h->o->idle_hist) {
		strbuf_addf(out, "\nIdle-time summary\n%*s  parent  sched-out  ", h->comm_width,
			    "comm");
		strbuf_addstr(out, "  idle-time   min-idle    avg-idle    max-idle  stddev  "
			      "migrations\n");
	} else {
		strbuf_addf(out, "\n%s\n", h->o->state ? "Wait-time summary" : "Runtime summary");
		strbuf_addf(out, "%*s  parent   sched-in  ", h->comm_width, "comm");
		strbuf_addstr(out, h->o->state ?
			      "   run-time      sleep      iowait     preempt       delay\n" :
			      "   run-time    min-run     avg-run     max-run  stddev  migrations\n");
	}
	strbuf_addf(out, "%*s            (count)  ", h->comm_width, "");
	strbuf_addf(out, "     (msec)     (msec)      (msec)      (msec)       %s\n",
		    h->o->state ? "(msec)" : "%");
	strbuf_addf(out, "%.117s\n", dash_line);
	sched_threads__for_each(&h->f->threads, summary_row, &tot);
	if (!tot.tasks)
		strbuf_addstr(out, "<no still running tasks>\n");
	before = tot.tasks;
	strbuf_addstr(out, "\nTerminated tasks:\n");
	tot.dead = true;
	sched_threads__for_each(&h->f->threads, summary_row, &tot);
	if (tot.tasks == before)
		strbuf_addstr(out, "<no terminated tasks>\n");
	if (h->skipped && !h->o->idle_hist)
		return;		/* perf's: no idle stats for part of the tasks */
	idle_stats(h, &tot);
	if (h->idle_chains)
		idle_chain_stats(h);
	strbuf_addf(out, "\n    Total number of unique tasks: %" PRIu64 "\n"
		    "Total number of context switches: %" PRIu64 "\n", tot.tasks, tot.switches);
	strbuf_addstr(out, "           Total run time (msec): ");
	msec(out, tot.run, 2);
	strbuf_addstr(out, "\n    Total scheduling time (msec): ");
	msec(out, h->hist_end - h->hist_start, 2);
	strbuf_addf(out, " (x %d)\n", h->max_cpu);
}

/* --- setup ------------------------------------------------------------------ */

/* "SEC[.FRAC]" in ns; an empty side is open (0) */
static bool parse_ns(const char *s, size_t len, uint64_t *ns)
{
	uint64_t sec = 0, frac = 0;
	size_t i = 0, digits = 0;

	*ns = 0;
	for (; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		sec = sec * 10 + (uint64_t)(s[i] - '0');
	if (i < len && s[i] == '.') {
		for (i++; i < len && s[i] >= '0' && s[i] <= '9'; i++, digits++)
			frac = frac * 10 + (uint64_t)(s[i] - '0');
		if (digits > 9)
			return false;
		for (; digits < 9; digits++)
			frac *= 10;
	}
	if (i != len)
		return false;
	*ns = sec * 1000000000 + frac;
	return true;
}

static int parse_window(struct timehist *h, const char *time, struct strbuf *err)
{
	const char *comma = time ? strchr(time, ',') : NULL;

	if (!time)
		return 0;
	if (!parse_ns(time, comma ? (size_t)(comma - time) : strlen(time), &h->start) ||
	    (comma && !parse_ns(comma + 1, strlen(comma + 1), &h->end)) ||
	    (h->end && h->end < h->start)) {
		strbuf_addf(err, "--time %s: not a time window\nhint: --time START,STOP in seconds "
			    "(either may be left out: --time 100.5,)", time);
		return -1;
	}
	return 0;
}

static int parse_cpus(const char *list, struct cpu_map **map, struct strbuf *err)
{
	if (!list || !cpu_map__parse_list(map, list))
		return 0;
	strbuf_addf(err, "-C %s: not a list of CPUs\nhint: -C 0-3,6", list);
	return -1;
}

static void free_runtime(void *priv)
{
	free(priv);
}

static int run(struct timehist *h, struct strbuf *err)
{
	struct sched_ops ops = { .event = on_event, .lost = on_lost, .record = on_record };
	struct sched_file *f = h->f;
	uint32_t online = f->pd.feat.nr_cpus_online;

	h->chains = h->o->call_graph && f->has_callchain;
	if (h->o->call_graph && !f->has_callchain)
		strbuf_addstr(h->note, "Samples do not have callchains.\n");
	if (h->chains && h->o->idle_hist)
		h->idle_chains = idle_chains__new(MAX_CPUS);
	if (h->chains || h->o->dump_raw) {
		struct dsos_config cfg = { .symfs = "" };

		h->machine = must_calloc(1, sizeof(*h->machine));
		machine__init(h->machine, &cfg);
		machine__apply_build_ids(h->machine, &f->pd.feat);
	}
	if (h->o->dump_raw)
		sched_file__dump(f, &dump_tool_timehist, h->out);
	if (!f->has_kind[SCHED_SWITCH]) {
		strbuf_addstr(err, "no sched_switch events in the file\nhint: record with "
			      "perf-mini sched record");
		return -1;
	}
	h->has_waking = f->has_kind[SCHED_WAKING];
	h->max_cpu = online && online < MAX_CPUS ? (int)online : online ? MAX_CPUS - 1 : 4;
	for (int c = 0; c < h->max_cpu && c < MAX_CPUS; c++)
		idle_of(h, (uint32_t)c);
	if (!h->o->summary_only)
		header(h);
	if (sched_file__read(f, &ops, h, err))
		return -1;
	if (h->o->summary_only || h->o->with_summary)
		summary(h);
	return 0;
}

int sched_timehist(const char *input, const struct sched_timehist_opts *o, struct strbuf *out,
		   struct strbuf *note, struct strbuf *err)
{
	struct sched_file f;
	struct timehist h = { .o = o, .f = &f, .out = out, .note = note, .comm_width = 30 };
	int ret = -1;

	if (parse_window(&h, o->time, err) || sched_ids__parse(&h.pids, "-p", o->pids, err) ||
	    sched_ids__parse(&h.tids, "-t", o->tids, err) || parse_cpus(o->cpus, &h.cpus, err))
		goto out;
	if (sched_file__open(&f, input, err))
		goto out;
	h.idle = must_calloc(MAX_CPUS, sizeof(*h.idle));
	h.last_switch = must_calloc(MAX_CPUS, sizeof(*h.last_switch));
	h.idle_last = must_calloc(MAX_CPUS, sizeof(*h.idle_last));
	ret = run(&h, err);
	for (int c = 0; c < MAX_CPUS; c++) {
		free(h.idle[c].comm);
		free(h.idle[c].priv);
	}
	free(h.idle);
	free(h.last_switch);
	free(h.idle_last);
	if (h.machine)
		machine__exit(h.machine);
	free(h.machine);
	idle_chains__delete(h.idle_chains);
	sched_file__close(&f, free_runtime);
out:
	sched_ids__exit(&h.pids);
	sched_ids__exit(&h.tids);
	cpu_map__delete(h.cpus);
	return ret;
}
