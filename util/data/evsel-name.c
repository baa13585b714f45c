// SPDX-License-Identifier: GPL-2.0
/*
 * The names of a perf.data's events: from EVENT_DESC and GROUP_DESC when
 * the file has them, else derived from each attr as perf derives them
 * (the generic names, cache events, modifiers in perf's order).
 */
#include <inttypes.h>
#include <linux/hw_breakpoint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/util.h"
#include "../events/event-names.h"
#include "internal.h"
#include "perf-data.h"

struct cache_lookup {
	uint64_t config;
	char found[64];		/* a copy: the enumerator reuses its buffer */
};

static void match_cache(const char *name, void *data)
{
	struct cache_lookup *l = data;
	uint64_t config;

	if (!l->found[0] && !event_names_parse_cache(name, strlen(name), &config) &&
	    config == l->config)
		snprintf(l->found, sizeof(l->found), "%s", name);
}

static void add_mod(struct strbuf *sb, bool *colon, const char *mods)
{
	if (!*colon)
		strbuf_addch(sb, ':');
	*colon = true;
	strbuf_addstr(sb, mods);
}

/* perf's evsel__add_modifiers(): which modifiers a name shows. */
static void add_modifiers(struct strbuf *sb, const struct perf_event_attr *a)
{
	bool colon = false, exclude_guest_default = false;

	if (a->exclude_kernel || a->exclude_user || a->exclude_hv) {
		if (!a->exclude_kernel)
			add_mod(sb, &colon, "k");
		if (!a->exclude_user)
			add_mod(sb, &colon, "u");
		if (!a->exclude_hv)
			add_mod(sb, &colon, "h");
		exclude_guest_default = true;
	}
	if (a->precise_ip) {
		add_mod(sb, &colon, &"ppp"[3 - a->precise_ip]);	/* 2 bits: at most 3 */
		exclude_guest_default = true;
	}
	if (a->exclude_host || a->exclude_guest == exclude_guest_default) {
		if (!a->exclude_host)
			add_mod(sb, &colon, "H");
		if (!a->exclude_guest)
			add_mod(sb, &colon, "G");
	}
}

/* perf's evsel__hw_names[]: how perf names a hardware event it reads
 * back from a file (not always the spelling `perf list` leads with). */
static const char *const hw_names[] = {
	"cycles", "instructions", "cache-references", "cache-misses", "branches",
	"branch-misses", "bus-cycles", "stalled-cycles-frontend", "stalled-cycles-backend",
	"ref-cycles",
};

char *perf_data__attr_name(const struct perf_event_attr *a)
{
	struct strbuf sb = STRBUF_INIT;
	const char *generic = event_names_generic(PERF_TYPE_SOFTWARE, a->config);
	struct cache_lookup cache = { .config = a->config };

	switch (a->type) {
	case PERF_TYPE_HARDWARE:
		strbuf_addstr(&sb, a->config < ARRAY_SIZE(hw_names) ? hw_names[a->config] :
				   "unknown-hardware");
		break;
	case PERF_TYPE_SOFTWARE:
		strbuf_addstr(&sb, generic ?: "unknown-software");
		break;
	case PERF_TYPE_HW_CACHE:
		event_names_for_each_cache(match_cache, &cache);
		strbuf_addstr(&sb, cache.found[0] ? cache.found :
				   "unknown-ext-hardware-cache-type");
		break;
	case PERF_TYPE_RAW:
		strbuf_addf(&sb, "raw 0x%llx", (unsigned long long)a->config);
		break;
	case PERF_TYPE_BREAKPOINT:	/* perf's __evsel__bp_name() */
		strbuf_addf(&sb, "mem:0x%llx:%s%s%s", (unsigned long long)a->bp_addr,
			    a->bp_type & HW_BREAKPOINT_R ? "r" : "",
			    a->bp_type & HW_BREAKPOINT_W ? "w" : "",
			    a->bp_type & HW_BREAKPOINT_X ? "x" : "");
		break;
	case PERF_TYPE_TRACEPOINT:
		strbuf_addstr(&sb, PD_UNNAMED_TRACEPOINT);
		break;
	default:
		strbuf_addf(&sb, "unknown attr type: %u", a->type);
		return strbuf_detach(&sb, NULL);
	}
	add_modifiers(&sb, a);
	return strbuf_detach(&sb, NULL);
}

/* Names and groups from EVENT_DESC / GROUP_DESC, else from the attrs. */
void perf_data__name_evsels(struct perf_data *pd)
{
	const struct pd_features *f = &pd->feat;

	for (size_t i = 0; i < pd->nr_evsels; i++) {
		struct pd_evsel *e = pd->evsels[i];

		free(e->name);
		e->name = NULL;
		if (i < f->nr_events && f->events[i].name)
			e->name = strdup(f->events[i].name);
		if (!e->name)
			e->name = perf_data__attr_name(&e->attr);
		e->leader_idx = e->idx;
		e->nr_members = 0;
		e->group_name = NULL;
	}
	for (uint32_t g = 0; g < f->nr_groups; g++) {
		uint32_t lead = f->groups[g].leader_idx, n = f->groups[g].nr_members;

		if (lead >= pd->nr_evsels || n > pd->nr_evsels - lead)
			continue;
		pd->evsels[lead]->nr_members = n;
		if (f->groups[g].name && strcmp(f->groups[g].name, "{anon_group}"))
			pd->evsels[lead]->group_name = f->groups[g].name;
		for (uint32_t m = lead; m < lead + n; m++)
			pd->evsels[m]->leader_idx = lead;
	}
}

