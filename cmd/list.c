// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini list: the events this machine offers, grouped and labelled as
 * `perf list` prints them.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/base/xalloc.h"
#include "../util/events/cpuid.h"
#include "../util/events/event-names.h"
#include "../util/events/pmu.h"
#include "../util/events/tracepoint.h"
#include "../util/symbols/sdt-cache.h"
#include "../util/stat/metricgroup.h"

static const char *const list_usage[] = {
	"perf-mini list [<options>] [hw|sw|cache|tracepoint|pmu|sdt|metric|metricgroup|event_glob]",
	NULL,
};

struct list_ctx {
	struct pmus *pmus;
	const struct pmu_events_table *cpu;	/* this CPU's metrics, or NULL */
	const char *hybrid_pmu;	/* --cputype's "cpu_core": the only hybrid one */
	bool details;		/* --details: metrics' expressions */
	bool raw_dump;		/* --raw-dump: the names alone, for shell completion */
	const char *glob;	/* NULL: everything in the section */
	struct strbuf out;
	int nr_shown;
	const char *tracefs;	/* where tracepoints were looked for */
	int tracefs_errno;	/* why they could not be read, 0 when they were */
};

/*
 * perf's: a glob with a group ("sched:sched_sw*") is matched whole; one
 * without is "*glob*", matched against a tracepoint's or SDT event's name
 * after its group ("thr*" finds kyber:kyber_throttled, not sdt_x:y).
 */
static bool matches(const struct list_ctx *c, const char *name, const char *alias)
{
	const char *colon = strchr(name, ':');
	struct strbuf wrapped = STRBUF_INIT;
	bool ok;

	if (!c->glob)
		return true;
	if (strchr(c->glob, ':'))
		return !fnmatch(c->glob, name, 0) || (alias && !fnmatch(c->glob, alias, 0)) ||
		       strstr(name, c->glob);
	strbuf_addf(&wrapped, "*%s*", c->glob);
	ok = !fnmatch(wrapped.buf, colon ? colon + 1 : name, 0) ||
	     (alias && !fnmatch(wrapped.buf, alias, 0));
	strbuf_release(&wrapped);
	return ok;
}

/* @raw: the name --raw-dump prints, perf's (no aliases) */
static void show(struct list_ctx *c, const char *name, const char *raw, const char *label)
{
	if (c->raw_dump)
		strbuf_addf(&c->out, "%s ", raw);
	else
		strbuf_addf(&c->out, "  %-50s [%s]\n", name, label);
	c->nr_shown++;
}

static void show_named(struct list_ctx *c, const struct event_name *tab, unsigned int nr,
		       const char *label)
{
	struct strbuf name = STRBUF_INIT;

	for (unsigned int i = 0; i < nr; i++) {
		if (!matches(c, tab[i].names[0], tab[i].names[1]))
			continue;
		strbuf_reset(&name);
		strbuf_addstr(&name, tab[i].names[0]);
		for (int a = 1; a < EVENT_NAMES_MAX_ALIASES && tab[i].names[a]; a++)
			strbuf_addf(&name, " OR %s", tab[i].names[a]);
		show(c, name.buf, tab[i].names[0], label);
	}
	strbuf_release(&name);
}

static void list_hw(struct list_ctx *c)
{
	if (pmus__core(c->pmus))
		show_named(c, event_names_hw, event_names_nr_hw, "Hardware event");
}

static void list_sw(struct list_ctx *c)
{
	show_named(c, event_names_sw, event_names_nr_sw, "Software event");
	show_named(c, event_names_tool, event_names_nr_tool, "Tool event");
}

static void show_cache(const char *name, void *data)
{
	struct list_ctx *c = data;

	if (matches(c, name, NULL))
		show(c, name, name, "Hardware cache event");
}

static void list_cache(struct list_ctx *c)
{
	if (pmus__core(c->pmus))
		event_names_for_each_cache(show_cache, c);
}

/* perf lists the breakpoint syntax as one entry. */
static void list_breakpoint(struct list_ctx *c)
{
	show(c, "mem:<addr>[/len][:access]", "", "Hardware breakpoint");
}

/* A hybrid CPU's core PMUs are cpu_core and cpu_atom. */
static bool is_hybrid(const struct pmu *pmu)
{
	return !strncmp(pmu->name, "cpu_", 4);
}

static void list_pmu(struct list_ctx *c)
{
	struct pmu *core = pmus__core(c->pmus);
	struct strbuf name = STRBUF_INIT;
	struct pmu **list;
	unsigned int nr = pmus__all(c->pmus, &list);

	for (unsigned int i = 0; i < nr; i++) {
		if (c->hybrid_pmu && is_hybrid(list[i]) && strcmp(list[i]->name, c->hybrid_pmu))
			continue;
		for (unsigned int a = 0; a < list[i]->nr_aliases; a++) {
			const char *alias = list[i]->aliases[a].name;

			size_t or;

			strbuf_reset(&name);
			if (list[i] == core)
				strbuf_addf(&name, "%s OR ", alias);
			or = name.len;
			strbuf_addf(&name, "%s/%s/", list[i]->name, alias);
			if (matches(c, alias, name.buf))
				show(c, name.buf, name.buf + or, "Kernel PMU event");
		}
	}
	strbuf_release(&name);
}

struct tracepoint_names {
	const struct list_ctx *c;
	char **v;
	size_t nr;
};

static int add_tracepoint(const char *sys, const char *name, uint64_t id, void *data)
{
	struct tracepoint_names *t = data;
	struct strbuf full = STRBUF_INIT;

	(void)id;
	strbuf_addf(&full, "%s:%s", sys, name);
	if (!matches(t->c, full.buf, NULL)) {
		strbuf_release(&full);
		return 0;
	}
	t->v = must_reallocarray(t->v, t->nr + 1, sizeof(*t->v));
	t->v[t->nr++] = strbuf_detach(&full, NULL);
	return 0;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorted as whole names, as perf sorts them (fib6:* before fib:*). */
static void list_tracepoints(struct list_ctx *c, const char *tracefs)
{
	const char *dir = tracepoint_tracefs_dir(tracefs);
	struct tracepoint_names t = { .c = c };
	int ret = dir ? tracepoint_for_each(dir, "*", "*", add_tracepoint, &t) : -ENOENT;

	c->tracefs = dir;
	if (ret < 0)
		c->tracefs_errno = -ret;
	if (t.nr)	/* qsort must not be given NULL, even for nothing */
		qsort(t.v, t.nr, sizeof(*t.v), cmp_str);
	for (size_t i = 0; i < t.nr; i++) {
		show(c, t.v[i], t.v[i], "Tracepoint event");
		free(t.v[i]);
	}
	free(t.v);
}

/* The SDT events of perf's build-id cache, named as perf names them. */
static void list_sdt(struct list_ctx *c)
{
	struct sdt_event *e;
	size_t nr;

	sdt_cache__read(&e, &nr);
	for (size_t i = 0; i < nr; i++)
		if (matches(c, e[i].name, NULL))
			show(c, e[i].shown, e[i].name, "SDT event");
	sdt_cache__free(e, nr);
}

static void list_raw(struct list_ctx *c)
{
	show(c, "rNNN", "", "Raw hardware event descriptor");
	show(c, "cpu/t1=v1[,t2=v2,t3 ...]/modifier", "", "Raw hardware event descriptor");
}

static void list_metrics(struct list_ctx *c, bool groups)
{
	const char *names[512];
	struct strbuf store = STRBUF_INIT;
	size_t n = metric__names(c->cpu, groups, names, ARRAY_SIZE(names), &store);
	bool header = false;

	for (size_t i = 0; i < n; i++) {
		const struct pmu_metric_def *m = groups ? NULL : metric_find(c->cpu, names[i]);

		if (!matches(c, names[i], NULL))
			continue;
		if (c->raw_dump) {
			strbuf_addf(&c->out, "%s ", names[i]);
			continue;
		}
		if (!header)
			strbuf_addstr(&c->out, groups ? "\nMetric Groups:\n\n" : "\nMetrics:\n\n");
		header = true;
		if (groups)
			strbuf_addf(&c->out, "%s\n", names[i]);
		else
			strbuf_addf(&c->out, "  %s\n       [%s]\n", names[i],
				    m && m->desc ? m->desc : m->expr);
		if (!groups && c->details && m)
			strbuf_addf(&c->out, "       [%s]\n", m->expr);
		c->nr_shown++;
	}
	strbuf_release(&store);
}

static int list_section(struct list_ctx *c, const char *what, const char *tracefs)
{
	if (!what || !strcmp(what, "hw") || !strcmp(what, "hardware"))
		list_hw(c);
	if (!what || !strcmp(what, "sw") || !strcmp(what, "software"))
		list_sw(c);
	if (!what || !strcmp(what, "cache") || !strcmp(what, "hwcache"))
		list_cache(c);
	if (!what || !strcmp(what, "pmu"))
		list_pmu(c);
	if (!what && !c->glob && !c->raw_dump) {
		list_raw(c);
		list_breakpoint(c);
	}
	if (!what || !strcmp(what, "tracepoint"))
		list_tracepoints(c, tracefs);
	if (!what || !strcmp(what, "sdt"))
		list_sdt(c);
	if (!what || !strcmp(what, "metric"))
		list_metrics(c, false);
	if (!what || !strcmp(what, "metricgroup"))
		list_metrics(c, true);
	return 0;
}

static bool is_section(const char *s)
{
	static const char *const sections[] = {
		"hw", "hardware", "sw", "software", "cache", "hwcache", "pmu", "tracepoint",
		"sdt", "metric", "metricgroup",
	};

	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		if (!strcmp(s, sections[i]))
			return true;
	return false;
}

/* --cputype on a hybrid CPU: its PMU ("cpu_core"), else NULL; perf's
 * warning where there is none, as perf lists everything then. */
static const char *hybrid_pmu(struct pmus *pmus, const char *cputype, struct strbuf *name)
{
	struct pmu **list;
	unsigned int nr = pmus ? pmus__all(pmus, &list) : 0;
	bool hybrid = false;

	strbuf_addf(name, "cpu_%s", cputype);
	for (unsigned int i = 0; i < nr; i++) {
		if (!strcmp(list[i]->name, name->buf))
			return name->buf;
		hybrid |= is_hybrid(list[i]);
	}
	fprintf(stderr, "WARNING: hybrid cputype is not supported!\n");
	if (hybrid)	/* perf says no more */
		fprintf(stderr, "hint: this CPU has no PMU %s; every event is listed\n",
			name->buf);
	return NULL;
}

/* --debug: where the list comes from, to see why an event is missing. */
static void print_sources(const struct pm_env *env, const struct list_ctx *c)
{
	char cpuid[128];
	const char *id = env->cpuid;

	if (!id && !cpuid__read(env->proc_root, cpuid, sizeof(cpuid)))
		id = cpuid;
	fprintf(stderr, "PMUs from %s/bus/event_source/devices\n", env->sysfs_root);
	fprintf(stderr, "CPUID %s%s: %s pmu-events table\n", id ? id : "unknown",
		env->cpuid ? " ($PERF_CPUID)" : "", c->cpu ? c->cpu->name : "no");
}

int cmd_list(int argc, const char **argv, struct pm_env *env)
{
	struct list_ctx c = { .pmus = cmd_pmus_new(env), .cpu = cmd_cpu_table(env) };
	const char *cputype = NULL;
	bool desc = true, long_desc = false, deprecated = false;
	int debug = 0;
	struct option options[] = {
		OPT_BOOLEAN('d', "desc", &desc,
			    "Print extra event descriptions. --no-desc to not print."),
		OPT_BOOLEAN('v', "long-desc", &long_desc, "Print longer event descriptions."),
		OPT_STRING(0, "cputype", &cputype, "hybrid cpu type",
			   "Print events applying cpu with this type for hybrid platform "
			   "(e.g. core or atom)"),
		OPT_INCR(0, "debug", &debug, "Enable debugging output"),
		OPT_BOOLEAN(0, "deprecated", &deprecated, "Print deprecated events."),
		OPT_BOOLEAN(0, "details", &c.details, "Print information on the perf event names and "
			    "expressions used internally by events."),
		OPT_BOOLEAN(0, "raw-dump", &c.raw_dump, "Dump raw events"),
		OPT_END()
	};
	struct strbuf err = STRBUF_INIT, hybrid = STRBUF_INIT;
	int ret = 0;

	strbuf_init(&c.out, 4096);
	argc = parse_options(argc, argv, options, list_usage, 0, &err);
	if (argc < 0) {
		ret = cmd_usage_result(argc, err.buf);
		goto out;
	}
	if (cputype)
		c.hybrid_pmu = hybrid_pmu(c.pmus, cputype, &hybrid);
	if (debug)
		print_sources(env, &c);
	if (!argc)
		list_section(&c, NULL, env->tracefs_dir);
	for (int i = 0; i < argc; i++) {
		c.glob = is_section(argv[i]) ? NULL : argv[i];
		list_section(&c, c.glob ? NULL : argv[i], env->tracefs_dir);
	}
	fwrite(c.out.buf, 1, c.out.len, stdout);
	/* perf lists nothing then, silently; a normal user wonders why */
	if (c.tracefs_errno == EACCES || c.tracefs_errno == EPERM)
		fprintf(stderr, "perf-mini list: tracepoints are not listed: '%s/events' is "
			"readable by root only\nhint: run as root, or make tracefs readable (sudo "
			"mount -o remount,mode=755 %s)\n", c.tracefs, c.tracefs);
	if (c.glob && !c.nr_shown) {
		strbuf_reset(&err);
		strbuf_addf(&err, "no event matches '%s'\nhint: 'perf-mini list' shows them all; "
			    "globs such as 'sched:*' work", argv[0]);
		cmd_error("list", err.buf);	/* perf lists nothing and exits 0: so do we */
	}
out:
	strbuf_release(&c.out);
	strbuf_release(&err);
	strbuf_release(&hybrid);
	pmus__delete(c.pmus);
	return ret;
}
