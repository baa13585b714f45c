// SPDX-License-Identifier: GPL-2.0
/*
 * LLVM's sample profile, built as AutoFDO's create_llvm_prof builds it
 * and written in LLVM's text format (see autofdo-profile.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "../base/arena.h"
#include "../base/array.h"
#include "../base/hash.h"
#include "../base/xalloc.h"
#include "autofdo-profile.h"

struct afdo_target {
	const char *name;
	uint64_t count;
};

struct afdo_pos {
	uint32_t offset;	/* line offset << 16 | base discriminator */
	uint64_t count;
	struct afdo_target *targets;
	size_t nr_targets, alloc_targets;
};

struct afdo_call {
	uint32_t offset;
	const char *name;	/* the inlined function's, "noname" if unknown */
	struct afdo_node *node;
};

struct afdo_node {
	const char *name;
	uint64_t total, head;
	struct afdo_pos *pos;
	size_t nr_pos, alloc_pos, last_pos;
	struct afdo_call *calls;
	size_t nr_calls, alloc_calls;
	struct afdo_node *next_all;
};

static struct afdo_node *new_node(struct afdo_profile *p, const char *name)
{
	struct afdo_node *n = must_calloc(1, sizeof(*n));

	n->name = name;
	n->next_all = p->nodes;
	p->nodes = n;
	return n;
}

static struct afdo_entry *find_entry(struct afdo_profile *p, const char *name, uint64_t hash)
{
	struct hmap_slot *s;

	hmap_for_each_probe(&p->by_name, hash, s)
		if (s->hash == hash && !strcmp(p->entries[s->val - 1].name, name))
			return &p->entries[s->val - 1];
	return NULL;
}

static struct afdo_entry *add_entry(struct afdo_profile *p, const char *name,
				    struct afdo_node *node)
{
	uint64_t hash = fnv1a_64_str(name);
	struct afdo_entry *e = find_entry(p, name, hash);
	struct hmap_slot *s;

	if (e) {
		e->node = node;
		return e;
	}
	hmap_must_reserve(&p->by_name, 1);
	hmap_for_each_probe(&p->by_name, hash, s)
		;
	ALLOC_GROW(p->entries, p->nr + 1, p->alloc);
	p->entries[p->nr++] = (struct afdo_entry){ name, node };
	hmap_fill(&p->by_name, s, hash, p->nr);
	return &p->entries[p->nr - 1];
}

struct afdo_node *afdo_profile__find(struct afdo_profile *p, const char *name)
{
	struct afdo_entry *e = find_entry(p, name, fnv1a_64_str(name));

	return e ? e->node : NULL;
}

struct afdo_node *afdo_profile__add(struct afdo_profile *p, const char *name,
				    const char *const *aliases, size_t nr_aliases)
{
	struct afdo_node *n = afdo_profile__find(p, name);

	if (n)
		return n;
	n = new_node(p, name);
	add_entry(p, name, n);
	for (size_t i = 0; i < nr_aliases; i++)
		add_entry(p, aliases[i], n);
	return n;
}

/* The location's offset: the line from the function's first line in the
 * high half, the discriminator's base (LLVM's prefix encoding) below. */
static uint32_t base_discriminator(uint32_t d)
{
	if (d & 1)
		return 0;
	d >>= 1;
	return d & 0x20 ? ((d >> 1) & 0xfe0) | (d & 0x1f) : d & 0x1f;
}

static uint32_t duplication_factor(uint32_t d)
{
	uint32_t f;

	d = d & 1 ? d >> 1 : d >> (d & 0x40 ? 14 : 7);
	f = base_discriminator(d);
	return f ? f : 1;
}

static uint32_t frame_offset(const struct afdo_frame *f)
{
	return ((f->line - f->start_line) << 16) | base_discriminator(f->disc);
}

static struct afdo_pos *pos_at(struct afdo_node *n, uint32_t offset)
{
	if (n->last_pos < n->nr_pos && n->pos[n->last_pos].offset == offset)
		return &n->pos[n->last_pos];
	for (size_t i = 0; i < n->nr_pos; i++)
		if (n->pos[i].offset == offset)
			return &n->pos[n->last_pos = i];
	ALLOC_GROW(n->pos, n->nr_pos + 1, n->alloc_pos);
	n->pos[n->nr_pos] = (struct afdo_pos){ .offset = offset };
	n->last_pos = n->nr_pos;
	return &n->pos[n->nr_pos++];
}

static const char *node_name(const char *name)
{
	return name && *name ? name : "noname";
}

static struct afdo_node *callee_at(struct afdo_profile *p, struct afdo_node *n, uint32_t offset,
				   const char *name)
{
	struct afdo_call *c;

	name = node_name(name);
	for (size_t i = 0; i < n->nr_calls; i++)
		if (n->calls[i].offset == offset && !strcmp(n->calls[i].name, name))
			return n->calls[i].node;
	ALLOC_GROW(n->calls, n->nr_calls + 1, n->alloc_calls);
	c = &n->calls[n->nr_calls++];
	*c = (struct afdo_call){ offset, name, new_node(p, name) };
	return c->node;
}

/* Down the inline stack from the outermost caller, @count added to
 * every function on the way: the innermost one. */
static struct afdo_node *walk(struct afdo_profile *p, struct afdo_node *n,
			      const struct afdo_frame *frames, size_t nr, uint64_t count)
{
	n->total += count;
	for (size_t i = nr - 1; i > 0; i--) {
		n = callee_at(p, n, frame_offset(&frames[i]), frames[i - 1].name);
		n->total += count;
	}
	return n;
}

void afdo_node__add_count(struct afdo_profile *p, struct afdo_node *fn,
			  const struct afdo_frame *frames, size_t nr, uint64_t count)
{
	struct afdo_pos *pos;

	if (!nr)
		return;
	count *= duplication_factor(frames[0].disc);
	pos = pos_at(walk(p, fn, frames, nr, count), frame_offset(&frames[0]));
	if (count > pos->count)
		pos->count = count;
}

static void set_target(struct afdo_pos *pos, const char *name, uint64_t count, bool add)
{
	for (size_t i = 0; i < pos->nr_targets; i++)
		if (!strcmp(pos->targets[i].name, name)) {
			pos->targets[i].count = add ? pos->targets[i].count + count : count;
			return;
		}
	ALLOC_GROW(pos->targets, pos->nr_targets + 1, pos->alloc_targets);
	pos->targets[pos->nr_targets++] = (struct afdo_target){ name, count };
}

/* "f.cold" is f's: a name up to its first dot (AutoFDO's original name). */
static const char *original_name(struct afdo_profile *p, const char *name)
{
	const char *dot = strchr(name, '.');
	char *s;

	if (!dot)
		return name;
	s = arena_alloc(&p->strings, dot - name + 1);
	if (!s)
		pm_fatal(PM_FATAL_OOM, "AutoFDO names");
	memcpy(s, name, dot - name);
	s[dot - name] = 0;
	return s;
}

void afdo_node__add_call(struct afdo_profile *p, struct afdo_node *fn,
			 const struct afdo_frame *frames, size_t nr, const char *callee,
			 struct afdo_node *callee_node, uint64_t count)
{
	callee_node->head += count;
	if (nr)
		set_target(pos_at(walk(p, fn, frames, nr, 0), frame_offset(&frames[0])),
			   original_name(p, callee), count, false);
}

/* Symbol::Merge: @from's counts, targets and inlined calls added to @to's. */
static void merge_node(struct afdo_profile *p, struct afdo_node *to, const struct afdo_node *from)
{
	to->total += from->total;
	to->head += from->head;
	for (size_t i = 0; i < from->nr_pos; i++) {
		const struct afdo_pos *fp = &from->pos[i];
		struct afdo_pos *tp = pos_at(to, fp->offset);

		tp->count += fp->count;
		for (size_t t = 0; t < fp->nr_targets; t++)
			set_target(tp, fp->targets[t].name, fp->targets[t].count, true);
	}
	for (size_t i = 0; i < from->nr_calls; i++)
		merge_node(p, callee_at(p, to, from->calls[i].offset, from->calls[i].name),
			   from->calls[i].node);
}

static int entry_name_cmp(const void *a, const void *b)
{
	return strcmp(((const struct afdo_entry *)a)->name, ((const struct afdo_entry *)b)->name);
}

static void rehash(struct afdo_profile *p)
{
	hmap_release(&p->by_name);
	hmap_must_reserve(&p->by_name, p->nr);
	for (size_t i = 0; i < p->nr; i++) {
		uint64_t hash = fnv1a_64_str(p->entries[i].name);
		struct hmap_slot *s;

		hmap_for_each_probe(&p->by_name, hash, s)
			;
		hmap_fill(&p->by_name, s, hash, i + 1);
	}
}

/* SymbolMap::Merge, in name order: each dotted name's function added to
 * its original name's (made where missing, or where the two were one
 * function's aliases), its aliases moved there, its own counts zeroed. */
void afdo_profile__merge(struct afdo_profile *p)
{
	size_t nr = p->nr;

	if (p->nr > 1)
		qsort(p->entries, p->nr, sizeof(*p->entries), entry_name_cmp);
	rehash(p);
	for (size_t i = 0; i < nr; i++) {
		const char *name = p->entries[i].name, *orig = original_name(p, name);
		struct afdo_node *from = p->entries[i].node, *to;
		struct afdo_entry *e;

		if (orig == name)
			continue;
		e = find_entry(p, orig, fnv1a_64_str(orig));
		if (!e || e->node == from)
			e = add_entry(p, orig, new_node(p, orig));
		to = e->node;
		merge_node(p, to, from);
		for (size_t k = 0; k < p->nr; k++)
			if (p->entries[k].node == from && k != i)
				p->entries[k].node = to;
		from->total = from->head = 0;
	}
}

static int pos_cmp(const void *a, const void *b)
{
	uint32_t x = ((const struct afdo_pos *)a)->offset, y = ((const struct afdo_pos *)b)->offset;

	return x < y ? -1 : x > y;
}

static int target_cmp(const void *a, const void *b)
{
	const struct afdo_target *x = a, *y = b;

	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int call_cmp(const void *a, const void *b)
{
	const struct afdo_call *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return strcmp(x->name, y->name);
}

static void write_location(FILE *out, int indent, uint32_t offset)
{
	fprintf(out, "%*s%" PRIu32, indent, "", offset >> 16);
	if (offset & 0xffff)
		fprintf(out, ".%" PRIu32, offset & 0xffff);
	fputs(": ", out);
}

/* LLVM's writeSample: the body lines by location, each call's targets
 * by count, then the inlined calls by location and name, nested. */
static void write_body(FILE *out, struct afdo_node *n, int indent)
{
	if (n->nr_pos > 1)
		qsort(n->pos, n->nr_pos, sizeof(*n->pos), pos_cmp);
	n->last_pos = n->nr_pos;
	for (size_t i = 0; i < n->nr_pos; i++) {
		struct afdo_pos *pos = &n->pos[i];

		write_location(out, indent + 1, pos->offset);
		fprintf(out, "%" PRIu64, pos->count);
		if (pos->nr_targets > 1)
			qsort(pos->targets, pos->nr_targets, sizeof(*pos->targets), target_cmp);
		for (size_t t = 0; t < pos->nr_targets; t++)
			fprintf(out, " %s:%" PRIu64, pos->targets[t].name, pos->targets[t].count);
		fputc('\n', out);
	}

	if (n->nr_calls > 1)
		qsort(n->calls, n->nr_calls, sizeof(*n->calls), call_cmp);
	for (size_t i = 0; i < n->nr_calls; i++) {
		write_location(out, indent + 1, n->calls[i].offset);
		fprintf(out, "%s:%" PRIu64 "\n", n->calls[i].name, n->calls[i].node->total);
		write_body(out, n->calls[i].node, indent + 1);
	}
}

static int entry_total_cmp(const void *a, const void *b)
{
	const struct afdo_entry *x = a, *y = b;

	if (x->node->total != y->node->total)
		return x->node->total > y->node->total ? -1 : 1;
	return -strcmp(x->name, y->name);
}

void afdo_profile__write(struct afdo_profile *p, uint64_t threshold, FILE *out)
{
	struct afdo_entry *v = must_calloc(p->nr + 1, sizeof(*v));
	size_t nr = 0;

	for (size_t i = 0; i < p->nr; i++)
		if (p->entries[i].node && p->entries[i].node->total > threshold)
			v[nr++] = p->entries[i];
	if (nr > 1)
		qsort(v, nr, sizeof(*v), entry_total_cmp);
	for (size_t i = 0; i < nr; i++) {
		fprintf(out, "%s:%" PRIu64 ":%" PRIu64 "\n", node_name(v[i].name),
			v[i].node->total, v[i].node->head);
		write_body(out, v[i].node, 0);
	}
	free(v);
}

void afdo_profile__release(struct afdo_profile *p)
{
	while (p->nodes) {
		struct afdo_node *n = p->nodes;

		p->nodes = n->next_all;
		for (size_t i = 0; i < n->nr_pos; i++)
			free(n->pos[i].targets);
		free(n->pos);
		free(n->calls);
		free(n);
	}
	free(p->entries);
	hmap_release(&p->by_name);
	arena_release(&p->strings);
	memset(p, 0, sizeof(*p));
}
