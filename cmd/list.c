// SPDX-License-Identifier: GPL-2.0
/*
 * perf-mini list: the events this machine offers, grouped and labelled as
 * `perf list` prints them.
 */
#include <fnmatch.h>
#include <stdio.h>
#include <string.h>

#include "builtin.h"
#include "../util/base/parse-options.h"
#include "../util/base/util.h"
#include "../util/events/event-names.h"
#include "../util/events/pmu.h"
#include "../util/events/tracepoint.h"

static const char *const list_usage[] = {
	"perf-mini list [<options>] [hw|sw|cache|tracepoint|pmu|event_glob]",
	NULL,
};

struct list_ctx {
	struct pmus *pmus;
	const char *glob;	/* NULL: everything in the section */
	struct strbuf out;
	int nr_shown;
};

static bool matches(const struct list_ctx *c, const char *name, const char *alias)
{
	if (!c->glob)
		return true;
	return !fnmatch(c->glob, name, 0) || (alias && !fnmatch(c->glob, alias, 0)) ||
	       strstr(name, c->glob);
}

static void show(struct list_ctx *c, const char *name, const char *label)
{
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
		show(c, name.buf, label);
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
}

static void show_cache(const char *name, void *data)
{
	struct list_ctx *c = data;

	if (matches(c, name, NULL))
		show(c, name, "Hardware cache event");
}

static void list_cache(struct list_ctx *c)
{
	if (pmus__core(c->pmus))
		event_names_for_each_cache(show_cache, c);
}

static void list_pmu(struct list_ctx *c)
{
	struct pmu *core = pmus__core(c->pmus);
	struct strbuf name = STRBUF_INIT;
	struct pmu **list;
	unsigned int nr = pmus__all(c->pmus, &list);

	for (unsigned int i = 0; i < nr; i++) {
		for (unsigned int a = 0; a < list[i]->nr_aliases; a++) {
			const char *alias = list[i]->aliases[a].name;

			strbuf_reset(&name);
			if (list[i] == core)
				strbuf_addf(&name, "%s OR ", alias);
			strbuf_addf(&name, "%s/%s/", list[i]->name, alias);
			if (matches(c, alias, name.buf))
				show(c, name.buf, "Kernel PMU event");
		}
	}
	strbuf_release(&name);
}

static int show_tracepoint(const char *sys, const char *name, uint64_t id, void *data)
{
	struct list_ctx *c = data;
	struct strbuf full = STRBUF_INIT;

	(void)id;
	strbuf_addf(&full, "%s:%s", sys, name);
	if (matches(c, full.buf, NULL))
		show(c, full.buf, "Tracepoint event");
	strbuf_release(&full);
	return 0;
}

static void list_tracepoints(struct list_ctx *c, const char *tracefs)
{
	const char *dir = tracepoint_tracefs_dir(tracefs);

	if (dir)
		tracepoint_for_each(dir, "*", "*", show_tracepoint, c);
}

static void list_raw(struct list_ctx *c)
{
	show(c, "rNNN", "Raw hardware event descriptor");
	show(c, "cpu/t1=v1[,t2=v2,t3 ...]/modifier", "Raw hardware event descriptor");
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
	if (!what && !c->glob)
		list_raw(c);
	if (!what || !strcmp(what, "tracepoint"))
		list_tracepoints(c, tracefs);
	return 0;
}

static bool is_section(const char *s)
{
	static const char *const sections[] = {
		"hw", "hardware", "sw", "software", "cache", "hwcache", "pmu", "tracepoint",
	};

	for (size_t i = 0; i < ARRAY_SIZE(sections); i++)
		if (!strcmp(s, sections[i]))
			return true;
	return false;
}

int cmd_list(int argc, const char **argv, struct pm_env *env)
{
	struct option options[] = { OPT_END() };
	struct list_ctx c = { .pmus = pmus__new(env->sysfs_root) };
	struct strbuf err = STRBUF_INIT;
	int ret = 0;

	strbuf_init(&c.out, 4096);
	argc = parse_options(argc, argv, options, list_usage, 0, &err);
	if (argc < 0) {
		ret = cmd_usage_result(argc, err.buf);
		goto out;
	}
	if (!argc)
		list_section(&c, NULL, env->tracefs_dir);
	for (int i = 0; i < argc; i++) {
		c.glob = is_section(argv[i]) ? NULL : argv[i];
		list_section(&c, c.glob ? NULL : argv[i], env->tracefs_dir);
	}
	fwrite(c.out.buf, 1, c.out.len, stdout);
	if (c.glob && !c.nr_shown) {
		strbuf_reset(&err);
		strbuf_addf(&err, "no event matches '%s'\nhint: 'perf-mini list' shows them all; "
			    "globs such as 'sched:*' work", argv[0]);
		cmd_error("list", err.buf);
		ret = 1;
	}
out:
	strbuf_release(&c.out);
	strbuf_release(&err);
	pmus__delete(c.pmus);
	return ret;
}
