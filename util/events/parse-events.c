// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <errno.h>
#include <linux/hw_breakpoint.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "config-terms.h"
#include "cpumap.h"
#include "event-names.h"
#include "parse-events.h"
#include "tracepoint.h"
#include "../base/suggest.h"
#include "../base/util.h"
#include "../base/xalloc.h"

#define ERR_PREFIX "event syntax error: '"
#define ERR_WINDOW 70
#define MAX_SUGGEST 512

struct parser {
	const char *spec;
	size_t pos;
	const struct parse_events_ctx *ctx;
	struct evlist *evlist;
	struct strbuf *err;
	bool in_group;
	bool tracepoint_terms;	/* sys:name/terms/: perf's short list only */
};

/* Show at most ERR_WINDOW characters of the spec around @at, as perf does. */
static void add_context(struct strbuf *err, const char *spec, size_t at)
{
	size_t len = strlen(spec), start = 0, shown, indent;

	if (len > ERR_WINDOW && at > ERR_WINDOW / 2)
		start = at - ERR_WINDOW / 2;
	shown = len - start > ERR_WINDOW ? ERR_WINDOW : len - start;
	strbuf_addstr(err, ERR_PREFIX);
	if (start)
		strbuf_addstr(err, "..");
	strbuf_add(err, spec + start, shown);
	if (start + shown < len)
		strbuf_addstr(err, "..");
	strbuf_addstr(err, "'\n");
	indent = strlen(ERR_PREFIX) + (start ? 2 : 0) + (at - start);
	strbuf_addchars(err, ' ', indent);
}

__attribute__((format(printf, 4, 5)))
static int fail(struct parser *p, size_t at, const char *hint, const char *fmt, ...)
{
	va_list ap;

	add_context(p->err, p->spec, at);
	strbuf_addstr(p->err, "\\___ ");
	va_start(ap, fmt);
	strbuf_vaddf(p->err, fmt, ap);
	va_end(ap);
	strbuf_addch(p->err, '\n');
	if (hint)
		strbuf_addf(p->err, "hint: %s\n", hint);
	strbuf_addstr(p->err, "Run 'perf-mini list' for a list of valid events");
	return -EINVAL;
}

static bool is_name_char(int c)
{
	return isalnum(c) || c == '_' || c == '-' || c == '.' || c == '*' || c == '?' ||
	       c == '[' || c == ']';
}

static size_t name_len(const char *s)
{
	size_t n = 0;

	while (s[n] && is_name_char((unsigned char)s[n]))
		n++;
	return n;
}

static bool is_raw(const char *s, size_t len)
{
	if (len < 2 || s[0] != 'r')
		return false;
	for (size_t i = 1; i < len; i++)
		if (!isxdigit((unsigned char)s[i]))
			return false;
	return true;
}

static bool is_modifier_string(const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (!strchr("ukhIGHpPSDeWb", s[i]))
			return false;
	return len > 0;
}

int parse_events_apply_modifiers(struct evsel *evsel, const char *mods, size_t len,
				 bool group_mod)
{
	/*
	 * As perf: an event's own modifiers start from nothing excluded (so
	 * "cs:k" drops the default exclude_guest), a group's modifiers start
	 * from what each member already has.
	 */
	struct perf_event_attr zero = { 0 }, *a = &evsel->attr;
	const struct perf_event_attr *from = group_mod ? a : &zero;
	int eu = from->exclude_user, ek = from->exclude_kernel, eh = from->exclude_hv;
	int eH = from->exclude_host, eG = from->exclude_guest, eI = from->exclude_idle;
	int exclude = eu | ek | eh, exclude_gh = group_mod ? evsel->exclude_gh : 0;
	int precise = from->precise_ip, pinned = from->pinned, exclusive = from->exclusive;
	bool precise_max = false, sample_read = false, weak = false;

	for (size_t i = 0; i < len; i++) {
		switch (mods[i]) {
		case 'u':
			if (!exclude)
				exclude = eu = ek = eh = 1;
			if (!exclude_gh)
				eG = 1;
			eu = 0;
			break;
		case 'k':
			if (!exclude)
				exclude = eu = ek = eh = 1;
			ek = 0;
			break;
		case 'h':
			if (!exclude)
				exclude = eu = ek = eh = 1;
			eh = 0;
			break;
		case 'G':
			if (!exclude_gh)
				exclude_gh = eG = eH = 1;
			eG = 0;
			break;
		case 'H':
			if (!exclude_gh)
				exclude_gh = eG = eH = 1;
			eH = 0;
			break;
		case 'I': eI = 1; break;
		case 'p':
			precise++;
			if (!exclude_gh)
				eG = 1;
			break;
		case 'P': precise_max = true; break;
		case 'S': sample_read = true; break;
		case 'D': pinned = 1; break;
		case 'e': exclusive = 1; break;
		case 'W': weak = true; break;
		case 'b': break;
		default:
			return (int)i;
		}
		if (precise > 3)
			return (int)i;
	}
	a->exclude_user = eu;
	a->exclude_kernel = ek;
	a->exclude_hv = eh;
	a->exclude_host = eH;
	a->exclude_guest = eG;
	a->exclude_idle = eI;
	a->precise_ip = precise;
	evsel->exclude_gh = exclude_gh;
	evsel->sample_read = sample_read;
	evsel->precise_max = precise_max;
	evsel->weak_group = weak;
	if (!group_mod || evsel__is_leader(evsel)) {
		a->pinned = pinned;
		a->exclusive = exclusive;
	}
	return -1;
}

static int parse_modifiers(struct parser *p, int first, bool group_mod)
{
	const char *s = p->spec + p->pos;
	size_t len = 0;
	int bad;

	while (isalpha((unsigned char)s[len]))
		len++;
	if (!len)
		return fail(p, p->pos, "modifiers are letters of 'ukhIGHpPSDeW', e.g. 'cycles:u'",
			    "expected event modifiers");
	for (int i = first; i < p->evlist->nr; i++) {
		bad = parse_events_apply_modifiers(p->evlist->entries[i], s, len, group_mod);
		if (bad >= 0 && s[bad] == 'p')
			return fail(p, p->pos + (size_t)bad, "use at most 'ppp'",
				    "too many 'p' modifiers: precise level is 0 to 3");
		if (bad >= 0)
			return fail(p, p->pos + (size_t)bad,
				    "valid modifiers are u k h I G H p P S D e W b",
				    "unknown modifier '%c'", s[bad]);
	}
	p->pos += len;
	return 0;
}

static struct evsel *new_event(struct parser *p, const char *name, size_t len)
{
	struct strbuf sb = STRBUF_INIT;
	struct evsel *evsel;

	strbuf_add(&sb, name, len);
	evsel = evsel__new(sb.buf);
	strbuf_release(&sb);
	if (!evsel)
		pm_fatal(PM_FATAL_OOM, __func__);
	evsel->attr.exclude_guest = 1;	/* perf's default: count the host only */
	evlist__add(p->evlist, evsel);
	return evsel;
}

static void set_unit(struct evsel *evsel, const char *unit, double scale)
{
	free(evsel->unit);
	evsel->unit = unit ? strdup(unit) : NULL;
	evsel->scale = scale > 0 ? scale : 1.0;
}

static struct pmu_alias *find_alias_any(struct parser *p, const char *name, size_t len,
					struct pmu **owner)
{
	struct pmu *core = pmus__core(p->ctx->pmus);
	struct pmu **list;
	unsigned int nr;
	struct pmu_alias *a;

	if (core && (a = pmu__find_alias(core, name, len))) {
		*owner = core;
		return a;
	}
	nr = pmus__all(p->ctx->pmus, &list);
	for (unsigned int i = 0; i < nr; i++) {
		if (list[i] != core && (a = pmu__find_alias(list[i], name, len))) {
			*owner = list[i];
			return a;
		}
	}
	return NULL;
}

static int apply_terms(struct parser *p, struct evsel *evsel, struct pmu *pmu, const char *text,
		       size_t len, size_t at, bool from_alias);

static int apply_alias(struct parser *p, struct evsel *evsel, struct pmu *pmu,
		       struct pmu_alias *alias, size_t at)
{
	struct strbuf res = STRBUF_INIT;
	int ret;

	evsel->attr.type = pmu->type;
	set_unit(evsel, alias->unit, alias->scale);
	ret = apply_terms(p, evsel, pmu, alias->terms, strlen(alias->terms), at, true);
	strbuf_addf(&res, "%s/%s/", pmu->name, alias->terms);
	free(evsel->resolved);
	evsel->resolved = strbuf_detach(&res, NULL);
	evsel->topdown = topdown_id_of_alias(alias->name);
	evsel->is_topdown_metric = topdown_id__is_metric(evsel->topdown);
	return ret;
}

/* Resolve a plain event name: generic, cache, raw, then sysfs alias. */
static int resolve_name(struct parser *p, struct evsel *evsel, const char *name, size_t len,
			size_t at)
{
	const struct event_name *en = event_names_find(name, len);
	struct pmu *pmu = NULL;
	struct pmu_alias *alias;
	uint64_t config;
	int ret;

	if (en) {
		evsel->attr.type = en->type;
		evsel->attr.config = en->config;
		evsel->tool = en->tool;
		set_unit(evsel, en->unit, en->scale);
		return 0;
	}
	ret = event_names_parse_cache(name, len, &config);
	if (!ret) {
		evsel->attr.type = PERF_TYPE_HW_CACHE;
		evsel->attr.config = config;
		return 0;
	}
	if (ret == -EINVAL)
		return fail(p, at, "run 'perf-mini list cache' for the valid combinations",
			    "the kernel defines no such cache event");
	if (is_raw(name, len)) {
		evsel->attr.type = PERF_TYPE_RAW;
		evsel->attr.config = strtoull(name + 1, NULL, 16);
		return 0;
	}
	alias = find_alias_any(p, name, len, &pmu);
	if (alias)
		return apply_alias(p, evsel, pmu, alias, at);
	return -ENOENT;
}

static void add_known_names(struct parser *p, const char **names, size_t *nr)
{
	struct pmu **list;
	unsigned int nr_pmus = pmus__all(p->ctx->pmus, &list);

	for (unsigned int i = 0; i < event_names_nr_hw && *nr < MAX_SUGGEST; i++)
		for (int a = 0; a < EVENT_NAMES_MAX_ALIASES && event_names_hw[i].names[a]; a++)
			names[(*nr)++] = event_names_hw[i].names[a];
	for (unsigned int i = 0; i < event_names_nr_sw && *nr < MAX_SUGGEST; i++)
		for (int a = 0; a < EVENT_NAMES_MAX_ALIASES && event_names_sw[i].names[a]; a++)
			names[(*nr)++] = event_names_sw[i].names[a];
	for (unsigned int i = 0; i < nr_pmus; i++)
		for (unsigned int a = 0; a < list[i]->nr_aliases && *nr < MAX_SUGGEST; a++)
			names[(*nr)++] = list[i]->aliases[a].name;
}

static int unknown_event(struct parser *p, const char *name, size_t len, size_t at)
{
	const char *names[MAX_SUGGEST];
	struct strbuf word = STRBUF_INIT, hint = STRBUF_INIT;
	const char *best;
	size_t nr = 0;
	int ret;

	strbuf_add(&word, name, len);
	add_known_names(p, names, &nr);
	best = suggest_closest(word.buf, names, nr);
	if (best)
		strbuf_addf(&hint, "did you mean '%s'?", best);
	else
		strbuf_addstr(&hint, "tracepoints are written 'subsystem:event', PMU events "
				     "'pmu/term=value/'");
	ret = fail(p, at, hint.buf, "unknown event '%s'", word.buf);
	strbuf_release(&word);
	strbuf_release(&hint);
	return ret;
}

static int parse_value(struct parser *p, const char *val, size_t vlen, size_t at, uint64_t *out)
{
	struct strbuf sb = STRBUF_INIT;
	int ret;

	strbuf_add(&sb, val, vlen);
	ret = str_to_u64(sb.buf, 0, out);
	strbuf_release(&sb);
	if (ret)
		return fail(p, at, "write numbers as decimal or 0x-prefixed hex",
			    "expected a number, not '%.*s'", (int)vlen, val);
	return 0;
}

static void add_valid_terms(struct strbuf *sb, const struct pmu *pmu)
{
	strbuf_addstr(sb, "valid terms: ");
	for (unsigned int i = 0; pmu && i < pmu->nr_formats; i++)
		strbuf_addf(sb, "%s,", pmu->formats[i].name);
	strbuf_addstr(sb, "config,config1,config2,name,period,freq,call-graph,stack-size,max-stack,"
			  "inherit,no-inherit,time,branch_type,nr,percore");
}

static int unknown_term(struct parser *p, struct pmu *pmu, const char *name, size_t nlen,
			size_t at)
{
	struct strbuf hint = STRBUF_INIT;
	int ret;

	add_valid_terms(&hint, pmu);
	ret = fail(p, at, hint.buf, "unknown term '%.*s' for %s '%s'", (int)nlen, name,
		   pmu ? "pmu" : "event", pmu ? pmu->name : p->evlist->entries[p->evlist->nr - 1]->name);
	strbuf_release(&hint);
	return ret;
}

/* The tools that count: perf refuses sampling terms in perf stat. */
static bool counting(const struct parser *p)
{
	static const char *const tools[] = { "stat", "selfmon", "profviz" };

	for (size_t i = 0; p->ctx->tool && i < ARRAY_SIZE(tools); i++)
		if (!strcmp(p->ctx->tool, tools[i]))
			return true;
	return false;
}

/* call-graph=, max-stack= and perf's other sampling terms (config-terms.h):
 * 1 when the term is none of them. */
static int sampling_term(struct parser *p, struct evsel *evsel, const char *name, size_t nlen,
			 const char *val, size_t vlen, size_t at)
{
	struct strbuf msg = STRBUF_INIT, v = STRBUF_INIT;
	int ret;

	strbuf_add(&v, val ? val : "", vlen);
	ret = config_term__apply(evsel, name, nlen, val ? v.buf : NULL, counting(p), &msg);
	if (ret < 0)
		ret = fail(p, at, counting(p) ? "sampling terms apply to 'record' only" : NULL,
			   "%s", msg.buf);
	strbuf_release(&msg);
	strbuf_release(&v);
	return ret;
}

/* The terms perf takes after a tracepoint. */
static bool tracepoint_term(const char *name, size_t nlen)
{
	static const char *const terms[] = {
		"call-graph", "stack-size", "inherit", "no-inherit", "max-stack", "nr",
		"overwrite", "no-overwrite",
	};

	for (size_t i = 0; i < ARRAY_SIZE(terms); i++)
		if (nlen == strlen(terms[i]) && !strncmp(name, terms[i], nlen))
			return true;
	return false;
}

/* One "name[=value]" term; @at is its offset in the spec for errors. */
static int apply_term(struct parser *p, struct evsel *evsel, struct pmu *pmu, const char *t,
		      size_t tlen, size_t at)
{
	const char *eq = memchr(t, '=', tlen);
	size_t nlen = eq ? (size_t)(eq - t) : tlen;
	const char *val = eq ? eq + 1 : NULL;
	size_t vlen = eq ? tlen - nlen - 1 : 0;
	const struct pmu_format *fmt = pmu ? pmu__find_format(pmu, t, nlen) : NULL;
	struct pmu_alias *alias;
	uint64_t v = 1;
	int ret;

#define TERM_IS(s) (nlen == strlen(s) && !strncmp(t, s, nlen))
	if (TERM_IS("name")) {
		struct strbuf sb = STRBUF_INIT;

		if (!vlen)
			return fail(p, at, "e.g. name=my-event", "'name' needs a value");
		strbuf_add(&sb, val, vlen);
		evsel__set_name(evsel, sb.buf);
		strbuf_release(&sb);
		return 0;
	}
	if (p->tracepoint_terms && !tracepoint_term(t, nlen))
		return fail(p, at, "valid terms: call-graph,stack-size,inherit,no-inherit,"
			    "max-stack,nr,overwrite,no-overwrite",
			    "unknown term '%.*s' for tracepoint '%s'", (int)nlen, t, evsel->name);
	if (!fmt) {
		ret = sampling_term(p, evsel, t, nlen, val, vlen, at);
		if (ret <= 0)
			return ret;
	}
	if (val && parse_value(p, val, vlen, at + nlen + 1, &v))
		return -EINVAL;
	if (fmt) {
		struct strbuf msg = STRBUF_INIT;

		ret = pmu_format__apply(fmt, v, &evsel->attr, &msg);
		if (ret)
			ret = fail(p, at, NULL, "%s", msg.buf);
		strbuf_release(&msg);
		return ret;
	}
	if (TERM_IS("config"))
		evsel->attr.config = v;
	else if (TERM_IS("config1"))
		evsel->attr.config1 = v;
	else if (TERM_IS("config2"))
		evsel->attr.config2 = v;
	else if (TERM_IS("period"))
		evsel->attr.sample_period = v;
	else if (TERM_IS("freq"))
		evsel->attr.sample_freq = v, evsel->attr.freq = 1;
	else if (pmu && !val && (alias = pmu__find_alias(pmu, t, nlen)))
		return apply_alias(p, evsel, pmu, alias, at);
	else
		return unknown_term(p, pmu, t, nlen, at);
#undef TERM_IS
	return 0;
}

static int apply_terms(struct parser *p, struct evsel *evsel, struct pmu *pmu, const char *text,
		       size_t len, size_t at, bool from_alias)
{
	size_t i = 0;

	while (i < len) {
		size_t tlen = 0;

		while (i + tlen < len && text[i + tlen] != ',')
			tlen++;
		if (!tlen)
			return fail(p, from_alias ? at : at + i, NULL, "expected a term");
		if (apply_term(p, evsel, pmu, text + i, tlen, from_alias ? at : at + i))
			return -EINVAL;
		i += tlen + 1;
		if (i == len && text[len - 1] == ',')
			return fail(p, from_alias ? at : at + len, NULL, "expected a term after ','");
	}
	return 0;
}

/* Name the event as the user spelled it, modifiers included ("cycles:u"). */
static void set_spelled_name(struct parser *p, struct evsel *evsel, size_t start)
{
	struct strbuf sb = STRBUF_INIT;

	strbuf_add(&sb, p->spec + start, p->pos - start);
	evsel__set_name(evsel, sb.buf);
	strbuf_release(&sb);
}

static int after_event(struct parser *p, int first)
{
	if (p->spec[p->pos] == ':') {
		p->pos++;
		return parse_modifiers(p, first, false);
	}
	return 0;
}

/* One event "name/terms/" of @pmu, a generic event when NULL. */
static int add_slash_event(struct parser *p, struct pmu *pmu, size_t start, size_t nlen,
			   size_t tstart, size_t tend)
{
	const char *name = p->spec + start;
	struct evsel *evsel = new_event(p, name, tend + 1 - start);

	if (pmu) {
		evsel->attr.type = pmu->type;
		if (pmu->cpus && cpu_map__parse_list(&evsel->pmu_cpus, pmu->cpus))
			evsel->pmu_cpus = NULL;	/* unreadable: the target's CPUs */
	} else {
		resolve_name(p, evsel, name, nlen, start);
	}
	return apply_terms(p, evsel, pmu, p->spec + tstart, tend - tstart, tstart, false);
}

/*
 * name '/' terms '/' [mods]: a PMU, a generic event with terms, or, as in
 * perf, every instance of a PMU the name is the stem of (uncore_imc/../
 * for uncore_imc_0, uncore_imc_1, ...): one event each, shown as one.
 */
static int parse_slash_event(struct parser *p, size_t start, size_t nlen)
{
	const char *name = p->spec + start;
	struct strbuf pmu_name = STRBUF_INIT;
	size_t tstart = start + nlen + 1, tend;
	struct pmu **inst = NULL, **all;
	unsigned int nr_inst = 0;
	struct pmu *pmu;
	int first = p->evlist->nr;
	const char *close;
	bool named;

	strbuf_add(&pmu_name, name, nlen);
	pmu = pmus__find(p->ctx->pmus, pmu_name.buf);
	strbuf_release(&pmu_name);
	close = strchr(p->spec + tstart, '/');
	if (!close)
		return fail(p, strlen(p->spec), "close the terms with '/', e.g. 'cpu/event=0x3c/'",
			    "expected '/'");
	tend = (size_t)(close - p->spec);
	if (!pmu && !event_names_find(name, nlen)) {
		unsigned int nr_all = pmus__all(p->ctx->pmus, &all);

		inst = must_calloc(nr_all ? nr_all : 1, sizeof(*inst));
		nr_inst = pmus__instances(p->ctx->pmus, name, nlen, inst, nr_all);
	}
	if (!pmu && !nr_inst && !event_names_find(name, nlen)) {
		free(inst);
		return fail(p, start, "run 'perf-mini list pmu' for the PMUs of this machine",
			    "unknown PMU '%.*s'", (int)nlen, name);
	}
	if (nr_inst > 1 && p->in_group) {
		struct strbuf hint = STRBUF_INIT;
		int ret;

		strbuf_addf(&hint, "name one instance (e.g. '%s/.../'), or leave the braces out",
			    inst[0]->name);
		ret = fail(p, start, hint.buf, "'%.*s' is %u PMUs, which one group cannot span",
			   (int)nlen, name, nr_inst);
		strbuf_release(&hint);
		free(inst);
		return ret;
	}
	if (!nr_inst && add_slash_event(p, pmu, start, nlen, tstart, tend))
		return -EINVAL;
	for (unsigned int i = 0; i < nr_inst; i++) {
		struct evsel *e;

		if (add_slash_event(p, inst[i], start, nlen, tstart, tend)) {
			free(inst);
			return -EINVAL;
		}
		e = p->evlist->entries[p->evlist->nr - 1];
		e->pmu_name = must_strdup(inst[i]->name);
		e->merge_id = nr_inst > 1 ? first + 1 : 0;
	}
	free(inst);
	p->pos = tend + 1;
	named = strlen(p->evlist->entries[first]->name) != tend + 1 - start ||
		strncmp(p->evlist->entries[first]->name, p->spec + start, tend + 1 - start);
	if (p->spec[p->pos] == ':')
		p->pos++;
	if (isalpha((unsigned char)p->spec[p->pos]) && parse_modifiers(p, first, false))
		return -EINVAL;
	for (int i = first; !named && p->pos > tend + 1 && i < p->evlist->nr; i++)
		set_spelled_name(p, p->evlist->entries[i], start);
	return 0;
}

struct tp_add {
	struct parser *p;
	int nr;
};

static int add_tracepoint(const char *sys, const char *name, uint64_t id, void *data)
{
	struct tp_add *tp = data;
	struct strbuf sb = STRBUF_INIT;
	struct evsel *evsel;

	strbuf_addf(&sb, "%s:%s", sys, name);
	evsel = new_event(tp->p, sb.buf, sb.len);
	strbuf_release(&sb);
	evsel->attr.type = PERF_TYPE_TRACEPOINT;
	evsel->attr.config = id;
	tp->nr++;
	return 0;
}

/* sys:name/terms/ (perf's sched:sched_switch/call-graph=no/): the terms
 * of every tracepoint the name matched */
static int tracepoint_terms(struct parser *p, int first)
{
	size_t tstart = p->pos + 1;
	const char *close = strchr(p->spec + tstart, '/');

	if (!close)
		return fail(p, strlen(p->spec), "close the terms with '/', e.g. "
			    "'sched:sched_switch/call-graph=no/'", "expected '/'");
	p->tracepoint_terms = true;
	for (int i = first; i < p->evlist->nr; i++)
		if (apply_terms(p, p->evlist->entries[i], NULL, p->spec + tstart,
				(size_t)(close - p->spec) - tstart, tstart, false)) {
			p->tracepoint_terms = false;
			return -EINVAL;
		}
	p->tracepoint_terms = false;
	p->pos = (size_t)(close - p->spec) + 1;
	return 0;
}

static int parse_tracepoint(struct parser *p, size_t start, size_t slen)
{
	size_t nstart = start + slen + 1, nlen = name_len(p->spec + nstart);
	const char *dir = tracepoint_tracefs_dir(p->ctx->tracefs_dir);
	struct strbuf sys = STRBUF_INIT, name = STRBUF_INIT;
	struct tp_add tp = { p, 0 };
	int first = p->evlist->nr, ret;

	if (!nlen)
		return fail(p, nstart, "e.g. 'sched:sched_switch'", "expected a tracepoint name");
	strbuf_add(&sys, p->spec + start, slen);
	strbuf_add(&name, p->spec + nstart, nlen);
	if (!dir) {
		ret = fail(p, start, "mount it: mount -t tracefs nodev /sys/kernel/tracing",
			   "tracefs is not mounted and could not be mounted");
	} else {
		ret = tracepoint_for_each(dir, sys.buf, name.buf, add_tracepoint, &tp);
		if (ret == -EACCES)
			ret = fail(p, start, "run as root or relax the tracefs permissions",
				   "cannot read '%s/events': permission denied", dir);
		else if (ret <= 0 && !tracepoint_has_system(dir, sys.buf) && is_modifier_string(name.buf, nlen))
			ret = unknown_event(p, sys.buf, slen, start);
		else if (ret <= 0)
			ret = fail(p, start, "run 'perf-mini list tracepoint' for the tracepoints here",
				   "unknown tracepoint '%s:%s'", sys.buf, name.buf);
		else
			ret = 0;
	}
	strbuf_release(&sys);
	strbuf_release(&name);
	if (ret)
		return ret;
	p->pos = nstart + nlen;
	if (p->spec[p->pos] == '/' && tracepoint_terms(p, first))
		return -EINVAL;
	return after_event(p, first);
}

/* An access string of a breakpoint: one or more of r, w, x. */
static size_t bp_access_len(const char *s)
{
	size_t n = strspn(s, "rwx");

	return isalpha((unsigned char)s[n]) ? 0 : n;
}

/*
 * mem:ADDR[/LEN][:ACCESS][:mods], a hardware breakpoint as perf reads it:
 * ADDR decimal or 0x hex, LEN bytes (default 4, 8 for x), ACCESS of r w x
 * (default rw). perf names it as spelled, cut at the '/' when there is one.
 */
static int parse_breakpoint(struct parser *p, size_t start)
{
	const char *s = p->spec;
	size_t at = start + 4, slash = 0;
	int first = p->evlist->nr, base = 10;
	struct evsel *evsel;
	uint64_t addr, len = 0;
	char *end;

	if (s[at] == '0' && (s[at + 1] == 'x' || s[at + 1] == 'X'))
		base = 16, at += 2;
	if (!isxdigit((unsigned char)s[at]))
		return fail(p, at, "e.g. 'mem:0x601040:w' or 'mem:0x601040/8'",
			    "expected a breakpoint address");
	errno = 0;
	addr = strtoull(s + at, &end, base);
	if (errno || (base == 10 && isxdigit((unsigned char)*end)))
		return fail(p, at, "give the address in decimal or as 0x hex",
			    "bad breakpoint address");
	p->pos = (size_t)(end - s);
	if (s[p->pos] == '/') {
		slash = p->pos++;
		len = strtoull(s + p->pos, &end, 0);
		if (end == s + p->pos)
			return fail(p, p->pos, "e.g. 'mem:0x601040/8:w'",
				    "expected the breakpoint length in bytes");
		p->pos = (size_t)(end - s);
	}
	evsel = new_event(p, s + start, (slash ? slash : p->pos) - start);
	evsel->attr.type = PERF_TYPE_BREAKPOINT;
	evsel->attr.bp_addr = addr;
	evsel->attr.bp_type = HW_BREAKPOINT_R | HW_BREAKPOINT_W;
	evsel->attr.sample_period = 1;
	if (s[p->pos] == ':' && bp_access_len(s + p->pos + 1)) {
		size_t n = bp_access_len(s + ++p->pos);

		evsel->attr.bp_type = 0;
		for (size_t i = 0; i < n; i++)
			evsel->attr.bp_type |= s[p->pos + i] == 'r' ? HW_BREAKPOINT_R :
					       s[p->pos + i] == 'w' ? HW_BREAKPOINT_W :
					       HW_BREAKPOINT_X;
		p->pos += n;
	}
	evsel->attr.bp_len = len ? len : evsel->attr.bp_type == HW_BREAKPOINT_X ?
			     sizeof(long) : HW_BREAKPOINT_LEN_4;
	if (after_event(p, first))
		return -EINVAL;
	if (!slash)
		set_spelled_name(p, evsel, start);
	return 0;
}

static int parse_event(struct parser *p)
{
	size_t start = p->pos, nlen = name_len(p->spec + start);
	const char *name = p->spec + start;
	struct evsel *evsel;
	int first = p->evlist->nr, ret;

	if (!nlen) {
		if (p->spec[start] == '{' && p->in_group)
			return fail(p, start, "flatten the inner group", "groups cannot be nested");
		if (!p->spec[start])
			return fail(p, start, "e.g. 'cycles', 'sched:sched_switch', 'cpu/event=0x3c/'",
				    "expected an event");
		return fail(p, start, "e.g. 'cycles', 'sched:sched_switch', 'cpu/event=0x3c/'",
			    "unexpected character '%c'", p->spec[start]);
	}
	if (name[nlen] == '/')
		return parse_slash_event(p, start, nlen);
	if (nlen == 3 && !strncmp(name, "mem", 3) && name[3] == ':')
		return parse_breakpoint(p, start);
	evsel = new_event(p, name, nlen);
	ret = resolve_name(p, evsel, name, nlen, start);
	if (ret == -ENOENT) {
		evlist__truncate(p->evlist, first);
		if (name[nlen] == ':')
			return parse_tracepoint(p, start, nlen);
		return unknown_event(p, name, nlen, start);
	}
	if (ret)
		return ret;
	p->pos = start + nlen;
	ret = after_event(p, first);
	if (!ret && p->pos > start + nlen)
		set_spelled_name(p, evsel, start);
	return ret;
}

static int parse_group(struct parser *p)
{
	size_t open_at = p->pos;
	int first = p->evlist->nr;

	p->pos++;
	p->in_group = true;
	for (;;) {
		if (parse_event(p))
			return -EINVAL;
		if (p->spec[p->pos] == ',') {
			p->pos++;
			continue;
		}
		if (p->spec[p->pos] == '}')
			break;
		if (!p->spec[p->pos])
			return fail(p, open_at, "close the group with '}'",
				    "this group is never closed");
		return fail(p, p->pos, NULL, "expected ',' or '}'");
	}
	p->in_group = false;
	p->pos++;
	evlist__make_group(p->evlist, first, p->evlist->nr - 1);
	if (p->spec[p->pos] == ':') {
		p->pos++;
		return parse_modifiers(p, first, true);
	}
	return 0;
}

int parse_events(struct evlist *evlist, const char *spec, const struct parse_events_ctx *ctx,
		 struct strbuf *err)
{
	struct parser p = { .spec = spec, .ctx = ctx, .evlist = evlist, .err = err };
	int first = evlist->nr, ret;

	evlist->last_spec_first = first;
	for (;;) {
		ret = spec[p.pos] == '{' ? parse_group(&p) : parse_event(&p);
		if (ret)
			break;
		if (spec[p.pos] == ',' && spec[p.pos + 1]) {
			p.pos++;
			continue;
		}
		if (spec[p.pos] == ',')
			ret = fail(&p, p.pos + 1, "remove the trailing ','", "expected an event");
		else if (spec[p.pos])
			ret = fail(&p, p.pos, NULL, "unexpected '%c' after the event", spec[p.pos]);
		break;
	}
	if (ret)
		evlist__truncate(evlist, first);
	return ret;
}
