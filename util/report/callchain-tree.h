/* SPDX-License-Identifier: GPL-2.0 */
#ifndef PM_CALLCHAIN_TREE_H
#define PM_CALLCHAIN_TREE_H

/*
 * The callchains of one histogram entry merged into a tree, as perf's
 * callchain.c builds it: each node holds a run of frames shared by all the
 * chains below it; frames match by function (by address where there is no
 * symbol). Printed as perf report's "graph" view: absolute percentages,
 * branches under 0.5% of the total left out.
 */
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/strbuf.h"
#include "../symbols/dso.h"

struct cc_frame {
	uint64_t ip;			/* as recorded */
	const struct dso *dso;		/* NULL when no map */
	const struct symbol *sym;
};

/* A frame as children are matched: DSO, then function start (or ip);
 * by name where one of them is an inlined function. */
struct cc_key {
	uint64_t start, ip;
	const struct symbol *sym;
	uint32_t seq;
	bool has_sym, inlined;
};

struct cc_child {
	struct cc_key key;		/* of node->val[0] */
	struct cc_node *node;
};

/* Every node and array lives in the arena of the tree's histogram. */
struct cc_node {
	struct cc_frame *val;
	struct cc_child *children;	/* in match order (perf's rb_root_in) */
	struct cc_node **sorted;	/* by weight, after cc_sort() */
	uint64_t hit, children_hit;
	uint32_t count, children_count;	/* samples, as hit and children_hit */
	uint32_t val_nr;
	uint32_t nr_children, alloc;
	uint32_t nr_sorted;
};

/* A frame as the views name it: its function ("(inlined)" after an
 * inlined one's), else its address. */
void cc_frame_name(const struct cc_frame *f, struct strbuf *out);

/* Add one sample's chain, outermost frame first in the order it should print. */
int cc_append(struct arena *a, struct cc_node *root, const struct cc_frame *frames, size_t n,
	      uint64_t period);

/* Add every chain of @from, with its hits, to @into. 0 or -ENOMEM. */
int cc_merge(struct arena *a, struct cc_node *into, const struct cc_node *from);

/* Order children by weight, dropping those under @min_hit; or, when
 * @rel >= 0 (-g fractal), those under that fraction of their parent's
 * children's hits (perf's CHAIN_GRAPH_REL). */
void cc_sort(struct arena *a, struct cc_node *root, uint64_t min_hit, double rel);

/* What a branch of the views is labelled with (-g's last field). */
enum cc_value { CC_PERCENT, CC_PERIOD, CC_COUNT };

/* How the views print a tree. */
struct cc_view {
	uint64_t total;		/* what percentages are of */
	uint64_t parent;	/* graph: the entry's weight */
	uint64_t min_hit;	/* flat, folded: chains ending with less are left out */
	const char *sep;	/* folded: between frames (-t's separator; NULL: ";") */
	enum cc_value value;
	unsigned int print_limit;	/* -g's print_limit: 0 for all */
	bool skip_first;	/* graph: a single chain's first frame is left out
				 * (perf's rule for --sort orders starting with
				 * "sym", where it repeats the entry) */
	bool fractal;		/* graph: percentages of the entry's weight at the top
				 * and of the parent branch's below, what a threshold
				 * hid shown as "[...]" */
	bool color;		/* perf's --stdio-color on the percentages */
};

/* perf's graph view of @root under an entry. */
void cc_print_graph(const struct cc_node *root, const struct cc_view *v, struct strbuf *out);

/* perf's flat view: each chain ending with at least v->min_hit, heaviest
 * first, one frame per line; and the folded view, "pct a;b;c" per chain. */
void cc_print_flat(const struct cc_node *root, const struct cc_view *v, struct strbuf *out);
void cc_print_folded(const struct cc_node *root, const struct cc_view *v, struct strbuf *out);

#endif
