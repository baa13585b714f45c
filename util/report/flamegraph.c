// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "../base/xalloc.h"
#include "callchain-tree.h"
#include "flamegraph.h"
#include "hist.h"
#include "report.h"

/* A frame of the merged tree: its name (interned), the period of every
 * stack through it, and of those ending there. */
struct flame_node {
	const char *name;
	uint64_t total, self;
	uint32_t first_child, next_sibling, last_child;	/* 0: none (0 is the root) */
};

/* (parent, name) -> child, to merge stacks without scanning siblings. */
struct flame_slot {
	const char *name;
	uint32_t parent, node;
};

struct flame {
	struct machine *m;		/* interns the names */
	struct flame_node *node;
	size_t nr, alloc;
	struct flame_slot *slot;
	size_t nr_slots;
	struct strbuf name;		/* scratch */
};

static uint32_t new_node(struct flame *f, const char *name)
{
	if (f->nr == f->alloc) {
		f->alloc = f->alloc ? 2 * f->alloc : 1024;
		f->node = must_reallocarray(f->node, f->alloc, sizeof(*f->node));
	}
	f->node[f->nr] = (struct flame_node){ .name = name };
	return (uint32_t)f->nr++;
}

static struct flame_slot *find_slot(struct flame_slot *slot, size_t nr_slots, uint32_t parent,
				    const char *name)
{
	uint64_t k = ((uintptr_t)name ^ (uint64_t)parent << 40) * 0x9e3779b97f4a7c15ULL;
	size_t j = (k >> 20) & (nr_slots - 1);

	while (slot[j].name && (slot[j].parent != parent || slot[j].name != name))
		j = (j + 1) & (nr_slots - 1);
	return &slot[j];
}

static void grow_slots(struct flame *f)
{
	size_t nb = f->nr_slots ? 2 * f->nr_slots : 4096;
	struct flame_slot *n = must_calloc(nb, sizeof(*n));

	for (size_t i = 0; i < f->nr_slots; i++)
		if (f->slot[i].name)
			*find_slot(n, nb, f->slot[i].parent, f->slot[i].name) = f->slot[i];
	free(f->slot);
	f->slot = n;
	f->nr_slots = nb;
}

/* The child @name of @parent, made on first use (last among its siblings). */
static uint32_t child(struct flame *f, uint32_t parent, const char *text)
{
	const char *name = machine__intern(f->m, text);
	struct flame_slot *s;
	struct flame_node *p;
	uint32_t c;

	if (2 * (f->nr + 1) > f->nr_slots)
		grow_slots(f);
	s = find_slot(f->slot, f->nr_slots, parent, name);
	if (s->name)
		return s->node;
	c = new_node(f, name);
	*s = (struct flame_slot){ name, parent, c };
	p = &f->node[parent];
	if (p->last_child)
		f->node[p->last_child].next_sibling = c;
	else
		p->first_child = c;
	p->last_child = c;
	return c;
}

static uint32_t frame_child(struct flame *f, uint32_t parent, const struct cc_frame *fr)
{
	strbuf_reset(&f->name);
	cc_frame_name(fr, &f->name);
	return child(f, parent, f->name.buf);
}

/* A stack of @period: @path from the root down, then @leaf (if any). */
static void add_stack(struct flame *f, const uint32_t *path, size_t n, uint64_t period)
{
	f->node[0].total += period;
	for (size_t i = 0; i < n; i++)
		f->node[path[i]].total += period;
	f->node[n ? path[n - 1] : 0].self += period;
}

/* a chain's frames, the command and the event */
#define MAX_DEPTH (REPORT_MAX_FRAMES + 3)

struct walk {
	struct flame *f;
	uint32_t path[MAX_DEPTH];
	uint32_t root;		/* the event's frame when the stacks carry one, else 0 */
	uint64_t drawn;		/* of the entry's period, in its chains so far */
	bool innermost_first;	/* -g callee: the chains' order, the command last */
};

/* Every chain of the entry's tree below @n; @depth frames already on the path. */
static void walk_chains(struct walk *w, const struct cc_node *n, size_t depth, const char *comm)
{
	size_t d = depth;

	for (uint32_t i = 0; i < n->val_nr && d < MAX_DEPTH - 1; i++, d++)
		w->path[d] = frame_child(w->f, d ? w->path[d - 1] : w->root, &n->val[i]);
	if (n->hit) {
		size_t len = d;

		if (w->innermost_first)	/* the command closes the stack */
			w->path[len++] = child(w->f, d ? w->path[d - 1] : w->root, comm);
		add_stack(w->f, w->path, len, n->hit);
		w->drawn += n->hit;
	}
	for (uint32_t c = 0; c < n->nr_children; c++)
		walk_chains(w, n->children[c].node, d, comm);
}

static void add_entry(struct walk *w, const struct hist_entry *he)
{
	const char *comm = he->comm;	/* the report's Command */
	size_t depth = 0;

	if (w->root)
		w->path[depth++] = w->root;
	if (!w->innermost_first) {
		w->path[depth] = child(w->f, depth ? w->path[depth - 1] : 0, comm);
		depth++;
	}
	w->drawn = 0;
	if (he->chain && (he->chain->nr_children || he->chain->val_nr))
		walk_chains(w, he->chain, depth, comm);
	if (w->drawn >= he->period)
		return;
	/* the samples that brought no chain: the function alone */
	w->path[depth] = frame_child(w->f, depth ? w->path[depth - 1] : 0,
				     &(struct cc_frame){ he->ip, he->dso, he->sym });
	depth++;
	if (w->innermost_first) {
		w->path[depth] = child(w->f, w->path[depth - 1], comm);
		depth++;
	}
	add_stack(w->f, w->path, depth, he->period - w->drawn);
}

static void build(struct flame *f, const struct hists *h, bool innermost_first,
		  const char *event)
{
	struct walk *w = must_calloc(1, sizeof(*w));

	w->f = f;
	w->innermost_first = innermost_first;
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
	free(f->slot);
	f->node = NULL;
	f->slot = NULL;
	f->nr = f->alloc = f->nr_slots = 0;
}

/* FlameGraph's folded line per stack ending in a frame: "a;b;c PERIOD". */
static void write_folded(const struct flame *f, uint32_t n, struct strbuf *path, FILE *out)
{
	size_t len = path->len;

	if (n) {
		if (path->len)
			strbuf_addch(path, ';');
		strbuf_addstr(path, f->node[n].name);
	}
	if (n && f->node[n].self)
		fprintf(out, "%s %" PRIu64 "\n", path->buf, f->node[n].self);
	for (uint32_t c = f->node[n].first_child; c; c = f->node[c].next_sibling)
		write_folded(f, c, path, out);
	strbuf_setlen(path, len);
}

static void json_string(const char *s, struct strbuf *out)
{
	strbuf_addch(out, '"');
	for (; *s; s++) {
		unsigned char ch = (unsigned char)*s;

		if (ch == '"' || ch == '\\')
			strbuf_addf(out, "\\%c", ch);
		else if (ch < 0x20 || ch == '<' || ch == '>' || ch == '&')	/* inside <script> */
			strbuf_addf(out, "\\u%04x", ch);
		else
			strbuf_addch(out, (char)ch);
	}
	strbuf_addch(out, '"');
}

/* {"n": name, "v": total, "s": self, "c": [children]} */
static void write_json(const struct flame *f, uint32_t n, struct strbuf *out)
{
	const struct flame_node *node = &f->node[n];

	strbuf_addstr(out, "{\"n\":");
	json_string(node->name, out);
	strbuf_addf(out, ",\"v\":%" PRIu64 ",\"s\":%" PRIu64, node->total, node->self);
	if (node->first_child) {
		strbuf_addstr(out, ",\"c\":[");
		for (uint32_t c = node->first_child; c; c = f->node[c].next_sibling) {
			write_json(f, c, out);
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
		build(&f, h, innermost_first, !html && events > 1 ? r->pd.evsels[i]->name : NULL);
		if (!f.node[0].total) {	/* the filters kept none of its samples */
			flame_reset(&f);
			continue;
		}
		if (html) {
			if (any)
				strbuf_addch(&json, ',');
			strbuf_addstr(&json, "{\"event\":");
			json_string(r->pd.evsels[i]->name, &json);
			strbuf_addstr(&json, ",\"root\":");
			write_json(&f, 0, &json);
			strbuf_addch(&json, '}');
		} else {
			write_folded(&f, 0, &path, out);
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
