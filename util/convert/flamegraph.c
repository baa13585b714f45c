// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "../base/hmap.h"
#include "../base/xalloc.h"
#include "../report/callchain-tree.h"
#include "flamegraph.h"
#include "../report/hist.h"
#include "../report/report.h"
#include "../script/script-print.h"

/* A frame of the merged tree: its name (interned), the period of every
 * stack through it, and of those ending there. */
struct flame_node {
	const char *name;
	uint64_t total, self;
	uint64_t old_total, old_self;	/* a diff's: the baseline's */
	uint32_t first_child, next_sibling, last_child;	/* 0: none (0 is the root) */
	uint32_t parent;
};

struct flame {
	struct machine *m;		/* interns the names */
	struct flame_node *node;
	size_t nr, alloc;
	struct hmap children;		/* (parent, name) -> child: no sibling scans */
	struct strbuf name;		/* scratch */
};

static uint32_t new_node(struct flame *f, const char *name)
{
	ALLOC_GROW(f->node, f->nr + 1, f->alloc);
	f->node[f->nr] = (struct flame_node){ .name = name };
	return (uint32_t)f->nr++;
}

static uint64_t child_hash(uint32_t parent, const char *name)
{
	return hash_u64((uintptr_t)name ^ (uint64_t)parent << 40);
}

/* The child @name of @parent, made on first use (last among its siblings). */
static uint32_t child(struct flame *f, uint32_t parent, const char *text)
{
	const char *name = machine__intern(f->m, text);
	uint64_t hash = child_hash(parent, name);
	struct hmap_slot *s;
	struct flame_node *p;
	uint32_t c;

	hmap_must_reserve(&f->children, 1);
	hmap_for_each_probe(&f->children, hash, s)
		if (f->node[s->val].name == name && f->node[s->val].parent == parent)
			return s->val;
	c = new_node(f, name);	/* never 0, the root's */
	f->node[c].parent = parent;
	hmap_fill(&f->children, s, hash, c);
	p = &f->node[parent];
	if (p->last_child)
		f->node[p->last_child].next_sibling = c;
	else
		p->first_child = c;
	p->last_child = c;
	return c;
}

/* a chain's frames, the command and the event */
#define MAX_DEPTH (REPORT_MAX_FRAMES + 3)

struct walk {
	struct flame *f;
	uint32_t path[MAX_DEPTH];
	uint32_t root;		/* the event's frame when the stacks carry one, else 0 */
	uint64_t drawn;		/* of the entry's period, in its chains so far */
	bool innermost_first;	/* -g callee: the chains' order, the command last */
	unsigned int opts;	/* FLAME_* */
	struct machine *m;	/* FLAME_ADDRS: where unresolved addresses are mapped */
	struct thread *t;	/* the entry's */
};

/* "pkg.(*T).M": a Go method, whose parentheses are its name's */
static bool go_method(const char *name)
{
	const char *open = strstr(name, ".(");

	return open && strstr(open + 2, ").");
}

/*
 * FlameGraph's tidying of a function name (stackcollapse-perf.pl, on
 * perf script's lines): ';' would split the stack, so ':'; from the first
 * parenthesis on is dropped (C++ parameters, "operator()"), unless it
 * opens "(anonymous namespace)" or the name is a Go method's
 * ("net/http.(*Client).Do"); quotes go.
 */
static void tidy_name(struct strbuf *name)
{
	char *p = name->buf, *w;

	for (char *c = p; *c; c++)
		if (*c == ';')
			*c = ':';
	if (!go_method(p)) {
		for (char *c = strchr(p, '('); c; c = strchr(c + 1, '('))
			if (strncmp(c, "(anonymous namespace)", 21)) {
				strbuf_setlen(name, (size_t)(c - p));
				break;
			}
	}
	for (w = p; *p; p++)
		if (*p != '"' && *p != '\'')
			*w++ = *p;
	strbuf_setlen(name, (size_t)(w - name->buf));
}

/* An unresolved frame's address as perf script prints it: a user one in
 * its map (its DSO's offset); the kernel's (modules' too), or one no map
 * holds, as recorded. */
static uint64_t script_address(const struct walk *w, const struct cc_frame *fr)
{
	struct addr_map_sym ams = { 0 };

	if (!w->m || !w->t || (int64_t)fr->ip < 0)
		return fr->ip;
	resolve_ams_any_mode(w->m, w->t, fr->ip, &ams);
	return ams.dso ? ams.al_addr : fr->ip;
}

/*
 * A frame as stackcollapse-perf.pl names it, part @i of its name split
 * at "->" (Java's inlining, and C++'s operator->, which stackcollapse
 * cuts in two: the later parts get "_[i]"): the function without offset
 * or " (inlined)"; with no symbol, [the DSO's file name], or [unknown].
 * Returns false past the last part, and for a name that starts with '('
 * ("(anonymous namespace)::f"), which stackcollapse leaves out.
 */
static bool collapse_part(const struct walk *w, const struct cc_frame *fr, size_t i,
			  struct strbuf *out)
{
	const char *name = fr->sym ? fr->sym->name : NULL, *end;
	size_t len = fr->sym ? fr->sym->namelen : 0;

	strbuf_reset(out);
	if (!fr->sym) {
		const char *file = script_print__dso_name(fr->dso);

		if (i)
			return false;
		if (strrchr(file, '/'))
			file = strrchr(file, '/') + 1;
		strbuf_addf(out, "[%s", strcmp(file, "[unknown]") ? file : "unknown");
		if (w->opts & FLAME_ADDRS)
			strbuf_addf(out, " <%" PRIx64 ">", script_address(w, fr));
		strbuf_addch(out, ']');
		tidy_name(out);
		return true;
	}
	if (len && name[0] == '(')
		return false;	/* stackcollapse takes it for a process name: skipped */
	for (; i; i--) {
		end = memmem(name, len, "->", 2);
		if (!end)
			return false;
		len -= (size_t)(end + 2 - name);
		name = end + 2;
	}
	end = memmem(name, len, "->", 2);
	strbuf_add(out, name, end ? (size_t)(end - name) : len);
	tidy_name(out);
	if (name != fr->sym->name && !strstr(out->buf, "_[i]"))
		strbuf_addstr(out, "_[i]");
	return true;
}

/*
 * stackcollapse's annotations of a frame's name: "_[k]" for the kernel's
 * (a DSO in brackets, [vdso] too, or a vmlinux; not [unknown]) or "_[j]"
 * for a JIT's (/tmp/perf-PID.map) where asked; a "_[i]" part keeps its.
 */
static void annotate_part(const struct cc_frame *fr, unsigned int opts, struct strbuf *name)
{
	const char *dso = script_print__dso_name(fr->dso);
	size_t len = strlen(dso);
	unsigned int pid;
	char tail;

	if (strstr(name->buf, "_[i]"))
		return;
	if ((opts & FLAME_KERNEL) && strcmp(dso, "[unknown]") &&
	    (dso[0] == '[' || (len >= 7 && !strcmp(dso + len - 7, "vmlinux"))))
		strbuf_addstr(name, "_[k]");
	else if ((opts & FLAME_JIT) && sscanf(dso, "/tmp/perf-%u.ma%c", &pid, &tail) == 2 &&
		 tail == 'p' && !strstr(name->buf, "_[j]"))
		strbuf_addstr(name, "_[j]");
}

/* The frame's nodes under path[@d - 1] (or the walk's root): its names'
 * parts, one node each; returns the depth after them. */
static size_t push_frame(struct walk *w, size_t d, const struct cc_frame *fr)
{
	for (size_t i = 0; d < MAX_DEPTH - 1 && collapse_part(w, fr, i, &w->f->name); i++, d++) {
		annotate_part(fr, w->opts, &w->f->name);
		w->path[d] = child(w->f, d ? w->path[d - 1] : w->root, w->f->name.buf);
	}
	return d;
}

/* The command as stackcollapse names it: its spaces '_'; with --pid or
 * --tid its ids after it. */
static uint32_t comm_child(struct walk *w, uint32_t parent, const char *comm,
			   const struct thread *t)
{
	strbuf_reset(&w->f->name);
	strbuf_addstr(&w->f->name, comm);
	/* the idle task's pid 0 is stackcollapse's "?" (false to Perl) */
	if (t && (w->opts & (FLAME_PID | FLAME_TID)))
		strbuf_addf(&w->f->name, t->pid ? "-%d" : "-?", t->pid);
	if (t && (w->opts & FLAME_TID))
		strbuf_addf(&w->f->name, "/%d", t->tid);
	for (char *c = w->f->name.buf; *c; c++)
		if (*c == ' ')
			*c = '_';
	return child(w->f, parent, w->f->name.buf);
}

/* A stack of @period: @path from the root down, then @leaf (if any). */
static void add_stack(struct flame *f, const uint32_t *path, size_t n, uint64_t period)
{
	f->node[0].total += period;
	for (size_t i = 0; i < n; i++)
		f->node[path[i]].total += period;
	f->node[n ? path[n - 1] : 0].self += period;
}

/* Every chain of the entry's tree below @n; @depth frames already on the path. */
static void walk_chains(struct walk *w, const struct cc_node *n, size_t depth, const char *comm,
			const struct thread *t)
{
	size_t d = depth;

	for (uint32_t i = 0; i < n->val_nr && d < MAX_DEPTH - 1; i++)
		d = push_frame(w, d, &n->val[i]);
	if (n->hit) {
		size_t len = d;

		if (w->innermost_first)	/* the command closes the stack */
			w->path[len++] = comm_child(w, d ? w->path[d - 1] : w->root, comm, t);
		add_stack(w->f, w->path, len, n->hit);
		w->drawn += n->hit;
	}
	for (uint32_t c = 0; c < n->nr_children; c++)
		walk_chains(w, n->children[c].node, d, comm, t);
}

static void add_entry(struct walk *w, const struct hist_entry *he)
{
	const char *comm = he->comm;	/* the report's Command */
	size_t depth = 0;

	if (w->root)
		w->path[depth++] = w->root;
	if (!w->innermost_first) {
		w->path[depth] = comm_child(w, depth ? w->path[depth - 1] : 0, comm, he->thread);
		depth++;
	}
	w->drawn = 0;
	w->t = he->thread;
	if (he->chain && (he->chain->nr_children || he->chain->val_nr))
		walk_chains(w, he->chain, depth, comm, he->thread);
	if (w->drawn >= he->period)
		return;
	/* the samples that brought no chain: the function alone */
	depth = push_frame(w, depth, &(struct cc_frame){ he->ip, he->dso, he->sym });
	if (w->innermost_first) {
		w->path[depth] = comm_child(w, w->path[depth - 1], comm, he->thread);
		depth++;
	}
	add_stack(w->f, w->path, depth, he->period - w->drawn);
}

static void build(struct flame *f, const struct hists *h, bool innermost_first,
		  unsigned int opts, const char *event, struct machine *m)
{
	struct walk *w = must_calloc(1, sizeof(*w));

	w->f = f;
	w->m = m;
	w->innermost_first = innermost_first;
	w->opts = opts;
	if (!f->nr)
		new_node(f, "all");
	if (event)	/* folded stacks of several events: each under its own */
		w->root = child(f, 0, event);
	for (const struct hist_chunk *c = h->chunks; c; c = c->next)
		for (size_t i = 0; i < c->nr; i++)
			if (!c->entries[i].merged && !c->entries[i].filtered)
				add_entry(w, &c->entries[i]);
	free(w);
}

static void flame_reset(struct flame *f)
{
	free(f->node);
	hmap_release(&f->children);
	f->node = NULL;
	f->nr = f->alloc = 0;
}

/* A folded line: the stack's text, and its period. */
struct folded {
	char *stack;
	uint64_t period, old;
};

struct folded_lines {
	struct folded *line;
	size_t nr, alloc;
};

/* Each stack ending in a frame, as FlameGraph's "a;b;c" */
static void collect_folded(const struct flame *f, uint32_t n, struct strbuf *path,
			   struct folded_lines *out)
{
	size_t len = path->len;

	if (n) {
		if (path->len)
			strbuf_addch(path, ';');
		strbuf_addstr(path, f->node[n].name);
	}
	if (n && (f->node[n].self || f->node[n].old_self)) {
		ALLOC_GROW(out->line, out->nr + 1, out->alloc);
		out->line[out->nr++] = (struct folded){ must_strdup(path->buf), f->node[n].self,
							f->node[n].old_self };
	}
	for (uint32_t c = f->node[n].first_child; c; c = f->node[c].next_sibling)
		collect_folded(f, c, path, out);
	strbuf_setlen(path, len);
}

static int by_stack(const void *a, const void *b)
{
	return strcmp(((const struct folded *)a)->stack, ((const struct folded *)b)->stack);
}

/* FlameGraph's folded lines, "a;b;c PERIOD", sorted as stackcollapse
 * sorts them (byte order); a diff's as its difffolded.pl writes them,
 * "a;b;c OLD NEW". */
static void write_folded(const struct flame *f, bool diff, struct strbuf *path, FILE *out)
{
	struct folded_lines lines = { 0 };

	collect_folded(f, 0, path, &lines);
	qsort(lines.line, lines.nr, sizeof(*lines.line), by_stack);
	for (size_t i = 0; i < lines.nr; i++) {
		if (diff)
			fprintf(out, "%s %" PRIu64 " %" PRIu64 "\n", lines.line[i].stack,
				lines.line[i].old, lines.line[i].period);
		else
			fprintf(out, "%s %" PRIu64 "\n", lines.line[i].stack, lines.line[i].period);
		free(lines.line[i].stack);
	}
	free(lines.line);
}

/* {"n": name, "v": total, "s": self, "c": [children]}, a diff's with
 * "o": the baseline's total */
static void write_json(const struct flame *f, uint32_t n, bool diff, struct strbuf *out)
{
	const struct flame_node *node = &f->node[n];

	strbuf_addstr(out, "{\"n\":");
	strbuf_add_json_string(out, node->name);
	strbuf_addf(out, ",\"v\":%" PRIu64 ",\"s\":%" PRIu64, node->total, node->self);
	if (diff)
		strbuf_addf(out, ",\"o\":%" PRIu64, node->old_total);
	if (node->first_child) {
		strbuf_addstr(out, ",\"c\":[");
		for (uint32_t c = node->first_child; c; c = f->node[c].next_sibling) {
			write_json(f, c, diff, out);
			if (f->node[c].next_sibling)
				strbuf_addch(out, ',');
		}
		strbuf_addch(out, ']');
	}
	strbuf_addch(out, '}');
}

bool flamegraph__is_html(const char *path)
{
	size_t len = strlen(path);

	return len >= 5 && !strcasecmp(path + len - 5, ".html");
}

int flamegraph__write(struct report *r, bool html, const char *title, FILE *out)
{
	struct flame f = { .m = &r->machine, .name = STRBUF_INIT };
	struct strbuf json = STRBUF_INIT, path = STRBUF_INIT;
	bool innermost_first = !r->caller_order, any = false;
	size_t events = 0;

	for (size_t i = 0; i < r->nr_hists; i++)
		events += r->hists[i] && r->hists[i]->nr_samples;
	strbuf_addch(&json, '[');
	for (size_t i = 0; i < r->nr_hists; i++) {
		const struct hists *h = r->hists[i];

		if (!h || !h->nr_samples)
			continue;
		build(&f, h, innermost_first, r->o->flamegraph_opts,
		      !html && events > 1 ? r->pd.evsels[i]->name : NULL, &r->machine);
		if (!f.node[0].total) {	/* the filters kept none of its samples */
			flame_reset(&f);
			continue;
		}
		if (html) {
			if (any)
				strbuf_addch(&json, ',');
			strbuf_addstr(&json, "{\"event\":");
			strbuf_add_json_string(&json, r->pd.evsels[i]->name);
			/* a clock's period is time: the page says it in s, ms, us */
			if (!strncmp(r->pd.evsels[i]->name, "cpu-clock", 9) ||
			    !strncmp(r->pd.evsels[i]->name, "task-clock", 10))
				strbuf_addstr(&json, ",\"unit\":\"ns\"");
			strbuf_addstr(&json, ",\"root\":");
			write_json(&f, 0, false, &json);
			strbuf_addch(&json, '}');
		} else {
			write_folded(&f, false, &path, out);
		}
		any = true;
		flame_reset(&f);
	}
	strbuf_addch(&json, ']');
	if (any && html)
		flamegraph__page(title, json.buf, innermost_first, out);
	strbuf_release(&json);
	strbuf_release(&path);
	strbuf_release(&f.name);
	return any ? 0 : -ENODATA;
}

static const struct hists *first_with_samples(const struct report *r, size_t *idx)
{
	for (size_t i = 0; i < r->nr_hists; i++) {
		if (r->hists[i] && r->hists[i]->nr_samples) {
			*idx = i;
			return r->hists[i];
		}
	}
	return NULL;
}

/* The baseline's stacks, then the new run's on the same tree: each frame
 * keeps what the baseline had through it beside the new run's. */
static void build_diff(struct flame *f, const struct hists *old, const struct hists *new,
		       bool innermost_first, unsigned int opts)
{
	build(f, old, innermost_first, opts, NULL, NULL);
	for (size_t i = 0; i < f->nr; i++) {
		f->node[i].old_total = f->node[i].total;
		f->node[i].old_self = f->node[i].self;
		f->node[i].total = f->node[i].self = 0;
	}
	build(f, new, innermost_first, opts, NULL, NULL);
}

int flamegraph__write_diff(struct report *old, struct report *new, bool html, const char *title,
			   FILE *out)
{
	struct flame f = { .m = &new->machine, .name = STRBUF_INIT };
	struct strbuf json = STRBUF_INIT, path = STRBUF_INIT;
	bool innermost_first = !new->caller_order;
	const struct hists *ho, *hn;
	size_t io = 0, in = 0;

	ho = first_with_samples(old, &io);
	hn = first_with_samples(new, &in);
	if (!ho || !hn)
		return -ENODATA;
	build_diff(&f, ho, hn, innermost_first, new->o->flamegraph_opts);
	if (!f.node[0].total || !f.node[0].old_total) {
		flame_reset(&f);
		return -ENODATA;
	}
	if (html) {
		strbuf_addstr(&json, "[{\"event\":");
		strbuf_add_json_string(&json, new->pd.evsels[in]->name);
		if (!strncmp(new->pd.evsels[in]->name, "cpu-clock", 9) ||
		    !strncmp(new->pd.evsels[in]->name, "task-clock", 10))
			strbuf_addstr(&json, ",\"unit\":\"ns\"");
		strbuf_addf(&json, ",\"diff\":true,\"oldTotal\":%" PRIu64 ",\"root\":",
			    f.node[0].old_total);
		write_json(&f, 0, true, &json);
		strbuf_addstr(&json, "}]");
		flamegraph__page(title, json.buf, innermost_first, out);
	} else {
		write_folded(&f, true, &path, out);
	}
	flame_reset(&f);
	strbuf_release(&json);
	strbuf_release(&path);
	strbuf_release(&f.name);
	return 0;
}

int flamegraph__parse_opts(const char *spec, unsigned int *opts, struct strbuf *err)
{
	static const struct { const char *name; unsigned int bits; } names[] = {
		{ "pid", FLAME_PID }, { "tid", FLAME_TID }, { "kernel", FLAME_KERNEL },
		{ "jit", FLAME_JIT }, { "all", FLAME_KERNEL | FLAME_JIT }, { "addrs", FLAME_ADDRS },
	};
	char *copy = must_strdup(spec), *save = NULL;
	int ret = 0;

	*opts = 0;
	for (char *tok = strtok_r(copy, ",", &save); tok && !ret; tok = strtok_r(NULL, ",", &save)) {
		size_t i;

		for (i = 0; i < sizeof(names) / sizeof(names[0]) && strcmp(tok, names[i].name); i++)
			;
		if (i < sizeof(names) / sizeof(names[0])) {
			*opts |= names[i].bits;
			continue;
		}
		strbuf_addf(err, "--flamegraph-opts: '%s' is not one of stackcollapse-perf.pl's "
			    "options perf-mini keeps\nhint: pid, tid, kernel, jit, all, addrs", tok);
		ret = -EINVAL;
	}
	free(copy);
	return ret;
}
