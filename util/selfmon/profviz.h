/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_PROFVIZ_H
#define PM_PROFVIZ_H

/*
 * profviz.so: preloaded into a program built with -finstrument-functions,
 * its hooks count each function's self and total cost and each call arc's
 * share, and at exit write a Graphviz call graph and folded stacks.
 * profviz-hooks.c measures, profviz-graph.c aggregates and writes,
 * profviz-syms.c names addresses. Documentation/perf-mini-profviz.txt
 * has the method.
 *
 * Environment (perf-mini profviz sets it; all optional):
 *   PERF_MINI_PROFVIZ_EVENTS  the events, "type:config:config1:config2:
 *                             excludes:name" separated by ';' (excludes:
 *                             bit 0 kernel, 1 hv, 2 user); the first weighs
 *                             the graph. Default: cycles:u, else task-clock
 *   PERF_MINI_PROFVIZ_OUTPUT  the .dot file (prof.dot); the folded stacks
 *                             go beside it, .dot replaced by .folded
 */
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "../base/hmap.h"

#define PROFVIZ_MAX_EVENTS 4

/* One call path's node: a function called along the path of its parents. */
struct pv_node {
	uintptr_t fn;
	struct pv_node *parent, *child, *sibling;
	uint64_t self[PROFVIZ_MAX_EVENTS];
};

/* A function: its self cost, its total cost counted once per stack. */
struct pv_func {
	uintptr_t fn;
	uint64_t self[PROFVIZ_MAX_EVENTS], total[PROFVIZ_MAX_EVENTS];
	uint64_t calls;
	uint32_t active;	/* activations on the measuring thread's stack now */
};

/* A caller -> callee arc: the callee's total under that caller. */
struct pv_arc {
	uintptr_t caller, callee;
	uint64_t total[PROFVIZ_MAX_EVENTS];
	uint64_t calls;
	uint32_t active;
};

/* What one thread, or the merged process, measured. */
struct pv_profile {
	struct pv_func *funcs;
	size_t nr_funcs, alloc_funcs;
	struct pv_arc *arcs;
	size_t nr_arcs, alloc_arcs;
	struct hmap func_index, arc_index;	/* index + 1 into funcs, arcs */
	struct pv_node root;	/* fn 0: the paths from outside instrumented code */
	int nr_events;
	int nr_threads;
};

struct pv_func *pv_func(struct pv_profile *p, uintptr_t fn);
struct pv_arc *pv_arc(struct pv_profile *p, uintptr_t caller, uintptr_t callee);
struct pv_node *pv_child(struct pv_node *parent, uintptr_t fn);
/* @from's functions, arcs and paths added into @into; @from emptied. */
void pv_merge(struct pv_profile *into, struct pv_profile *from);
void pv_release(struct pv_profile *p);

/* Write @p as @dot_path and its folded stacks beside it; event names for
 * the labels. 0, or -errno. */
int pv_write(const struct pv_profile *p, const char *const *event_names, const char *dot_path);

/* The name of the function at @addr in this process ("0x..." when no
 * symbol covers it); the caller frees it. */
char *pv_symbol_name(uintptr_t addr);

#endif
