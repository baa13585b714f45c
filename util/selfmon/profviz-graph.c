// SPDX-License-Identifier: GPL-2.0
/*
 * profviz.so's profile: functions, arcs and call paths of a thread, the
 * merge of threads, and the output: a Graphviz graph whose nodes are
 * coloured by their share of the total and whose arcs carry the callee's
 * share of its caller, and folded stacks for flame graphs.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../base/array.h"
#include "../base/hash.h"
#include "profviz.h"

/* Out of memory inside a profiled program: its profile is lost, not the
 * program; the tables grow or stay as they are. A hook looks its function
 * up at every call. */
static uint64_t hash_of(uintptr_t a, uintptr_t b)
{
	return hash_u64(a) ^ hash_u64(b * 0xc2b2ae3d27d4eb4fULL);
}

/* hash_u64 is one to one: the hash is the function */
static struct pv_func *find_func(const struct pv_profile *p, uintptr_t fn)
{
	uint64_t hash = hash_u64(fn);
	struct hmap_slot *s;

	hmap_for_each_probe(&p->func_index, hash, s)
		if (s->hash == hash)
			return &p->funcs[s->val - 1];
	return NULL;
}

struct pv_func *pv_func(struct pv_profile *p, uintptr_t fn)
{
	uint64_t hash = hash_u64(fn);
	struct pv_func *f = find_func(p, fn);
	struct hmap_slot *s;

	if (f)
		return f;
	if (array_reserve((void **)&p->funcs, &p->alloc_funcs, p->nr_funcs + 1, sizeof(*p->funcs)) ||
	    hmap_reserve(&p->func_index, 1))
		return NULL;
	hmap_for_each_probe(&p->func_index, hash, s)	/* the reserve may have moved it */
		;
	p->funcs[p->nr_funcs] = (struct pv_func){ .fn = fn };
	hmap_fill(&p->func_index, s, hash, ++p->nr_funcs);
	return &p->funcs[p->nr_funcs - 1];
}

struct pv_arc *pv_arc(struct pv_profile *p, uintptr_t caller, uintptr_t callee)
{
	uint64_t hash = hash_of(caller, callee);
	struct hmap_slot *s;
	struct pv_arc *a;

	hmap_for_each_probe(&p->arc_index, hash, s) {
		a = &p->arcs[s->val - 1];
		if (s->hash == hash && a->caller == caller && a->callee == callee)
			return a;
	}
	if (array_reserve((void **)&p->arcs, &p->alloc_arcs, p->nr_arcs + 1, sizeof(*p->arcs)) ||
	    hmap_reserve(&p->arc_index, 1))
		return NULL;
	hmap_for_each_probe(&p->arc_index, hash, s)
		;
	p->arcs[p->nr_arcs] = (struct pv_arc){ .caller = caller, .callee = callee };
	hmap_fill(&p->arc_index, s, hash, ++p->nr_arcs);
	return &p->arcs[p->nr_arcs - 1];
}

struct pv_node *pv_child(struct pv_node *parent, uintptr_t fn)
{
	struct pv_node *n;

	for (n = parent->child; n; n = n->sibling)
		if (n->fn == fn)
			return n;
	n = calloc(1, sizeof(*n));
	if (!n)
		return NULL;
	n->fn = fn;
	n->parent = parent;
	n->sibling = parent->child;
	parent->child = n;
	return n;
}

static void merge_paths(struct pv_node *into, const struct pv_node *from)
{
	for (const struct pv_node *c = from->child; c; c = c->sibling) {
		struct pv_node *n = pv_child(into, c->fn);

		if (!n)
			return;
		for (int e = 0; e < PROFVIZ_MAX_EVENTS; e++)
			n->self[e] += c->self[e];
		merge_paths(n, c);
	}
}

static void free_paths(struct pv_node *n)
{
	struct pv_node *c = n->child, *next;

	for (; c; c = next) {
		next = c->sibling;
		free_paths(c);
		free(c);
	}
	n->child = NULL;
}

void pv_merge(struct pv_profile *into, struct pv_profile *from)
{
	for (size_t i = 0; i < from->nr_funcs; i++) {
		struct pv_func *f = pv_func(into, from->funcs[i].fn);

		for (int e = 0; f && e < PROFVIZ_MAX_EVENTS; e++) {
			f->self[e] += from->funcs[i].self[e];
			f->total[e] += from->funcs[i].total[e];
		}
		if (f)
			f->calls += from->funcs[i].calls;
	}
	for (size_t i = 0; i < from->nr_arcs; i++) {
		struct pv_arc *a = pv_arc(into, from->arcs[i].caller, from->arcs[i].callee);

		for (int e = 0; a && e < PROFVIZ_MAX_EVENTS; e++)
			a->total[e] += from->arcs[i].total[e];
		if (a)
			a->calls += from->arcs[i].calls;
	}
	merge_paths(&into->root, &from->root);
	if (from->nr_events > into->nr_events)
		into->nr_events = from->nr_events;
	into->nr_threads += from->nr_threads ? from->nr_threads : 1;
	pv_release(from);
}

void pv_release(struct pv_profile *p)
{
	free(p->funcs);
	free(p->arcs);
	hmap_release(&p->func_index);
	hmap_release(&p->arc_index);
	free_paths(&p->root);
	memset(p, 0, sizeof(*p));
}

/* The whole run: what functions called from outside instrumented code
 * (main, thread start routines) cost in all. */
static uint64_t grand_total(const struct pv_profile *p)
{
	uint64_t sum = 0;

	for (size_t i = 0; i < p->nr_arcs; i++)
		if (!p->arcs[i].caller)
			sum += p->arcs[i].total[0];
	return sum;
}

static const char *name_of(char **names, const struct pv_profile *p, uintptr_t fn)
{
	const struct pv_func *f = find_func(p, fn);
	size_t i = f ? (size_t)(f - p->funcs) : p->nr_funcs;

	return i < p->nr_funcs && names[i] ? names[i] : "?";
}

/* A name as a dot string: quotes and backslashes escaped. */
static void put_quoted(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		fputc(*s, f);
	}
	fputc('"', f);
}

static double share(uint64_t part, uint64_t whole)
{
	double s = whole ? (double)part / (double)whole : 0;

	return s > 1 ? 1 : s;
}

static void write_dot(FILE *f, const struct pv_profile *p, char **names,
		      const char *const *events)
{
	uint64_t total = grand_total(p);

	fprintf(f, "digraph profviz {\n\tgraph [label=\"profviz: %s, %llu in all, %d thread%s\\n"
		   "nodes red by their share of the run; arcs: the callee's share of its caller "
		   "and of the run, drawn thick and green by the share of the run\"];\n"
		   "\tnode [shape=box, style=filled];\n", events[0], (unsigned long long)total,
		p->nr_threads, p->nr_threads == 1 ? "" : "s");
	for (size_t i = 0; i < p->nr_funcs; i++) {
		const struct pv_func *fn = &p->funcs[i];
		double t = share(fn->total[0], total);

		fputc('\t', f);
		put_quoted(f, names[i] ? names[i] : "?");
		fprintf(f, " [label=\"%s\\ntotal %.1f%%  self %.1f%%\\n%llu calls", names[i] ?: "?",
			100 * t, 100 * share(fn->self[0], total), (unsigned long long)fn->calls);
		for (int e = 1; e < p->nr_events; e++)
			fprintf(f, "\\n%s %llu", events[e], (unsigned long long)fn->total[e]);
		/* white to red by the share of the whole run */
		fprintf(f, "\", fillcolor=\"0.000 %.3f 1.000\"];\n", t);
	}
	for (size_t i = 0; i < p->nr_arcs; i++) {
		const struct pv_arc *a = &p->arcs[i];
		const struct pv_func *caller;
		double of_caller, of_run;

		if (!a->caller)
			continue;
		caller = find_func(p, a->caller);
		of_caller = caller ? share(a->total[0], caller->total[0]) : 0;
		of_run = share(a->total[0], total);
		fputc('\t', f);
		put_quoted(f, name_of(names, p, a->caller));
		fputs(" -> ", f);
		put_quoted(f, name_of(names, p, a->callee));
		/* drawn by the share of the run: fib -> fib at 100% of a caller
		 * that is 0.3% of the run is a thin arc, main -> sorter at 89%
		 * of the run a thick one */
		fprintf(f, " [label=\"%.1f%% of caller, %.1f%% of run\\n%llu calls\", "
			   "color=\"0.333 %.3f 0.700\", penwidth=%.2f];\n", 100 * of_caller,
			100 * of_run, (unsigned long long)a->calls, of_run, 1 + 4 * of_run);
	}
	fputs("}\n", f);
}

static void write_folded(FILE *f, const struct pv_node *n, const struct pv_profile *p,
			 char **names, char *path, size_t len, size_t size)
{
	for (const struct pv_node *c = n->child; c; c = c->sibling) {
		int w = snprintf(path + len, size - len, "%s%s", len ? ";" : "",
				 name_of(names, p, c->fn));

		if (w < 0 || len + (size_t)w >= size)
			continue;	/* a path too deep to print */
		if (c->self[0])
			fprintf(f, "%s %llu\n", path, (unsigned long long)c->self[0]);
		write_folded(f, c, p, names, path, len + (size_t)w, size);
		path[len] = '\0';
	}
}

static char *folded_path(const char *dot_path)
{
	size_t len = strlen(dot_path);
	char *s = malloc(len + 8);

	if (!s)
		return NULL;
	memcpy(s, dot_path, len + 1);
	if (len > 4 && !strcmp(s + len - 4, ".dot"))
		s[len - 4] = '\0';
	strcat(s, ".folded");
	return s;
}

/* Write to @path through a temporary beside it: never half a file. */
static int write_file(const char *path, const struct pv_profile *p, char **names,
		      const char *const *events, bool folded)
{
	size_t len = strlen(path);
	char *tmp = malloc(len + 16), *stack = folded ? malloc(1 << 16) : NULL;
	FILE *f = NULL;
	int ret = 0;

	if (!tmp || (folded && !stack)) {
		ret = -ENOMEM;
		goto out;
	}
	snprintf(tmp, len + 16, "%s.tmp%d", path, (int)getpid());
	if (!(f = fopen(tmp, "we"))) {
		ret = -errno;
		goto out;
	}
	if (folded) {
		stack[0] = '\0';
		write_folded(f, &p->root, p, names, stack, 0, 1 << 16);
	} else {
		write_dot(f, p, names, events);
	}
	if (fclose(f) || rename(tmp, path))
		ret = -errno;
	if (ret)
		unlink(tmp);
out:
	free(tmp);
	free(stack);
	return ret;
}

int pv_write(const struct pv_profile *p, const char *const *events, const char *dot_path)
{
	char **names = calloc(p->nr_funcs + 1, sizeof(*names));
	char *folded = folded_path(dot_path);
	int ret = names && folded ? 0 : -ENOMEM;

	for (size_t i = 0; !ret && i < p->nr_funcs; i++)
		names[i] = pv_symbol_name(p->funcs[i].fn);
	if (!ret)
		ret = write_file(dot_path, p, names, events, false);
	if (!ret)
		ret = write_file(folded, p, names, events, true);
	for (size_t i = 0; names && i < p->nr_funcs; i++)
		free(names[i]);
	free(names);
	free(folded);
	return ret;
}
