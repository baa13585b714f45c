// SPDX-License-Identifier: GPL-2.0
/*
 * perf sched map: a line per context switch, a column per CPU with the
 * task running there by a two-character name (A0, B0, ... Z0, A1, ...;
 * ". " for the idle task), a '*' at the CPU that switched, and where a
 * name is new (or the task's comm changed) what it stands for.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/xalloc.h"
#include "../events/cpumap.h"
#include "sched-cmd.h"

#define MAX_CPUS 4096

struct map {
	const struct sched_map_opts *o;
	struct sched_file *f;
	struct sched_thread **curr;	/* by CPU */
	int nr_cols;			/* without --compact: CPUs 0 to nr_cols - 1 */
	int *order;			/* with it: CPUs as they first switched */
	int nr_order;
	struct cpu_map *shown;		/* --cpus */
	bool *shown_cpu;		/* and by CPU, asked per column */
	char letter, digit;		/* the next short name */
	struct strbuf *out;
};

static const char *short_name(struct map *m, struct sched_thread *t, bool *made)
{
	char *name = t->priv;

	*made = !name;
	if (name)
		return name;
	name = must_calloc(3, 1);
	if (!strcmp(t->comm, "swapper")) {
		memcpy(name, ". ", 2);
	} else {
		name[0] = m->letter;
		name[1] = m->digit;
		if (m->letter < 'Z') {
			m->letter++;
		} else {
			m->letter = 'A';
			m->digit = m->digit < '9' ? (char)(m->digit + 1) : '0';
		}
	}
	t->priv = name;
	return name;
}

static bool cpu_shown(const struct map *m, int cpu)
{
	return !m->shown_cpu || m->shown_cpu[cpu];
}

static bool first_on(struct map *m, int cpu)
{
	for (int i = 0; i < m->nr_order; i++)
		if (m->order[i] == cpu)
			return false;
	m->order[m->nr_order++] = cpu;
	return true;
}

static void columns(struct map *m, int cpu)
{
	int n = m->o->compact ? m->nr_order : m->nr_cols;

	strbuf_addstr(m->out, "  ");
	for (int i = 0; i < n; i++) {
		int c = m->o->compact ? m->order[i] : i;

		if (!cpu_shown(m, c))
			continue;
		strbuf_addch(m->out, c == cpu ? '*' : ' ');
		if (m->curr[c])
			strbuf_addf(m->out, "%2s ", (const char *)m->curr[c]->priv);
		else
			strbuf_addstr(m->out, "   ");
	}
}

static void on_event(void *ctx, const struct sched_event *e)
{
	struct map *m = ctx;
	int cpu = (int)e->s->cpu;
	struct sched_thread *next;
	const char *name;
	bool made, new_cpu = false;
	char time[32];

	if (e->kind != SCHED_SWITCH || cpu < 0 || cpu >= MAX_CPUS)
		return;
	if (cpu > m->nr_cols)	/* perf's: that CPU's own column stays out */
		m->nr_cols = cpu;
	if (m->o->compact)
		new_cpu = first_on(m, cpu);
	next = sched_threads__findnew(&m->f->threads, -1, e->next_pid);
	m->curr[cpu] = next;
	name = short_name(m, next, &made);
	columns(m, cpu);
	if (cpu_shown(m, cpu)) {
		sched_time_usec(e->s->time, time, sizeof(time));
		strbuf_addf(m->out, "  %12s secs ", time);
		if (made || next->comm_changed) {
			strbuf_addf(m->out, "%s => %s:%d", name, next->comm, next->tid);
			next->comm_changed = false;
		}
		if (m->o->compact && new_cpu)
			strbuf_addf(m->out, " (CPU %d)", cpu);
	}
	strbuf_addch(m->out, '\n');
}

int sched_map(const char *input, const struct sched_map_opts *o, struct strbuf *out,
	      struct strbuf *note, struct strbuf *err)
{
	struct sched_ops ops = { .event = on_event };
	struct sched_file f;
	long conf = sysconf(_SC_NPROCESSORS_CONF);
	struct map m = { .o = o, .f = &f, .letter = 'A', .digit = '0', .out = out,
			 .nr_cols = conf > 0 && conf < MAX_CPUS ? (int)conf : 1 };
	int ret;

	if (o->cpus && cpu_map__parse_list(&m.shown, o->cpus)) {
		strbuf_addf(err, "--cpus %s: not a CPU list\nhint: --cpus 0-3,6", o->cpus);
		return -1;
	}
	if (sched_file__open(&f, input, err)) {
		cpu_map__delete(m.shown);
		return -1;
	}
	if (o->dump_raw)
		sched_file__dump(&f, &dump_tool_sched, out);
	m.curr = must_calloc(MAX_CPUS, sizeof(*m.curr));
	if (m.shown) {
		m.shown_cpu = must_calloc(MAX_CPUS, sizeof(*m.shown_cpu));
		for (int i = 0; i < m.shown->nr; i++)
			if (m.shown->cpus[i] >= 0 && m.shown->cpus[i] < MAX_CPUS)
				m.shown_cpu[m.shown->cpus[i]] = true;
	}
	m.order = must_calloc(MAX_CPUS, sizeof(*m.order));
	ret = sched_file__read(&f, &ops, &m, err);
	if (!ret && !f.has_tracepoint)
		strbuf_addstr(note, "No trace sample to read. Did you call 'perf record -R'?\n");
	if (!ret && f.stats.total_lost) {
		uint64_t events = 0;

		for (size_t i = 0; i < PERF_RECORD_HEADER_MAX; i++)
			events += f.stats.nr_events[i];
		strbuf_addf(out, "  INFO: %.3f%% lost events (%llu out of %llu, in %llu chunks)\n",
			    100.0 * f.stats.total_lost / events,
			    (unsigned long long)f.stats.total_lost, (unsigned long long)events,
			    (unsigned long long)f.stats.nr_events[PERF_RECORD_LOST]);
	}
	free(m.curr);
	free(m.shown_cpu);
	free(m.order);
	cpu_map__delete(m.shown);
	sched_file__close(&f, free);
	return ret;
}
